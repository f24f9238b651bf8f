/** A value written into a result sheet: text, or a number that stays a number. */
export type ResultCell = string | number | null;

/** A plain table for an added sheet ("Jobs", "Audit"): a header row and its rows. */
export interface ResultTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly ResultCell[])[];
}

/**
 * What is written back into the customer's own file: result columns appended to the right
 * of the order sheet, on the header row and on each order row (rows not in `rows` get
 * nothing), plus, in a workbook, a "Jobs" and an "Audit" sheet.
 */
export interface ResultSheetData {
  /** The spreadsheet row number of the order sheet's header row. */
  readonly headerRowNumber: number;
  readonly columns: readonly string[];
  /** Each order row's result cells, by spreadsheet row number, in the order of `columns`. */
  readonly rows: ReadonlyMap<number, readonly ResultCell[]>;
  readonly jobs: ResultTable;
  readonly audit: ResultTable;
}

/** The result columns, in the order they are appended. */
export const RESULT_COLUMNS = [
  "Import result",
  "Job number",
  "Job status",
  "Line result",
  "New asset tag",
  "Needs artwork",
  "Line estimate",
  "Job total",
  "Messages",
  "Submitted at",
] as const;

const RESULT_COLUMN_KEYS = new Set<string>(RESULT_COLUMNS.map((c) => c.toLowerCase()));

/** Whether a header is one of our result columns (a result sheet imported again). */
export const isResultColumn = (header: string) => RESULT_COLUMN_KEYS.has(header.trim().toLowerCase());

/** Results that mean the row's job exists: it is not imported again. */
const DONE_RESULTS = new Set(["created", "already existed"]);

/**
 * The rows of a result sheet imported again that were created then: a "Created" or "Already
 * existed" import result with a job number. Their job numbers, by row number.
 */
export function rowsImportedBefore(headers: readonly string[], rows: readonly { readonly rowNumber: number; readonly cells: readonly unknown[] }[]): Map<number, number> {
  const result = headers.findIndex((h) => h.trim().toLowerCase() === "import result");
  const job = headers.findIndex((h) => h.trim().toLowerCase() === "job number");
  const found = new Map<number, number>();
  if (result < 0 || job < 0) return found;
  for (const row of rows) {
    const outcome = String(row.cells[result] ?? "").trim().toLowerCase();
    const jobNumber = Number(String(row.cells[job] ?? "").trim());
    if (DONE_RESULTS.has(outcome) && Number.isInteger(jobNumber) && jobNumber > 0) found.set(row.rowNumber, jobNumber);
  }
  return found;
}

/** "orders.xlsx" → "orders - results.xlsx" */
export function resultFileName(fileName: string, extension: string, kind: "results" | "problems" | "audit" = "results"): string {
  const dot = fileName.lastIndexOf(".");
  return `${dot > 0 ? fileName.slice(0, dot) : fileName} - ${kind}.${extension}`;
}
