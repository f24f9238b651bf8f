import { createRateMeter, describeRate } from "../core/rate-meter";

/** How often a progress line is printed at most. */
const EVERY_MS = 1_000;

/**
 * Progress as lines of counts, rate and time left ("Dry runs: 120 of 400 · 95 a minute ·
 * about 3 minutes left"), at most one a second and always the last one.
 */
export function throttled(print: ((message: string) => void) | undefined, now: () => number = Date.now) {
  let meter: { label: string; total: number; meter: ReturnType<typeof createRateMeter>; printedAt: number } | undefined;
  return (done: number, total: number, label: string): void => {
    if (!print) return;
    if (meter === undefined || meter.label !== label || meter.total !== total) {
      meter = { label, total, meter: createRateMeter(total, now), printedAt: 0 };
    }
    const current = meter.meter.snapshot();
    meter.meter.tick(done - current.done);
    if (done < total && now() - meter.printedAt < EVERY_MS) return;
    meter.printedAt = now();
    print(`${label}: ${describeRate(meter.meter.snapshot())}`);
  };
}
