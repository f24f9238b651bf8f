import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";

const ACCOUNT_ID = 1042;

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/several-files/${name}`, import.meta.url));
/** English headers, commas: HCR-101 (rows 2, 3), HCR-102 (row 4). */
const RUGBY = fixture("harbour-city-rugby.csv");
/** German headers, semicolons, order numbers on first rows only: TSV-21 (rows 2, 3), TSV-22 (row 4). */
const TSV = fixture("tsv-gruenwald.csv");
/** The German club's sheet with an order numbered HCR-102 (row 2), as the rugby club's is, and TSV-23 (row 3). */
const TSV_SAME_NUMBER = fixture("tsv-gruenwald-same-number.csv");

const session = useSimulatorAndFolder();
const cli = (...args: string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));
const jobsHeld = () => session.sim.simulator.jobsByOrderNumber(ACCOUNT_ID);

interface JsonIssue {
  readonly code: string;
  readonly file?: string;
  readonly rowNumber: number | null;
  readonly column?: string;
  readonly message: string;
}

interface JsonRow {
  readonly file: string;
  readonly rowNumber: number;
  readonly orderNumber: string | null;
  readonly outcome: string;
  readonly jobNumber: number | null;
  readonly messages: readonly string[];
}

const csvRows = async (path: string, delimiter: string) =>
  Papa.parse<Record<string, string>>((await readFile(path, "utf8")).replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
    delimiter,
  }).data;

describe("several club sheets given together to the command line", () => {
  it("checks them as one review, each row named by its file and its own row number", async () => {
    const { code, out, err } = await cli("check", RUGBY, TSV, "--connection", "demo", "--json");
    expect(err).toContain("1 row has no order number");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.files.map((f: { file: string; rows: number }) => [f.file, f.rows])).toEqual([
      ["harbour-city-rugby.csv", 3],
      ["tsv-gruenwald.csv", 3],
    ]);
    expect(
      report.jobs.map((j: { orderNumber: string; lineCount: number; file: string }) => [j.orderNumber, j.file]),
    ).toEqual([
      ["HCR-101", "harbour-city-rugby.csv"],
      ["HCR-102", "harbour-city-rugby.csv"],
      ["TSV-21", "tsv-gruenwald.csv"],
      ["TSV-22", "tsv-gruenwald.csv"],
    ]);
    // TSV-21's second row took the number above it in its own file, not the rugby club's last order.
    expect(report.orderNumbersFromAbove).toBe(1);
    expect(report.summary.issues.error).toBe(0);
    const notes = report.issues.map((i: JsonIssue) => [i.code, i.file, i.rowNumber]);
    expect(notes).toContainEqual(["DUE_DATE_MISSING", "tsv-gruenwald.csv", 2]);
    expect(notes).toContainEqual(["DUE_DATE_MISSING", "harbour-city-rugby.csv", 2]);
    // The place is the issue's file and own row number, beside a message that is a plain sentence.
    expect(report.issues.find((i: JsonIssue) => i.file === "tsv-gruenwald.csv")).toMatchObject({
      rowNumber: 2,
      message: "No due date given; the earliest ship date, 2026-11-24, is used.",
    });
  });

  it("flags an order number found in both files as a conflict and never merges or sends it", async () => {
    const checked = await cli("check", RUGBY, TSV_SAME_NUMBER, "--connection", "demo", "--json");
    expect(checked.code).toBe(1);
    const report = JSON.parse(checked.out);
    expect(report.conflicts).toEqual(["HCR-102"]);
    const conflicts = report.issues.filter((i: JsonIssue) => i.code === "ORDER_NUMBER_IN_SEVERAL_FILES");
    expect(conflicts.map((i: JsonIssue) => [i.file, i.rowNumber])).toEqual([
      ["harbour-city-rugby.csv", 4],
      ["tsv-gruenwald-same-number.csv", 2],
    ]);
    expect(conflicts[0].message).toContain(
      "order number HCR-102 is in harbour-city-rugby.csv (row 4) and tsv-gruenwald-same-number.csv (row 2)",
    );

    const journal = join(session.folder.path, "clubs.journal.jsonl");
    const submitted = await cli(
      "submit",
      RUGBY,
      TSV_SAME_NUMBER,
      "--yes",
      "--connection",
      "demo",
      "--journal",
      journal,
      "--json",
    );
    expect(submitted.code).toBe(1);
    const rows = JSON.parse(submitted.out).rows as JsonRow[];
    expect(jobsHeld().get("HCR-102")).toBeUndefined();
    expect(jobsHeld().get("HCR-101")).toHaveLength(1);
    expect(jobsHeld().get("TSV-23")).toHaveLength(1);
    const held = rows.filter((row) => row.orderNumber === "HCR-102");
    expect(held.map((row) => [row.file, row.rowNumber, row.outcome])).toEqual([
      ["harbour-city-rugby.csv", 4, "not-sent"],
      ["tsv-gruenwald-same-number.csv", 2, "not-sent"],
    ]);
    expect(held[0]?.messages[0]).toContain("two files may not share an order number");
  });

  it("submits them as one batch once, writes each file's result sheet into --out, sends nothing again", async () => {
    const journal = join(session.folder.path, "clubs.journal.jsonl");
    const out = join(session.folder.path, "results");
    const args = ["submit", RUGBY, TSV, "--yes", "--connection", "demo", "--journal", journal];
    const audit = join(session.folder.path, "clubs.audit.jsonl");
    const first = await cli(...args, "--out", out, "--audit", audit, "--json");
    expect(first.code).toBe(0);
    const report = JSON.parse(first.out) as { rows: JsonRow[]; summary: string };
    expect(report.summary).toBe("4 jobs created from 6 rows. Orders: 4 created.");
    for (const orderNumber of ["HCR-101", "HCR-102", "TSV-21", "TSV-22"])
      expect(jobsHeld().get(orderNumber), orderNumber).toHaveLength(1);
    expect(report.rows.map((row) => [row.file, row.rowNumber, row.orderNumber, row.outcome])).toEqual([
      ["harbour-city-rugby.csv", 2, "HCR-101", "created"],
      ["harbour-city-rugby.csv", 3, "HCR-101", "created"],
      ["harbour-city-rugby.csv", 4, "HCR-102", "created"],
      ["tsv-gruenwald.csv", 2, "TSV-21", "created"],
      ["tsv-gruenwald.csv", 3, "TSV-21", "created"],
      ["tsv-gruenwald.csv", 4, "TSV-22", "created"],
    ]);
    const jobOf = (orderNumber: string) => String(jobsHeld().get(orderNumber)?.[0]);

    expect((await readdir(out)).sort()).toEqual(["harbour-city-rugby.results.csv", "tsv-gruenwald.results.csv"]);
    const rugby = await csvRows(join(out, "harbour-city-rugby.results.csv"), ",");
    expect(rugby.map((row) => [row["PO Number"], row["Job number"]])).toEqual([
      ["HCR-101", jobOf("HCR-101")],
      ["HCR-101", jobOf("HCR-101")],
      ["HCR-102", jobOf("HCR-102")],
    ]);
    const tsv = await csvRows(join(out, "tsv-gruenwald.results.csv"), ";");
    expect(tsv.map((row) => [row["Bestellnr."], row["Job number"]])).toEqual([
      ["TSV-21", jobOf("TSV-21")],
      ["", jobOf("TSV-21")],
      ["TSV-22", jobOf("TSV-22")],
    ]);
    // A value sent in place of the sheet's is told by the file's own header.
    expect(tsv[1]?.["Messages"]).toContain("Bestellnr. sent as TSV-21; the sheet had blank.");

    // The journal holds one batch naming both files and the rows each holds.
    const batches = (await readFile(journal, "utf8"))
      .split("\n")
      .filter((line) => line.includes('"files"'))
      .map((line) => JSON.parse(line));
    const files = (batches.at(-1)?.record ?? batches.at(-1))?.files;
    expect(files?.map((f: { fileName: string; rowCount: number }) => [f.fileName, f.rowCount])).toEqual([
      ["harbour-city-rugby.csv", 3],
      ["tsv-gruenwald.csv", 3],
    ]);

    // The audit trail names each file, and each change by its file and its row number there.
    const trail = (await readFile(audit, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(trail[0]?.files?.map((f: { name: string }) => f.name)).toEqual([
      "harbour-city-rugby.csv",
      "tsv-gruenwald.csv",
    ]);
    expect(trail.filter((e) => e.type === "edit").map((e) => [e.file, e.row, e.new])).toEqual([
      ["tsv-gruenwald.csv", 3, "TSV-21"],
    ]);

    const held = jobsHeld();
    const again = await cli(...args);
    expect(again.code).toBe(0);
    expect(again.err).toContain("nothing is sent again");
    expect(jobsHeld()).toEqual(held);
    // The same files given in another order: every order is known, nothing is created again.
    const swapped = await cli("submit", TSV, RUGBY, "--yes", "--connection", "demo", "--journal", journal, "--json");
    expect(swapped.code).toBe(0);
    expect(jobsHeld()).toEqual(held);
  });

  it("refuses a file path for --out with several files", async () => {
    const path = join(session.folder.path, "results.csv");
    const { code, err } = await cli("check", RUGBY, TSV, "--connection", "demo", "--out", path);
    expect(code).toBe(2);
    expect(err).toContain("With 2 files, --out names a folder");
    await writeFile(join(session.folder.path, "existing"), "");
    const existing = await cli("check", RUGBY, TSV, "--out", join(session.folder.path, "existing"));
    expect(existing.code).toBe(2);
    expect(existing.err).toContain("is a file. Give a folder with --out.");
  });
});
