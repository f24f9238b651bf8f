import { wrap, transfer, type Remote } from "comlink";
import type { SheetWorkerApi } from "../sheet/worker-api";

const IDLE_MS = 60_000;

/**
 * The page's handle on the sheet worker: started on first use, stopped when idle, and
 * replaced by the same functions on the main thread if a worker cannot start.
 */
export function createSheetWorkerClient() {
  let worker: Worker | undefined;
  let remote: Remote<SheetWorkerApi> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function stop(): void {
    worker?.terminate();
    worker = undefined;
    remote = undefined;
  }

  function api(): Remote<SheetWorkerApi> | undefined {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, IDLE_MS);
    if (remote) return remote;
    try {
      worker = new Worker(new URL("../../workers/sheet.worker.ts", import.meta.url), { type: "module", name: "sheet" });
      remote = wrap<SheetWorkerApi>(worker);
      return remote;
    } catch {
      return undefined;
    }
  }

  async function local(): Promise<SheetWorkerApi> {
    return (await import("../sheet/worker-api")).sheetWorkerApi;
  }

  /** Runs `call` in the worker; an abort terminates the worker so its work stops at once. */
  async function run<T>(signal: AbortSignal | undefined, call: (target: Remote<SheetWorkerApi> | SheetWorkerApi) => Promise<T> | T): Promise<T> {
    const target = api() ?? (await local());
    if (!signal) return call(target);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        stop();
        reject(new DOMException("Cancelled", "AbortError"));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      Promise.resolve(call(target)).then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  return {
    readSheet: (bytes: Uint8Array, fileName: string, signal?: AbortSignal) =>
      run(signal, (target) => target.readSheet(transfer(bytes, [bytes.buffer]), fileName)),
    writeResultSheet: (...args: Parameters<SheetWorkerApi["writeResultSheet"]>) =>
      run(undefined, (target) => target.writeResultSheet(...args)),
  };
}

export type SheetWorkerClient = ReturnType<typeof createSheetWorkerClient>;
