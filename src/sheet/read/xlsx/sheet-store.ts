import type { CellValue } from "../../../core/sheet-model";
import { widthWith, type RowSource } from "../../../core/sheet-table";
import { linkedCellValue, serialToDate } from "./cell-values";
import type { CellRange } from "../../formats/cell-ref";
import { BlockArray, Growable } from "../growable";
import { lowerBound } from "../../../core/sorted-search";

/** How a kept cell's value is to be read. */
export const enum CellKind {
  /** A whole number (the value itself). */
  Number,
  /** A serial day number shown as a date, whole. */
  Date,
  False,
  True,
  /** An index into the shared strings. */
  Shared,
  /** An index into the sheet's own texts (inline strings, formula text results, errors). */
  Text,
  /** Any other number: an index into the sheet's numbers. */
  Fraction,
  /** Any other serial day number shown as a date: an index into the sheet's numbers. */
  FractionDate,
}

/** Whole numbers a cell keeps as its value; any other number is kept beside the cells. */
const isSmallWhole = (value: number) => (value | 0) === value && !Object.is(value, -0);

/** The workbook's shared strings, with which of them are blank (for the used width). */
export interface SharedStrings {
  readonly count: number;
  text(index: number): string;
  isBlank(index: number): boolean;
}

interface UsedRange {
  readonly lastRow: number;
  /** -1 when no cell holds a value. */
  readonly lastColumn: number;
}

interface Link {
  readonly rowNumber: number;
  readonly columnIndex: number;
  readonly target: string;
}

/**
 * Collects one worksheet's cells as they are scanned: a row's cells as column, kind and value
 * in typed arrays (text by index, a number that is not a small whole one beside the cells), so
 * a cell costs about 7 bytes and no object, and memory grows with the cells without doubling.
 * Only cells holding a value are kept; rows without one are not kept at all.
 */
export class SheetStoreBuilder {
  private readonly rowNumbers = new Growable(Int32Array);
  private readonly rowStarts = new Growable(Int32Array);
  private readonly rowWidths = new Growable(Uint16Array);
  private columns = new BlockArray(Uint16Array);
  private kinds = new BlockArray(Uint8Array);
  private values = new BlockArray(Int32Array);
  private readonly numbers = new Growable(Float64Array, 1024);
  private readonly texts: string[] = [];
  private readonly hidden = new Growable(Int32Array, 64);
  /** Merged ranges as first row, last row, first column, last column. */
  private readonly merges = new Growable(Int32Array, 64);
  private readonly links: Link[] = [];
  private usedRange: UsedRange | undefined;
  private rowNumber = 0;
  private rowStart = 0;
  private rowWidth = 0;
  private lastColumn = -1;
  private isOrdered = true;

  constructor(
    private readonly strings: SharedStrings,
    private readonly is1904: boolean,
  ) {}

  get cellCount(): number {
    return this.kinds.length;
  }

  get linkCount(): number {
    return this.links.length;
  }

  startRow(rowNumber: number): void {
    this.rowNumber = rowNumber;
    this.rowStart = this.kinds.length;
    this.rowWidth = 0;
  }

  /** Ends the row; true when it holds a value that is not blank (an order row, perhaps). */
  endRow(): boolean {
    if (this.kinds.length === this.rowStart) return false;
    const count = this.rowNumbers.length;
    if (count > 0 && this.rowNumbers.get(count - 1) >= this.rowNumber) this.isOrdered = false;
    this.rowNumbers.push(this.rowNumber);
    this.rowStarts.push(this.rowStart);
    this.rowWidths.push(this.rowWidth);
    return this.rowWidth > 0;
  }

  addNumber(columnIndex: number, value: number, isDate: boolean): void {
    if (isSmallWhole(value)) this.add(columnIndex, isDate ? CellKind.Date : CellKind.Number, value, true);
    else {
      this.numbers.push(value);
      this.add(columnIndex, isDate ? CellKind.FractionDate : CellKind.Fraction, this.numbers.length - 1, true);
    }
  }

  addBoolean(columnIndex: number, value: boolean): void {
    this.add(columnIndex, value ? CellKind.True : CellKind.False, 0, true);
  }

