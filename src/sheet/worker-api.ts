import { firstMessage } from "../core/first-message";
import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import { rowsForEvidence } from "../core/mapping/column-evidence";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { CampaignSheetData } from "../core/reorder/campaign-sheet-data";
import type { OrderFormData } from "../core/order-form/order-form-data";
import type { ResultSheetData, ResultSheetMessage } from "../core/result-sheet-data";
import { buildResultsOnlyTable, type RowResult } from "../core/result-rows";
import { packRows, rowWindows, type RowWindowMessage } from "../core/row-windows";
import type { SheetRow } from "../core/sheet-model";
import type { TableView } from "../core/sheet-table";
import { SHEET_LIMITS } from "./limits";
import { failure, type SheetReadFailure } from "./read-failure";
import { summariseWorkbook, tableOf, type SheetPreview, type WorkbookSummary } from "./sheet-preview";
import type { OpenedWorkbook, ReadProgress } from "./read/workbook";
import { writeCsv } from "./write/write-csv";
import { COMBINED_SHEET, combinedTable, type FileTable } from "./combined-table";
import { isBundle } from "./formats/file-bundle";
import { openFiles, unreadable } from "./read/open-files";
import { writeResultsOfFiles } from "./write/write-results-of-files";
import type { CombinedColumns, SeveralFiles } from "../core/source-files";
import { writeResults, type ResultFile, type WriteResultsOptions } from "./write/write-results";
import type { SheetAsRead } from "./write/xlsx/order-sheet-rewrite";
import { zipCodecs } from "./zip/zip-codecs";

export type OpenResult = { readonly ok: true; readonly summary: WorkbookSummary } | SheetReadFailure;
export type PreviewResult = { readonly ok: true; readonly preview: SheetPreview } | SheetReadFailure;

/**
 * The sheet worker's surface: it holds the opened file, and the page asks for what it shows
 * (a summary, a preview, a window of rows) instead of receiving the whole sheet at once.
 * Plain functions over plain data, so they run the same in the worker and in Node.
 */
const keyOf = (file: number, sheetName: string, headerRowNumber: number) =>
  `${file}\u0000${sheetName}\u0000${headerRowNumber}`;

/** Rows `start` to `start + count` of a table (0-based positions below the header). */
function windowOf(view: TableView, start: number, count: number): SheetRow[] {
  const rows: SheetRow[] = [];
  for (let i = Math.max(0, start); i < Math.min(view.rowCount, start + count); i++) rows.push(view.row(i));
  return rows;
}

/**
 * Every row of a table down `port`, at most `windowSize` at a time (see rowWindows), packed, then the end: straight to
 * whoever reads them (the engine's worker), never through the page. Says so down the port when no such sheet is open.
 * Answers how many rows were sent.
 */
function sendRowWindows(view: TableView | undefined, sheetName: string, port: MessagePort, windowSize: number): number {
  if (view === undefined) {
    port.postMessage({ failed: `No sheet named ${sheetName} is open` } satisfies RowWindowMessage);
    return 0;
  }
  for (const { start, count } of rowWindows(view.rowCount, windowSize))
    port.postMessage({ rows: packRows(windowOf(view, start, count)) } satisfies RowWindowMessage);
  port.postMessage({ end: view.rowCount } satisfies RowWindowMessage);
  return view.rowCount;
}

/** One file's sheet to combine with the others': the sheet and header row chosen for it, and its own mapping. */
export interface FileChoice {
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly mapping: SheetMapping;
}

export type CombineResult =
  | { readonly ok: true; readonly preview: SheetPreview; readonly columns: CombinedColumns }
  | SheetReadFailure;

/** A sheet of a workbook read below its header row (found when not given), within the format's limits. */
function workbookTable(
  workbook: OpenedWorkbook,
  sheetName: string,
  headerRowNumber: number | undefined,
  vocabulary: readonly string[],
): { table: TableView; preview: SheetPreview } | SheetReadFailure {
  const sheet = workbook.sheets.find((s) => s.name === sheetName);
  if (sheet === undefined) return failure("NO_TABLE", `There is no sheet named "${sheetName}".`);
  const place = workbook.format === "csv" ? workbook.fileName : `Sheet "${sheetName}" of ${workbook.fileName}`;
  return tableOf(sheet, headerRowNumber, vocabulary, { place, maxOrderRows: SHEET_LIMITS[workbook.format].maxRows });
}

/** Each file's chosen table, with its name and own mapping; the first that cannot be read stops it, saying why. */
function fileTables(
  choices: readonly FileChoice[],
  read: (
    choice: FileChoice,
    file: number,
  ) => { name: string; read: { table: TableView; preview: SheetPreview } | SheetReadFailure },
): FileTable[] | SheetReadFailure {
  const files: FileTable[] = [];
  for (const [file, choice] of choices.entries()) {
    const { name, read: result } = read(choice, file);
    if (!("table" in result)) return result;
    files.push({ name, ...result, mapping: choice.mapping });
  }
  return files;
}

