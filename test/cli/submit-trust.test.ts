import { copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ordersSheet } from "../helpers/order-sheets";
import { runCli } from "../../src/cli/main";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";
import { simClient } from "../helpers/sim-client";

const ACCOUNT_ID = 1042;

const session = useSimulatorAndFolder();

const cli = (args: readonly string[], lockFolder = session.folder.path) =>
  runCommand(args, vendorEnv(session.sim, lockFolder));

interface JsonReport {
  readonly status: string;
  readonly problems: readonly string[];
  readonly orders: readonly { orderNumber: string; state: string; jobNumber: number | null }[];
  readonly rows: readonly {
    rowNumber: number;
    orderNumber: string | null;
    outcome: string;
    jobNumber: number | null;
    messages: readonly string[];
  }[];
}

/** The jobs the vendor holds per order number, cancelled ones left out. */
function liveJobs(): Map<string, number[]> {
  const live = new Map<string, number[]>();
  for (const [orderNumber, jobNumbers] of session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID)) {
    const kept = jobNumbers.filter((n) => session.sim.simulator.findJob(n)?.cancelledAt === null);
    if (kept.length > 0) live.set(orderNumber, kept);
  }
  return live;
}

describe("two machines submitting one sheet at once, each with its own journal and lock folder", () => {
  it("leaves one live job per order: each order is looked up right before it is sent, " +
    "and any duplicate made in the race is cancelled", {
    timeout: 90_000,
  }, async () => {
    const { path, orderNumbers } = await ordersSheet("RACE", 8, session.folder.path);
    const [machineA, machineB] = [join(session.folder.path, "a"), join(session.folder.path, "b")];
    await Promise.all([mkdir(machineA), mkdir(machineB)]);
    await Promise.all([copyFile(path, join(machineA, "orders.csv")), copyFile(path, join(machineB, "orders.csv"))]);
    // Answers take a little while, so the two runs interleave as two machines would.
    session.sim.simulator.faults = { delayMs: [2, 30], endpoints: ["createJob", "listActiveJobs"] };
    const submit = (folder: string) =>
      cli(
        [
          "submit",
          join(folder, "orders.csv"),
          "--yes",
          "--connection",
          "demo",
          "--journal",
          join(folder, "journal.jsonl"),
          "--concurrency",
          "4",
          "--json",
        ],
        folder,
      );
    const [a, b] = await Promise.all([submit(machineA), submit(machineB)]);
    session.sim.simulator.faults = {};

    const live = liveJobs();
    for (const orderNumber of orderNumbers) expect(live.get(orderNumber), orderNumber).toHaveLength(1);
    const reports = [JSON.parse(a.out) as JsonReport, JSON.parse(b.out) as JsonReport];
    for (const orderNumber of orderNumbers) {
      const states = reports.map((r) => r.orders.find((o) => o.orderNumber === orderNumber)?.state);
      // One machine made the job that stands; the other found it, or cancelled its own duplicate.
      expect(
        states.filter((s) => s === "created"),
        `${orderNumber}: ${states.join(", ")}`,
      ).toHaveLength(1);
      expect(states.every((s) => s === "created" || s === "existing" || s === "cancelled")).toBe(true);
    }
    expect([a.code, b.code]).toEqual([0, 0]);
  });
});

