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
  return {
    get: bridge.get,
    /** Ends the session: the worker and everything it held go, and calls still waiting are given up. */
    stop: bridge.stop,
    /** Tells `listener` whenever the worker fails (its session is then gone); answers how to stop telling it. */
    onFailed: bridge.onFailed,
  };
}

export type EngineWorkerClient = ReturnType<typeof createEngineWorkerClient>;