/**
 * The writers of new workbooks (exceljs builds them): given to the sheet worker's session only, so the page's own
 * session (when no worker can start) keeps exceljs out of the page's build.
 */
export interface WorkbookWriters {
  writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array>;
  writeOrderForm(data: OrderFormData): Promise<Uint8Array>;
}

/**
 * What reading the file open found of it: of a workbook sheet, its rightmost column holding a value and where its rows
 * lie; of a CSV file, its records. The file written back into is most likely that one: where it is not, the write-back
 * finds out and reads it through.
 */
function asReadOf(
  workbooks: readonly OpenedWorkbook[],
  fileName: string,
  sheetName: string,
): Pick<WriteResultsOptions, "asRead" | "csvAsRead"> {
  const workbook = workbooks.find((opened) => opened.fileName === fileName);
  if (workbook?.format === "csv") return { csvAsRead: workbook.csvAsRead };
  const sheet = workbook?.sheets.find((s) => s.name === sheetName);
  return sheet?.lastColumn === undefined
    ? {}
    : { asRead: { lastColumn: sheet.lastColumn, rowPlaces: sheet.rowPlaces } satisfies SheetAsRead };
}

/**
 * The result (or problem) sheet written back into the customer's own file, as its format allows (see `writeResults`);
 * for several files dropped together, into each of them, zipped. A workbook read among `workbooks` is written back in
 * one pass, on where reading it found its values end.
 */
function writeResultsInto(
  workbooks: readonly OpenedWorkbook[],
  { original, fileName, sheetName }: { original: Uint8Array; fileName: string; sheetName: string },
  data: ResultSheetData,
  options: WriteResultsOptions,
  several: SeveralFiles | undefined,
): Promise<ResultFile> {
  if (several && isBundle(original)) {
    return writeResultsOfFiles(original, several, data, { ...options, at: new Date() }, (file) =>
      asReadOf(workbooks, file.name, file.sheetName),
    );
  }
  return writeResults(original, fileName, sheetName, data, { ...options, ...asReadOf(workbooks, fileName, sheetName) });
}

const NO_WORKBOOK_WRITER = "New workbooks are written in the sheet worker, which could not start in this browser.";

/**
 * What the session writes: results into the customer's own file (one read among `workbooks()` in one pass), the
 * results alone, and new workbooks through `writers`.
 */
function sheetWritersOf(workbooks: () => readonly OpenedWorkbook[], writers: WorkbookWriters | undefined) {
  return {
    /**
     * The result (or problem) sheet written back into the customer's own file, as its format allows; for several files
     * dropped together, into each of them.
     */
    writeResults(
      original: Uint8Array,
      fileName: string,
      sheetName: string,
      data: ResultSheetData,
      options: WriteResultsOptions = {},
      several?: SeveralFiles,
    ): Promise<ResultFile> {
      return writeResultsInto(workbooks(), { original, fileName, sheetName }, data, options, several);
    },

    /**
     * Readies the writing of a large file (its deflate helper started, where there is one), while the page gathers
     * what is to be written: the write then does not wait for it. Settles once it is ready.
     */
    async prepareWrite(): Promise<void> {
      await zipCodecs().prepareDeflater?.();
    },

    /**
     * As `writeResults`, for the data the submit worker sends down `port` (see its `sendResultSheet`): a batch's
     * thousands of orders never pass through the page.
     */
    async writeResultsFrom(
      port: MessagePort,
      original: Uint8Array,
      fileName: string,
      sheetName: string,
      options: WriteResultsOptions = {},
    ): Promise<ResultFile> {
      const { data, several } = await firstMessage<ResultSheetMessage>(port);
      return writeResultsInto(workbooks(), { original, fileName, sheetName }, data, options, several);
    },

    /** The results alone as CSV, for when the user's sheet is no longer open. */
    resultsOnlySheet(results: readonly RowResult[]): Uint8Array {
      return writeCsv(buildResultsOnlyTable(results));
    },

    /** As `resultsOnlySheet`, for the rows' results the submit worker sends down `port`. */
    async resultsOnlySheetFrom(port: MessagePort): Promise<Uint8Array> {
      return writeCsv(buildResultsOnlyTable(await firstMessage<readonly RowResult[]>(port)));
    },

    /** A reorder campaign workbook, written from plain data; the open file is left as it is. */
    writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array> {
      return writers ? writers.writeCampaignSheet(data) : Promise.reject(new Error(NO_WORKBOOK_WRITER));
    },

    /** A blank order form workbook, written from plain data; the open file is left as it is. */
    writeOrderForm(data: OrderFormData): Promise<Uint8Array> {
      return writers ? writers.writeOrderForm(data) : Promise.reject(new Error(NO_WORKBOOK_WRITER));
    },
  };
}

