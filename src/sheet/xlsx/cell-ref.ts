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

/**
 * The column index and row number of a reference like `AB12` (or `$AB$12`); either is -1
 * when missing. Letters past any real column give a large index rather than overflowing.
 */
export function parseCellRef(ref: string): CellPlace {
  let i = 0;
  let column = 0;
  let letters = 0;
  if (ref.charCodeAt(i) === 36) i++;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    if (letters < 8) column = column * 26 + (c - 96);
    letters++;
  }
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
