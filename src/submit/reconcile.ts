import { countOf } from "../core/plural";
import { isTransientProblem, retryWaitMs, type ApiProblem, type VendorClient } from "../api";
import { advance, type OrderRecord } from "../core/journal";
import { plainProblemText } from "../core/problem-text";
import type { ActiveJob } from "../core/vendor";
import { linesFromJob, messagesOf, problemAuditText } from "./vendor-answers";
import { findJobsByOrderNumber, jobMatchesRequest } from "./vendor-jobs";

/** Pauses between lookups of an order whose creation got no clear answer: the job may take a moment to be listed. */
export const DEFAULT_RECHECK_DELAYS_MS: readonly number[] = [0, 1_000, 2_000, 4_000];

export type Reconciliation =
  | { readonly kind: "found"; readonly job: ActiveJob; readonly lookups: number }
  | { readonly kind: "not-found"; readonly lookups: number }
  | { readonly kind: "failed"; readonly problem: ApiProblem; readonly lookups: number };

export interface ReconcileOptions {
  readonly delaysMs?: readonly number[];
  readonly sleep: (ms: number) => Promise<void>;
  /** Job numbers that are someone else's: found before sending, or claimed by other journal entries. */
  readonly notOurs?: ReadonlySet<number>;
}

/**
 * Looks for the job an unanswered creation may have made: the vendor's jobs with the order's
 * number (closed ones included), minus those that existed before, each compared line by
 * line with the request. Looked up again after each pause until found or the pauses run out.
 */
export async function reconcileOrder(
  client: VendorClient,
  order: OrderRecord,
  options: ReconcileOptions,
): Promise<Reconciliation> {
  const delays = options.delaysMs ?? DEFAULT_RECHECK_DELAYS_MS;
  const notOurs = new Set([...order.existingJobNumbers, ...(options.notOurs ?? [])]);
  let lastProblem: ApiProblem | undefined;
  let lookups = 0;
  for (const delay of delays) {
    if (delay > 0) await options.sleep(delay);
    lookups++;
    const listed = await findJobsByOrderNumber(client, order.orderNumber);
    if (!listed.ok) {
      lastProblem = listed.problem;
      continue;
    }
    lastProblem = undefined;
    const candidates = listed.value
      .filter((job) => !notOurs.has(job.jobNumber))
      .sort((a, b) => a.jobNumber - b.jobNumber);
    for (const candidate of candidates) {
      const detail = await client.getJob(candidate.jobNumber);
      if (!detail.ok) {
        lastProblem = detail.problem;
        continue;
      }
      if (jobMatchesRequest(detail.value, order.candidate)) return { kind: "found", job: candidate, lookups };
    }
  }
  return lastProblem ? { kind: "failed", problem: lastProblem, lookups } : { kind: "not-found", lookups };
}

export interface SettleOptions extends ReconcileOptions {
  readonly now: () => Date;
  readonly applicationName: string;
}

/** An order settled after an unclear answer, and why it could not be, when it could not. */
export interface Settled {
  readonly order: OrderRecord;
  readonly problem?: string;
}

/**
 * Settles an order whose creation got no clear answer: found at the vendor, it is created with
 * that job number; not found, its request is dry-run again, and it may be sent again (the
 * user's decision) or is now rejected; not looked up, it stays unknown for the next run.
 */
export async function settleUnclearOrder(
  client: VendorClient,
  order: OrderRecord,
  options: SettleOptions,
): Promise<Settled> {
  const found = await reconcileOrder(client, order, options);
  if (found.kind === "found") {
    const detail = await client.getJob(found.job.jobNumber);
    return {
      order: advance(
        order,
        "created",
        options.now(),
        `found as job ${found.job.jobNumber} at the vendor after no clear answer`,
        {
          jobNumber: found.job.jobNumber,
          dateDue: found.job.dateDue ?? undefined,
          createdLines: detail.ok ? linesFromJob(order, detail.value) : undefined,
          messages: [],
        },
      ),
    };
  }
  if (found.kind === "failed") {
    return {
      order: advance(order, "unknown", options.now(), `could not be looked up: ${problemAuditText(found.problem)}`),
      problem:
        `Order ${order.orderNumber} could not be looked up at the vendor: ${plainProblemText(found.problem)}. ` +
        "Continue to try again; nothing is sent until it is.",
    };
  }
  const notFound = `no job found after ${countOf(found.lookups, "lookup", "lookups")}`;
  // A 500 on create usually means a bad request (the vendor's own advice): check it again before offering to resend.
  let check = await client.validateJob(order.candidate, options.applicationName);
  const wait = !check.ok && isTransientProblem(check.problem) ? retryWaitMs(check.problem, 1_000) : undefined;
  if (wait !== undefined) {
    await options.sleep(wait);
    check = await client.validateJob(order.candidate, options.applicationName);
  }
  if (check.ok)
    return {
      order: advance(
        order,
        "not-found",
        options.now(),
        `${notFound}; a fresh dry run passed, so it may be sent again`,
        { messages: [] },
      ),
    };
  if (!isTransientProblem(check.problem)) {
    return {
      order: advance(
        order,
        "rejected",
        options.now(),
        `${notFound}; the dry run now fails: ${problemAuditText(check.problem)}`,
        { messages: messagesOf(order, check.problem) },
      ),
    };
  }
  // Twice without a clear answer (an opaque 500 included): looked up and checked again on the next run.
  return {
    order: advance(
      order,
      "unknown",
      options.now(),
      `${notFound}; the dry run could not be repeated: ${problemAuditText(check.problem)}`,
    ),
    problem:
      `Order ${order.orderNumber} got no clear answer and could not be checked again ` +
      `(${plainProblemText(check.problem)}); continue to try again.`,
  };
}
