import { detectHeaderRow, HEADER_SCAN_ROWS, type HeaderCandidate } from "../core/header-row";
import { isBlankCell, type SheetRow } from "../core/sheet-model";
import { tableView, type TableView } from "../core/sheet-table";
import type { OpenedWorkbook, RawSheet } from "./workbook";

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
  readonly csv?: { readonly encoding: string; readonly delimiter: string };
  readonly sheets: readonly SheetSummary[];
  /** The sheet that looks most like an order table (not an instructions sheet in front of it). */
  readonly defaultSheet: string;
}

export interface SheetPreview {
  readonly sheetName: string;
  readonly headerRowNumber: number;
  /** Other rows that could be the header, best first, for the user to pick from. */
  readonly headerCandidates: readonly number[];
  readonly headers: readonly string[];
  /** Data rows below the header (blank rows between them included). */
  readonly rowCount: number;
  readonly sampleRows: readonly SheetRow[];
  readonly hiddenRows: readonly number[];
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

/** The sheet's table below the given header row (or the detected one), with a preview of it. */
export function tableOf(
  sheet: RawSheet,
  headerRowNumber: number | undefined,
  vocabulary: readonly string[] = [],
): { table: TableView; preview: SheetPreview } {
  const detected = headerCandidates(sheet, vocabulary);
  const chosen = headerRowNumber ?? (detected[0] ? detected[0].rowIndex + 1 : firstNonEmptyRow(sheet));
  // Rows naming at least one known field are worth offering as alternatives.
  const candidates = detected.filter((c) => c.known > 0).map((c) => c.rowIndex + 1);
  const table = tableView(sheet.name, sheet.rows(), chosen - 1);
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
      rowCount: table.rowCount,
      sampleRows,
      hiddenRows: sheet.hiddenRows().filter((n) => n > chosen),
    },
  };
}

function firstNonEmptyRow(sheet: RawSheet): number {
  const rows = sheet.head(HEADER_SCAN_ROWS);
  const index = rows.findIndex((row) => row !== undefined);
  return index === -1 ? 1 : index + 1;
}
