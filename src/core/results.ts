import type { Issue } from "./issues";

/**
 * What became of one sheet row: its job was created (and perhaps cancelled since), already existed, was rejected, got no
 * clear answer yet, was not found after one, is still to be sent; or the row was not sent
 * (because of errors) or was skipped by the user.
 */
export type RowOutcome = "created" | "cancelled" | "existing" | "rejected" | "unknown" | "not-found" | "pending" | "not-sent" | "skipped";

export interface RowResult {
  readonly rowNumber: number;
  readonly orderNumber?: string | undefined;
  readonly outcome: RowOutcome;
  readonly jobNumber?: number;
  readonly newAssetSku?: string | null;
  readonly messages: readonly string[];
}

export const RESULT_HEADERS = ["Import result", "Job number", "New asset tag", "Messages"] as const;

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

/** An issue as a line of the result sheet: warnings and notes say so, errors need not. */
export const issueText = (issue: Issue) => `${issue.severity === "error" ? "" : `${issue.severity === "info" ? "note" : issue.severity}: `}${issue.message}`;

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
