import { planSubmission, type ExistingOrder, type PlanRow, type SubmissionPlan } from "../core/batch-plan";
import type { JobPayload } from "../core/resolve";
import { editLog, rowDetails } from "./audit-trail";
import type { SessionState } from "./engine-session";
import { jobStateOf } from "./job-state";
import { issuesOfRow, wholeOrderIssues } from "./row-issues";

type ReadyJob = JobPayload & { estimate: number; allowExisting?: readonly number[]; existing?: ExistingOrder };

/** An order whose job the dry run accepted, with the request that would make it there. */
export interface OrderToLookUp {
  orderNumber: string;
  candidate: JobPayload["candidate"];
}

/**
 * The jobs a submission sends (the dry run accepted them, or they exist at the vendor already) and
 * those the vendor could not check.
 */
function jobsToSend(session: SessionState): { ready: Map<string, ReadyJob>; unchecked: Set<string> } {
  const ready = new Map<string, ReadyJob>();
  const unchecked = new Set<string>();
  const { atVendor } = session;
  for (const [orderNumber, job] of session.index.jobs()) {
    const state = jobStateOf(session, orderNumber, job);
    const allowed = atVendor.allowed(orderNumber);
    const found = state === "existing" ? atVendor.existing(orderNumber) : undefined;
    if (job.payload && (state === "valid" || found)) {
      ready.set(orderNumber, {
        ...job.payload,
        estimate: job.estimate,
        ...(allowed ? { allowExisting: allowed } : {}),
        ...(found ? { existing: found } : {}),
      });
    } else if (state === "unverified") unchecked.add(orderNumber);
  }
  return { ready, unchecked };
}

/** Every row that is a line or is skipped, with its order, what an earlier import made of it, and its issues. */
function planRows(session: SessionState): PlanRow[] {
  const { rows } = session;
  const planned: PlanRow[] = [];
  for (let i = 0; i < rows.count; i++) {
    const skipped = rows.isSkipped(i);
    if (!session.index.line(i) && !skipped) continue;
    const rowNumber = rows.rowNumberAt(i);
    const importedAs = session.settings.importedBefore.get(rowNumber);
    planned.push({
      rowNumber,
      orderNumber: session.index.orderNumberAt(i),
      skipped,
      importedAs,
      issues: skipped ? [] : issuesOfRow(session, i),
    });
  }
  return planned;
}

/** What a submission sends now (every job the vendor's dry run accepted) and why each other row stays behind. */
export function submissionPlanOf(session: SessionState): SubmissionPlan {
  const { ready, unchecked } = jobsToSend(session);
  const jobIssues = (orderNumber: string) =>
    session.index.job(orderNumber) ? wholeOrderIssues(session, orderNumber) : [];
  return {
    ...planSubmission(planRows(session), { ready, issues: jobIssues, unchecked }),
    rowDetails: rowDetails(session),
    editLog: editLog(session),
  };
}

/**
 * Orders the dry run accepted that have not been looked up at the vendor since (every one when
 * `all`): are their jobs there already?
 */
export function ordersToLookUp(session: SessionState, all = false): OrderToLookUp[] {
  const due: OrderToLookUp[] = [];
  for (const [orderNumber, job] of session.index.jobs()) {
    if (job.payload && session.dryRuns.isValidated(orderNumber) && (all || !session.atVendor.isLookedUp(orderNumber)))
      due.push({ orderNumber, candidate: job.payload.candidate });
  }
  return due;
}
