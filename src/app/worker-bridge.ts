import { wrap, type Remote } from "comlink";

/** Why a worker's calls were given up: it was stopped (asked to, or a call was cancelled), or it failed. */
export type StopReason = "stopped" | "failed";

/**
 * A call given up because its worker ended before answering. Plain data (a reason, no
 * stack worth showing): the page says in its own words what happened and what to do.
 */
export class WorkerStoppedError extends Error {
  constructor(
    readonly worker: string,
    readonly reason: StopReason,
  ) {
    super(reason === "stopped" ? `The ${worker} was stopped` : `The ${worker} worker failed`);
    this.name = "WorkerStoppedError";
  }
}

/** What a caller holds: the worker's API over comlink, or the same API on the page when no worker could start. */
export type Bridged<Api> = Remote<Api> | Api;

/** One worker: its name, how it starts, its copy on the page, and how long it may sit idle. */
export interface WorkerBridgeOptions<Api extends object> {
  /** Names the worker in errors and in the console ("sheet", "engine", "submit"). */
  readonly name: string;
  /** Starts the worker; throws where workers cannot start, and the page then runs `fallback`. */
  readonly start: () => Worker;
  /** The same API on the page's own thread. */
  readonly fallback: () => Promise<Api>;
  /** Stops the worker once no call has been waiting for this long; never when undefined. */
  readonly idleMs?: number;
  /** The error calls still waiting are given up with; a WorkerStoppedError naming the worker unless told. */
  readonly stoppedError?: (reason: StopReason) => WorkerStoppedError;
}

/** One worker's life: the calls waiting for an answer (each with how to give it up), and why it ended, once it has. */
interface Life {
  readonly waiting: Set<(error: WorkerStoppedError) => void>;
  ended?: WorkerStoppedError;
}

/**
 * The page's one way to a worker, in the manner of squoosh's worker bridge: the worker starts
 * on first use (the same API runs on the page when no worker can start), a call can be
 * cancelled (the worker is terminated, and starts again on the next call), and it is stopped
 * after a while with nothing to do when `idleMs` says so. A call still waiting when the worker
 * stops, fails (`error`) or cannot read an answer (`messageerror`) is given up with a
 * WorkerStoppedError: a worker that has gone answers nothing, and whoever waits would wait for ever.
 */
export function createWorkerBridge<Api extends object>(options: WorkerBridgeOptions<Api>) {
  const stoppedError = options.stoppedError ?? ((reason: StopReason) => new WorkerStoppedError(options.name, reason));
  let worker: Worker | undefined;
  let handle: Bridged<Api> | undefined;
  let life: Life | undefined;
  let starting: Promise<Bridged<Api>> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const failureListeners = new Set<() => void>();

  function stop(reason: StopReason = "stopped"): void {
    clearTimeout(idleTimer);
    worker?.terminate();
    worker = undefined;
    handle = undefined;
    starting = undefined;
    const ended = life;
    life = undefined;
    if (!ended) return;
    ended.ended = stoppedError(reason);
    for (const giveUp of ended.waiting) giveUp(ended.ended);
    ended.waiting.clear();
    if (reason === "failed") for (const listener of failureListeners) listener();
  }

  /** Counts the idle time again from now, when nothing is waiting. */
  function restartIdleTimer(): void {
    clearTimeout(idleTimer);
    const { idleMs } = options;
    if (idleMs === undefined || !life || life.waiting.size > 0) return;
    const idle = life;
    idleTimer = setTimeout(() => {
      if (life === idle && idle.waiting.size === 0) stop();
    }, idleMs);
  }

  /**
   * The API's calls, each given up when this life ends: a call to a worker that was terminated
   * (or failed) would otherwise never be answered.
   */
  function endable<T extends object>(api: T, owner: Life): T {
    return new Proxy(api, {
      get(target, prop, receiver) {
        // Awaiting the handle itself must not look like a call.
        if (prop === "then") return undefined;
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof prop === "symbol" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (owner.ended) return Promise.reject(owner.ended);
          let call: Promise<unknown>;
          try {
            call = Promise.resolve(Reflect.apply(value as (...a: unknown[]) => unknown, target, args));
          } catch (error) {
            return Promise.reject(error);
          }
          let giveUp: (error: WorkerStoppedError) => void = () => undefined;
          const answer = new Promise((resolve, reject) => {
            giveUp = (error) => {
              // Given up on purpose: not an error for whoever no longer waits for it.
              answer.catch(() => undefined);
              reject(error);
            };
            void call.then(resolve, reject).finally(() => {
              owner.waiting.delete(giveUp);
              if (owner === life) restartIdleTimer();
            });
          });
          owner.waiting.add(giveUp);
          clearTimeout(idleTimer);
          return answer;
        };
      },
    });
  }

  async function start(started: Life): Promise<Bridged<Api>> {
    let thread: Worker;
    try {
      thread = options.start();
    } catch {
      const api = await options.fallback();
      // Stopped while the page's own copy was being loaded: this one is no longer wanted.
      if (life !== started) throw started.ended ?? stoppedError("stopped");
      handle = endable(api, started);
      return handle;
    }
    worker = thread;
    // A worker that fails (it could not load, or an error escaped it) answers nothing more.
    const failed = (event: Event) => {
      if (worker !== thread) return;
      console.error(`The ${options.name} worker failed`, event);
      stop("failed");
    };
    thread.addEventListener("error", failed);
    thread.addEventListener("messageerror", failed);
    handle = endable(wrap<Api>(thread), started);
    return handle;
  }

  /** The API, its worker started on first use. A handle kept past a stop answers every call with the stop's error. */
  function get(): Promise<Bridged<Api>> {
    if (!starting) {
      const started: Life = { waiting: new Set() };
      life = started;
      starting = start(started).finally(() => {
        if (life === started) restartIdleTimer();
      });
    }
    restartIdleTimer();
    return handle ? Promise.resolve(handle) : starting;
  }

  /**
   * Runs one call. Aborting `signal` cancels it at once (an AbortError): the worker is
   * terminated, so its work stops, and the calls waiting with it are given up.
   */
  async function call<T>(run: (api: Bridged<Api>) => Promise<T> | T, signal?: AbortSignal): Promise<T> {
    const cancelled = () => new DOMException(`The ${options.name} worker's work was cancelled`, "AbortError");
    const api = await get();
    if (!signal) return run(api);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        stop();
        reject(cancelled());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      Promise.resolve(run(api))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  return {
    get,
    call,
    /** Whether a worker (or the page's copy) is started, or starting. */
    isStarted: (): boolean => starting !== undefined,
    /** Ends the worker and everything it held; calls still waiting are given up. The next call starts it again. */
    stop(): void {
      stop();
    },
    /** Tells `listener` whenever the worker fails (what it held is then gone); answers how to stop telling it. */
    onFailed(listener: () => void): () => void {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}

export type WorkerBridge<Api extends object> = ReturnType<typeof createWorkerBridge<Api>>;
