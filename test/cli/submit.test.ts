import { spawn } from "node:child_process";
import { mkdir, readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { ordersSheet } from "../helpers/order-sheets";
import { runCli } from "../../src/cli/main";
import { submitText, type SubmitReport } from "../../src/cli/submit";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";
import { samplePath } from "../helpers/samples";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ACCOUNT_ID = 1042;

const session = useSimulatorAndFolder();

const vendorSettings = () => vendorEnv(session.sim, session.folder.path);
const cli = (args: readonly string[], env: Record<string, string> = vendorSettings()) => runCommand(args, env);

interface JsonRow {
  readonly rowNumber: number;
  readonly orderNumber: string | null;
  readonly outcome: string;
  readonly jobNumber: number | null;
  readonly messages: readonly string[];
}

const jobsHeld = () => session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID);

/** Each order exists exactly once at the vendor, and every one of its rows names that job. */
function expectOneJobEach(orderNumbers: readonly string[], rows: readonly JsonRow[]): void {
  for (const orderNumber of orderNumbers) {
    expect(jobsHeld().get(orderNumber), orderNumber).toHaveLength(1);
    const mine = rows.filter((row) => row.orderNumber === orderNumber);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine)
      expect(row).toMatchObject({ outcome: "created", jobNumber: jobsHeld().get(orderNumber)?.[0] });
  }
}

