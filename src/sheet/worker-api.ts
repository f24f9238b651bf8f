import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import { rowsForEvidence } from "../core/mapping/column-evidence";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { CampaignSheetData } from "../core/reorder/campaign-sheet-data";
import type { OrderFormData } from "../core/order-form/order-form-data";
import type { ResultSheetData } from "../core/result-sheet-data";
import { buildResultsOnlyTable, type RowResult } from "../core/result-rows";
import type { SheetRow } from "../core/sheet-model";
import type { TableView } from "../core/sheet-table";
import { writeCampaignSheet } from "./write/campaign-sheet";
import { writeOrderForm } from "./write/order-form-sheet";
import { openWorkbook } from "./read/open-workbook";
import { SHEET_LIMITS } from "./limits";
import { failure, type SheetReadFailure } from "./read-failure";
import { summariseWorkbook, tableOf, type SheetPreview, type WorkbookSummary } from "./sheet-preview";
import type { OpenedWorkbook, ReadProgress } from "./read/workbook";
import { writeCsv } from "./write/write-csv";
import { writeResults, type ResultFile, type WriteResultsOptions } from "./write/write-results";

export type OpenResult = { readonly ok: true; readonly summary: WorkbookSummary } | SheetReadFailure;
export type PreviewResult = { readonly ok: true; readonly preview: SheetPreview } | SheetReadFailure;

/**
 * The sheet worker's surface: it holds the opened file, and the page asks for what it shows
 * (a summary, a preview, a window of rows) instead of receiving the whole sheet at once.
 * Plain functions over plain data, so they run the same in the worker and in Node.
 */
const keyOf = (sheetName: string, headerRowNumber: number) => `${sheetName}\u0000${headerRowNumber}`;

export function createSheetSession() {
  let workbook: OpenedWorkbook | undefined;
  /** The last table asked for, and its preview: the page asks for its mapping and its rows next. */
  let current: { readonly key: string; readonly table: TableView; readonly preview: SheetPreview } | undefined;

  function table(
    sheetName: string,
    headerRowNumber: number | undefined,
    vocabulary: readonly string[] = [],
  ): { table: TableView; preview: SheetPreview } | SheetReadFailure {
    if (workbook === undefined) return failure("NO_TABLE", "No file is open.");
    const sheet = workbook.sheets.find((s) => s.name === sheetName);
    if (sheet === undefined) return failure("NO_TABLE", `There is no sheet named "${sheetName}".`);
    const place = workbook.format === "csv" ? workbook.fileName : `Sheet "${sheetName}" of ${workbook.fileName}`;
    const result = tableOf(sheet, headerRowNumber, vocabulary, {
      place,
      maxOrderRows: SHEET_LIMITS[workbook.format].maxRows,
    });
    if ("table" in result) current = { key: keyOf(sheetName, result.preview.headerRowNumber), ...result };
    return result;
  }

  function cachedTable(sheetName: string, headerRowNumber: number): TableView | undefined {
    if (current?.key === keyOf(sheetName, headerRowNumber)) return current.table;
    const result = table(sheetName, headerRowNumber);
    return "table" in result ? result.table : undefined;
  }

  return {
    async open(
      bytes: Uint8Array,
      fileName: string,
      onProgress?: (progress: ReadProgress) => void,
      vocabulary: readonly string[] = [],
    ): Promise<OpenResult> {
      workbook = undefined;
      current = undefined;
      try {
        const opened = await openWorkbook(bytes, fileName, onProgress);
        if (!opened.ok) return opened;
        workbook = opened.workbook;
        return { ok: true, summary: summariseWorkbook(opened.workbook, vocabulary) };
      } catch {
        // Whatever a library threw, its words mean nothing to the user; what to do is the same.
        return failure(
          "CORRUPT",
          `${fileName} could not be read: it is not laid out the way spreadsheet programs save files. ` +
            "Open it in your spreadsheet program, save it again as .xlsx or .csv and drop the new file.",
        );
      }
    },

    preview(sheetName: string, headerRowNumber?: number, vocabulary: readonly string[] = []): PreviewResult {
      const result = table(sheetName, headerRowNumber, vocabulary);
      return "preview" in result ? { ok: true, preview: result.preview } : result;
    },

    /** Rows `start` to `start + count` of the table (0-based positions below the header). */
    rows(sheetName: string, headerRowNumber: number, start: number, count: number): SheetRow[] {
      const view = cachedTable(sheetName, headerRowNumber);
      if (view === undefined) return [];
      const rows: SheetRow[] = [];
      for (let i = Math.max(0, start); i < Math.min(view.rowCount, start + count); i++) rows.push(view.row(i));
      return rows;
    },

    /** The result (or problem) sheet written back into the customer's own file, as its format allows. */
    writeResults(
      original: Uint8Array,
      fileName: string,
      sheetName: string,
      data: ResultSheetData,
      options: WriteResultsOptions = {},
    ): Promise<ResultFile> {
      return writeResults(original, fileName, sheetName, data, options);
    },

    /** The results alone as CSV, for when the user's sheet is no longer open. */
    resultsOnlySheet(results: readonly RowResult[]): Uint8Array {
      return writeCsv(buildResultsOnlyTable(results));
    },

    /** A reorder campaign workbook, written from plain data; the open file is left as it is. */
    writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array> {
      return writeCampaignSheet(data);
    },

    /** A blank order form workbook, written from plain data; the open file is left as it is. */
    writeOrderForm(data: OrderFormData): Promise<Uint8Array> {
      return writeOrderForm(data);
    },

    /**
     * The suggested mapping of a sheet's columns, from its headers and first rows, worked out here rather than on the
     * page.
     */
    suggestMapping(
      sheetName: string,
      headerRowNumber: number,
      vocabulary: MappingVocabulary | undefined,
    ): SheetMapping | undefined {
      // Below a header row named outright, the headers and sample rows do not depend on the vocabulary.
      const result =
        current?.key === keyOf(sheetName, headerRowNumber)
          ? current
          : table(sheetName, headerRowNumber, vocabularyWords(vocabulary));
      if (!("preview" in result)) return undefined;
      const { headers, rowCount } = result.preview;
      // The values tell a column by more rows than the preview shows: the first few hundred, blank ones aside.
      const rows = rowsForEvidence((i) => result.table.row(i), rowCount);
      return suggestMapping(headers, vocabulary, rows.length > 0 ? rows : result.preview.sampleRows);
    },

    close(): void {
      workbook = undefined;
      current = undefined;
    },
  };
}

export type SheetSession = ReturnType<typeof createSheetSession>;

/** The instance the sheet worker exposes. */
export const sheetWorkerApi: SheetSession = createSheetSession();
export type SheetWorkerApi = SheetSession;