export function createSheetSession(writers?: WorkbookWriters) {
  // The inflater is made now, while the user picks a file: the first read neither waits for it nor compiles it then.
  void zipCodecs()
    .pieceInflater?.()
    .then((inflater) => inflater?.release());
  /** The open files: one as dropped, or each of several dropped together (see `formats/file-bundle.ts`). */
  let workbooks: OpenedWorkbook[] = [];
  /** The last table asked for, and its preview: the page asks for its mapping and its rows next. */
  let current: { readonly key: string; readonly table: TableView; readonly preview: SheetPreview } | undefined;
  /** The files' sheets as one, once several are combined. */
  let combined: ReturnType<typeof combinedTable> | undefined;

  function table(
    sheetName: string,
    headerRowNumber: number | undefined,
    vocabulary: readonly string[] = [],
    file = 0,
  ): { table: TableView; preview: SheetPreview } | SheetReadFailure {
    if (sheetName === COMBINED_SHEET)
      return combined ?? failure("NO_TABLE", "The files dropped together are not combined yet.");
    const workbook = workbooks[file];
    if (workbook === undefined) return failure("NO_TABLE", "No file is open.");
    const result = workbookTable(workbook, sheetName, headerRowNumber, vocabulary);
    if ("table" in result) current = { key: keyOf(file, sheetName, result.preview.headerRowNumber), ...result };
    return result;
  }

  function cachedTable(sheetName: string, headerRowNumber: number, file = 0): TableView | undefined {
    if (sheetName === COMBINED_SHEET) return combined?.table;
    if (current?.key === keyOf(file, sheetName, headerRowNumber)) return current.table;
    const result = table(sheetName, headerRowNumber, [], file);
    return "table" in result ? result.table : undefined;
  }

  return {
    /** Opens a file, or each of several dropped together (bundled as one), in place of whatever was open. */
    async open(
      bytes: Uint8Array,
      fileName: string,
      onProgress?: (progress: ReadProgress) => void,
      vocabulary: readonly string[] = [],
    ): Promise<OpenResult> {
      workbooks = [];
      current = undefined;
      combined = undefined;
      const read = await openFiles(bytes, fileName, onProgress);
      if (!read.ok) return read;
      const opened = read.workbooks;
      workbooks = opened;
      const summaries = opened.map((w) => summariseWorkbook(w, vocabulary));
      const [first] = summaries;
      if (!first) return unreadable(fileName);
      return {
        ok: true,
        summary: summaries.length === 1 ? first : { ...first, fileName, files: summaries },
      };
    },

    /** A sheet's preview below its header row (found when not given), of the open file or of file `file` of several. */
    preview(sheetName: string, headerRowNumber?: number, vocabulary: readonly string[] = [], file = 0): PreviewResult {
      const result = table(sheetName, headerRowNumber, vocabulary, file);
      return "preview" in result ? { ok: true, preview: result.preview } : result;
    },

    /**
     * The sheets of several files as one, each read below its header row and placed by its own mapping; afterwards
     * its rows are read, previewed and mapped as the sheet named COMBINED_SHEET.
     */
    combine(choices: readonly FileChoice[]): CombineResult {
      combined = undefined;
      const files = fileTables(choices, (choice, file) => ({
        name: workbooks[file]?.fileName ?? "",
        read: table(choice.sheetName, choice.headerRowNumber, [], file),
      }));
      if (!Array.isArray(files)) return files;
      combined = combinedTable(files);
      return { ok: true, preview: combined.preview, columns: combined.columns };
    },

    /** Rows `start` to `start + count` of the table (0-based positions below the header). */
    rows(sheetName: string, headerRowNumber: number, start: number, count: number): SheetRow[] {
      const view = cachedTable(sheetName, headerRowNumber);
      return view === undefined ? [] : windowOf(view, start, count);
    },

    /** Every row of the table down `port` (see sendRowWindows); answers how many rows were sent. */
    sendRows: (sheetName: string, headerRowNumber: number, port: MessagePort, windowSize: number): number =>
      sendRowWindows(cachedTable(sheetName, headerRowNumber), sheetName, port, windowSize),

    ...sheetWritersOf(() => workbooks, writers),

    /**
     * The suggested mapping of a sheet's columns, from its headers and first rows, worked out here rather than on the
     * page.
     */
    suggestMapping(
      sheetName: string,
      headerRowNumber: number,
      vocabulary: MappingVocabulary | undefined,
      file = 0,
    ): SheetMapping | undefined {
      // Below a header row named outright, the headers and sample rows do not depend on the vocabulary.
      const result =
        current?.key === keyOf(file, sheetName, headerRowNumber)
          ? current
          : table(sheetName, headerRowNumber, vocabularyWords(vocabulary), file);
      if (!("preview" in result)) return undefined;
      const { headers, rowCount } = result.preview;
      // The values tell a column by more rows than the preview shows: the first few hundred, blank ones aside.
      const rows = rowsForEvidence((i) => result.table.row(i), rowCount);
      return suggestMapping(headers, vocabulary, rows.length > 0 ? rows : result.preview.sampleRows);
    },

    close(): void {
      workbooks = [];
      current = undefined;
      combined = undefined;
    },
  };
}

export type SheetSession = ReturnType<typeof createSheetSession>;
export type SheetWorkerApi = SheetSession;
