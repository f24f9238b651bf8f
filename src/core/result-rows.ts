/**
 * What became of one sheet row: its job was created (and perhaps cancelled since), already existed, was rejected, got
 * no clear answer yet, was not found after one, is still to be sent; or the row was not sent (because of errors) or was
 * skipped by the user.
 */
export type RowOutcome =
  | "created"
  | "cancelled"
  | "existing"
  | "rejected"
  | "unknown"
  | "not-found"
  | "pending"
  | "not-sent"
  | "skipped";

export interface RowResult {
  readonly rowNumber: number;
  readonly orderNumber?: string | undefined;
  readonly outcome: RowOutcome;
  readonly jobNumber?: number;
  readonly newAssetSku?: string | null;
  readonly messages: readonly string[];
}

export const OUTCOME_TEXT: Readonly<Record<RowOutcome, string>> = {
  created: "Created",
  cancelled: "Created, since cancelled",
  existing: "Already existed",
  rejected: "Rejected by the vendor",
  unknown: "No clear answer yet",
  "not-found": "Not created",
  pending: "Not sent yet",
  "not-sent": "Not sent",
  skipped: "Skipped",
};

/**
 * The result columns by what each holds, with its header, in the order they are appended to a sheet: the one place they
 * are named.
 */
export const RESULT_COLUMN = {
  outcome: "Import result",
  jobNumber: "Job number",
  jobStatus: "Job status",
  lineResult: "Line result",
  newAssetTag: "New asset tag",
  needsArtwork: "Needs artwork",
  lineEstimate: "Line estimate",
  jobTotal: "Job total",
  messages: "Messages",
  submittedAt: "Submitted at",
  artworkCheck: "Artwork check",
} as const;
export type ResultColumnKey = keyof typeof RESULT_COLUMN;
export type ResultColumnHeader = (typeof RESULT_COLUMN)[ResultColumnKey];

/** The result columns' keys, in the order they are appended. */
export const RESULT_COLUMN_KEYS = Object.keys(RESULT_COLUMN) as readonly ResultColumnKey[];

/** The result columns' headers, in the order they are appended. */
export const RESULT_COLUMNS: readonly ResultColumnHeader[] = RESULT_COLUMN_KEYS.map((key) => RESULT_COLUMN[key]);

/** The result columns a row's result alone fills, for the results without the user's sheet. */
export const RESULT_HEADERS: readonly ResultColumnHeader[] = [
  RESULT_COLUMN.outcome,
  RESULT_COLUMN.jobNumber,
  RESULT_COLUMN.newAssetTag,
  RESULT_COLUMN.messages,
];

export const RESULTS_ONLY_HEADERS = ["Row", "Order number", ...RESULT_HEADERS] as const;

/** The results without the user's sheet (when it is no longer open): one line per row, by row number. */
export function buildResultsOnlyTable(results: readonly RowResult[]): string[][] {
  return [
    [...RESULTS_ONLY_HEADERS],
    ...results.map((result) => [
      String(result.rowNumber),
      result.orderNumber ?? "",
      OUTCOME_TEXT[result.outcome],
      result.jobNumber === undefined ? "" : String(result.jobNumber),
      result.newAssetSku ?? "",
      result.messages.join("\n"),
    ]),
  ];
}

/** A cell's text as headers and results read back are compared: trimmed, in lower case. */
const comparable = (text: string) => text.trim().toLowerCase();
const RESULT_COLUMNS_READ_BACK = new Set<string>(RESULT_COLUMNS.map(comparable));

/** Whether a header is one of our result columns (a result sheet imported again). */
export const isResultColumn = (header: string) => RESULT_COLUMNS_READ_BACK.has(comparable(header));

/** Results that mean the row's job exists: it is not imported again. */
const DONE_RESULTS = new Set([OUTCOME_TEXT.created, OUTCOME_TEXT.existing].map(comparable));

/**
 * The rows of a result sheet imported again that were created then: a "Created" or "Already
 * existed" import result with a job number. Their job numbers, by row number.
 */
export function rowsImportedBefore(
  headers: readonly string[],
  rows: Iterable<{ readonly rowNumber: number; readonly cells: readonly unknown[] }>,
): Map<number, number> {
  const result = headers.findIndex((h) => comparable(h) === comparable(RESULT_COLUMN.outcome));
  const job = headers.findIndex((h) => comparable(h) === comparable(RESULT_COLUMN.jobNumber));
  const found = new Map<number, number>();
  if (result < 0 || job < 0) return found;
  for (const row of rows) {
    const outcome = comparable(String(row.cells[result] ?? ""));
    const jobNumber = Number(String(row.cells[job] ?? "").trim());
    if (DONE_RESULTS.has(outcome) && Number.isInteger(jobNumber) && jobNumber > 0) found.set(row.rowNumber, jobNumber);
  }
  return found;
}
