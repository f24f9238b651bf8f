import type { Issue } from "./issues";
import { existingText, type EarlierJob, type OrderMessage, type UnsentRow } from "./journal";
import type { JobPayload } from "./resolve/resolve-job";
import type { EditLogEntry, RowDetail } from "./session-edits";
import type { JobCandidate } from "./vendor";

/** An order ready to send, as the engine resolved it. */
export interface PlannedOrder {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  readonly lineRows: readonly number[];
  /** Warnings and notes on its rows and on the job, carried into the result sheet. */
  readonly notes: readonly OrderMessage[];
  /** The estimate from the account's tier prices, in its currency. */
  readonly estimate?: number | undefined;
  /** Jobs the vendor already has under its number that the user chose to send it beside. */
  readonly allowExisting?: readonly number[] | undefined;
  /** Its job exists already (found after its dry run): it is written down as existing, not sent. */
  readonly existing?: ExistingOrder | undefined;
}

/**
 * Why an order is not to be sent: the journal here created it earlier (whatever its PO number
 * at the vendor now), or the vendor has jobs under its number that were not made here.
 */
export type ExistingOrder =
  | { readonly kind: "earlier"; readonly job: EarlierJob }
  | { readonly kind: "vendor"; readonly jobNumbers: readonly number[] };

/** Why an order found to exist is not sent, in the words its rows carry. */
export function existingOrderText(orderNumber: string, existing: ExistingOrder): string {
  return existing.kind === "earlier"
    ? existingText({ orderNumber, existingJobNumbers: [existing.job.jobNumber], createdEarlier: existing.job })
    : existingText({ orderNumber, existingJobNumbers: existing.jobNumbers, createdEarlier: undefined });
}

/** What the engine knows of each order, for the plan. */
export interface PlanJobs {
  /** The orders the vendor's dry run accepted: to send, or (with `existing`) found to exist already. */
  readonly ready: ReadonlyMap<
    string,
    JobPayload & {
      readonly estimate?: number;
      readonly allowExisting?: readonly number[];
      readonly existing?: ExistingOrder;
    }
  >;
  /** An order's issues as a whole. */
  readonly issues: (orderNumber: string) => readonly Issue[];
  /** Orders the vendor could not check this time (a 429, a 5xx, no answer): checked again on the next run. */
  readonly unchecked: ReadonlySet<string>;
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
 * Splits the session into orders to send (those the vendor's dry run accepted, some of them
 * found to exist already) and the rows that stay behind, each with its reasons in the user's words.
 */
export function planSubmission(rows: Iterable<PlanRow>, jobs: PlanJobs): SubmissionPlan {
  const { ready, issues: jobIssues } = jobs;
  const otherRows: UnsentRow[] = [];
  const notes = new Map<string, OrderMessage[]>();
  for (const row of rows) {
    const payload = row.orderNumber === undefined ? undefined : ready.get(row.orderNumber);
    if (payload && !row.skipped) {
      const own = notes.get(payload.orderNumber) ?? [];
      for (const issue of row.issues) own.push({ rowNumber: row.rowNumber, text: issue.message, code: issue.code });
      notes.set(payload.orderNumber, own);
      continue;
    }
    if (row.skipped && row.importedAs !== undefined) {
      otherRows.push({
        rowNumber: row.rowNumber,
        orderNumber: row.orderNumber,
        outcome: "existing",
        jobNumber: row.importedAs,
        messages: [`Created by an earlier import as job ${row.importedAs}; not imported again.`],
      });
      continue;
    }
    if (row.skipped) {
      otherRows.push({
        rowNumber: row.rowNumber,
        orderNumber: row.orderNumber,
        outcome: "skipped",
        messages: ["Skipped: left out of the import."],
      });
      continue;
    }
    if (
      row.orderNumber === undefined &&
      row.issues.length > 0 &&
      row.issues.every((issue) => issue.code === "NOT_AN_ORDER_ROW")
    ) {
      // A totals or note row was never an order line: it is left out, not held back.
      otherRows.push({
        rowNumber: row.rowNumber,
        orderNumber: undefined,
        outcome: "skipped",
        messages: row.issues.map((issue) => issue.message),
      });
      continue;
    }
    const messages = [...row.issues, ...(row.orderNumber === undefined ? [] : jobIssues(row.orderNumber))].map(
      (issue) => issue.message,
    );
    if (messages.length === 0 && row.orderNumber !== undefined)
      messages.push(`Not sent: other rows of order ${row.orderNumber} need fixing first.`);
    const vendorFailed =
      row.orderNumber !== undefined &&
      jobs.unchecked.has(row.orderNumber) &&
      !row.issues.some((issue) => issue.severity === "error");
    otherRows.push({
      rowNumber: row.rowNumber,
      orderNumber: row.orderNumber,
      outcome: "not-sent",
      messages,
      ...(vendorFailed ? { vendorFailed } : {}),
    });
  }
  const orders = [...ready.values()].map((payload) => ({
    orderNumber: payload.orderNumber,
    candidate: payload.candidate,
    lineRows: payload.lineRows,
    notes: [
      ...(notes.get(payload.orderNumber) ?? []),
      ...jobIssues(payload.orderNumber).map((issue) => ({
        rowNumber: issue.rowNumber,
        text: issue.message,
        code: issue.code,
      })),
    ],
    ...(payload.estimate !== undefined ? { estimate: payload.estimate } : {}),
    ...(payload.allowExisting?.length ? { allowExisting: payload.allowExisting } : {}),
    ...(payload.existing ? { existing: payload.existing } : {}),
  }));
  return { orders, otherRows };
}
