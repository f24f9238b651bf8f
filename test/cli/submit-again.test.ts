import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileLocks } from "../../src/cli/file-lock";
import { submitLockName } from "../../src/submit/submit-lock";
import { ordersSheet } from "../helpers/order-sheets";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";

const ACCOUNT_ID = 1042;

const session = useSimulatorAndFolder();

const cli = (args: readonly string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));
const jobsHeld = () => session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID);
const jobCounts = (orderNumbers: readonly string[]) =>
  Object.fromEntries(orderNumbers.map((n) => [n, jobsHeld().get(n)?.length ?? 0]));
const each = (orderNumbers: readonly string[], count: number) =>
  Object.fromEntries(orderNumbers.map((n) => [n, count]));

interface JsonReport {
  readonly status: string;
  readonly problems: readonly string[];
  readonly orders: readonly { orderNumber: string; state: string; jobNumber: number | null }[];
}

describe("submitting the same sheet again with --allow-existing", () => {
  it("never sends again an order this journal created, however often it is run", async () => {
    const { path, orderNumbers } = await ordersSheet("TWICE", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    const first = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
    ]);
    expect(first.code).toBe(0);
    expect(jobCounts(orderNumbers)).toEqual(each(orderNumbers, 1));

    const second = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
      "--json",
    ]);
    expect(second.code).toBe(0);
    expect(jobCounts(orderNumbers)).toEqual(each(orderNumbers, 1));
    const report = JSON.parse(second.out) as JsonReport;
    expect(report.orders.map((o) => o.state)).toEqual(orderNumbers.map(() => "created"));
    // Still one batch in the journal: the second run continued the first.
    const batches = (await readFile(journal, "utf8")).split("\n").filter((line) => line.startsWith('{"kind":"batch"'));
    expect(new Set(batches.map((line) => (JSON.parse(line) as { record: { id: string } }).record.id)).size).toBe(1);
  });

  it("sends only the orders someone else had made, not those it created the first time", async () => {
    // Someone else's import made the first four orders.
    const theirs = await ordersSheet("MIX", 1, session.folder.path);
    expect(
      (
        await cli([
          "submit",
          theirs.path,
          "--yes",
          "--connection",
          "demo",
          "--journal",
          join(session.folder.path, "theirs.jsonl"),
        ])
      ).code,
    ).toBe(0);
    const { path, orderNumbers } = await ordersSheet("MIX", 2, session.folder.path);
    const ours = orderNumbers.filter((n) => !theirs.orderNumbers.includes(n));
    const journal = join(session.folder.path, "ours.jsonl");

    const first = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    expect(first.code).toBe(0);
    const firstReport = JSON.parse(first.out) as JsonReport;
    expect(firstReport.status).toBe("finished");
    expect(Object.fromEntries(firstReport.orders.map((o) => [o.orderNumber, o.state]))).toEqual({
      ...Object.fromEntries(theirs.orderNumbers.map((n) => [n, "existing"])),
      ...Object.fromEntries(ours.map((n) => [n, "created"])),
    });

    const allowed = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
      "--json",
    ]);
    expect(allowed.code).toBe(0);
    expect(jobCounts(theirs.orderNumbers)).toEqual(each(theirs.orderNumbers, 2));
    expect(jobCounts(ours)).toEqual(each(ours, 1));
    const report = JSON.parse(allowed.out) as JsonReport;
    expect(report.status).toBe("finished");
    expect(report.orders.map((o) => o.state)).toEqual(orderNumbers.map(() => "created"));

    // And once more: nothing left to send.
    const again = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
    ]);
    expect(again.code).toBe(0);
    expect(jobCounts(theirs.orderNumbers)).toEqual(each(theirs.orderNumbers, 2));
    expect(jobCounts(ours)).toEqual(each(ours, 1));
  });

  it("does not count a job this journal created as someone else's when a changed sheet is imported", async () => {
    const before = await ordersSheet("EDIT", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", before.path, "--yes", "--connection", "demo", "--journal", journal])).code).toBe(0);
    const created = jobsHeld();

    // The same file with four more orders: a new batch, whose first four orders the vendor has from the first import.
    const after = await ordersSheet("EDIT", 2, session.folder.path);
    const added = after.orderNumbers.filter((n) => !before.orderNumbers.includes(n));
    const run = await cli([
      "submit",
      after.path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
      "--json",
    ]);
    expect(jobCounts(after.orderNumbers)).toEqual(each(after.orderNumbers, 1));
    const report = JSON.parse(run.out) as JsonReport;
    expect(report.orders.filter((o) => before.orderNumbers.includes(o.orderNumber))).toEqual(
      before.orderNumbers.map((n) => ({ orderNumber: n, state: "existing", jobNumber: created.get(n)?.[0] })),
    );
    expect(report.orders.filter((o) => added.includes(o.orderNumber)).map((o) => o.state)).toEqual(
      added.map(() => "created"),
    );
    for (const n of before.orderNumbers) {
      expect(report.problems).toContain(
        `Order ${n} was not sent again: its job ${created.get(n)?.[0]} ` +
          "was created by an earlier submission recorded in this journal.",
      );
    }
  });

  it("does not send an order again when this journal sent it once without a clear answer", async () => {
    const before = await ordersSheet("UNCLEAR", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", before.path, "--yes", "--connection", "demo", "--journal", journal])).code).toBe(0);
    const [first] = before.orderNumbers as [string];
    // As if the first order's request had got no answer at all (the job was made all the same).
    const lines = (await readFile(journal, "utf8"))
      .split("\n")
      .filter((line) => line.includes(`"orderNumber":"${first}"`));
    const { kind, record } = JSON.parse(lines.at(-1) as string) as { kind: string; record: Record<string, unknown> };
    const { jobNumber: _job, createdLines: _lines, answers: _answers, ...unanswered } = record;
    await appendFile(journal, `${JSON.stringify({ kind, record: { ...unanswered, state: "unknown" } })}\n`);
    const created = jobsHeld();

    const after = await ordersSheet("UNCLEAR", 2, session.folder.path);
    const run = await cli([
      "submit",
      after.path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--allow-existing",
      "--json",
    ]);
    expect(jobCounts(after.orderNumbers)).toEqual(each(after.orderNumbers, 1));
    const report = JSON.parse(run.out) as JsonReport;
    expect(report.orders.find((o) => o.orderNumber === first)).toEqual({
      orderNumber: first,
      state: "existing",
      jobNumber: created.get(first)?.[0],
    });
    expect(report.problems).toContain(
      `Order ${first} was not sent again: a submission recorded in this journal sent it ` +
        `without getting a clear answer, so job ${created.get(first)?.[0]} may be that one.`,
    );
  });
});