  addShared(columnIndex: number, index: number): void {
    this.add(columnIndex, CellKind.Shared, index, !this.strings.isBlank(index));
  }

  /** `isFilled`: the text holds something other than white space, as the caller found. */
  addText(columnIndex: number, text: string, isFilled: boolean): void {
    this.texts.push(text);
    this.add(columnIndex, CellKind.Text, this.texts.length - 1, isFilled);
  }

  hideRow(rowNumber: number): void {
    const count = this.hidden.length;
    if (count > 0 && this.hidden.get(count - 1) === rowNumber - 1) this.hidden.set(count - 1, rowNumber);
    else if (count === 0 || this.hidden.get(count - 1) < rowNumber) {
      this.hidden.push(rowNumber);
      this.hidden.push(rowNumber);
    }
  }

  /**
   * The cells are all in (merged ranges and links follow them in a worksheet): the used range
   * is now known, the rows and columns holding values.
   */
  endCells(): void {
    if (this.usedRange !== undefined) return;
    if (!this.isOrdered) this.sortRows();
    const count = this.rowNumbers.length;
    this.usedRange = { lastRow: count === 0 ? 0 : this.rowNumbers.get(count - 1), lastColumn: this.lastColumn };
  }

  /**
   * A merged range, cut to the used range (a merge reaching row 1,048,576 ends at the last row
   * with a value); returns how many cells it covers besides its top-left one, 0 when it is
   * left out (wholly outside, or a single cell once cut).
   */
  addMerge(range: CellRange): number {
    const { lastRow, lastColumn } = this.endedRange();
    if (range.firstRow > lastRow || range.firstColumn > lastColumn) return 0;
    const cutRow = Math.min(range.lastRow, lastRow);
    const cutColumn = Math.min(range.lastColumn, lastColumn);
    const cells = (cutRow - range.firstRow + 1) * (cutColumn - range.firstColumn + 1);
    if (cells < 2) return 0;
    this.merges.push(range.firstRow);
    this.merges.push(cutRow);
    this.merges.push(range.firstColumn);
    this.merges.push(cutColumn);
    return cells - 1;
  }

  /** A link on one cell within the used range; false when it is outside and left out. */
  addLink(rowNumber: number, columnIndex: number, target: string): boolean {
    const { lastRow, lastColumn } = this.endedRange();
    if (rowNumber < 1 || rowNumber > lastRow || columnIndex < 0 || columnIndex > lastColumn) return false;
    this.links.push({ rowNumber, columnIndex, target });
    return true;
  }

  finish(): SheetStore {
    const usedRange = this.endedRange();
    const merges: CellRange[] = [];
    for (let i = 0; i + 3 < this.merges.length; i += 4) {
      merges.push({
        firstRow: this.merges.get(i),
        lastRow: this.merges.get(i + 1),
        firstColumn: this.merges.get(i + 2),
        lastColumn: this.merges.get(i + 3),
      });
    }
    return new SheetStore(
      {
        rowNumbers: this.rowNumbers.trimmed(),
        rowStarts: this.rowStarts.trimmed(),
        rowWidths: this.rowWidths.trimmed(),
        columns: this.columns,
        kinds: this.kinds,
        values: this.values,
        numbers: this.numbers.trimmed(),
        texts: this.texts,
        hidden: this.hidden.trimmed(),
      },
      this.strings,
      this.is1904,
      merges,
      this.links,
      usedRange,
    );
  }

  private endedRange(): UsedRange {
    this.endCells();
    return this.usedRange as UsedRange;
  }

  private add(columnIndex: number, kind: CellKind, value: number, isFilled: boolean): void {
    this.columns.push(columnIndex);
    this.kinds.push(kind);
    this.values.push(value);
    if (columnIndex > this.lastColumn) this.lastColumn = columnIndex;
    if (isFilled && columnIndex >= this.rowWidth) this.rowWidth = columnIndex + 1;
  }

