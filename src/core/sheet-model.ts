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
  /** Column names, made unique and never blank ("Column F", "Qty (2)"). */
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
}

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 16).replace("T", " ");
}

/** A number as a spreadsheet shows it: at most 15 significant digits, so 0.1 + 0.2 reads 0.3. */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

/** The cell exactly as written, for echoing it back into the user's file. */
export function cellRawText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return value;
}

/** The text a cell shows, trimmed, for matching and messages. */
export function cellText(value: CellValue | undefined): string {
  return cellRawText(value).trim();
}

export function isBlankCell(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** Spreadsheet column letters for a 0-based index: 0 → A, 27 → AB. */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
