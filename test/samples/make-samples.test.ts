import { readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { makeSamples, SAMPLE_FILES, samplesAreStale, simulatorToday } from "../../samples/make-samples";
import { ConfigError } from "../../src/server/proxy/connections";
import { scratchFolder, type ScratchFolder } from "../helpers/submit-session";

let folder: ScratchFolder | undefined;
afterEach(async () => folder?.cleanup());
async function madeFor(today: string): Promise<string> {
  folder = await scratchFolder();
  await makeSamples(folder.path, today);
  return folder.path;
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe("the samples are made for a day", () => {
  it.each(["2026-11-20", "2031-07-09"])("dates every order weeks after %s", async (today) => {
    const path = await madeFor(today);
    const rows = Papa.parse<Record<string, string>>(await readFile(join(path, "price-code-orders.csv"), "utf8"), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const dues = rows.map((row) => row["Due Date"]).filter((due): due is string => !!due);
    expect(dues.map((due) => daysBetween(today, due))).toEqual([87, 92, 101, 97]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(path, "team-orders-winter.xlsx"));
    const orders = book.getWorksheet("Orders");
    const dueCells = (orders?.getColumn(11).values ?? []).filter((value): value is Date => value instanceof Date);
    expect(dueCells.map((due) => daysBetween(today, due.toISOString().slice(0, 10)))).toEqual([87, 92, 101, 105]);
    expect(String(orders?.getCell("A2").value)).toMatch(/^Return by \d{1,2} \w+ \d{4} to /);
  });

  it("writes every file it names, and knows when they are stale", async () => {
    const path = await madeFor("2027-03-02");
    expect(samplesAreStale(path, "2027-03-02")).toBe(false);
    expect(samplesAreStale(path, "2027-03-03")).toBe(true);
    await unlink(join(path, SAMPLE_FILES[0]));
    expect(samplesAreStale(path, "2027-03-02")).toBe(true);
    await rm(join(path, ".made-for"));
    await writeFile(join(path, SAMPLE_FILES[0]), "");
    expect(samplesAreStale(path, "2027-03-02")).toBe(true);
  });

  it("takes the simulator clock's day from SIM_NOW, checked as the simulator checks it", () => {
    expect(simulatorToday({ SIM_NOW: "2029-02-28T23:30:00Z" })).toBe("2029-02-28");
    expect(() => simulatorToday({ SIM_NOW: "next week" })).toThrow(ConfigError);
  });
});
