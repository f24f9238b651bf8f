import { detectHeaderRow, HEADER_SCAN_ROWS, type HeaderCandidate } from "../core/header-row";
import { formatCount } from "../core/plural";
import { columnLetter, isBlankCell, type SheetRow } from "../core/sheet-model";
import { HEADER_NAME_CHARS, tableView, type LongHeader, type TableView } from "../core/sheet-table";
import { SHEET_LIMITS } from "./limits";
import type { TextEncodingName } from "./formats/decode-text";
import { failure, type SheetReadFailure } from "./read-failure";
import type { OpenedWorkbook, RawSheet } from "./read/workbook";

export interface SheetSummary {
  readonly name: string;
  readonly hidden: boolean;
  readonly rowCount: number;
  /** The header row found, as the user numbers rows; undefined when none looks like one. */
  readonly headerRowNumber: number | undefined;
  /** How many header cells name a known field or size: what makes a sheet an order table. */
  readonly knownHeaders: number;
}

export interface WorkbookSummary {
  readonly fileName: string;
  readonly format: "csv" | "xlsx";
  readonly csv?: { readonly encoding: TextEncodingName; readonly delimiter: string };
  readonly sheets: readonly SheetSummary[];
  /** The sheet that looks most like an order table (not an instructions sheet in front of it). */
  readonly defaultSheet: string;
  /** Several files dropped together: each one's summary (the fields above are the first file's, named for all). */
  readonly files?: readonly WorkbookSummary[];
}

export interface SheetPreview {
  readonly sheetName: string;
  readonly headerRowNumber: number;
  /** Other rows that could be the header, best first, for the user to pick from. */
  readonly headerCandidates: readonly number[];
  readonly headers: readonly string[];
  /** Header cells too long to name their column whole: their names are cut, ending in "…". */
  readonly longHeaders: readonly LongHeader[];
  /** Data rows below the header (blank rows between them included). */
  readonly rowCount: number;
  readonly sampleRows: readonly SheetRow[];
  readonly hiddenRows: readonly number[];
  /** A workbook sheet's rightmost column holding a value (see `RawSheet`), for writing results back beside it. */
  readonly lastColumn?: number;
}

const detections = new WeakMap<RawSheet, { key: string; candidates: HeaderCandidate[] }>();

/** Header candidates of a sheet, worked out once per sheet and vocabulary. */
function headerCandidates(sheet: RawSheet, vocabulary: readonly string[]): HeaderCandidate[] {
  const key = vocabulary.join("\u0000");
  const cached = detections.get(sheet);
  if (cached?.key === key) return cached.candidates;
  const candidates = detectHeaderRow(sheet.head(HEADER_SCAN_ROWS), vocabulary);
  detections.set(sheet, { key, candidates });
  return candidates;
}

export function summariseSheet(sheet: RawSheet, vocabulary: readonly string[]): SheetSummary {
  const [best] = headerCandidates(sheet, vocabulary);
  return {
    name: sheet.name,
    hidden: sheet.hidden,
    rowCount: sheet.rowCount,
    headerRowNumber: best === undefined ? undefined : best.rowIndex + 1,
    knownHeaders: best?.known ?? 0,
  };
}

/** Visible sheets first, then most known headers, then most rows, then workbook order. */
export function chooseDefaultSheet(summaries: readonly SheetSummary[]): string {
  const ranked = summaries
    .map((summary, index) => ({ summary, index }))
    .sort(
      (a, b) =>
        Number(a.summary.hidden) - Number(b.summary.hidden) ||
        b.summary.knownHeaders - a.summary.knownHeaders ||
        Number(b.summary.rowCount > 1) - Number(a.summary.rowCount > 1) ||
        a.index - b.index,
    );
  return ranked[0]?.summary.name ?? "";
}

export function summariseWorkbook(workbook: OpenedWorkbook, vocabulary: readonly string[] = []): WorkbookSummary {
  const sheets = workbook.sheets.map((sheet) => summariseSheet(sheet, vocabulary));
  return {
    fileName: workbook.fileName,
    format: workbook.format,
    ...(workbook.csv ? { csv: workbook.csv } : {}),
    sheets,
    defaultSheet: chooseDefaultSheet(sheets),
  };
}

export const SAMPLE_ROWS = 20;

