import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCommand } from "../helpers/cli-session";
import { SIM_NOW } from "../helpers/sim-clock";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

/** German headers, each order's number and details on its first row only, a totals row. */
const FIRST_ROW_ONLY = fileURLToPath(new URL("../fixtures/club-sheets/verein-erste-zeile.csv", import.meta.url));

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());

/** The command line answered by the embedded simulator, its clock at the tests' instant. */
const cli = (...args: string[]) =>
  runCommand(args, { SIM_NOW, SUBMIT_LOCK_DIR: folder.current.path }, () => Promise.resolve());

describe("a club's sheet from the command line", () => {
  it("maps German headers, uses each order's number for the rows below it and says so", async () => {
    const { code, out, err } = await cli("check", FIRST_ROW_ONLY, "--json");
    expect(err).toContain(
      "3 rows have no order number, as in a sheet that gives each order's number on its first row only: " +
        "the number above is used (--no-fill-down to leave them blank).",
    );
    const report = JSON.parse(out);
    expect(report.orderNumbersFromAbove).toBe(3);
    expect(report.summary.issues.error).toBe(0);
    expect(
      report.jobs.map((job: { orderNumber: string; lineCount: number }) => [job.orderNumber, job.lineCount]),
    ).toEqual([
      ["TSV-01", 3],
      ["TSV-02", 2],
    ]);
    expect(code).toBe(0);
  });

  it("leaves the rows without their order's number when told, each an error", async () => {
    const { code, out, err } = await cli("check", FIRST_ROW_ONLY, "--no-fill-down", "--json");
    expect(err).not.toContain("the number above is used");
    const report = JSON.parse(out);
    expect(report.orderNumbersFromAbove).toBe(0);
    expect(report.summary.issues.byCode.ORDER_NUMBER_MISSING).toBe(3);
    expect(code).toBe(1);
  });

  it("submits the orders whole, each once", async () => {
    const journal = `${folder.current.path}/club.journal.jsonl`;
    const { code, out } = await cli("submit", FIRST_ROW_ONLY, "--yes", "--journal", journal, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    const created = report.rows.filter((row: { outcome: string }) => row.outcome === "created");
    expect(created).toHaveLength(5);
  });
});
