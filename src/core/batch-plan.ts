import type { Issue } from "./issues";
import type { OrderMessage, UnsentRow } from "./journal";
import type { JobPayload } from "./resolve/resolve-job";
import { issueText } from "./results";
import type { EditLogEntry, RowDetail } from "./session-edits";
import type { JobCandidate } from "./vendor";

/** An order ready to send, as the engine resolved it. */
export interface PlannedOrder {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  readonly lineRows: readonly number[];
  /** Warnings and notes on its rows and on the job, carried into the result sheet. */
  readonly notes: readonly OrderMessage[];
}

/** What a submission sends, and every other row with why it is not sent. */
export interface SubmissionPlan {
  readonly orders: readonly PlannedOrder[];
  readonly otherRows: readonly UnsentRow[];
  /** Per row: its estimate, values sent instead of the sheet's, when it was skipped. */
  readonly rowDetails?: readonly RowDetail[];
  /** Every edit in effect, for the audit trail. */
  readonly editLog?: readonly EditLogEntry[];
}

export interface PlanRow {
  readonly rowNumber: number;
  readonly orderNumber: string | undefined;
  readonly skipped: boolean;
  /** The job an earlier import created from this row (a result sheet imported again). */
  readonly importedAs?: number | undefined;
  /** The row's own issues (its job's issues are asked for separately). */
  readonly issues: readonly Issue[];
}

/**
 * Splits the session into orders to send (those the vendor's dry run accepted) and the rows
 * that stay behind, each with its reasons in the user's words.
 */
export function planSubmission(rows: Iterable<PlanRow>, ready: ReadonlyMap<string, JobPayload>, jobIssues: (orderNumber: string) => readonly Issue[]): SubmissionPlan {
  const otherRows: UnsentRow[] = [];
  const notes = new Map<string, OrderMessage[]>();
  for (const row of rows) {
    const payload = row.orderNumber === undefined ? undefined : ready.get(row.orderNumber);
    if (payload && !row.skipped) {
      const own = notes.get(payload.orderNumber) ?? [];
      for (const issue of row.issues) own.push({ rowNumber: row.rowNumber, text: issueText(issue) });
      notes.set(payload.orderNumber, own);
      continue;
    }
    if (row.skipped && row.importedAs !== undefined) {
      otherRows.push({ rowNumber: row.rowNumber, orderNumber: row.orderNumber, outcome: "existing", jobNumber: row.importedAs, messages: [`Created by an earlier import as job ${row.importedAs}; not imported again.`] });
      continue;
    }
    if (row.skipped) {
      otherRows.push({ rowNumber: row.rowNumber, orderNumber: row.orderNumber, outcome: "skipped", messages: ["Skipped: left out of the import."] });
      continue;
    }
    if (row.orderNumber === undefined && row.issues.length > 0 && row.issues.every((issue) => issue.code === "NOT_AN_ORDER_ROW")) {
      // A totals or note row was never an order line: it is left out, not held back.
      otherRows.push({ rowNumber: row.rowNumber, orderNumber: undefined, outcome: "skipped", messages: row.issues.map(issueText) });
      continue;
    }
    const messages = [...row.issues, ...(row.orderNumber === undefined ? [] : jobIssues(row.orderNumber))].map(issueText);
    if (messages.length === 0 && row.orderNumber !== undefined) messages.push(`Not sent: other rows of order ${row.orderNumber} need fixing first.`);
    otherRows.push({ rowNumber: row.rowNumber, orderNumber: row.orderNumber, outcome: "not-sent", messages });
  }
  const orders = [...ready.values()].map((payload) => ({
    orderNumber: payload.orderNumber,
    candidate: payload.candidate,
    lineRows: payload.lineRows,
    notes: [...(notes.get(payload.orderNumber) ?? []), ...jobIssues(payload.orderNumber).map((issue) => ({ rowNumber: null, text: issueText(issue) }))],
  }));
  return { orders, otherRows };
}
