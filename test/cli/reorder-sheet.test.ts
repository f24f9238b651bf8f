import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allAssets, allGlobalAssets } from "../../src/api";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";
import { simClient } from "../helpers/sim-client";
import { unwrap } from "../helpers/unwrap";
import { deliveredTo, fillCampaign, readCampaign } from "../core/reorder/campaign-workbook";

const session = useSimulatorAndFolder();

const cli = (args: readonly string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));

interface Report {
  readonly file: string;
  readonly tags: readonly string[];
  readonly historyUnread: readonly string[];
}

async function reorderSheet(name: string, ...options: string[]): Promise<{ report: Report; path: string }> {
  const path = join(session.folder.path, name);
  const run = await cli(["reorder-sheet", "--connection", "demo", "--out", path, "--json", ...options]);
  expect(run.err).toBe("");
  expect(run.code).toBe(0);
  return { report: JSON.parse(run.out) as Report, path };
}

/** The account's assets as the vendor lists them, to compare the sheet with. */
async function vendorAssets() {
  const client = simClient(session.sim);
  const own = unwrap(await allAssets(client));
  const global = unwrap(await allGlobalAssets(client));
  return { own, global, archived: new Set([...own, ...global].filter((a) => a.isArchived).map((a) => a.assetTag)) };
}

describe("npm run cli -- reorder-sheet", () => {
  it("writes every orderable design of the account, own and global, and never an archived one", async () => {
    const { own, global, archived } = await vendorAssets();
    const { report, path } = await reorderSheet("all.xlsx");
    expect(archived.size).toBeGreaterThan(0);
    expect(report.tags.filter((tag) => archived.has(tag))).toEqual([]);
    expect(new Set(report.tags)).toEqual(
      new Set([...own, ...global].filter((a) => !a.isArchived).map((a) => a.assetTag)),
    );
    const { book, rows } = await readCampaign(await readFile(path));
    expect(book.worksheets.map((s) => s.name)).toEqual(["Instructions", "Reorder", "Lists"]);
    expect(rows.map((r) => r["Asset tag"])).toEqual(report.tags);
    expect(report.historyUnread).toEqual([]);
    // Nothing has been ordered yet on a fresh account.
    expect(new Set(rows.map((r) => r["Last ordered"]))).toEqual(new Set(["Never"]));
  });

  it("filters by process, text and own designs only", async () => {
    const { own } = await vendorAssets();
    const process = own[0]?.processCode ?? "";
    const word = (own[0]?.description ?? "").split(" ")[0] ?? "";
    const { report } = await reorderSheet(
      "some.xlsx",
      "--process",
      process.toLowerCase(),
      "--search",
      word,
      "--no-global",
    );
    const expected = own.filter(
      (a) =>
        !a.isArchived && a.processCode === process && (a.description ?? "").toLowerCase().includes(word.toLowerCase()),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(report.tags).toEqual(expected.map((a) => a.assetTag));
  });

  it(
    "writes a workbook that, filled in, passes check with no errors, " + "and then knows what was ordered since",
    async () => {
      const { report, path } = await reorderSheet("campaign.xlsx", "--no-global");
      const [a, b, c] = report.tags as [string, string, string];
      const { rows } = await readCampaign(await readFile(path));
      const minimum = (tag: string) => Number(rows.find((r) => r["Asset tag"] === tag)?.["Minimum quantity"] ?? 1);
      const filled = join(session.folder.path, "campaign filled.xlsx");
      await writeFile(
        filled,
        await fillCampaign(
          await readFile(path),
          new Map([
            [a, deliveredTo("CLI-CAMP-1", { Quantity: minimum(a) + 200 })],
            [b, { "Order number": "CLI-CAMP-1", Quantity: minimum(b) + 200 }],
            [
              c,
              deliveredTo("CLI-CAMP-2", {
                Quantity: minimum(c) + 200,
                "Delivery method": "Pick-up",
                "Street address": "",
                City: "",
                Postcode: "",
              }),
            ],
          ]),
        ),
      );
      const check = await cli(["check", filled, "--connection", "demo", "--json"]);
      expect(check.code).toBe(0);
      const checked = JSON.parse(check.out);
      expect(checked.summary.issues.error).toBe(0);
      expect(checked.summary.jobs).toMatchObject({ total: 2, valid: 2 });
      // The designs left blank are notes, not errors.
      expect(checked.issues.filter((i: { code: string }) => i.code === "NOT_AN_ORDER_ROW").length).toBe(
        report.tags.length - 3,
      );

      const submitted = await cli([
        "submit",
        filled,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "journal.jsonl"),
        "--json",
      ]);
      expect(submitted.code).toBe(0);
      const jobs = session.sim.simulator.jobsByOrderNumber(1042);
      const since = await reorderSheet("since.xlsx", "--ordered-since", "2026-11-01");
      expect(since.report.tags).toEqual([a, b, c]);
      const ordered = (await readCampaign(await readFile(since.path))).rows;
      expect(ordered.map((r) => [r["Last ordered"], r["Last order qty"], r["Last job"]])).toEqual([
        ["In progress", minimum(a) + 200, jobs.get("CLI-CAMP-1")?.[0]],
        ["In progress", minimum(b) + 200, jobs.get("CLI-CAMP-1")?.[0]],
        ["In progress", minimum(c) + 200, jobs.get("CLI-CAMP-2")?.[0]],
      ]);
    },
  );

  it("refuses what it cannot do, and says why", async () => {
    const noOut = await cli(["reorder-sheet", "--connection", "demo"]);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toContain("--out FILE.xlsx");
    const csv = await cli(["reorder-sheet", "--connection", "demo", "--out", join(session.folder.path, "x.csv")]);
    expect(csv.code).toBe(2);
    const date = await cli([
      "reorder-sheet",
      "--connection",
      "demo",
      "--ordered-since",
      "last week",
      "--out",
      join(session.folder.path, "x.xlsx"),
    ]);
    expect(date.code).toBe(2);
    expect(date.err).toContain("YYYY-MM-DD");
    const process = await cli([
      "reorder-sheet",
      "--connection",
      "demo",
      "--process",
      "NOPE",
      "--out",
      join(session.folder.path, "x.xlsx"),
    ]);
    expect(process.code).toBe(2);
    expect(process.err).toMatch(/No design of this account is of process "NOPE"; the processes are .+\(.+\)/);
    const folderPath = join(session.folder.path, "campaign.xlsx");
    await mkdir(folderPath);
    const folder = await cli(["reorder-sheet", "--connection", "demo", "--out", folderPath]);
    expect(folder).toEqual({
      code: 2,
      out: "",
      err: `The workbook ${folderPath} cannot be written: it is a folder, not a file. Give another path with --out.\n`,
    });
    const nothing = await cli([
      "reorder-sheet",
      "--connection",
      "demo",
      "--search",
      "no design is called this",
      "--out",
      join(session.folder.path, "x.xlsx"),
    ]);
    expect(nothing.code).toBe(1);
    expect(nothing.err).toContain("No orderable design matches");
  });
});
