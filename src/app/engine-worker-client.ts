import { wrap, type Remote } from "comlink";
import type { EngineApi } from "../engine/engine-api";

/**
 * The page's handle on the engine worker, which owns the import session. Started on first
 * use; the same engine runs on the main thread if a worker cannot start.
 */
export function createEngineWorkerClient() {
  let worker: Worker | undefined;
  let engine: Remote<EngineApi> | EngineApi | undefined;
  return {
    async get(): Promise<Remote<EngineApi> | EngineApi> {
      if (engine) return engine;
      try {
        worker = new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), { type: "module", name: "engine" });
        engine = wrap<EngineApi>(worker);
      } catch {
        engine = (await import("../engine/engine-api")).createEngineApi();
      }
      return engine;
    },
    /** Ends the session: the worker and everything it held go. */
    stop(): void {
      worker?.terminate();
      worker = undefined;
      engine = undefined;
    },
  };
}

export type EngineWorkerClient = ReturnType<typeof createEngineWorkerClient>;