describe("a second submission while the account is busy", () => {
  it("writes nothing to the journal and says another submission is running", async () => {
    const { path } = await ordersSheet("BUSY", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal])).code).toBe(0);
    // As if each order had got no clear answer and had not been found afterwards: running again sends them.
    const last = new Map<string, { kind: string; record: Record<string, unknown> }>();
    for (const line of (await readFile(journal, "utf8")).split("\n").filter(Boolean)) {
      const parsed = JSON.parse(line) as { kind: string; record: Record<string, unknown> };
      last.set(parsed.kind === "batch" ? "" : (parsed.record["orderNumber"] as string), parsed);
    }
    const unfinished = [...last.values()].map(
      ({ kind, record: { jobNumber: _job, createdLines: _lines, finishedAt: _at, ...record } }) =>
        JSON.stringify({ kind, record: kind === "batch" ? record : { ...record, state: "not-found" } }),
    );
    await appendFile(journal, `${unfinished.join("\n")}\n`);
    const text = await readFile(journal, "utf8");

    const held = await fileLocks(session.folder.path).withLock(submitLockName("demo", ACCOUNT_ID), async () => {
      const second = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal]);
      expect(second.code).toBe(3);
      expect(second.err).toContain("Another submission for demo is running");
      expect(await readFile(journal, "utf8")).toBe(text);
      return true;
    });
    expect(held).toEqual({ acquired: true, value: true });
  });
});
