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