describe("an order whose PO number was changed at the vendor", () => {
  it("is recognised by the journal when the sheet comes again, grown by one order, and not created again", async () => {
    const before = await ordersSheet("PO", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", before.path, "--yes", "--connection", "demo", "--journal", journal])).code).toBe(0);
    const [edited] = before.orderNumbers as [string];
    const [jobNumber] = liveJobs().get(edited) as [number];
    const patched = await simClient(session.sim).patchJob(jobNumber, { orderNumber: "RENAMED-77" });
    expect(patched.ok).toBe(true);

    const after = await ordersSheet("PO", 2, session.folder.path);
    const run = await cli(["submit", after.path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    expect(run.code).toBe(0);
    expect(liveJobs().get(edited)).toBeUndefined();
    expect(liveJobs().get("RENAMED-77")).toEqual([jobNumber]);
    const report = JSON.parse(run.out) as JsonReport;
    expect(report.orders.find((o) => o.orderNumber === edited)).toEqual({
      orderNumber: edited,
      state: "existing",
      jobNumber,
    });
    const row = report.rows.find((r) => r.orderNumber === edited);
    expect(row?.outcome).toBe("existing");
    expect(row?.messages.join(" ")).toContain(`already created as job ${jobNumber} by an earlier import`);
    expect(row?.messages.join(" ")).toContain("its PO number is now RENAMED-77");
    // Every other order of the first sheet is left alone too; the new ones are created once.
    for (const orderNumber of after.orderNumbers)
      expect(liveJobs().get(orderNumber) ?? liveJobs().get("RENAMED-77"), orderNumber).toHaveLength(1);
  });
});

describe("dry runs the vendor rate-limited", () => {
  it("leaves those orders for the next run, which checks and sends them once the vendor has recovered", {
    timeout: 60_000,
  }, async () => {
    const { path, orderNumbers } = await ordersSheet("STRAND", 5, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    // The vendor rate-limits half the dry runs (each is tried twice); it has recovered by the time jobs are created.
    session.sim.simulator.faults = { rate429: 0.5, endpoints: ["createJob"] };
    let out = "";
    const code = await runCli(
      ["submit", path, "--yes", "--connection", "demo", "--journal", journal],
      (t) => (out += t),
      (text) => {
        if (text.startsWith("Looking for")) session.sim.simulator.faults = {};
      },
      vendorEnv(session.sim, session.folder.path),
    );
    session.sim.simulator.faults = {};
    const createdFirst = orderNumbers.filter((n) => liveJobs().has(n));
    expect(createdFirst.length).toBeGreaterThan(0);
    expect(createdFirst.length).toBeLessThan(orderNumbers.length);
    // The vendor's fault, not the sheet's: unsettled, and said so.
    expect(code).toBe(3);
    expect(out).toContain("could not check them just now");

    const second = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    expect(second.code).toBe(0);
    const report = JSON.parse(second.out) as JsonReport;
    expect(report.orders.map((o) => o.state).sort()).toEqual(orderNumbers.map(() => "created"));
    for (const orderNumber of orderNumbers) expect(liveJobs().get(orderNumber), orderNumber).toHaveLength(1);
    // Still one batch: the orders were added to it, not planned again beside it.
    const batches = (await readFile(journal, "utf8")).split("\n").filter((line) => line.startsWith('{"kind":"batch"'));
    expect(new Set(batches.map((line) => (JSON.parse(line) as { record: { id: string } }).record.id)).size).toBe(1);
  });
});

describe("a job cancelled after it was created", () => {
  it("reads as created and since cancelled on a re-run, in --json and in the text", async () => {
    const { path, orderNumbers } = await ordersSheet("CXL", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal])).code).toBe(0);
    const [first] = orderNumbers as [string];
    const [jobNumber] = liveJobs().get(first) as [number];
    expect((await simClient(session.sim).cancelJob(jobNumber)).ok).toBe(true);

    const again = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    const report = JSON.parse(again.out) as JsonReport;
    expect(report.orders.find((o) => o.orderNumber === first)).toEqual({
      orderNumber: first,
      state: "cancelled",
      jobNumber,
    });
    for (const row of report.rows.filter((r) => r.orderNumber === first)) {
      expect(row.outcome).toBe("cancelled");
      expect(row.messages).toContain(`Created as job ${jobNumber}, since cancelled.`);
    }
    expect(report.orders.filter((o) => o.orderNumber !== first).every((o) => o.state === "created")).toBe(true);
    const text = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal]);
    expect(text.out).toMatch(new RegExp(`^\\s+${first}\\s+${jobNumber}\\s+Created, since cancelled$`, "m"));
  });
});

describe("the confirmation before jobs are created", () => {
  it("is needed without a terminal: submit refuses without --yes before reading anything", async () => {
    const { path } = await ordersSheet("ASK", 1, session.folder.path);
    const run = await cli(["submit", path, "--connection", "demo", "--journal", join(session.folder.path, "j.jsonl")]);
    expect(run.code).toBe(2);
    expect(run.err).toContain("add --yes");
    expect(session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID).size).toBe(0);
  });

  it(
    "shows jobs, lines, total, due dates, delivery and what is left out; " +
      "a no sends nothing and writes nothing down",
    async () => {
      const { path } = await ordersSheet("ASK", 2, session.folder.path);
      const journal = join(session.folder.path, "j.jsonl");
      const asked: { summary: readonly string[]; question: string }[] = [];
      const run = (answer: boolean) => {
        let out = "";
        let err = "";
        const confirm = async (summary: readonly string[], question: string) => {
          asked.push({ summary, question });
          return answer;
        };
        return runCli(
          ["submit", path, "--connection", "demo", "--journal", journal, "--json"],
          (t) => (out += t),
          (t) => (err += t),
          vendorEnv(session.sim, session.folder.path),
          { confirm },
        ).then((code) => ({ code, out, err }));
      };
      const declined = await run(false);
      expect(declined.code).toBe(1);
      expect(declined.err).toContain("Nothing was sent");
      expect(session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID).size).toBe(0);
      await expect(readFile(journal, "utf8").catch(() => "")).resolves.not.toContain('"kind":"batch"');

      const [ask] = asked;
      expect(ask?.question).toBe("Create 8 jobs?");
      const text = ask?.summary.join("\n") ?? "";
      expect(text).toMatch(/8 jobs with 20 lines, estimated \$[\d,]+\.\d\d in all/);
      expect(text).toMatch(/due (between \d{4}-\d\d-\d\d and \d{4}-\d\d-\d\d|\d{4}-\d\d-\d\d)/);
      expect(text).toMatch(/Delivery: [^.]+\(\d+\)/);

      const confirmed = await run(true);
      expect(confirmed.code).toBe(0);
      const report = JSON.parse(confirmed.out) as JsonReport;
      // The count asked about is the count created.
      expect(report.orders.filter((o) => o.state === "created")).toHaveLength(8);
    },
  );
});
