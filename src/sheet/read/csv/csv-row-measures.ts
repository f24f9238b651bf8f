import type { LongestCell } from "../../../core/sheet-table";
import { doubled } from "../growable";
import { recordLowerBound } from "../../../core/sorted-search";

/**
 * The measures of every row at once, taken as the rows are recorded: a table's are then asked for without a pass over
 * every row (a cold pass over 10,000 rows costs a millisecond, and a file's table asks four times). Offsets are into
 * the measures' values, -1 for none.
 */
export interface MeasureTotals {
  /** The widest row's width, and the offset of the last row that wide. */
  readonly widest: number;
  readonly widestAt: number;
  /** Rows with a value. */
  readonly filled: number;
  /** The offset of the first row holding the longest text. */
  readonly longestAt: number;
}

/** The totals of measures already taken, in one pass. */
function totalsOf(values: Uint32Array): MeasureTotals {
  const totals = measureTotaller();
  for (let k = 0; k < values.length; k += 4) totals.add(k, values[k + 1] as number, values[k + 2] as number);
  return totals.totals();
}

/** Totals kept row by row, as each row's measures are added at offset `at`. */
function measureTotaller() {
  let widest = 0;
  let widestAt = -1;
  let filled = 0;
  let longestAt = -1;
  let longestLength = 0;
  return {
    add(at: number, width: number, longest: number): void {
      if (width >= widest) {
        widest = width;
        widestAt = at;
      }
      if (width > 0) filled++;
      if (longest > longestLength) {
        longestLength = longest;
        longestAt = at;
      }
    },
    totals: (): MeasureTotals => ({ widest, widestAt, filled, longestAt }),
  };
}

/**
 * What the CSV reader learns of each row while the row is fresh from the parser: where its
 * values end and where its longest text is. The table below whichever row turns out to be the
 * header then needs no second pass over every cell of a 100,000-row file. Rows without a
 * single character are not kept: they have neither.
 */
export class CsvRowMeasures {
  constructor(
    /**
     * Four numbers per row measured, ascending by row: its position, the index just past its
     * last value (blank text is not a value), the characters in its longest cell and that
     * cell's column.
     */
    private readonly values: Uint32Array,
    private readonly totals: MeasureTotals = totalsOf(values),
  ) {}

  /** Offset of the first row measured at position `from` or after. */
  private firstFrom(from: number): number {
    return recordLowerBound(this.values, 4, this.values.length / 4, from) * 4;
  }

  /** Whether the row measured at offset `at` is at position `from` or after (false for no row). */
  private isFrom(at: number, from: number): boolean {
    return at >= 0 && (this.values[at] as number) >= from;
  }

  /** Index just past the last column with a value, from row index `from` on. */
  usedWidth(from: number): number {
    const { values, totals } = this;
    // The widest row is at or below `from`, or no row is: nothing below it is wider.
    if (totals.widestAt < 0 || this.isFrom(totals.widestAt, from)) return totals.widest;
    let width = 0;
    for (let k = this.firstFrom(from); k < values.length; k += 4) {
      const rowWidth = values[k + 1] as number;
      if (rowWidth > width) width = rowWidth;
    }
    return width;
  }

  /** Rows with a value (blank text is not one) from row index `from` on. */
  filledRowsFrom(from: number): number {
    const { values } = this;
    let before = 0;
    for (let k = 0; k < values.length && (values[k] as number) < from; k += 4)
      if ((values[k + 1] as number) > 0) before++;
    return this.totals.filled - before;
  }

  /** The longest text from row index `from` on (the first such cell on a tie), or undefined when all is empty. */
  longestCell(from: number): LongestCell | undefined {
    const { values, totals } = this;
    let longest = -1;
    if (this.isFrom(totals.longestAt, from)) longest = totals.longestAt;
    else {
      let length = 0;
      for (let k = this.firstFrom(from); k < values.length; k += 4) {
        const rowLongest = values[k + 2] as number;
        if (rowLongest > length) {
          length = rowLongest;
          longest = k;
        }
      }
    }
    return longest === -1
      ? undefined
      : {
          rowNumber: (values[longest] as number) + 1,
          columnIndex: values[longest + 3] as number,
          length: values[longest + 2] as number,
        };
  }
}

/** A row's measures: index just past its last value, and its longest text and that text's column. */
export function measureRow(row: readonly string[]): { width: number; longest: number; longestColumn: number } {
  let longest = 0;
  let longestColumn = 0;
  let lastFilled = -1;
  for (let c = 0; c < row.length; c++) {
    const length = (row[c] as string).length;
    if (length === 0) continue;
    lastFilled = c;
    if (length > longest) {
      longest = length;
      longestColumn = c;
    }
  }
  // Text of spaces only is not a value; it is rare, so only the row's end is looked at again.
  while (lastFilled >= 0 && (row[lastFilled] as string).trim() === "") lastFilled--;
  return { width: lastFilled + 1, longest, longestColumn };
}

/** Collects the measures row by row: four numbers a row (position, width, longest text, its column) in one array. */
export function csvRowMeasurer() {
  let values: Uint32Array = new Uint32Array(4096);
  let end = 0;
  const totals = measureTotaller();
  return {
    /** Keeps the measures of the row at `position`, found by whoever read it. */
    record(position: number, width: number, longest: number, longestColumn: number): void {
      if (longest === 0) return;
      if (end + 4 > values.length) values = doubled(values);
      values[end] = position;
      values[end + 1] = width;
      values[end + 2] = longest;
      values[end + 3] = longestColumn;
      totals.add(end, width, longest);
      end += 4;
    },
    /** The measures of the rows before position `rowCount`. */
    measures(rowCount: number): CsvRowMeasures {
      let kept = end;
      while (kept > 0 && (values[kept - 4] as number) >= rowCount) kept -= 4;
      // Rows left out (white space after the last value) are not in the totals kept so far: they are taken again.
      return new CsvRowMeasures(values.slice(0, kept), kept === end ? totals.totals() : undefined);
    },
  };
}
