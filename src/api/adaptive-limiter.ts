import { isTransientProblem, type ApiProblem } from "./problem";
import { MAX_RETRY_WAIT_MS } from "./retry-wait";
import { timerSleep, type Sleep } from "./sleep";

/**
 * What a finished call says about the service's load: all well; ease off (fewer calls at
 * once); or slow down (fewer, and none new for a while).
 */
export type Pressure =
  | { readonly kind: "ok" }
  | { readonly kind: "ease" }
  | { readonly kind: "slow-down"; readonly retryAfterMs?: number | undefined }
  /** Nothing more to say: what the call's answers said was told to the limiter as they came. */
  | { readonly kind: "told" };

/**
 * How an answer bears on the load: a 429, a 503 or any Retry-After pauses new calls; another
 * 5xx or a lost answer lowers the concurrency only (on job creation a 500 usually means a bad
 * request, not a busy vendor); anything else is no sign of load.
 */
export function pressureOf(
  result: { readonly ok: true } | { readonly ok: false; readonly problem: ApiProblem },
): Pressure {
  if (result.ok || !isTransientProblem(result.problem)) return { kind: "ok" };
  const { status, retryAfterMs } = result.problem;
  if (retryAfterMs !== undefined || status === 429 || status === 503) return { kind: "slow-down", retryAfterMs };
  return { kind: "ease" };
}

export interface AdaptiveLimiterOptions {
  /** Calls in flight at most (and to begin with). */
  readonly max: number;
  readonly min?: number;
  /** First pause after a call that asked us to slow down without saying how long; doubles while they continue. */
  readonly baseBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** The clock pauses are measured by, and how one is waited out: a caller's own (simulated) pair, or the real ones. */
  readonly now?: () => number;
  readonly sleep?: Sleep;
}

export interface LimiterState {
  readonly limit: number;
  readonly active: number;
  /** Calls waiting for a place. */
  readonly waiting: number;
  /** Milliseconds until new calls may start again (0 when not paused). */
  readonly pausedForMs: number;
}

/**
 * Runs calls with limited, adaptive concurrency: a call that eases off or slows down halves
 * the limit; one that slows down also pauses new calls (for the `Retry-After` the service
 * gave, else a doubling back-off); each run of successes as long as the limit raises it by
 * one, up to `max`.
 * Calls already in flight are never interrupted.
 */
export function createAdaptiveLimiter(options: AdaptiveLimiterOptions) {
  const max = Math.max(1, Math.floor(options.max));
  const min = Math.min(max, Math.max(1, options.min ?? 1));
  const baseBackoffMs = options.baseBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? MAX_RETRY_WAIT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? timerSleep;
  let limit = max;
  let active = 0;
  let pausedUntil = 0;
  let backoffMs = baseBackoffMs;
  let successes = 0;
  let wakeAwaited = false;
  const waiting: (() => void)[] = [];

  function wake(): void {
    while (waiting.length > 0 && active < limit && now() >= pausedUntil) {
      active++;
      waiting.shift()?.();
    }
    if (waiting.length > 0 && now() < pausedUntil && !wakeAwaited) {
      wakeAwaited = true;
      void sleep(pausedUntil - now()).then(() => {
        wakeAwaited = false;
        wake();
      });
    }
  }

  function acquire(): Promise<void> {
    return new Promise((resolve) => {
      waiting.push(resolve);
      wake();
    });
  }

  function heed(pressure: Pressure): void {
    if (pressure.kind === "told") return;
    if (pressure.kind === "ok") {
      backoffMs = baseBackoffMs;
      if (++successes >= limit && limit < max) {
        limit++;
        successes = 0;
      }
      return;
    }
    successes = 0;
    limit = Math.max(min, Math.floor(limit / 2));
    if (pressure.kind === "ease") return;
    const pause = Math.min(maxBackoffMs, pressure.retryAfterMs ?? backoffMs);
    backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
    pausedUntil = Math.max(pausedUntil, now() + pause);
  }

  function release(pressure: Pressure): void {
    active--;
    heed(pressure);
    wake();
  }

  return {
    /** Runs one call when a place is free; `judge` reads its result for signs of load. */
    async run<T>(call: () => Promise<T>, judge: (result: T) => Pressure): Promise<T> {
      await acquire();
      let pressure: Pressure = { kind: "ok" };
      try {
        const result = await call();
        pressure = judge(result);
        return result;
      } finally {
        release(pressure);
      }
    },
    /**
     * Takes in at once what an answer says about the load, while its call goes on (one that
     * waits out a 429's `Retry-After` and tries again, say): no new call starts during the
     * pause asked for. The call then ends with the pressure `told`, so it is not counted twice.
     */
    tell(pressure: Pressure): void {
      heed(pressure);
      wake();
    },
    /** Calls in flight at most, ever. */
    max,
    /** The current limit, calls in flight and pause, for progress displays and tests. */
    state(): LimiterState {
      return { limit, active, waiting: waiting.length, pausedForMs: Math.max(0, pausedUntil - now()) };
    },
  };
}

export type AdaptiveLimiter = ReturnType<typeof createAdaptiveLimiter>;

/** What a place that came free too late to start an item gives: it says nothing of the load. */
const NOT_STARTED = Symbol("not started");

/**
 * Maps items through `fn` under the limiter, in order of the items, keeping the results in
 * order. Once the signal aborts no further item starts; those already running finish.
 * When one item fails, no further item starts either, and the failure is thrown only once
 * every item already started has finished: nothing is left running behind the caller's back.
 *
 * As many runners as the limiter ever lets run each wait for a place, then take the next item: forty thousand items
 * are a few calls waiting, not forty thousand.
 */
export async function mapAdaptively<T, R>(
  items: readonly T[],
  limiter: AdaptiveLimiter,
  fn: (item: T, index: number) => Promise<R>,
  judge: (result: R) => Pressure,
  signal?: AbortSignal,
): Promise<(R | undefined)[]> {
  const results = new Array<R | undefined>(items.length);
  let failure: { readonly error: unknown } | undefined;
  let next = 0;
  const halted = () => signal?.aborted === true || failure !== undefined;
  const runner = async (): Promise<void> => {
    while (!halted() && next < items.length) {
      await limiter
        .run(
          async () => {
            // The place may come free after a stop was asked for, after an item failed, or once every item is taken.
            if (halted() || next >= items.length) return NOT_STARTED;
            const index = next++;
            return (results[index] = await fn(items[index] as T, index));
          },
          (result) => (result === NOT_STARTED ? { kind: "told" } : judge(result as R)),
        )
        .catch((error: unknown) => {
          failure ??= { error };
        });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limiter.max, items.length) }, runner));
  if (failure) throw failure.error;
  return results;
}
