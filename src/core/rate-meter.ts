import { countOf, formatCount } from "./plural";
/** How fast work is going and when it will be done, from the work itself (never a guess). */
export interface RateSnapshot {
  readonly done: number;
  readonly total: number;
  /** Items a minute, once there is enough to tell. */
  readonly perMinute: number | undefined;
  /** Milliseconds left at that rate. */
  readonly etaMs: number | undefined;
}

/** A rate over the whole run so far: steady enough to show, simple enough to trust. */
export function createRateMeter(total: number, now: () => number) {
  const startedAt = now();
  let done = 0;
  return {
    tick(count = 1): void {
      done += count;
    },
    snapshot(): RateSnapshot {
      const elapsed = now() - startedAt;
      if (done === 0 || elapsed <= 0) return { done, total, perMinute: undefined, etaMs: undefined };
      const perMs = done / elapsed;
      return { done, total, perMinute: perMs * 60_000, etaMs: Math.max(0, total - done) / perMs };
    },
  };
}

/** "about 3 minutes left", "less than a minute left", "about 1 hour 5 minutes left". */
export function describeEta(etaMs: number | undefined): string {
  if (etaMs === undefined) return "working out the time left";
  const minutes = Math.round(etaMs / 60_000);
  if (etaMs < 45_000) return `about ${Math.max(1, Math.round(etaMs / 1000))} s left`;
  if (minutes < 60) return `about ${countOf(minutes, "minute", "minutes")} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${countOf(hours, "hour", "hours")}${rest ? ` ${rest} min` : ""} left`;
}

/** "12 of 40 · 35 a minute · about 1 minute left", "2,640 of 8,000 · 1,250 a minute · …" */
export function describeRate(snapshot: RateSnapshot): string {
  const rate = snapshot.perMinute === undefined ? "" : ` · ${formatCount(Math.round(snapshot.perMinute))} a minute`;
  const eta = snapshot.done >= snapshot.total ? "" : ` · ${describeEta(snapshot.etaMs)}`;
  return `${formatCount(snapshot.done)} of ${formatCount(snapshot.total)}${rate}${eta}`;
}
