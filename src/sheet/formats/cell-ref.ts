import { columnLetter } from "../../core/sheet-model";

/** Excel's grid: 1,048,576 rows by 16,384 columns (A to XFD). */
export const GRID_ROWS = 1_048_576;
export const GRID_COLUMNS = 16_384;

/** A cell's place: its row number as the user sees it (1-based) and its column index (0-based). */
export interface CellPlace {
  readonly rowNumber: number;
  readonly columnIndex: number;
}

/** A rectangle of cells, rows by their 1-based numbers and columns by their 0-based indexes, ends included. */
export interface CellRange {
  readonly firstRow: number;
  readonly lastRow: number;
  readonly firstColumn: number;
  readonly lastColumn: number;
}

/** Letters of a column that count: Excel's last column, XFD, has 3; 8 already name one far past it. */
const MAX_COLUMN_LETTERS = 8;

const isLetter = (code: number) => (code | 0x20) >= 97 && (code | 0x20) <= 122;

/**
 * The 1-based column number of the letters in `text` from `at` (`AB12` → 28), looking no
 * further than `end`; 0 when no letter is there. Only the first 8 letters count, so a long run
 * of them gives a number far past any real column rather than overflowing. Every reader and
 * writer of cell references here counts columns with this.
 */
export function columnNumberAt(text: string, at: number, end = text.length): number {
  let column = 0;
  const stop = Math.min(end, at + MAX_COLUMN_LETTERS);
  for (let i = at; i < stop; i++) {
    const code = text.charCodeAt(i);
    if (!isLetter(code)) break;
    column = column * 26 + ((code | 0x20) - 96);
  }
  return column;
}

/** `columnNumberAt` for a reference's UTF-8 bytes, as the worksheet's byte scanner finds them. */
export function columnNumberInBytes(bytes: Uint8Array, at: number, end: number): number {
  let column = 0;
  const stop = Math.min(end, at + MAX_COLUMN_LETTERS);
  for (let i = at; i < stop; i++) {
    const code = bytes[i] as number;
    if (!isLetter(code)) break;
    column = column * 26 + ((code | 0x20) - 96);
  }
  return column;
}

/** Column 28 → `AB`. */
export const columnName = (columnNumber: number) => columnLetter(columnNumber - 1);

/** Column 28, row 12 → `AB12`. */
export const cellAddress = (columnNumber: number, rowNumber: number) => `${columnName(columnNumber)}${rowNumber}`;

/**
 * The column index and row number of a reference like `AB12` (or `$AB$12`); either is -1
 * when missing. Letters past any real column give a large index rather than overflowing.
 */
export function parseCellRef(ref: string): CellPlace {
  let i = 0;
  if (ref.charCodeAt(i) === 36) i++;
  const column = columnNumberAt(ref, i);
  const lettersStart = i;
  while (i < ref.length && isLetter(ref.charCodeAt(i))) i++;
  const letters = i - lettersStart;
  if (ref.charCodeAt(i) === 36) i++;
  let row = 0;
  let digits = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 48 || c > 57) break;
    if (digits < 10) row = row * 10 + (c - 48);
    digits++;
  }
  return { columnIndex: letters === 0 ? -1 : column - 1, rowNumber: digits === 0 || i !== ref.length ? -1 : row };
}

/**
 * A row's number from its `r` attribute as written (entities not decoded), as the reader takes
 * it: a whole number of up to 15 digits and nothing else, from 1 up; anything else, or none,
 * makes the row the one after `previous`.
 */
export function rowNumberAfter(r: string | undefined, previous: number): number {
  if (r === undefined || r.length === 0 || r.length > 15) return previous + 1;
  let value = 0;
  for (let i = 0; i < r.length; i++) {
    const digit = r.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return previous + 1;
    value = value * 10 + digit;
  }
  return value >= 1 ? value : previous + 1;
}

/** A range like `A2:C5` (or a single cell `B3`); undefined when it is not one. */
export function parseCellRange(ref: string): CellRange | undefined {
  const colon = ref.indexOf(":");
  const from = parseCellRef(colon < 0 ? ref : ref.slice(0, colon));
  const to = colon < 0 ? from : parseCellRef(ref.slice(colon + 1));
  if (from.columnIndex < 0 || from.rowNumber < 1 || to.columnIndex < 0 || to.rowNumber < 1) return undefined;
  return {
    firstRow: Math.min(from.rowNumber, to.rowNumber),
    lastRow: Math.max(from.rowNumber, to.rowNumber),
    firstColumn: Math.min(from.columnIndex, to.columnIndex),
    lastColumn: Math.max(from.columnIndex, to.columnIndex),
  };
}
