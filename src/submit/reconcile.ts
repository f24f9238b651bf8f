import type { ApiProblem, VendorClient } from "../api";
import type { OrderRecord } from "../core/journal";
import type { ActiveJob } from "../core/vendor";
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
export async function reconcileOrder(client: VendorClient, order: OrderRecord, options: ReconcileOptions): Promise<Reconciliation> {
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
    const candidates = listed.value.filter((job) => !notOurs.has(job.jobNumber)).sort((a, b) => a.jobNumber - b.jobNumber);
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
