/** A cell as read from the user's file: text, number, boolean, date or empty. */
export type CellValue = string | number | boolean | Date | null;

/** One data row, known by the row number the user sees in their spreadsheet program (1-based). */
export interface SheetRow {
  readonly rowNumber: number;
  readonly cells: readonly CellValue[];
}

/** A table read from one sheet of the user's file: its header row and the rows below it. */
export interface SheetTable {
  readonly sheetName: string;
  /** Row number of the header row, as the user sees it. */
  readonly headerRowNumber: number;
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
}

/** The cell exactly as written, for echoing it back into the user's file. */
export function cellRawText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** The text a cell shows, trimmed, for matching and messages. */
export function cellText(value: CellValue | undefined): string {
  return cellRawText(value).trim();
}
