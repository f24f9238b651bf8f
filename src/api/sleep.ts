/**
 * Waits `ms`, or less when the signal aborts. Every pause between retries takes one of these,
 * so tests pass their own and never wait on the wall clock.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real pause: a timer, cut short by the signal; it leaves no listener on the signal either way. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
