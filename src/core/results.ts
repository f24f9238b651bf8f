import type { Issue } from "./issues";
import { cellRawText, type SheetTable } from "./sheet-model";

/**
 * What became of one sheet row: its job was created, already existed, was rejected, got no
 * clear answer yet, was not found after one, is still to be sent; or the row was not sent
 * (because of errors) or was skipped by the user.
 */
export type RowOutcome = "created" | "existing" | "rejected" | "unknown" | "not-found" | "pending" | "not-sent" | "skipped";

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

/** Messages for each row, gathered once: a row's own issues, then those about its whole job. */
export function messagesByRow(issues: readonly Issue[]): (rowNumber: number, orderNumber: string | undefined) => string[] {
  const byRow = new Map<number, string[]>();
  const byOrder = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.rowNumber !== null) byRow.set(issue.rowNumber, [...(byRow.get(issue.rowNumber) ?? []), issueText(issue)]);
    else if (issue.orderNumber !== undefined) byOrder.set(issue.orderNumber, [...(byOrder.get(issue.orderNumber) ?? []), issueText(issue)]);
  }
  return (rowNumber, orderNumber) => [...(byRow.get(rowNumber) ?? []), ...(orderNumber === undefined ? [] : (byOrder.get(orderNumber) ?? []))];
}

/**
 * The result sheet: the user's own header and cells, untouched and in their order, with
 * the result columns appended. Blank rows stay blank.
 */
export function buildResultTable(table: SheetTable, results: ReadonlyMap<number, RowResult>): string[][] {
  const width = Math.max(table.headers.length, ...table.rows.map((row) => row.cells.length));
  const pad = (cells: readonly string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")];
  const out: string[][] = [[...pad([...table.headers]), ...RESULT_HEADERS]];
  for (const row of table.rows) {
    const result = results.get(row.rowNumber);
    const cells = pad(row.cells.map((cell) => cellRawText(cell)));
    out.push(
      result === undefined
        ? [...cells, "", "", "", ""]
        : [
            ...cells,
            OUTCOME_TEXT[result.outcome],
            result.jobNumber === undefined ? "" : String(result.jobNumber),
            result.newAssetSku ?? "",
            result.messages.join("\n"),
          ],
    );
  }
  return out;
}

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
