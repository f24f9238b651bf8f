import { Growable } from "./xlsx/growable";
import type { LongestCell } from "../core/sheet-table";

/**
 * What the CSV reader learns of each row while the row is fresh from the parser: where its
 * values end and where its longest text is. The table below whichever row turns out to be the
 * header then needs no second pass over every cell of a 100,000-row file.
 */
export class CsvRowMeasures {
  constructor(
    /** Per row: index just past its last value (blank text is not a value). */
    private readonly widths: Uint32Array,
    /** Per row: characters in its longest cell, and that cell's column. */
    private readonly longestLengths: Uint32Array,
    private readonly longestColumns: Uint32Array,
  ) {}

  /** Index just past the last column with a value, from row index `from` on. */
  usedWidth(from: number): number {
    let width = 0;
    for (let r = Math.max(0, from); r < this.widths.length; r++) if ((this.widths[r] as number) > width) width = this.widths[r] as number;
    return width;
  }

  /** The longest text from row index `from` on (the first such cell on a tie), or undefined when all is empty. */
  longestCell(from: number): LongestCell | undefined {
    let row = -1;
    let length = 0;
    for (let r = Math.max(0, from); r < this.longestLengths.length; r++) {
      if ((this.longestLengths[r] as number) > length) {
        length = this.longestLengths[r] as number;
        row = r;
      }
    }
    return row === -1 ? undefined : { rowNumber: row + 1, columnIndex: this.longestColumns[row] as number, length };
  }
}

/** Collects the measures row by row. */
export function csvRowMeasurer() {
  const widths = new Growable(Uint32Array);
  const lengths = new Growable(Uint32Array);
  const columns = new Growable(Uint32Array);
  const measurer = {
    /** Keeps the measures of the next row, found by whoever read it. */
    record(width: number, longest: number, longestColumn: number): void {
      widths.push(width);
      lengths.push(longest);
      columns.push(longestColumn);
    },
    /** Measures a row and returns its width (see {@link CsvRowMeasures.usedWidth}). */
    add(row: readonly string[]): number {
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
      measurer.record(lastFilled + 1, longest, longestColumn);
      return lastFilled + 1;
    },
    /** The measures of the first `rowCount` rows. */
    measures(rowCount: number): CsvRowMeasures {
      const n = Math.min(rowCount, widths.length);
      return new CsvRowMeasures(widths.trimmed().subarray(0, n), lengths.trimmed().subarray(0, n), columns.trimmed().subarray(0, n));
    },
  };
  return measurer;
}
