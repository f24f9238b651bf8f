import { afterEach, describe, expect, it } from "vitest";
import { createEngineWorkerClient, EngineStoppedError } from "../../src/app/engine-worker-client";

/** A worker that takes every call and answers none, as one stuck on a long job (or gone) would. */
class SilentWorker extends EventTarget {
  static started: SilentWorker[] = [];
  readonly calls: unknown[] = [];
  terminated = false;
  constructor() {
    super();
    SilentWorker.started.push(this);
  }
  postMessage(message: unknown): void {
    this.calls.push(message);
  }
  start(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

const realWorker = (globalThis as { Worker?: unknown }).Worker;

function useSilentWorkers(): void {
  SilentWorker.started = [];
  (globalThis as { Worker?: unknown }).Worker = SilentWorker;
}

afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = realWorker;
});

describe("the engine worker's handle", () => {
  it(
    "gives up the calls still waiting when the engine is stopped, " + "instead of leaving them waiting for ever",
    async () => {
      useSilentWorkers();
      const client = createEngineWorkerClient();
      const engine = await client.get();
      const edits = engine.sessionEdits();
      const summary = engine.summary();
      await expect.poll(() => SilentWorker.started[0]?.calls.length).toBe(2);
      client.stop();
      await expect(edits).rejects.toBeInstanceOf(EngineStoppedError);
      await expect(summary).rejects.toMatchObject({ reason: "stopped" });
      expect(SilentWorker.started[0]?.terminated).toBe(true);
      // A handle kept from before the stop answers at once; the next one is a new worker.
      await expect(engine.columns()).rejects.toBeInstanceOf(EngineStoppedError);
      await client.get();
      expect(SilentWorker.started).toHaveLength(2);
    },
  );

  it("gives up the calls waiting on a worker that failed", async () => {
    useSilentWorkers();
    const client = createEngineWorkerClient();
    const engine = await client.get();
    const started = engine.finish();
    let told = 0;
    client.onFailed(() => told++);
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      SilentWorker.started[0]?.dispatchEvent(new Event("error"));
    } finally {
      console.error = consoleError;
    }
    await expect(started).rejects.toMatchObject({ name: "EngineStoppedError", reason: "failed" });
    expect(errors).toHaveLength(1);
    expect(told).toBe(1);
    expect(SilentWorker.started[0]?.terminated).toBe(true);
  });

  it("runs the engine on the page when no worker can start, and gives up its calls the same way", async () => {
    const client = createEngineWorkerClient();
    const engine = await client.get();
    await expect(engine.summary()).rejects.toThrow("The engine is not connected");
    client.stop();
    await expect(engine.summary()).rejects.toBeInstanceOf(EngineStoppedError);
  });

  it("hands the next session the worker started ahead for it, and a new one after a session has used it", async () => {
    useSilentWorkers();
    const client = createEngineWorkerClient();
    client.warm();
    client.warm();
    expect(SilentWorker.started).toHaveLength(1);
    await client.fresh();
    expect(SilentWorker.started).toHaveLength(1);
    expect(SilentWorker.started[0]?.terminated).toBe(false);
    // That worker now holds a session: warming leaves it be, and the next session gets a worker of its own.
    client.warm();
    expect(SilentWorker.started).toHaveLength(1);
    await client.fresh();
    expect(SilentWorker.started).toHaveLength(2);
    expect(SilentWorker.started[0]?.terminated).toBe(true);
    // Stopped, then warmed: the next session takes the warm one.
    client.stop();
    client.warm();
    await client.fresh();
    expect(SilentWorker.started).toHaveLength(3);
    expect(SilentWorker.started[2]?.terminated).toBe(false);
  });
});
