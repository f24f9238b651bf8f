const MiB = 1024 * 1024;

/**
 * What a file may be before it is refused. They follow from measured costs: a 100,000-row
 * workbook takes exceljs about 1 GB of memory to load, a 100,000-row CSV about a tenth of that,
 * and a browser tab has a few GB at most. `npm run bench` prints the figures behind them.
 */
export const SHEET_LIMITS = {
  /**
   * A CSV is decoded and parsed a quarter-megabyte at a time, so its size is checked before
   * any of it is decoded and no row can make the reader hold more than `maxRowChars` of it
   * unfinished. Blank lines are not rows: only rows with a value count against `maxRows`.
   * `maxCellChars` (as much as Excel lets a cell hold) applies below the header.
   */
  csv: { maxBytes: 64 * MiB, maxRows: 300_000, maxRowChars: 2 * MiB, maxCellChars: 32_767 },
  /**
   * A workbook is read as its parts inflate, without a document tree, and keeps only cells
   * holding a value (about 7 bytes each). Blank rows do not count against `maxRows`; a merged
   * range counts only as far as the sheet's used range reaches.
   */
  xlsx: {
    maxBytes: 64 * MiB,
    maxRows: 300_000,
    /** Cells holding a value, all sheets together: what bounds the memory the sheets take. */
    maxCells: 15_000_000,
    /** Cells a sheet's merged ranges cover besides their top-left ones (after cutting them to the used range). */
    maxMergedCells: 5_000_000,
    /** Text in one cell, as much as Excel lets a cell hold. */
    maxCellChars: 32_767,
    /** Elements open at once in a part's XML; workbooks nest a dozen deep. */
    maxXmlDepth: 100,
    /** Characters in one tag (a long list of cell ranges is the longest workbooks write). */
    maxMarkupChars: 4 * MiB,
  },
  /** Columns holding a value; in a CSV, empty fields after a row's last value do not count. */
  maxColumns: 1_000,
  /**
   * Rows above the order rows a file may have besides (titles, notes, the header itself):
   * reading, before the header is known, stops a file with more rows than `maxRows` and these;
   * the order rows under the header are then counted exactly against `maxRows`.
   */
  headerAllowance: 30,
  zip: {
    maxEntries: 5_000,
    /** All parts together, once inflated. */
    maxInflatedBytes: 512 * MiB,
    /** Larger parts may not inflate more than this many times their packed size. */
    maxRatio: 250,
    ratioFloorBytes: 4 * MiB,
  },
} as const;

export function formatBytes(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(bytes >= 10 * MiB ? 0 : 1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