  /** Rows out of order (or repeated, the last one kept), as some programs write them, put in order. */
  private sortRows(): void {
    const count = this.rowNumbers.length;
    const order = Array.from({ length: count }, (_, i) => i).sort(
      (a, b) => this.rowNumbers.get(a) - this.rowNumbers.get(b) || a - b,
    );
    const kept = order.filter(
      (row, i) => i + 1 === order.length || this.rowNumbers.get(order[i + 1] as number) !== this.rowNumbers.get(row),
    );
    const rows = kept.map((row) => ({
      rowNumber: this.rowNumbers.get(row),
      width: this.rowWidths.get(row),
      start: this.rowStarts.get(row),
      end: row + 1 < count ? this.rowStarts.get(row + 1) : this.kinds.length,
    }));
    const { columns, kinds, values } = this;
    this.columns = new BlockArray(Uint16Array);
    this.kinds = new BlockArray(Uint8Array);
    this.values = new BlockArray(Int32Array);
    this.rowNumbers.length = this.rowStarts.length = this.rowWidths.length = 0;
    for (const row of rows) {
      this.rowNumbers.push(row.rowNumber);
      this.rowStarts.push(this.kinds.length);
      this.rowWidths.push(row.width);
      for (let k = row.start; k < row.end; k++) {
        this.columns.push(columns.get(k));
        this.kinds.push(kinds.get(k));
        this.values.push(values.get(k));
      }
    }
  }
}

interface StoredCells {
  readonly rowNumbers: Int32Array;
  readonly rowStarts: Int32Array;
  readonly rowWidths: Uint16Array;
  readonly columns: BlockArray<Uint16Array>;
  readonly kinds: BlockArray<Uint8Array>;
  /** A cell's whole number, or index into the shared strings, the texts or the numbers, by its kind. */
  readonly values: BlockArray<Int32Array>;
  /** Numbers that are not small whole ones. */
  readonly numbers: Float64Array;
  readonly texts: readonly string[];
  /** Hidden rows as pairs of first and last row numbers. */
  readonly hidden: Int32Array;
}

function findRow(rowNumbers: Int32Array, rowNumber: number): number {
  const index = lowerBound(rowNumbers, rowNumber);
  return rowNumbers[index] === rowNumber ? index : -1;
}

/**
 * One worksheet's rows, converted to cell values only when asked for: `at(i)` is
 * spreadsheet row i + 1 as the user sees it, with a hyperlink cell given as its address
 * (see `linkedCellValue`) and every cell of a merged range given its top-left value.
 */
export class SheetStore implements RowSource {
  readonly length: number;
  /** The rightmost column (1-based) holding a value; 0 when none does. */
  readonly lastColumn: number;
  /** Rows holding at least one value. */
  readonly valueRowCount: number;
  /** Rows that are not blank (what counts as an order row), merged and linked cells included. */
  readonly filledRowCount: number;
  /**
   * The merged ranges covering each row: for row number r, the ids in `mergeIds` from `mergeRowStarts[r]` up to
   * `mergeRowStarts[r + 1]`, in order.
   */
  private readonly mergeRowStarts: Int32Array;
  private readonly mergeIds: Int32Array;
  private readonly mergeValues: CellValue[];
  /** Each row's links by column (the first link given a cell). */
  private readonly linksByRow = new Map<number, Map<number, Link>>();
  /** Row numbers with a value that is not blank, ascending, and the widest such row from each on. */
  private readonly widthRows: Int32Array;
  private readonly widthsFrom: Uint16Array;