/** What a table's refusals say the sheet is, and how many order rows its format allows. */
export interface TableLimits {
  /** Names the sheet in messages: `Sheet "Orders" of orders.xlsx`, or a CSV's file name. */
  readonly place: string;
  readonly maxOrderRows: number;
}

/**
 * The sheet's table below the given header row (or the detected one), with a preview of it.
 * Refused when nothing but blank rows is under the header, when more order rows are under it
 * than can be read, or when a cell under it holds more text than a spreadsheet cell can.
 */
export function tableOf(
  sheet: RawSheet,
  headerRowNumber: number | undefined,
  vocabulary: readonly string[] = [],
  { place, maxOrderRows }: TableLimits = { place: `Sheet "${sheet.name}"`, maxOrderRows: SHEET_LIMITS.xlsx.maxRows },
): { table: TableView; preview: SheetPreview } | SheetReadFailure {
  const detected = headerCandidates(sheet, vocabulary);
  const chosen = headerRowNumber ?? (detected[0] ? detected[0].rowIndex + 1 : firstNonEmptyRow(sheet));
  // Rows naming at least one known field are worth offering as alternatives.
  const candidates = detected.filter((c) => c.known > 0).map((c) => c.rowIndex + 1);
  const table = tableView(sheet.name, sheet.rows(), chosen - 1);
  if (table.rowCount === 0) {
    return failure(
      "NO_ORDER_ROWS",
      `${place} has no order rows under the header (row ${formatCount(chosen)}). ` +
        "Put the orders in the rows below the header (or choose the row that heads them), " +
        "save the file and drop it again.",
      { rowNumber: chosen },
    );
  }
  // Reading bounds the rows of a whole file loosely (it cannot know where the header is); this is the exact count.
  if (table.orderRowCount > maxOrderRows) {
    return failure(
      "TOO_MANY_ROWS",
      `${place} has ${formatCount(table.orderRowCount)} order rows under the header (row ${formatCount(chosen)}); ` +
        `up to ${formatCount(maxOrderRows)} can be read (blank rows are not counted). ` +
        "Split the orders into smaller files.",
      { rowNumber: chosen },
    );
  }
  // Only a CSV's rows (held as arrays) are measured; a workbook's reader refuses a long cell itself.
  const { longestCell } = table;
  if (longestCell !== undefined && longestCell.length > SHEET_LIMITS.csv.maxCellChars) {
    return failure(
      "CELL_TOO_LONG",
      `Row ${formatCount(longestCell.rowNumber)}, column ${columnLetter(longestCell.columnIndex)} of ${place} ` +
        `holds ${formatCount(longestCell.length)} characters; ` +
        `a cell holds at most ${formatCount(SHEET_LIMITS.csv.maxCellChars)}, as in Excel. ` +
        "If a quote mark is missing in that row, add it; otherwise shorten the value. " +
        "Then save the file and drop it again.",
      { rowNumber: longestCell.rowNumber, columnIndex: longestCell.columnIndex },
    );
  }
  const sampleRows: SheetRow[] = [];
  for (let i = 0; i < table.rowCount && sampleRows.length < SAMPLE_ROWS; i++) {
    const row = table.row(i);
    if (row.cells.some((cell) => !isBlankCell(cell))) sampleRows.push(row);
  }
  return {
    table,
    preview: {
      sheetName: sheet.name,
      headerRowNumber: chosen,
      headerCandidates: candidates.filter((n) => n !== chosen).slice(0, 5),
      headers: table.headers,
      longHeaders: table.longHeaders,
      rowCount: table.rowCount,
      sampleRows,
      hiddenRows: sheet.hiddenRows().filter((n) => n > chosen),
      lastColumn: sheet.lastColumn,
    },
  };
}

/** What the preview says about header cells cut to name their columns, one sentence each. */
export function longHeaderNotes(preview: Pick<SheetPreview, "longHeaders">): string[] {
  return preview.longHeaders.map(
    (header) =>
      `The header in column ${columnLetter(header.columnIndex)} is ${formatCount(header.length)} characters long; ` +
      `only its first ${HEADER_NAME_CHARS - 1} name the column.`,
  );
}

function firstNonEmptyRow(sheet: RawSheet): number {
  const rows = sheet.head(HEADER_SCAN_ROWS);
  const index = rows.findIndex((row) => row !== undefined);
  return index === -1 ? 1 : index + 1;
}
