import type { EngineApi } from "../engine/engine-api";
import { createWorkerBridge, WorkerStoppedError, type StopReason } from "./worker-bridge";

/** Why an engine call was given up: the engine was stopped, or its worker failed. */
export class EngineStoppedError extends WorkerStoppedError {
  constructor(reason: StopReason) {
    super("engine", reason);
    this.name = "EngineStoppedError";
  }
}

/** Whether an engine call was given up because the engine stopped or failed (not an error of the call itself). */
export const isEngineStopped = (error: unknown): error is EngineStoppedError => error instanceof EngineStoppedError;

const startEngineWorker = () =>
  new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), { type: "module", name: "engine" });

/**
 * The page's handle on the engine worker, which owns the import session: started on first
 * use, never stopped for being idle (the session would go with it), and the same engine on
 * the main thread if a worker cannot start. Calls still waiting when it is stopped, or when
 * the worker fails, are answered with an EngineStoppedError.
 */
export function createEngineWorkerClient(start: () => Worker = startEngineWorker) {
  const bridge = createWorkerBridge<EngineApi>({
    name: "engine",
    start,
    fallback: async () => (await import("../engine/engine-api")).createEngineApi(),
    stoppedError: (reason) => new EngineStoppedError(reason),
  });
  /** Whether the worker running has never been given out for a session (`warm` started it). */
  let untouched = false;
  return {
    get: bridge.get,
    /**
     * Starts a worker ahead of the next session when none is running (a user at the mapping step will soon check the
     * rows): starting one and loading the engine into it is then not waited for.
     */
    warm(): void {
      if (bridge.isStarted()) return;
      untouched = true;
      bridge.get().catch(() => undefined);
    },
    /** An engine with no session: the worker `warm` started, else a new one (any session held before ends). */
    fresh() {
      if (!untouched) bridge.stop();
      untouched = false;
      return bridge.get();
    },
    /** Ends the session: the worker and everything it held go, and calls still waiting are given up. */
    stop(): void {
      untouched = false;
      bridge.stop();
    },
    /** Tells `listener` whenever the worker fails (its session is then gone); answers how to stop telling it. */
    onFailed: bridge.onFailed,
  };
}

export type EngineWorkerClient = ReturnType<typeof createEngineWorkerClient>;
