import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdaptiveLimiter, mapAdaptively, parseRetryAfter, pressureOf, type Pressure } from "../../src/api";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A call the test finishes by hand, with the pressure it reports. */
function deferred() {
  let finish: (pressure: Pressure) => void = () => undefined;
  const done = new Promise<Pressure>((resolve) => (finish = resolve));
  return { done, finish };
}

describe("the adaptive limiter", () => {
  it("never runs more than the limit at once", async () => {
    const limiter = createAdaptiveLimiter({ max: 3 });
    let running = 0;
    let most = 0;
    await mapAdaptively(
      Array.from({ length: 20 }, (_, i) => i),
      limiter,
      async () => {
        most = Math.max(most, ++running);
        await vi.advanceTimersByTimeAsync(5);
        running--;
        return { kind: "ok" } as Pressure;
      },
      (pressure) => pressure,
    );
    expect(most).toBe(3);
  });

  it("keeps no more calls waiting than the limiter lets run, however many items there are", async () => {
    const limiter = createAdaptiveLimiter({ max: 4 });
    let mostWaiting = 0;
    const results = await mapAdaptively(
      Array.from({ length: 10_000 }, (_, i) => i),
      limiter,
      async (n) => {
        mostWaiting = Math.max(mostWaiting, limiter.state().waiting);
        await Promise.resolve();
        return n;
      },
      () => ({ kind: "ok" }),
    );
    expect(results).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(mostWaiting).toBeLessThanOrEqual(4);
  });

  it("halves the limit and pauses for the Retry-After a slow-down asked for, then climbs back", async () => {
    const limiter = createAdaptiveLimiter({ max: 4, now: () => Date.now() });
    const first = deferred();
    const call = limiter.run(
      () => first.done,
      (p) => p,
    );
    first.finish({ kind: "slow-down", retryAfterMs: 2_000 });
    await call;
    expect(limiter.state()).toMatchObject({ limit: 2, active: 0, pausedForMs: 2_000 });

    let started = false;
    const next = limiter.run(
      async () => {
        started = true;
        return { kind: "ok" } as Pressure;
      },
      (p) => p,
    );
    await vi.advanceTimersByTimeAsync(1_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(started).toBe(true);
    for (let i = 0; i < 2; i++)
      await limiter.run(
        async () => ({ kind: "ok" }) as Pressure,
        (p) => p,
      );
    expect(limiter.state().limit).toBe(3);
  });

  it("doubles its own pause while slow-downs without a Retry-After continue", async () => {
    const limiter = createAdaptiveLimiter({ max: 2, baseBackoffMs: 100, now: () => Date.now() });
    await limiter.run(
      async () => ({ kind: "slow-down" }) as Pressure,
      (p) => p,
    );
    expect(limiter.state().pausedForMs).toBe(100);
    const second = limiter.run(
      async () => ({ kind: "slow-down" }) as Pressure,
      (p) => p,
    );
    await vi.advanceTimersByTimeAsync(100);
    await second;
    expect(limiter.state()).toMatchObject({ limit: 1, pausedForMs: 200 });
  });

  it("starts nothing more once stopped, and lets what runs finish", async () => {
    const limiter = createAdaptiveLimiter({ max: 2 });
    const stop = new AbortController();
    const started: number[] = [];
    const results = await mapAdaptively(
      [1, 2, 3, 4, 5],
      limiter,
      async (n) => {
        started.push(n);
        if (n === 2) stop.abort();
        await vi.advanceTimersByTimeAsync(1);
        return n;
      },
      () => ({ kind: "ok" }),
      stop.signal,
    );
    expect(started).toEqual([1, 2]);
    expect(results).toEqual([1, 2, undefined, undefined, undefined]);
  });

  it("after one item fails, starts nothing more and throws only once every started item has finished", async () => {
    const limiter = createAdaptiveLimiter({ max: 2 });
    const started: number[] = [];
    const finished: number[] = [];
    let settledAt: number[] | undefined;
    const mapped = mapAdaptively(
      [1, 2, 3, 4],
      limiter,
      async (n) => {
        started.push(n);
        await new Promise((resolve) => setTimeout(resolve, n === 1 ? 1 : 50));
        if (n === 1) throw new Error("the disk is full");
        finished.push(n);
        return n;
      },
      () => ({ kind: "ok" }),
    ).then(
      () => undefined,
      (error: Error) => {
        settledAt = [...finished];
        return error.message;
      },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(settledAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(await mapped).toBe("the disk is full");
    expect(started).toEqual([1, 2]);
    expect(settledAt).toEqual([2]);
    expect(limiter.state().active).toBe(0);
  });

  it("pauses new calls as soon as a running call tells it to slow down, and counts that call once", async () => {
    const limiter = createAdaptiveLimiter({ max: 4, now: () => Date.now() });
    const long = deferred();
    const running = limiter.run(
      async () => {
        limiter.tell({ kind: "slow-down", retryAfterMs: 1_000 });
        return long.done;
      },
      (p) => p,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.state()).toMatchObject({ limit: 2, active: 1, pausedForMs: 1_000 });

    let started = false;
    const next = limiter.run(
      async () => {
        started = true;
        return { kind: "ok" } as Pressure;
      },
      (p) => p,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toBe(false);
    long.finish({ kind: "told" });
    await running;
    expect(limiter.state()).toMatchObject({ limit: 2, active: 0 });
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(started).toBe(true);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    expect(parseRetryAfter("3")).toBe(3_000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:10 GMT", Date.parse("2026-10-21T07:28:00Z"))).toBe(10_000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe("reading load from answers", () => {
  const problem = (status: number, retryAfterMs?: number) => ({
    ok: false as const,
    problem: {
      kind: status === 0 ? ("network" as const) : ("http" as const),
      status,
      title: "",
      validationMessages: [],
      errors: {},
      retryAfterMs,
    },
  });
  it("pauses for 429, 503 and any Retry-After; eases off for other 5xx and lost answers; ignores the rest", () => {
    expect(pressureOf(problem(429))).toEqual({ kind: "slow-down", retryAfterMs: undefined });
    expect(pressureOf(problem(503))).toEqual({ kind: "slow-down", retryAfterMs: undefined });
    expect(pressureOf(problem(500, 2_000))).toEqual({ kind: "slow-down", retryAfterMs: 2_000 });
    expect(pressureOf(problem(500))).toEqual({ kind: "ease" });
    expect(pressureOf(problem(0))).toEqual({ kind: "ease" });
    expect(pressureOf(problem(400))).toEqual({ kind: "ok" });
    expect(pressureOf({ ok: true })).toEqual({ kind: "ok" });
  });

  it("halves the limit without pausing when easing off", async () => {
    const limiter = createAdaptiveLimiter({ max: 4, now: () => Date.now() });
    await limiter.run(
      async () => ({ kind: "ease" }) as Pressure,
      (p) => p,
    );
    expect(limiter.state()).toMatchObject({ limit: 2, pausedForMs: 0 });
  });
});
