import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorkerBridge, WorkerStoppedError } from "../../src/app/worker-bridge";

interface Api {
  answer(): Promise<number>;
}

/** A worker that takes every call and answers none, as one stuck on a long job (or gone) would. */
class SilentWorker extends EventTarget {
  readonly calls: unknown[] = [];
  terminated = false;
  postMessage(message: unknown): void {
    this.calls.push(message);
  }
  start(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

/** A bridge over silent workers, each kept to look at; the page's own API answers 42 when no worker can start. */
function silentBridge(options: { readonly idleMs?: number; readonly noWorkers?: boolean } = {}) {
  const started: SilentWorker[] = [];
  const bridge = createWorkerBridge<Api>({
    name: "test",
    start: () => {
      if (options.noWorkers) throw new ReferenceError("Worker is not defined");
      const worker = new SilentWorker();
      started.push(worker);
      return worker as unknown as Worker;
    },
    fallback: async () => ({ answer: async () => 42 }),
    idleMs: options.idleMs,
  });
  return { bridge, started };
}

/** Runs `work` with console.error kept quiet, answering what it was told. */
async function quietly(work: () => unknown): Promise<unknown[][]> {
  const told: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void told.push(args);
  try {
    await work();
  } finally {
    console.error = consoleError;
  }
  return told;
}

/** A call left waiting: the bridge may give it up later, which is no failure of the test. */
const leave = (call: Promise<unknown>) => void call.catch(() => undefined);

afterEach(() => {
  vi.useRealTimers();
});

describe("the worker bridge", () => {
  it("starts its worker on the first call, not before, and only once", async () => {
    const { bridge, started } = silentBridge();
    expect(started).toHaveLength(0);
    leave(bridge.call((api) => api.answer()));
    leave(bridge.call((api) => api.answer()));
    await expect.poll(() => started[0]?.calls.length).toBe(2);
    expect(started).toHaveLength(1);
  });

  it("runs the API on the page when no worker can start", async () => {
    const { bridge, started } = silentBridge({ noWorkers: true });
    expect(await bridge.call((api) => api.answer())).toBe(42);
    expect(started).toHaveLength(0);
  });

  for (const event of ["error", "messageerror"]) {
    const name = `gives up every call waiting on a worker that reports ${event}, and starts a new worker for the next`;
    it(name, async () => {
      const { bridge, started } = silentBridge();
      let failures = 0;
      bridge.onFailed(() => failures++);
      const waiting = [bridge.call((api) => api.answer()), bridge.call((api) => api.answer())];
      await expect.poll(() => started[0]?.calls.length).toBe(2);
      const told = await quietly(() => started[0]?.dispatchEvent(new Event(event)));
      for (const call of waiting) await expect(call).rejects.toEqual(new WorkerStoppedError("test", "failed"));
      expect(told).toHaveLength(1);
      expect(failures).toBe(1);
      expect(started[0]?.terminated).toBe(true);
      leave(bridge.call((api) => api.answer()));
      await expect.poll(() => started.length).toBe(2);
    });
  }

  it(
    "cancels a call on abort: the worker is terminated, " +
      "the calls waiting with it are given up, and the next call starts it again",
    async () => {
      const { bridge, started } = silentBridge();
      const controller = new AbortController();
      const cancelled = bridge.call((api) => api.answer(), controller.signal);
      const other = bridge.call((api) => api.answer());
      await expect.poll(() => started[0]?.calls.length).toBe(2);
      controller.abort();
      await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
      await expect(other).rejects.toMatchObject({ name: "WorkerStoppedError", reason: "stopped" });
      expect(started[0]?.terminated).toBe(true);
      leave(bridge.call((api) => api.answer()));
      await expect.poll(() => started.length).toBe(2);
      // A call whose signal is already aborted is cancelled without being sent.
      const before = started[1]?.calls.length;
      await expect(bridge.call((api) => api.answer(), AbortSignal.abort())).rejects.toMatchObject({
        name: "AbortError",
      });
      expect(started[1]?.calls.length).toBe(before);
    },
  );

  it("stops an idle worker only once no call has waited for the idle time", async () => {
    vi.useFakeTimers();
    const { bridge, started } = silentBridge({ idleMs: 1_000 });
    const waiting = bridge.call((api) => api.answer());
    await vi.waitFor(() => expect(started[0]?.calls.length).toBe(1));
    // A call still waiting keeps its worker, however long it takes.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started[0]?.terminated).toBe(false);
    bridge.stop();
    await expect(waiting).rejects.toMatchObject({ reason: "stopped" });

    // Nothing waiting: the worker goes after the idle time, counted from the last use.
    await bridge.get();
    await vi.advanceTimersByTimeAsync(600);
    await bridge.get();
    await vi.advanceTimersByTimeAsync(600);
    expect(started[1]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(started[1]?.terminated).toBe(true);
  });

  it("never stops a worker for being idle without an idle time", async () => {
    vi.useFakeTimers();
    const { bridge, started } = silentBridge();
    await bridge.get();
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(started[0]?.terminated).toBe(false);
  });
});