  constructor(
    private readonly cells: StoredCells,
    private readonly strings: SharedStrings,
    private readonly is1904: boolean,
    private readonly merges: readonly CellRange[],
    links: readonly Link[],
    usedRange: UsedRange,
  ) {
    this.length = usedRange.lastRow;
    this.lastColumn = usedRange.lastColumn + 1;
    for (const link of links) {
      const row = this.linksByRow.get(link.rowNumber);
      if (!row) this.linksByRow.set(link.rowNumber, new Map([[link.columnIndex, link]]));
      else if (!row.has(link.columnIndex)) row.set(link.columnIndex, link);
    }
    [this.mergeRowStarts, this.mergeIds] = indexByRow(merges, this.length);
    this.mergeValues = this.topLeftValues();

    // Rows that merges and links change are measured as they read; the others as stored.
    const changed = new Set<number>(this.linksByRow.keys());
    for (let r = 1; r <= this.length; r++)
      if ((this.mergeRowStarts[r + 1] as number) > (this.mergeRowStarts[r] as number)) changed.add(r);
    const changedRows = Int32Array.from(changed).sort();
    const changedWidths = new Uint16Array(changedRows.length);
    const { rowNumbers, rowWidths } = cells;
    let valueRows = rowNumbers.length;
    changedRows.forEach((rowNumber, c) => {
      const row = this.at(rowNumber - 1);
      if (row && findRow(rowNumbers, rowNumber) < 0 && row.some((cell) => cell !== null)) valueRows++;
      changedWidths[c] = row ? widthWith(row, 0) : 0;
    });
    this.valueRowCount = valueRows;
    // Both lists ascend: merged in one pass, in typed arrays, as a map of every row would cost megabytes at the peak.
    const widthRows = new Int32Array(rowNumbers.length + changedRows.length);
    const widths = new Uint16Array(widthRows.length);
    let filled = 0;
    const keep = (rowNumber: number, width: number) => {
      if (width === 0) return;
      widthRows[filled] = rowNumber;
      widths[filled++] = width;
    };
    let c = 0;
    for (let p = 0; p < rowNumbers.length; p++) {
      const rowNumber = rowNumbers[p] as number;
      for (; c < changedRows.length && (changedRows[c] as number) < rowNumber; c++)
        keep(changedRows[c] as number, changedWidths[c] as number);
      if (changedRows[c] !== rowNumber) keep(rowNumber, rowWidths[p] as number);
    }
    for (; c < changedRows.length; c++) keep(changedRows[c] as number, changedWidths[c] as number);
    this.filledRowCount = filled;
    this.widthRows = widthRows.slice(0, filled);
    this.widthsFrom = new Uint16Array(filled);
    let widest = 0;
    for (let i = filled - 1; i >= 0; i--) {
      widest = Math.max(widest, widths[i] as number);
      this.widthsFrom[i] = widest;
    }
  }

  at(index: number): readonly CellValue[] | undefined {
    const rowNumber = index + 1;
    if (rowNumber < 1 || rowNumber > this.length) return undefined;
    const { rowNumbers, rowStarts, columns } = this.cells;
    const p = findRow(rowNumbers, rowNumber);
    let row: CellValue[] | undefined;
    if (p >= 0) {
      const start = rowStarts[p] as number;
      const end = p + 1 < rowStarts.length ? (rowStarts[p + 1] as number) : columns.length;
      let last = 0;
      for (let k = start; k < end; k++) if (columns.get(k) > last) last = columns.get(k);
      row = new Array<CellValue>(last + 1).fill(null);
      for (let k = start; k < end; k++) row[columns.get(k)] = this.cellValue(k);
    }
    const links = this.linksByRow.get(rowNumber);
    const mergesFrom = this.mergeRowStarts[rowNumber] as number;
    const mergesTo = this.mergeRowStarts[rowNumber + 1] as number;
    if (links === undefined && mergesFrom === mergesTo) return row;
    if (links) {
      row ??= [];
      for (const link of links.values()) row[link.columnIndex] = linkedCellValueOf(row[link.columnIndex] ?? null, link);
    }
    for (let k = mergesFrom; k < mergesTo; k++) {
      const id = this.mergeIds[k] as number;
      const merge = this.merges[id] as CellRange;
      row ??= [];
      const value = this.mergeValues[id] ?? null;
      for (let c = merge.firstColumn; c <= merge.lastColumn; c++)
        if (rowNumber !== merge.firstRow || c !== merge.firstColumn) row[c] = value;
    }
    if (row === undefined) return undefined;
    for (let c = 0; c < row.length; c++) if (row[c] === undefined) row[c] = null;
    return row.some((cell) => cell !== null) ? row : undefined;
  }

  usedWidth(from: number): number {
    const p = lowerBound(this.widthRows, from + 1);
    return p < this.widthsFrom.length ? (this.widthsFrom[p] as number) : 0;
  }

