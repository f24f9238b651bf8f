import { appendFile, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openFileJournal } from "../../src/cli/file-journal";
import type { OrderRecord } from "../../src/core/journal";
import { batchRecord, orderRecord } from "../helpers/journal-records";
import { ordersSheet } from "../helpers/order-sheets";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";

const session = useSimulatorAndFolder();

const order = (batchId: string, orderNumber: string, state: OrderRecord["state"], patch: Partial<OrderRecord> = {}) =>
  orderRecord(batchId, orderNumber, {
    payloadHash: "hash",
    candidate: { orderNumber, items: [] } as unknown as OrderRecord["candidate"],
    state,
    ...patch,
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the journal file", () => {
  it("leaves out a line cut short by a crash, says so plainly, and reads every whole record", async () => {
    const path = join(session.folder.path, "j.jsonl");
    const journal = await openFileJournal(path);
    await journal.putBatch(batchRecord("b"));
    await journal.putOrders([order("b", "A", "created", { jobNumber: 7 })]);
    await journal.close();
    await appendFile(path, '{"kind":"order","record":{"batchId":"b","orderNumber":"B","sta');

    const reopened = await openFileJournal(path);
    expect((await reopened.ordersOf("b")).map((o) => [o.orderNumber, o.state])).toEqual([["A", "created"]]);
    expect(reopened.unreadLines).toEqual([
      `Line 3 of the journal ${path} is incomplete, most likely from a write that did not finish, and was left out.`,
    ]);
    await reopened.close();
  });

  it("starts the next record on a line of its own after a write that failed part-way", async () => {
    const path = join(session.folder.path, "j.jsonl");
    const journal = await openFileJournal(path);
    await journal.putBatch(batchRecord("b"));

    // The disk fills up half-way through the next write.
    const probe = await open(join(session.folder.path, "probe"), "w");
    const prototype = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
    await probe.close();
    const write = prototype.write;
    vi.spyOn(prototype, "write").mockImplementationOnce(async function (
      this: unknown,
      data: unknown,
      ...rest: unknown[]
    ) {
      if (typeof data === "string") await write.call(this, data.slice(0, data.length >> 1));
      else {
        const bytes = data as Uint8Array;
        const offset = (rest[0] as number | undefined) ?? 0;
        const length = (rest[1] as number | undefined) ?? bytes.length - offset;
        await write.call(this, bytes, offset, length >> 1);
      }
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    await expect(journal.putOrders([order("b", "A", "sending", { attempts: 1 })])).rejects.toThrow(/no space left/);
    vi.restoreAllMocks();

    await journal.putOrders([order("b", "B", "planned")]);
    await journal.close();
    const reopened = await openFileJournal(path);
    expect((await reopened.ordersOf("b")).map((o) => [o.orderNumber, o.state])).toEqual([["B", "planned"]]);
    expect(reopened.unreadLines).toHaveLength(1);
    await reopened.close();
  });

  it("does not stop at a line that holds something other than a record", async () => {
    const path = join(session.folder.path, "j.jsonl");
    const journal = await openFileJournal(path);
    await journal.putBatch(batchRecord("b"));
    await journal.close();
    await appendFile(path, "null\n42\n");
    await appendFile(path, `${JSON.stringify({ kind: "order", record: order("b", "A", "planned") })}\n`);

    const reopened = await openFileJournal(path);
    expect((await reopened.ordersOf("b")).map((o) => o.orderNumber)).toEqual(["A"]);
    expect(reopened.unreadLines).toHaveLength(2);
    await reopened.close();
  });
});

describe("submit with a journal whose last line was cut short", () => {
  it("says which line was left out and carries on", async () => {
    const { path, orderNumbers } = await ordersSheet("TORN", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    const env = vendorEnv(session.sim, session.folder.path);
    expect((await runCommand(["submit", path, "--yes", "--connection", "demo", "--journal", journal], env)).code).toBe(
      0,
    );
    const lines = (await readFile(journal, "utf8")).split("\n").length;
    await appendFile(journal, '{"kind":"order","record":{"batchId":"x","orderNumb');

    const again = await runCommand(
      ["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"],
      env,
    );
    expect(again.code).toBe(0);
    const report = JSON.parse(again.out) as { problems: string[]; orders: { state: string }[] };
    expect(report.problems).toEqual([
      `Line ${lines} of the journal ${journal} is incomplete, ` +
        "most likely from a write that did not finish, and was left out.",
    ]);
    expect(report.orders.map((o) => o.state)).toEqual(orderNumbers.map(() => "created"));
    expect(session.sim.simulator.jobsByOrderNumber(1042).size).toBe(orderNumbers.length);
  });
});
