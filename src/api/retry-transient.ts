import { isTransientProblem, networkProblem, type ApiProblem, type ApiResult } from "./problem";
import { retryWaitMs } from "./retry-wait";
import { timerSleep, type Sleep } from "./sleep";

/** How patiently calls the vendor failed for now are tried again. */
export interface RetryPolicy {
  /** The first pause; each next one doubles, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  /** Pauses in all, along one line of calls, before giving up. */
  readonly budgetMs: number;
}

/** For reads everything else waits for (the catalogue): 1, 2, 4, then 8 s apart, for about half a minute. */
export const PATIENT_READS: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 8_000, budgetMs: 30_000 };

/** The pausing a line of calls (made one after another) may still do. */
export interface RetryBudget {
  /** Pauses taken so far along this line of calls. */
  readonly spentMs: number;
  /** Takes a pause from the budget; false, taking nothing, when it would overrun it. */
  take(ms: number): boolean;
}

export function createRetryBudget(limitMs: number, spentMs = 0): RetryBudget {
  let spent = spentMs;
  return {
    get spentMs() {
      return spent;
    },
    take(ms) {
      if (spent + ms > limitMs) return false;
      spent += ms;
      return true;
    },
  };
}

/**
 * Budgets for calls made in phases, the calls of a phase side by side: each call's line starts
 * from the most any line spent in the phases before, so the pauses of the whole add up to
 * about one budget however many calls run at once.
 */
export function createPhasedBudgets(limitMs: number) {
  let spentBefore = 0;
  let lines: RetryBudget[] = [];
  return {
    /** A budget for one more line of calls in this phase. */
    branch(): RetryBudget {
      const line = createRetryBudget(limitMs, spentBefore);
      lines.push(line);
      return line;
    },
    /** The calls started so far are done; what starts next follows them. */
    nextPhase(): void {
      spentBefore = Math.max(spentBefore, ...lines.map((line) => line.spentMs));
      lines = [];
    },
  };
}

/** A pause before trying a call again, and what it answered. */
export interface RetryPause {
  readonly delayMs: number;
  readonly problem: ApiProblem;
}

export interface RetryOptions {
  readonly policy: RetryPolicy;
  readonly budget: RetryBudget;
  readonly sleep?: Sleep | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onPause?: ((pause: RetryPause) => void) | undefined;
  /** After the pause, just before the call goes again (or the wait was stopped). */
  readonly onResume?: ((pause: RetryPause) => void) | undefined;
}

/**
 * Takes the pause, ending it at once when the signal aborts even if the injected sleep does not
 * listen to it; leaves no listener on the signal either way.
 */
function pauseUnlessAborted(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return sleep(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => resolve();
    signal.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    sleep(ms, signal).then(done, done);
  });
}

/**
 * Makes a call until it succeeds, fails for good (a 400, 401, 403, 404 … fails at once), the
 * caller aborts, or the budget has no room for the next pause. Each pause is `retryWaitMs` of
 * the policy's back-off and the vendor's `Retry-After`. An abort ends a pause at once.
 */
export async function retryTransient<T>(
  call: () => Promise<ApiResult<T>>,
  options: RetryOptions,
): Promise<ApiResult<T>> {
  const { policy, budget, signal } = options;
  const sleep = options.sleep ?? timerSleep;
  for (let retries = 0; ; retries++) {
    const result = await call();
    if (result.ok || !isTransientProblem(result.problem) || signal?.aborted) return result;
    const delayMs = retryWaitMs(result.problem, Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** retries));
    if (delayMs === undefined || !budget.take(delayMs)) return result;
    const pause = { delayMs, problem: result.problem };
    options.onPause?.(pause);
    await pauseUnlessAborted(sleep, pause.delayMs, signal);
    options.onResume?.(pause);
    if (signal?.aborted)
      return {
        ok: false,
        problem: networkProblem(new DOMException("The wait to try again was stopped", "AbortError")),
      };
  }
}
