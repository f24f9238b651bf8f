import { describe, expect, it } from "vitest";
import { SHEET_LIMITS } from "../../src/sheet/limits";
import { readCsv } from "../../src/sheet/read/csv/read-csv";
import { SheetReadError } from "../../src/sheet/read-failure";
import type { ReadProgress } from "../../src/sheet/read/workbook";
import { createSheetSession } from "../../src/sheet/worker-api";
import { partReader } from "../../src/sheet/read/xlsx/part-reader";
import { createWorksheetReader, type WorkbookContext } from "../../src/sheet/read/xlsx/worksheet-part";
import { listZipEntries } from "../../src/sheet/zip/zip-guard";
import { minimalWorkbook } from "../helpers/zip-writer";
import { SharedTexts } from "../../src/sheet/read/xlsx/shared-texts";

const rowsXml = (count: number, prefix = "") => {
  const xmlns = prefix ? `xmlns:${prefix.slice(0, -1)}` : "xmlns";
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `<${prefix}row r="${i + 1}"><${prefix}c r="A${i + 1}" t="n">` +
      `<${prefix}v>${i}</${prefix}v></${prefix}c></${prefix}row>`,
  );
  return (
    `<?xml version="1.0"?><${prefix}worksheet ${xmlns}="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
    `<${prefix}sheetData>${rows.join("")}</${prefix}sheetData><${prefix}rowBreaks count="0"/></${prefix}worksheet>`
  );
};

describe("size limits", () => {
  it("refuses a workbook with more rows than can be loaded, before loading it", async () => {
    const bytes = new Uint8Array(
      minimalWorkbook(rowsXml(SHEET_LIMITS.xlsx.maxRows + SHEET_LIMITS.headerAllowance + 1)),
    );
    const opened = await createSheetSession().open(bytes, "huge.xlsx");
    expect(opened.ok ? "opened" : opened.code).toBe("TOO_MANY_ROWS");
    const tooManyRows = new RegExp(
      'has more than 300,030 rows \\(sheet "Big & wide" alone has 300,031 so far\\); ' +
        "workbooks up to 300,000 order rows can be read \\(blank rows are not counted\\)",
    );
    if (!opened.ok) expect(opened.message).toMatch(tooManyRows);
  });

  it("refuses a CSV with more rows than the limit", async () => {
    const text = `Order,Qty\n${"A,1\n".repeat(SHEET_LIMITS.csv.maxRows + SHEET_LIMITS.headerAllowance)}`;
    const opened = await createSheetSession().open(new TextEncoder().encode(text), "huge.csv");
    expect(opened.ok ? "opened" : opened.code).toBe("TOO_MANY_ROWS");
  });

  it("refuses files over the size limits by their size alone", async () => {
    const bigCsv = new Uint8Array(SHEET_LIMITS.csv.maxBytes + 1).fill(0x41);
    const csv = await createSheetSession().open(bigCsv, "big.csv");
    expect(csv.ok ? "opened" : [csv.code, csv.message]).toEqual([
      "TOO_LARGE",
      expect.stringContaining("CSV files up to 64 MB"),
    ]);
    const bigZip = new Uint8Array(SHEET_LIMITS.xlsx.maxBytes + 1);
    bigZip.set([0x50, 0x4b, 0x03, 0x04]);
    const xlsx = await createSheetSession().open(bigZip, "big.xlsx");
    expect(xlsx.ok ? "opened" : xlsx.code).toBe("TOO_LARGE");
  });
});

describe("progress", () => {
  it("reports CSV parsing progress from the first chunk up to the end", async () => {
    // About 16 MB: many of the reader's quarter-megabyte chunks.
    const line = "A,1,some notes about the line that make it long enough for the test\n";
    const text = `Order,Qty,Notes\n${line.repeat(200_000)}`;
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
    expect(seen.map((p) => p.phase)).toEqual([
      ...seen.filter((p) => p.phase === "checking").map(() => "checking"),
      "parsing",
    ]);
    expect(seen.filter((p) => p.phase === "checking").at(-1)?.fraction).toBe(1);
  });
});

describe("the zip directory", () => {
  it("lists zip entries with their declared sizes", () => {
    const entries = listZipEntries(new Uint8Array(minimalWorkbook(rowsXml(3))), "t.xlsx");
    expect(entries.map((e) => e.name)).toEqual([
      "[Content_Types].xml",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "xl/worksheets/sheet1.xml",
    ]);
    expect(entries.every((e) => e.method === 8 && !e.encrypted && e.uncompressedSize > 0)).toBe(true);
  });
});

describe("each limit lets a sheet reach it and refuses one more", () => {
  const { maxRows, maxCellChars } = SHEET_LIMITS.csv;
  const { maxColumns } = SHEET_LIMITS;
  /**
   * A quote mark where CSV has none: papaparse reads every row from there on, so the limits are met on its path too.
   */
  const IRREGULAR_ROW = 'B,"5" tall",x\n';
  const PARSERS = [
    ["the scanner", ""],
    ["papaparse", IRREGULAR_ROW],
  ] as const;

  async function previewOf(bytes: Uint8Array, fileName: string, headerRow?: number) {
    const session = createSheetSession();
    const opened = await session.open(bytes, fileName);
    if (!opened.ok) return { code: opened.code, rowNumber: opened.rowNumber, columnIndex: opened.columnIndex };
    const preview = session.preview(opened.summary.defaultSheet, headerRow);
    return preview.ok
      ? { rowCount: preview.preview.rowCount }
      : { code: preview.code, rowNumber: preview.rowNumber, columnIndex: preview.columnIndex };
  }

  it("sees the irregular row as papaparse's to read", () => {
    const read = readCsv(new TextEncoder().encode(`Order,Qty\nA,1\n${IRREGULAR_ROW}C,1\n`), "orders.csv");
    expect(read.ok ? read.papaparseFrom : read.code).toBe(3);
  });

  it.each(PARSERS)(
    "a CSV read by %s may have 300,000 order rows under its header, " +
      "blank lines between them not counted, and not one more",
    async (_, irregular) => {
      const sheet = (count: number) =>
        new TextEncoder().encode(
          `Order,Qty\n\n${irregular && `${irregular}\n`}${"A,1\n\n".repeat(count - (irregular ? 1 : 0))}`,
        );
      expect(await previewOf(sheet(maxRows), "orders.csv")).toEqual({ rowCount: maxRows * 2 });
      expect(await previewOf(sheet(maxRows + 1), "orders.csv")).toEqual({
        code: "TOO_MANY_ROWS",
        rowNumber: 1,
        columnIndex: undefined,
      });
    },
  );

  it("a workbook may have 300,000 order rows under its header and not one more", async () => {
    const sheet = (count: number) => {
      const rows = Array.from(
        { length: count },
        (_, i) => `<row r="${i + 3}"><c r="A${i + 3}"><v>${i}</v></c><c r="B${i + 3}"><v>1</v></c></row>`,
      ).join("");
      const header =
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Order</t></is></c>' +
        '<c r="B2" t="inlineStr"><is><t>Qty</t></is></c></row>';
      return new Uint8Array(
        minimalWorkbook(
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
            `<sheetData>${header}${rows}</sheetData></worksheet>`,
          1,
        ),
      );
    };
    expect(await previewOf(sheet(maxRows), "orders.xlsx", 2)).toEqual({ rowCount: maxRows });
    expect(await previewOf(sheet(maxRows + 1), "orders.xlsx", 2)).toEqual({
      code: "TOO_MANY_ROWS",
      rowNumber: 2,
      columnIndex: undefined,
    });
  });

  it.each(PARSERS)(
    "a CSV row read by %s may have values in 1,000 columns and not in one more",
    async (_, irregular) => {
      const sheet = (columns: number) =>
        new TextEncoder().encode(
          `Order,Qty\n${irregular}${Array.from({ length: columns }, (_, i) => `v${i}`).join(",")}\n`,
        );
      expect(await previewOf(sheet(maxColumns), "orders.csv", 1)).toEqual({ rowCount: irregular ? 2 : 1 });
      expect(await previewOf(sheet(maxColumns + 1), "orders.csv", 1)).toEqual({
        code: "TOO_MANY_COLUMNS",
        rowNumber: irregular ? 3 : 2,
        columnIndex: undefined,
      });
    },
  );

  it.each(PARSERS)(
    "a CSV cell read by %s may hold 32,767 characters and not one more, quote marks in it counted once",
    async (_, irregular) => {
      // Two quote marks written doubled inside a quoted field: four characters in the file, two in the cell.
      const sheet = (chars: number) =>
        new TextEncoder().encode(`Order,Qty\n${irregular}A,"""${"x".repeat(chars - 2)}"""\n`);
      expect(await previewOf(sheet(maxCellChars), "orders.csv")).toEqual({ rowCount: irregular ? 2 : 1 });
      expect(await previewOf(sheet(maxCellChars + 1), "orders.csv")).toEqual({
        code: "CELL_TOO_LONG",
        rowNumber: irregular ? 3 : 2,
        columnIndex: 1,
      });
    },
  );

  it("a workbook may hold 15 million filled cells, all sheets together, and not one more", () => {
    const { maxCells } = SHEET_LIMITS.xlsx;
    // The count carries over from the sheets read before; this sheet brings the last cells.
    const readSheet = (cellsBefore: number) => {
      const context: WorkbookContext = {
        fileName: "orders.xlsx",
        strings: SharedTexts.of([]),
        dateStyles: new Uint8Array(),
        is1904: false,
        cells: cellsBefore,
        orderRows: 0,
      };
      const worksheet = createWorksheetReader(context, "Orders", new Map());
      const part = partReader(worksheet.handler, "orders.xlsx", 'its sheet "Orders"');
      try {
        part.push(
          new TextEncoder().encode(
            '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c>' +
              '<c r="B1"><v>2</v></c></row></sheetData></worksheet>',
          ),
        );
        part.end();
        worksheet.finish();
        return context.cells;
      } catch (error) {
        return error instanceof SheetReadError ? error.failure.code : error;
      }
    };
    expect(readSheet(maxCells - 2)).toBe(maxCells);
    expect(readSheet(maxCells - 1)).toBe("TOO_LARGE");
  });

  it("a sheet's merged ranges may cover 5 million cells besides their top-left ones, and not one more", async () => {
    const { maxMergedCells } = SHEET_LIMITS.xlsx;
    // A1:ALL5000 covers 4,999,999 cells besides A1; each two-cell range below it one more.
    const sheet = (extraMerges: number) => {
      const merges = [
        '<mergeCell ref="A1:ALL5000"/>',
        ...Array.from({ length: extraMerges }, (_, i) => `<mergeCell ref="A${5001 + i}:B${5001 + i}"/>`),
      ];
      const xml =
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="5010"><c r="ALL5010">' +
        `<v>1</v></c></row></sheetData><mergeCells>${merges.join("")}</mergeCells></worksheet>`;
      return new Uint8Array(minimalWorkbook(xml));
    };
    expect(maxMergedCells - 4_999_999).toBe(1);
    const atLimit = await createSheetSession().open(sheet(1), "orders.xlsx");
    expect(atLimit.ok ? "opened" : atLimit.code).toBe("opened");
    const over = await createSheetSession().open(sheet(2), "orders.xlsx");
    expect(over.ok ? "opened" : over.code).toBe("TOO_LARGE");
  });
});
