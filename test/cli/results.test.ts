import { copyFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";
import { samplePath } from "../helpers/samples";

const session = useSimulatorAndFolder();

const cli = (args: readonly string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));

const lines = (bytes: Buffer) => bytes.toString("utf8").split(/(?<=\r?\n)/);
const records = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;

describe("result and problem sheets from the command line", () => {
  it(
    "writes the results into the customer's own CSV, keeps the audit trail, " +
      "and a second import of that result sheet creates nothing",
    async () => {
      const input = join(session.folder.path, "orders.csv");
      await copyFile(samplePath("price-code-orders.csv"), input);
      const out = join(session.folder.path, "orders - results.csv");
      const audit = join(session.folder.path, "audit.jsonl");
      const first = await cli([
        "submit",
        input,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "a.jsonl"),
        "--out",
        out,
        "--audit",
        audit,
      ]);
      expect(first.code).toBe(0);

      const original = lines(await readFile(input));
      const written = lines(await readFile(out));
      expect(written).toHaveLength(original.length);
      // Every original line comes back byte for byte, with the result fields after it.
      for (const [i, line] of written.entries()) {
        expect(line.startsWith((original[i] as string).replace(/\r?\n$/, ""))).toBe(true);
      }
      const rows = records((await readFile(out)).toString("utf8"));
      const held = session.sim.simulator.jobsByOrderNumber(1042);
      for (const row of rows) {
        expect(row["Import result"]).toBe("Created");
        expect(row["Job number"]).toBe(String(held.get(row["Order No"] as string)?.[0]));
        expect(row["Job status"]).toMatch(/Received|Awaiting Artwork/);
        expect(Number(row["Line estimate"])).toBeGreaterThan(0);
      }
      const trail = (await readFile(audit, "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string });
      expect(trail[0]).toMatchObject({ type: "import", connection: "demo", file: { name: "orders.csv" } });
      expect(trail.filter((e) => e.type === "request")).toHaveLength(4);

      // The result sheet imported again (another machine, a fresh journal): nothing is sent.
      const again = await cli([
        "submit",
        out,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "b.jsonl"),
        "--json",
      ]);
      expect(again.code).toBe(0);
      const report = JSON.parse(again.out) as {
        rows: { rowNumber: number; outcome: string; jobNumber: number | null }[];
      };
      expect(report.rows.every((row) => row.outcome === "existing")).toBe(true);
      expect(report.rows.map((row) => row.jobNumber)).toEqual(rows.map((row) => Number(row["Job number"])));
      expect(session.sim.simulator.jobsByOrderNumber(1042)).toEqual(held);
    },
  );

  it("writes a problem sheet before anything is sent, even when no job is ready", async () => {
    const input = fileURLToPath(new URL("../fixtures/sheets-with-mistakes/reorder-mistakes.csv", import.meta.url));
    const out = join(session.folder.path, "problems.csv");
    const { code } = await cli(["check", input, "--connection", "demo", "--out", out]);
    expect(code).toBe(1);
    const rows = records((await readFile(out)).toString("utf8"));
    expect(rows.map((row) => row["Import result"])).toContain("Not sent");
    const archived = rows.filter((row) => row["Messages"]?.includes("archived"));
    expect(
      archived.map((row) => [row["Order No"], row["Asset Tag"], row["Import result"], row["Messages"]?.split("\n")[0]]),
    ).toEqual([["RO-9001", "A1042011", "Not sent", "Asset A1042011 is archived and cannot be reordered."]]);
    expect(session.sim.simulator.jobsByOrderNumber(1042).size).toBe(0);
  });

  it(
    "writes the results into the customer's own workbook, " +
      "with Jobs and Audit sheets, leaving its own sheets as they were",
    async () => {
      const out = join(session.folder.path, "team - results.xlsx");
      const { code } = await cli([
        "submit",
        samplePath("team-orders-winter.xlsx"),
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(session.folder.path, "x.jsonl"),
        "--out",
        out,
      ]);
      expect(code).toBe(0);
      const before = new ExcelJS.Workbook();
      await before.xlsx.readFile(samplePath("team-orders-winter.xlsx"));
      const after = new ExcelJS.Workbook();
      await after.xlsx.readFile(out);
      expect(after.worksheets.map((s) => s.name)).toEqual([...before.worksheets.map((s) => s.name), "Jobs", "Audit"]);
      const orders = after.getWorksheet("Orders");
      const header = ((orders?.getRow(4).values ?? []) as unknown[]).map(String);
      const result = header.indexOf("Import result");
      expect(result).toBeGreaterThan(before.getWorksheet("Orders")?.actualColumnCount ?? 0);
      expect(orders?.getRow(5).getCell(result).value).toBe("Created");
      expect(typeof orders?.getRow(5).getCell(header.indexOf("Job number")).value).toBe("number");
      expect(orders?.getRow(1).getCell(result).value).toBeNull();
      expect(after.getWorksheet("Jobs")?.rowCount).toBe(5);
    },
  );
});
