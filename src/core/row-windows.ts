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
 * A window of rows packed for crossing between workers, and as the engine keeps them: every cell's text one after
 * another in one string, and where each ends, in typed arrays. A structured clone copies these as a few blocks of
 * memory, where rows as arrays of strings are copied (and built again on the other side) an object at a time.
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
  /** Not 32-bit: several files' rows are numbered past it (see source-files.ts). */
  readonly rowNumbers: Float64Array;
}

/**
 * Rows cross from the sheet worker to the engine's in windows of at most this many, never as one big message: the
 * engine resolves each while the next is read, and a hundred thousand rows take about twenty.
 */
export const ROWS_PER_WINDOW = 5_000;

/** The first window's rows: each window after it is twice the one before, up to the largest. */
const FIRST_WINDOW_ROWS = 1_000;

/**
 * The windows `rowCount` rows are taken in, at most `largest` rows each, the first ones smaller. The engine starts on
 * the rows sooner; and a window's rows are made as strings and live until it is packed, so each collection while it is
 * made copies them, which costs most in a worker just started, whose young generation is still small. A 10k-row CSV's
 * rows taken in windows of 5,000 from the first took 20.5 ms where these take 15.6 (medians of thirty fresh processes).
 */
export function* rowWindows(rowCount: number, largest: number): Generator<{ start: number; count: number }> {
  let count = Math.min(FIRST_WINDOW_ROWS, largest);
  for (let start = 0; start < rowCount; start += count, count = Math.min(largest, count * 2))
    yield { start, count: Math.min(count, rowCount - start) };
}

/**
 * What the sheet's side sends down a channel of rows, in order: windows of rows, then either the end (with how many
 * rows were sent) or why the rows could not be read. Plain data, so it crosses between workers as it is.
 */
export type RowWindowMessage = { readonly rows: PackedRows } | { readonly end: number } | { readonly failed: string };

function kindOf(value: CellValue | undefined): CellKind {
  // A gap in a row's cells (a cell no reader filled in) is empty too.
  if (value === null || value === undefined) return CellKind.Empty;
  if (typeof value === "string") return CellKind.Text;
  if (typeof value === "number") return CellKind.Number;
  if (typeof value === "boolean") return value ? CellKind.True : CellKind.False;
  return CellKind.Date;
}

function textOf(value: CellValue | undefined): string {
  if (value === null || value === undefined || typeof value === "boolean") return "";
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
  const rowNumbers = new Float64Array(rows.length);
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

/** How many cells row `row` of a packed window has. */
export function cellCountOf(packed: PackedRows, row: number): number {
  return (packed.rowEnds[row] ?? 0) - (row === 0 ? 0 : (packed.rowEnds[row - 1] ?? 0));
}

/** Cell `column` of row `row` of a packed window, as it was packed; null past the row's last cell. */
export function packedCell({ text, cellEnds, kinds, rowEnds }: PackedRows, row: number, column: number): CellValue {
  const first = row === 0 ? 0 : (rowEnds[row - 1] ?? 0);
  const cell = first + column;
  if (column < 0 || cell >= (rowEnds[row] ?? 0)) return null;
  const kind = kinds[cell];
  if (kind === CellKind.Empty) return null;
  if (kind === CellKind.True || kind === CellKind.False) return kind === CellKind.True;
  const value = text.slice(cell === 0 ? 0 : (cellEnds[cell - 1] ?? 0), cellEnds[cell] ?? 0);
  if (kind === CellKind.Number) return Number(value);
  return kind === CellKind.Date ? new Date(Number(value)) : value;
}

/** Row `row` of a packed window, cell for cell as it was packed. */
export function packedRow(packed: PackedRows, row: number): SheetRow {
  const cells: CellValue[] = new Array(cellCountOf(packed, row));
  for (let c = 0; c < cells.length; c++) cells[c] = packedCell(packed, row, c);
  return { rowNumber: packed.rowNumbers[row] ?? 0, cells };
}

/** The rows a window was packed from, cell for cell. */
export function unpackRows(packed: PackedRows): SheetRow[] {
  return Array.from(packed.rowNumbers, (_, row) => packedRow(packed, row));
}
