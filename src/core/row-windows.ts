import type { CellValue, SheetRow } from "./sheet-model";

/** How a cell's text in a packed window is read back. */
const enum CellKind {
  Text = 0,
  Empty = 1,
  Number = 2,
  True = 3,
  False = 4,
  /** Milliseconds since 1970, as text. */
  Date = 5,
}

/**
 * A window of rows packed for crossing between workers: every cell's text one after another in one string, and where
 * each ends, in typed arrays. A structured clone copies these as a few blocks of memory, where rows as arrays of
 * strings are copied (and built again on the other side) an object at a time.
 */
export interface PackedRows {
  /** Every cell's text, one after another. */
  readonly text: string;
  /** Where each cell's text ends in `text`. */
  readonly cellEnds: Int32Array;
  /** How to read each cell's text back (`CellKind`). */
  readonly kinds: Uint8Array;
  /** How many cells there are up to the end of each row. */
  readonly rowEnds: Int32Array;
  readonly rowNumbers: Int32Array;
}

/**
 * What the sheet's side sends down a channel of rows, in order: windows of rows, then either the end (with how many
 * rows were sent) or why the rows could not be read. Plain data, so it crosses between workers as it is.
 */
export type RowWindowMessage = { readonly rows: PackedRows } | { readonly end: number } | { readonly failed: string };

function kindOf(value: CellValue): CellKind {
  if (value === null) return CellKind.Empty;
  if (typeof value === "string") return CellKind.Text;
  if (typeof value === "number") return CellKind.Number;
  if (typeof value === "boolean") return value ? CellKind.True : CellKind.False;
  return CellKind.Date;
}

function textOf(value: CellValue): string {
  if (value === null || typeof value === "boolean") return "";
  if (value instanceof Date) return String(value.getTime());
  // A number's shortest text reads back as the same number (minus zero aside, which String writes as "0").
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  return value;
}

/** Packs a window of rows (see PackedRows). */
export function packRows(rows: readonly SheetRow[]): PackedRows {
  let cellCount = 0;
  for (const row of rows) cellCount += row.cells.length;
  const cellEnds = new Int32Array(cellCount);
  const kinds = new Uint8Array(cellCount);
  const rowEnds = new Int32Array(rows.length);
  const rowNumbers = new Int32Array(rows.length);
  const texts: string[] = [];
  let cell = 0;
  let length = 0;
  rows.forEach((row, r) => {
    for (const value of row.cells) {
      const text = textOf(value);
      texts.push(text);
      length += text.length;
      cellEnds[cell] = length;
      kinds[cell++] = kindOf(value);
    }
    rowEnds[r] = cell;
    rowNumbers[r] = row.rowNumber;
  });
  return { text: texts.join(""), cellEnds, kinds, rowEnds, rowNumbers };
}

/** The rows a window was packed from, cell for cell. */
export function unpackRows({ text, cellEnds, kinds, rowEnds, rowNumbers }: PackedRows): SheetRow[] {
  const rows: SheetRow[] = new Array(rowNumbers.length);
  let cell = 0;
  let start = 0;
  for (let r = 0; r < rowNumbers.length; r++) {
    const end = rowEnds[r] ?? cell;
    const cells: CellValue[] = new Array(end - cell);
    for (let c = 0; cell < end; c++, cell++) {
      const textEnd = cellEnds[cell] ?? start;
      const kind = kinds[cell];
      if (kind === CellKind.Text) cells[c] = text.slice(start, textEnd);
      else if (kind === CellKind.Empty) cells[c] = null;
      else if (kind === CellKind.Number) cells[c] = Number(text.slice(start, textEnd));
      else if (kind === CellKind.Date) cells[c] = new Date(Number(text.slice(start, textEnd)));
      else cells[c] = kind === CellKind.True;
      start = textEnd;
    }
    rows[r] = { rowNumber: rowNumbers[r] ?? 0, cells };
  }
  return rows;
}
