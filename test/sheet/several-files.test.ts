import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "papaparse";
import { describe, expect, it } from "vitest";
import { suggestMapping } from "../../src/core/mapping/suggest-mapping";
import type { ResultSheetData } from "../../src/core/result-sheet-data";
import { FILE_ROW_SPAN, ownRowsText } from "../../src/core/source-files";
import { COMBINED_SHEET } from "../../src/sheet/combined-table";
import { bundleFiles, bundleName, isBundle, unbundleFiles } from "../../src/sheet/formats/file-bundle";
import { createSheetSession } from "../../src/sheet/worker-api";
import { zipFiles } from "../../src/sheet/zip/zip-files";
import { listZipEntries } from "../../src/sheet/zip/zip-guard";
import { entryData, minimalWorkbook } from "../helpers/zip-writer";

const text = (value: string) => new TextEncoder().encode(value);
const fixture = (name: string) =>
  readFile(fileURLToPath(new URL(`../fixtures/several-files/${name}`, import.meta.url))).then((b) => new Uint8Array(b));

describe("files dropped together, kept as one", () => {
  it("come back whole and in order, whatever their bytes", () => {
    const files = [
      { name: "clubA.csv", bytes: text("Order,Qty\nA-1,2\n") },
      { name: "Verein Grünwald.xlsx", bytes: new Uint8Array(minimalWorkbook("<worksheet/>")) },
      { name: "empty.csv", bytes: new Uint8Array() },
    ];
    const bundle = bundleFiles(files);
    expect(isBundle(bundle)).toBe(true);
    expect(unbundleFiles(bundle)).toEqual(files);
  });

  it("are never mistaken for a file a user drops, and a damaged bundle is refused", () => {
    expect(isBundle(text("Order,Qty\n"))).toBe(false);
    expect(isBundle(new Uint8Array(minimalWorkbook("<worksheet/>")))).toBe(false);
    const bundle = bundleFiles([{ name: "a.csv", bytes: text("x,y\n1,2\n") }]);
    expect(unbundleFiles(bundle.subarray(0, bundle.length - 1))).toBeUndefined();
    expect(unbundleFiles(new Uint8Array([...bundle, 0]))).toBeUndefined();
  });

  it("are named in headings as people would", () => {
    expect(bundleName(["a.csv"])).toBe("a.csv");
    expect(bundleName(["a.csv", "b.xlsx"])).toBe("a.csv and b.xlsx");
    expect(bundleName(["a.csv", "b.xlsx", "c.csv"])).toBe("a.csv and 2 other files");
  });
});

