const MiB = 1024 * 1024;

/**
 * What a file may be before it is refused. They follow from measured costs: a 100,000-row
 * workbook takes exceljs about 1 GB of memory to load, a 100,000-row CSV about a tenth of that,
 * and a browser tab has a few GB at most. `npm run bench` prints the figures behind them.
 */
export const SHEET_LIMITS = {
  csv: { maxBytes: 64 * MiB, maxRows: 300_000 },
  xlsx: { maxBytes: 24 * MiB, maxRows: 100_000 },
  maxColumns: 1_000,
  /** Rows above the order rows a file may have besides (titles, notes, the header itself). */
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

export const formatCount = (n: number) => n.toLocaleString("en-US");