  /** Rows that are not blank from row index `from` on. */
  filledRowsFrom(from: number): number {
    return this.widthRows.length - lowerBound(this.widthRows, from + 1);
  }

  /** Row numbers the user has hidden, within the used range. */
  hiddenRows(): number[] {
    const rows: number[] = [];
    const { hidden } = this.cells;
    for (let i = 0; i + 1 < hidden.length; i += 2) {
      for (let r = hidden[i] as number; r <= Math.min(hidden[i + 1] as number, this.length); r++) rows.push(r);
    }
    return rows;
  }

  private cellValue(k: number): CellValue {
    const value = this.cells.values.get(k);
    switch (this.cells.kinds.get(k) as CellKind) {
      case CellKind.Number:
        return value;
      case CellKind.Date:
        return serialToDate(value, this.is1904);
      case CellKind.Fraction:
        return this.cells.numbers[value] as number;
      case CellKind.FractionDate:
        return serialToDate(this.cells.numbers[value] as number, this.is1904);
      case CellKind.False:
        return false;
      case CellKind.True:
        return true;
      case CellKind.Shared:
        return value < this.strings.count ? this.strings.text(value) : null;
      case CellKind.Text:
        return this.cells.texts[value] ?? null;
    }
  }

  /**
   * Each merged range's value: its top-left cell as stored (the last one when a row repeats a
   * column), with its link. Each row holding top-left cells is looked through once.
   */
  private topLeftValues(): CellValue[] {
    const values = new Array<CellValue>(this.merges.length).fill(null);
    const { rowNumbers, rowStarts, columns } = this.cells;
    const cellAt = new Map<number, number>();
    for (let r = 1; r <= this.length; r++) {
      const from = this.mergeRowStarts[r] as number;
      const to = this.mergeRowStarts[r + 1] as number;
      let isRowRead = false;
      for (let k = from; k < to; k++) {
        const id = this.mergeIds[k] as number;
        const merge = this.merges[id] as CellRange;
        if (merge.firstRow !== r) continue;
        if (!isRowRead) {
          isRowRead = true;
          cellAt.clear();
          const p = findRow(rowNumbers, r);
          if (p >= 0) {
            const end = p + 1 < rowStarts.length ? (rowStarts[p + 1] as number) : columns.length;
            for (let c = rowStarts[p] as number; c < end; c++) cellAt.set(columns.get(c), c);
          }
        }
        const at = cellAt.get(merge.firstColumn);
        const link = this.linksByRow.get(r)?.get(merge.firstColumn);
        const stored = at === undefined ? null : this.cellValue(at);
        values[id] = link ? linkedCellValueOf(stored, link) : stored;
      }
    }
    return values;
  }
}

/** A cell with a link, as `linkedCellValue` gives it: its text (if it is text) and the link's address. */
function linkedCellValueOf(value: CellValue, link: Link): CellValue {
  return linkedCellValue(typeof value === "string" ? value : "", link.target);
}

/**
 * Merged ranges by the rows they cover (rows 1 to `length`): where each row's ids start in the
 * list of ids, and the list, ids in order within each row.
 */
function indexByRow(merges: readonly CellRange[], length: number): [Int32Array, Int32Array] {
  const starts = new Int32Array(length + 2);
  const ranges: [number, number][] = merges.map((merge) => [
    Math.max(1, merge.firstRow),
    Math.min(length, merge.lastRow),
  ]);
  // Counts per row from where each range starts and ends, then where each row's ids start.
  for (const [first, last] of ranges) {
    if (first > last) continue;
    (starts[first] as number)++;
    (starts[last + 1] as number)--;
  }
  let covering = 0;
  let total = 0;
  for (let r = 1; r <= length + 1; r++) {
    covering += starts[r] as number;
    starts[r] = total;
    total += r <= length ? covering : 0;
  }
  const ids = new Int32Array(total);
  const next = starts.slice();
  ranges.forEach(([first, last], id) => {
    for (let r = first; r <= last; r++) ids[(next[r] as number)++] = id;
  });
  return [starts, ids];
}