describe("the sheet session with several files", () => {
  it("reads each file on its own, then all as one sheet with a File column and rows numbered by file", async () => {
    const session = createSheetSession();
    const rugby = await fixture("harbour-city-rugby.csv");
    const tsv = await fixture("tsv-gruenwald.csv");
    const fractions: number[] = [];
    const opened = await session.open(
      bundleFiles([
        { name: "harbour-city-rugby.csv", bytes: rugby },
        { name: "tsv-gruenwald.csv", bytes: tsv },
      ]),
      "harbour-city-rugby.csv and tsv-gruenwald.csv",
      (p) => {
        if (p.fraction !== undefined) fractions.push(p.fraction);
      },
    );
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.summary.fileName).toBe("harbour-city-rugby.csv and tsv-gruenwald.csv");
    expect(opened.summary.files?.map((f) => f.fileName)).toEqual(["harbour-city-rugby.csv", "tsv-gruenwald.csv"]);
    // Progress runs once from start to end over both files.
    expect(fractions.every((f, i) => i === 0 || f >= (fractions[i - 1] ?? 0))).toBe(true);
    expect(Math.max(...fractions)).toBeLessThanOrEqual(1);

    const choices = [0, 1].map((file) => {
      const preview = session.preview(opened.summary.files?.[file]?.defaultSheet ?? "", undefined, [], file);
      if (!preview.ok) throw new Error(preview.message);
      const mapping = suggestMapping(preview.preview.headers, undefined, preview.preview.sampleRows);
      return { name: preview.preview.sheetName, ...preview.preview, mapping };
    });
    const combined = session.combine(choices);
    if (!combined.ok) throw new Error(combined.message);
    const { headers } = combined.preview;
    expect(headers[0]).toBe("File");
    // The two clubs' order number columns are one column, headed as the first file heads it.
    expect(headers).toContain("PO Number");
    expect(headers).not.toContain("Bestellnr.");
    expect(combined.preview.rowCount).toBe(6);

    const rows = session.rows(COMBINED_SHEET, 1, 0, 10);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, FILE_ROW_SPAN + 2, FILE_ROW_SPAN + 3, FILE_ROW_SPAN + 4]);
    const order = headers.indexOf("PO Number");
    expect(rows.map((r) => [r.cells[0], r.cells[order]])).toEqual([
      ["harbour-city-rugby.csv", "HCR-101"],
      ["harbour-city-rugby.csv", "HCR-101"],
      ["harbour-city-rugby.csv", "HCR-102"],
      ["tsv-gruenwald.csv", "TSV-21"],
      ["tsv-gruenwald.csv", ""],
      ["tsv-gruenwald.csv", "TSV-22"],
    ]);
  });

  it("writes each file's results back into that file, zipped as one download", async () => {
    const session = createSheetSession();
    const files = [
      { name: "a.csv", bytes: text("Order,Qty\nA-1,2\nA-2,3\n") },
      { name: "b.csv", bytes: text("Bestellnr.;Menge\nB-1;4\n") },
    ];
    const data: ResultSheetData = {
      headerRowNumber: 1,
      columns: ["Import result", "Messages"],
      rows: new Map([
        [2, ["Created", ""]],
        [3, ["Not sent", `Rows 3, 2 differ.`]],
        [FILE_ROW_SPAN + 2, ["Created", `Row ${FILE_ROW_SPAN + 2} is fine.`]],
      ]),
      jobs: { headers: ["Order number"], rows: [["A-1"], ["B-1"]] },
      audit: { headers: [], rows: [] },
    };
    const written = await session.writeResults(
      bundleFiles(files),
      "a.csv and b.csv",
      COMBINED_SHEET,
      data,
      {},
      {
        files: files.map((f) => ({ name: f.name, sheetName: f.name.replace(".csv", ""), headerRowNumber: 1 })),
        orderNumbersOf: [new Set(["A-1", "A-2"]), new Set(["B-1"])],
      },
    );
    if (!written.ok) throw new Error(written.message);
    expect(written.fileName).toBe("2 order sheets - results.zip");
    const entries = listZipEntries(written.bytes, "results.zip");
    const texts = new Map(entries.map((e) => [e.name, entryData(written.bytes, e).toString("utf8")]));
    expect([...texts.keys()]).toEqual(["a - results.csv", "b - results.csv"]);
    expect(parse(texts.get("a - results.csv") ?? "", { skipEmptyLines: true }).data).toEqual([
      ["Order", "Qty", "Import result", "Messages"],
      ["A-1", "2", "Created", ""],
      ["A-2", "3", "Not sent", "Rows 3, 2 differ."],
    ]);
    // The second file's rows by its own numbers, its messages naming them so.
    expect(parse(texts.get("b - results.csv") ?? "", { skipEmptyLines: true }).data).toEqual([
      ["Bestellnr.", "Menge", "Import result", "Messages"],
      ["B-1", "4", "Created", "b.csv row 2 is fine."],
    ]);
  });
});

describe("a zip of files", () => {
  it("is read back by a zip reader, names beyond ASCII included, dated when it was made", async () => {
    const at = new Date(2026, 10, 26, 14, 30, 10);
    const bytes = await zipFiles(
      [
        { name: "Grünwald - results.csv", bytes: text("a;b\n1;2\n") },
        { name: "empty.csv", bytes: new Uint8Array() },
      ],
      at,
    );
    const entries = listZipEntries(bytes, "r.zip");
    expect(entries.map((e) => [e.name, entryData(bytes, e).toString("utf8")])).toEqual([
      ["Grünwald - results.csv", "a;b\n1;2\n"],
      ["empty.csv", ""],
    ]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const date = view.getUint16(12, true);
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 11, 26]);
    // The name's UTF-8 flag, so unzip tools read "ü" as written.
    expect(view.getUint16(6, true) & 0x800).toBe(0x800);
  });
});

describe("a message beside a row of a later file", () => {
  it("names rows by the file's own numbers", () => {
    expect(ownRowsText(`Rows ${FILE_ROW_SPAN + 4}, ${FILE_ROW_SPAN + 7} order the same design.`)).toBe(
      "Rows 4, 7 order the same design.",
    );
    expect(ownRowsText("Quantity 150000000 is too large.")).toBe("Quantity 150000000 is too large.");
  });
});
