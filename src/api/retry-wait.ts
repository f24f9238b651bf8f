import type { ApiProblem } from "./problem";

/**
 * The longest the importer waits on the vendor's word (its `Retry-After`) before trying a call
 * again. A longer wait is not taken unasked: the call's failure goes to the caller, whose user
 * tries again later.
 */
export const MAX_RETRY_WAIT_MS = 30_000;

/**
 * How long to wait before trying again a call the vendor failed for now: the caller's own
 * back-off, or as long as the vendor's `Retry-After` asks when that is longer (a `Retry-After`
 * of 0 never makes a loop without pauses). Undefined when the vendor asks for more than
 * {@link MAX_RETRY_WAIT_MS}: then the call is not tried again now.
 */
export function retryWaitMs(problem: Pick<ApiProblem, "retryAfterMs">, backOffMs: number): number | undefined {
  const wait = Math.max(backOffMs, problem.retryAfterMs ?? 0);
  return wait > MAX_RETRY_WAIT_MS ? undefined : wait;
}
