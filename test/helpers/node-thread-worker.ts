import { Worker as NodeWorker, type TransferListItem } from "node:worker_threads";
import { pathToFileURL } from "node:url";

/** Loads a TypeScript entry in a new thread (through tsx, as the tests run). */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import("tsx/esm/api").then(({ register }) => {
  register();
  return import(workerData.entry);
});
`;

/**
 * A Node thread dressed as a browser's Worker, for the page's worker bridge: messages go both
 * ways as MessageEvents, an error that escapes the thread is its `error` event, and so is the
 * thread ending without being terminated (it died).
 */
export class NodeThreadWorker extends EventTarget {
  readonly thread: NodeWorker;
  /** Messages sent to the thread so far. */
  posted = 0;
  private terminated = false;

  constructor(entry: string) {
    super();
    this.thread = new NodeWorker(BOOTSTRAP, { eval: true, workerData: { entry: pathToFileURL(entry).href } });
    this.thread.on("message", (data: unknown) => this.dispatchEvent(new MessageEvent("message", { data })));
    this.thread.on("messageerror", () => this.dispatchEvent(new Event("messageerror")));
    this.thread.on("error", () => this.dispatchEvent(new Event("error")));
    this.thread.on("exit", () => {
      if (!this.terminated) this.dispatchEvent(new Event("error"));
    });
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.posted++;
    // The page's transferables are the thread's own: buffers, and ports made by MessageChannel here.
    this.thread.postMessage(message, transfer as unknown as TransferListItem[]);
  }

  start(): void {}

  terminate(): void {
    void this.close();
  }

  /** Ends the thread, as terminate does, once it has ended. */
  async close(): Promise<void> {
    this.terminated = true;
    await this.thread.terminate();
  }
}
