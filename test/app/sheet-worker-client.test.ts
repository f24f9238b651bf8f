import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createSheetWorkerClient } from "../../src/app/sheet-worker-client";
import { NodeThreadWorker } from "../helpers/node-thread-worker";
import type { HoldThenDie } from "../helpers/sheet-worker-thread";

const THREAD = fileURLToPath(new URL("../helpers/sheet-worker-thread.ts", import.meta.url));
const bytes = (text: string) => new TextEncoder().encode(text);
const ORDERS = "Order No,Qty,Due\r\nA-1,1,2027-02-01\r\nA-2,2,\r\n";

const threads: NodeThreadWorker[] = [];
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close();
});

/** The page's sheet client over real threads running the sheet worker's API, each kept to look at. */
function threadedClient() {
  return createSheetWorkerClient(() => {
    const thread = new NodeThreadWorker(THREAD);
    threads.push(thread);
    return thread as unknown as Worker;
  });
}

describe("the sheet worker's client", () => {
  it(
    "gives up every call waiting on a sheet worker that dies, " + "in plain words, and reads again with a new one",
    async () => {
      const client = threadedClient();
      const opened = await client.open(bytes(ORDERS), "orders.csv", [], () => undefined);
      expect(opened.ok).toBe(true);
      expect(await client.preview("orders", undefined, [])).toMatchObject({
        ok: true,
        preview: { headers: ["Order No", "Qty", "Due"], rowCount: 2 },
      });

      // The worker is held (as by a huge sheet) with these calls behind it, then dies.
      const [thread] = threads;
      if (!thread) throw new Error("no sheet worker was started");
      const gate = new Int32Array(new SharedArrayBuffer(4));
      thread.thread.postMessage({ holdThenDie: gate } satisfies HoldThenDie);
      const before = thread.posted;
      const waiting = [
        client.preview("orders", 1, []),
        // A write waiting for its data from the submit worker, which never comes.
        client.writeResultsFrom(new MessageChannel().port1, bytes(ORDERS), "orders.csv", "orders"),
        client.suggestMapping("orders", 1, undefined),
      ];
      await expect.poll(() => thread.posted).toBe(before + waiting.length);
      const told: unknown[][] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => void told.push(args);
      try {
        Atomics.store(gate, 0, 1);
        Atomics.notify(gate, 0);
        for (const call of waiting)
          await expect(call).rejects.toMatchObject({
            name: "WorkerStoppedError",
            worker: "sheet",
            reason: "failed",
            message: "The sheet worker failed",
          });
      } finally {
        console.error = consoleError;
      }
      expect(told).toHaveLength(1);

      // The next call starts a new worker; the file went with the old one.
      expect(await client.preview("orders", undefined, [])).toEqual({
        ok: false,
        code: "NO_TABLE",
        message: "No file is open.",
      });
      expect(threads).toHaveLength(2);
      expect(await client.open(bytes(ORDERS), "orders.csv", [], () => undefined)).toMatchObject({ ok: true });
    },
  );
});
