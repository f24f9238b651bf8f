/**
 * The sheet worker as a Node thread: the API `workers/sheet.worker.ts` exposes, over the
 * thread's port. A test can hold the thread, as a worker busy with a huge sheet is held (it
 * answers nothing meanwhile), then let it go on to die of an error that escapes it.
 */
import { parentPort } from "node:worker_threads";
import { expose, type Endpoint } from "comlink";
import { sheetWorkerApi } from "../../src/sheet/worker-session";

/** Sent on the thread's own port, in turn with the calls: hold until `gate[0]` is set, then die. */
export interface HoldThenDie {
  readonly holdThenDie: Int32Array;
}

const isHoldThenDie = (data: unknown): data is HoldThenDie =>
  typeof data === "object" && data !== null && "holdThenDie" in data;

if (parentPort) {
  const port = parentPort;
  port.addEventListener("message", (event) => {
    const { data } = event as MessageEvent<unknown>;
    if (!isHoldThenDie(data)) return;
    Atomics.wait(data.holdThenDie, 0, 0);
    throw new Error("The sheet worker died");
  });
  // Node's ports are the web's (an EventTarget posting MessageEvents); only their transferables' types differ.
  expose(sheetWorkerApi, port as unknown as Endpoint);
}
