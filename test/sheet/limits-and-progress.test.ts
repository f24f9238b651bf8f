import { describe, expect, it } from "vitest";
import { SHEET_LIMITS } from "../../src/sheet/limits";
import type { ReadProgress } from "../../src/sheet/workbook";
import { createSheetSession } from "../../src/sheet/worker-api";
import { listZipEntries } from "../../src/sheet/zip-guard";
import { minimalWorkbook } from "../helpers/zip-writer";

const rowsXml = (count: number, prefix = "") =>
  `<?xml version="1.0"?><${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ""}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${Array.from({ length: count }, (_, i) => `<${prefix}row r="${i + 1}"><${prefix}c r="A${i + 1}" t="n"><${prefix}v>${i}</${prefix}v></${prefix}c></${prefix}row>`).join("")}</${prefix}sheetData><${prefix}rowBreaks count="0"/></${prefix}worksheet>`;

describe("size limits", () => {
  it("refuses a workbook with more rows than can be loaded, before loading it", async () => {
    const bytes = new Uint8Array(minimalWorkbook(rowsXml(SHEET_LIMITS.xlsx.maxRows + SHEET_LIMITS.headerAllowance + 1)));
    const opened = await createSheetSession().open(bytes, "huge.xlsx");
    expect(opened.ok ? "opened" : opened.code).toBe("TOO_MANY_ROWS");
    if (!opened.ok) expect(opened.message).toMatch(/has more than 300,030 rows \(sheet "Big & wide" alone has 300,031 so far\); workbooks up to 300,000 order rows can be read \(blank rows are not counted\)/);
  });

  it("refuses a CSV with more rows than the limit", async () => {
    const text = `Order,Qty\n${"A,1\n".repeat(SHEET_LIMITS.csv.maxRows + SHEET_LIMITS.headerAllowance)}`;
    const opened = await createSheetSession().open(new TextEncoder().encode(text), "huge.csv");
    expect(opened.ok ? "opened" : opened.code).toBe("TOO_MANY_ROWS");
  });

  it("refuses files over the size limits by their size alone", async () => {
    const bigCsv = new Uint8Array(SHEET_LIMITS.csv.maxBytes + 1).fill(0x41);
    const csv = await createSheetSession().open(bigCsv, "big.csv");
    expect(csv.ok ? "opened" : [csv.code, csv.message]).toEqual(["TOO_LARGE", expect.stringContaining("CSV files up to 64 MB")]);
    const bigZip = new Uint8Array(SHEET_LIMITS.xlsx.maxBytes + 1);
    bigZip.set([0x50, 0x4b, 0x03, 0x04]);
    const xlsx = await createSheetSession().open(bigZip, "big.xlsx");
    expect(xlsx.ok ? "opened" : xlsx.code).toBe("TOO_LARGE");
  });
});

describe("progress", () => {
  it("reports CSV parsing progress from the first chunk up to the end", async () => {
    // About 16 MB: many of the reader's quarter-megabyte chunks.
    const text = `Order,Qty,Notes\n${"A,1,some notes about the line that make it long enough for the test\n".repeat(200_000)}`;
    const seen: ReadProgress[] = [];
    const opened = await createSheetSession().open(new TextEncoder().encode(text), "big.csv", (p) => seen.push(p));
    expect(opened.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((p) => p.phase === "parsing")).toBe(true);
    // Progress comes as the text is decoded, long before all of it is.
    expect(seen[0]?.fraction).toBeLessThan(0.1);
    expect(seen.at(-1)?.fraction).toBe(1);
  });

  it("reports the workbook check before parsing", async () => {
    const seen: ReadProgress[] = [];
    await createSheetSession().open(new Uint8Array(minimalWorkbook(rowsXml(10))), "small.xlsx", (p) => seen.push(p));
    expect(seen.map((p) => p.phase)).toEqual([...seen.filter((p) => p.phase === "checking").map(() => "checking"), "parsing"]);
    expect(seen.filter((p) => p.phase === "checking").at(-1)?.fraction).toBe(1);
  });
});

describe("the zip directory", () => {
  it("lists zip entries with their declared sizes", () => {
    const entries = listZipEntries(new Uint8Array(minimalWorkbook(rowsXml(3))), "t.xlsx");
    expect(entries.map((e) => e.name)).toEqual(["[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml"]);
    expect(entries.every((e) => e.method === 8 && !e.encrypted && e.uncompressedSize > 0)).toBe(true);
  });
});