describe("npm run cli -- submit", () => {
  it("creates each ready job once, prints every row with its job number and writes the result sheet", async () => {
    const { path, orderNumbers } = await ordersSheet("CLI", 2, session.folder.path);
    const journal = join(session.folder.path, "orders.journal.jsonl");
    const out = join(session.folder.path, "results.csv");
    const first = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--out",
      out,
      "--json",
    ]);
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    const report = JSON.parse(first.out) as { rows: JsonRow[]; status: string; summary: string };
    expect(report.status).toBe("finished");
    expect(report.summary).toBe("8 jobs created from 20 rows. Orders: 8 created.");
    expect(report.rows).toHaveLength(20);
    expectOneJobEach(orderNumbers, report.rows);
    const sheet = Papa.parse<Record<string, string>>((await readFile(out, "utf8")).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(sheet.map((row) => [row["Order No"], row["Job number"]])).toEqual(
      report.rows.map((row) => [row.orderNumber, String(row.jobNumber)]),
    );

    // The same journal again: reported, nothing sent.
    const held = jobsHeld();
    const again = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal]);
    expect(again.code).toBe(0);
    expect(again.err).toContain("nothing is sent again");
    expect(jobsHeld()).toEqual(held);
    expect(again.out).toMatch(/^\s+CLI-1-1\s+\d+\s+Created$/m);
  });

  it(
    "reports the orders a fresh journal finds at the vendor as already there, " +
      "and sends them again only with --allow-existing",
    async () => {
      const { path, orderNumbers } = await ordersSheet("TWICE", 1, session.folder.path);
      await cli(["submit", path, "--yes", "--connection", "demo", "--journal", join(session.folder.path, "a.jsonl")]);
      const held = jobsHeld();

      const fresh = await cli([
        "submit",
        path,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "b.jsonl"),
        "--json",
      ]);
      expect(fresh.code).toBe(0);
      const report = JSON.parse(fresh.out) as SubmitReport;
      const { rows } = report;
      for (const row of rows)
        expect(row).toMatchObject({ outcome: "existing", jobNumber: held.get(row.orderNumber as string)?.[0] });
      expect(jobsHeld()).toEqual(held);
      // Counted as already at the vendor, never among the rows not created.
      expect(report.summary).toBe(
        "0 jobs created from 0 rows; 10 rows already at the vendor. Orders: 4 already at the vendor.",
      );
      const text = submitText(report);
      expect(text).toContain(`\nRows already at the vendor:\n  row ${rows[0]?.rowNumber} `);
      expect(text).not.toContain("Rows not created:");

      const allowed = await cli([
        "submit",
        path,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "c.jsonl"),
        "--allow-existing",
        "--json",
      ]);
      expect(allowed.code).toBe(0);
      for (const orderNumber of orderNumbers) expect(jobsHeld().get(orderNumber)).toHaveLength(2);
    },
  );

  it("exits 1 while rows stay unsent because of their errors, and says why on each", async () => {
    const path = fileURLToPath(new URL("../fixtures/unknown-price-code.csv", import.meta.url));
    const { code, out } = await cli([
      "submit",
      path,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      join(session.folder.path, "j.jsonl"),
      "--json",
    ]);
    expect(code).toBe(1);
    const rows = (JSON.parse(out) as { rows: JsonRow[] }).rows;
    expect(rows.filter((row) => row.outcome === "not-sent").map((row) => row.rowNumber)).toEqual([5, 6, 7, 8]);
    expect(rows.find((row) => row.rowNumber === 6)?.messages.join(" ")).toContain("is not a price code");
    expect(rows.find((row) => row.rowNumber === 5)?.messages.join(" ")).toContain(
      "Not sent: other rows of order KTP-25002 need fixing first.",
    );
    expect(rows.filter((row) => row.outcome === "created")).toHaveLength(6);
  });

  it(
    "exits 3 when the vendor refuses the connection, " + "and 2 without a connection when real ones are configured",
    async () => {
      const { path } = await ordersSheet("REFUSED", 1, session.folder.path);
      const refused = await cli(
        ["submit", path, "--yes", "--connection", "demo", "--journal", join(session.folder.path, "j.jsonl")],
        { ...vendorSettings(), VENDOR_CLIENT_SECRET: "wrong-secret" },
      );
      expect(refused.code).toBe(3);
      expect(refused.err).not.toContain("wrong-secret");
      const unnamed = await cli(["submit", path]);
      expect(unnamed.code).toBe(2);
      expect(unnamed.err).toContain("submit needs --connection NAME");
    },
  );

  it("refuses a journal, result or audit path it cannot write before it reaches the vendor, and says why", async () => {
    const { path } = await ordersSheet("PATHS", 1, session.folder.path);
    const folder = join(session.folder.path, "journals");
    await mkdir(folder);
    const journal = join(session.folder.path, "j.jsonl");
    const refusals = [
      [
        ["--journal", folder],
        `The journal ${folder} cannot be written: it is a folder, not a file. Give another path with --journal.`,
      ],
      [
        ["--journal", join(path, "journal.jsonl")],
        `The journal ${join(path, "journal.jsonl")} cannot be written: ` +
          `${path} is a file, not a folder. Give another path with --journal.`,
      ],
      [
        ["--journal", join(path, "deeper", "journal.jsonl")],
        `The journal ${join(path, "deeper", "journal.jsonl")} cannot be written: ` +
          `${path} is a file, not a folder. Give another path with --journal.`,
      ],
      [
        ["--journal", journal, "--out", folder],
        `The result sheet ${folder} cannot be written: it is a folder, not a file. Give another path with --out.`,
      ],
      [
        ["--journal", journal, "--audit", join(path, "audit.jsonl")],
        `The audit trail ${join(path, "audit.jsonl")} cannot be written: ` +
          `${path} is a file, not a folder. Give another path with --audit.`,
      ],
      [
        ["--journal", path],
        `The journal ${path} cannot be written: it is the order sheet itself. Give another path with --journal.`,
      ],
    ] as const;
    for (const [options, message] of refusals) {
      expect(await cli(["submit", path, "--yes", "--connection", "demo", ...options])).toEqual({
        code: 2,
        out: "",
        err: `${message}\n`,
      });
    }
    expect(session.sim.simulator.stats).toMatchObject({ tokenRequests: 0, apiCalls: 0 });
    // Looking leaves nothing behind: the sheet as it was, no journal file.
    expect(await readFile(path, "utf8")).not.toContain("{");
    expect((await readdir(session.folder.path)).sort()).toEqual(
      [path.slice(session.folder.path.length + 1), "journals"].sort(),
    );
  });

  it("makes the journal's folder when it does not exist yet", async () => {
    const { path } = await ordersSheet("NEWFOLDER", 1, session.folder.path);
    const journal = join(session.folder.path, "new", "folder", "j.jsonl");
    const { code } = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal]);
    expect(code).toBe(0);
    expect(await readFile(journal, "utf8")).toContain('"kind":"batch"');
  });

  it("continues after the process was killed mid-batch, from its journal, and creates nothing twice", {
    timeout: 90_000,
  }, async () => {
    const { path, orderNumbers } = await ordersSheet("KILL", 4, session.folder.path);
    const journal = join(session.folder.path, "kill.journal.jsonl");
    session.sim.simulator.faults = { delayMs: 400, endpoints: ["createJob"] };
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/cli/cli.ts",
        "submit",
        path,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        journal,
        "--concurrency",
        "2",
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...vendorSettings() },
        stdio: "ignore",
      },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await expect
      .poll(() => [...jobsHeld().values()].length, { timeout: 60_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    child.kill("SIGKILL");
    await exited;
    session.sim.simulator.faults = {};
    const createdBeforeResume = [...jobsHeld().values()].length;
    expect(createdBeforeResume).toBeLessThan(16);
    const text = await readFile(journal, "utf8");
    expect(text).toContain('"state":"sending"');

    // Orders in flight when the process died are looked up first. One whose request never
    // reached the vendor is not found and waits: running the command again is the word to send it.
    let resumed = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    const waiting = (JSON.parse(resumed.out) as { rows: JsonRow[] }).rows.filter((row) => row.outcome !== "created");
    for (const row of waiting) {
      expect(row.outcome).toBe("not-found");
      expect(row.messages.join(" ")).toContain("no such job was found afterwards");
      expect(jobsHeld().get(row.orderNumber as string)).toBeUndefined();
    }
    expect(resumed.code).toBe(waiting.length > 0 ? 3 : 0);
    if (waiting.length > 0)
      resumed = await cli(["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"]);
    expect(resumed.code).toBe(0);
    expectOneJobEach(orderNumbers, (JSON.parse(resumed.out) as { rows: JsonRow[] }).rows);
  });
});

