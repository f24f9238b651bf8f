import type { LongestCell } from "../../../core/sheet-table";
import { lowerBound } from "../../sorted-search";
import { doubled } from "../growable";

/**
 * What the CSV reader learns of each row while the row is fresh from the parser: where its
 * values end and where its longest text is. The table below whichever row turns out to be the
 * header then needs no second pass over every cell of a 100,000-row file. Rows without a
 * single character are not kept: they have neither.
 */
export class CsvRowMeasures {
  constructor(
    /** The rows measured, by position, ascending. */
    private readonly rows: Uint32Array,
    /** Per row measured: index just past its last value (blank text is not a value). */
    private readonly widths: Uint32Array,
    /** Per row measured: characters in its longest cell, and that cell's column. */
    private readonly longestLengths: Uint32Array,
    private readonly longestColumns: Uint32Array,
  ) {}

  /** Index just past the last column with a value, from row index `from` on. */
  usedWidth(from: number): number {
    let width = 0;
    for (let k = lowerBound(this.rows, from); k < this.widths.length; k++)
      if ((this.widths[k] as number) > width) width = this.widths[k] as number;
    return width;
  }

  /** Rows with a value (blank text is not one) from row index `from` on. */
  filledRowsFrom(from: number): number {
    let count = 0;
    for (let k = lowerBound(this.rows, from); k < this.widths.length; k++) if ((this.widths[k] as number) > 0) count++;
    return count;
  }

  /** The longest text from row index `from` on (the first such cell on a tie), or undefined when all is empty. */
  longestCell(from: number): LongestCell | undefined {
    let longest = -1;
    let length = 0;
    for (let k = lowerBound(this.rows, from); k < this.longestLengths.length; k++) {
      if ((this.longestLengths[k] as number) > length) {
        length = this.longestLengths[k] as number;
        longest = k;
      }
    }
    return longest === -1
      ? undefined
      : { rowNumber: (this.rows[longest] as number) + 1, columnIndex: this.longestColumns[longest] as number, length };
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
  return {
    /** Keeps the measures of the row at `position`, found by whoever read it. */
    record(position: number, width: number, longest: number, longestColumn: number): void {
      if (longest === 0) return;
      if (end + 4 > values.length) values = doubled(values);
      values[end] = position;
      values[end + 1] = width;
      values[end + 2] = longest;
      values[end + 3] = longestColumn;
      end += 4;
    },
    /** The measures of the rows before position `rowCount`. */
    measures(rowCount: number): CsvRowMeasures {
      const columns = Array.from({ length: 4 }, () => new Uint32Array(end / 4));
      let n = 0;
      for (let at = 0; at < end && (values[at] as number) < rowCount; at += 4, n++)
        for (let k = 0; k < 4; k++) (columns[k] as Uint32Array)[n] = values[at + k] as number;
      const [rows, widths, lengths, longestColumns] = columns.map((column) => column.slice(0, n)) as [
        Uint32Array,
        Uint32Array,
        Uint32Array,
        Uint32Array,
      ];
      return new CsvRowMeasures(rows, widths, lengths, longestColumns);
    },
  };
}
