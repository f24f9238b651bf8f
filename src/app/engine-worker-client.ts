import { wrap, type Remote } from "comlink";
import type { EngineApi } from "../engine/engine-api";

/** Why an engine call was given up: the engine was stopped, or its worker failed. */
export class EngineStoppedError extends Error {
  constructor(readonly reason: "stopped" | "failed") {
    super(reason === "stopped" ? "The engine was stopped" : "The engine worker failed");
    this.name = "EngineStoppedError";
  }
}

export const isEngineStopped = (error: unknown): error is EngineStoppedError => error instanceof EngineStoppedError;

/** One engine's life: the calls waiting for an answer (each with how to give it up), and why it ended, once it has. */
interface Session {
  readonly waiting: Set<(error: EngineStoppedError) => void>;
  ended?: EngineStoppedError;
}

/**
 * The engine's calls, each given up when the engine ends: a call to a worker that was
 * terminated (or failed) would otherwise never be answered, and whoever waits on it would
 * wait forever.
 */
function endable<T extends object>(engine: T, session: Session): T {
  return new Proxy(engine, {
    get(target, prop, receiver) {
      // Awaiting the handle itself must not look like a call.
      if (prop === "then") return undefined;
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop === "symbol" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (session.ended) return Promise.reject(session.ended);
        let call: Promise<unknown>;
        try {
          call = Promise.resolve(Reflect.apply(value as (...a: unknown[]) => unknown, target, args));
        } catch (error) {
          return Promise.reject(error);
        }
        let giveUp!: (error: EngineStoppedError) => void;
        const answer = new Promise((resolve, reject) => {
          giveUp = (error) => {
            // Given up on purpose: not an error for whoever no longer waits for it.
            answer.catch(() => undefined);
            reject(error);
          };
          void call.then(resolve, reject).finally(() => session.waiting.delete(giveUp));
        });
        session.waiting.add(giveUp);
        return answer;
      };
    },
  });
}

/**
 * The page's handle on the engine worker, which owns the import session. Started on first
 * use; the same engine runs on the main thread if a worker cannot start. Calls still waiting
 * when it is stopped, or when the worker fails, are answered with an EngineStoppedError.
 */
export function createEngineWorkerClient() {
  let worker: Worker | undefined;
  let engine: Remote<EngineApi> | EngineApi | undefined;
  let session: Session | undefined;
  let starting: Promise<Remote<EngineApi> | EngineApi> | undefined;
  const failureListeners = new Set<() => void>();

  function stop(reason: "stopped" | "failed" = "stopped"): void {
    worker?.terminate();
    worker = undefined;
    engine = undefined;
    starting = undefined;
    const ended = session;
    session = undefined;
    if (!ended) return;
    ended.ended = new EngineStoppedError(reason);
    for (const giveUp of ended.waiting) giveUp(ended.ended);
    ended.waiting.clear();
    if (reason === "failed") for (const listener of failureListeners) listener();
  }

  async function start(started: Session): Promise<Remote<EngineApi> | EngineApi> {
    try {
      const thread = new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), { type: "module", name: "engine" });
      worker = thread;
      // A worker that fails (it could not load, or an error escaped it) answers nothing more.
      const failed = (event: Event) => {
        console.error("The engine worker failed", event);
        if (worker === thread) stop("failed");
      };
      thread.addEventListener("error", failed);
      thread.addEventListener("messageerror", failed);
      engine = endable(wrap<EngineApi>(thread), started);
    } catch {
      const api = (await import("../engine/engine-api")).createEngineApi();
      // Stopped while the engine was being loaded: this one is no longer wanted.
      if (session !== started) throw started.ended ?? new EngineStoppedError("stopped");
      engine = endable(api, started);
    }
    return engine;
  }

  return {
    async get(): Promise<Remote<EngineApi> | EngineApi> {
      if (engine) return engine;
      if (!starting) {
        const started: Session = (session = { waiting: new Set() });
        starting = start(started).finally(() => {
          if (session === started) starting = undefined;
        });
      }
      return starting;
    },
    /** Ends the session: the worker and everything it held go, and calls still waiting are given up. */
    stop(): void {
      stop();
    },
    /** Tells `listener` whenever the worker fails (its session is then gone); answers how to stop telling it. */
    onFailed(listener: () => void): () => void {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}

export type EngineWorkerClient = ReturnType<typeof createEngineWorkerClient>;