describe("an unexpected failure", () => {
  it("is said in one plain sentence, with no stack, and a non-zero exit", async () => {
    const { path } = await ordersSheet("BROKEN", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    let err = "";
    // Standard output closed under it: the report cannot be printed, after every job was made.
    const code = await runCli(
      ["submit", path, "--yes", "--connection", "demo", "--journal", journal, "--json"],
      () => {
        throw new Error(
          "EPIPE: broken pipe, write\n    at afterWriteDispatched (node:internal/stream_base_commons:161:15)",
        );
      },
      (text) => (err += text),
      vendorSettings(),
    );
    expect(code).toBe(3);
    const stoppedOnBrokenPipe = new RegExp(
      "^submit stopped on an unexpected failure: EPIPE: broken pipe, write\\. " +
        "Every order sent is written in the journal .+; run the same command again to continue\\.\\n$",
    );
    expect(err).toMatch(stoppedOnBrokenPipe);
  });

  it("of inspect exits 1, with the failure in one line", async () => {
    let err = "";
    const code = await runCli(
      ["inspect", samplePath("price-code-orders.csv")],
      () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
      (text) => (err += text),
      {},
    );
    expect([code, err]).toEqual([
      1,
      "inspect stopped on an unexpected failure: Cannot read properties of undefined (reading 'x').\n",
    ]);
  });
});

describe("npm run cli -- jobs", () => {
  it("lists the account's jobs with their status, or one order's", async () => {
    const { path } = await ordersSheet("LIST", 1, session.folder.path);
    await cli(["submit", path, "--yes", "--connection", "demo", "--journal", join(session.folder.path, "j.jsonl")]);
    const all = await cli(["jobs", "--connection", "demo"]);
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/^4 jobs:$/m);
    expect(all.out).toMatch(/^\s+\d+\s+LIST-1-1\s+(Received|Awaiting Artwork)\s+due 2027-02-15/m);
    const one = await cli(["jobs", "--connection", "demo", "--order", "LIST-1-2", "--json"]);
    const listed = JSON.parse(one.out) as { orderNumber: string; status: string }[];
    expect(listed.map((job) => job.orderNumber)).toEqual(["LIST-1-2"]);
  });
});
