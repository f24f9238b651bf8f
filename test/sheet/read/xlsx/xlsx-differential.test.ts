import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CellValue } from "../../../../src/core/sheet-model";
import { readWithExceljs, readWithStreamingReader } from "./xlsx-oracle";
import { samplePath } from "../../../helpers/samples";

const corpusFile = (path: string) => new URL(`../../../../${path}`, import.meta.url);
const bytesOf = async (book: ExcelJS.Workbook) => new Uint8Array(await book.xlsx.writeBuffer());
const excelSerial = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** Every kind of cell exceljs writes, each in its own row, with formats, merges, links and hidden parts. */
function everyCellType(options: { date1904?: boolean } = {}): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  if (options.date1904) book.properties.date1904 = true;
  const sheet = book.addWorksheet("Cells");
  sheet.addRow(["Kind", "Value", "Other"]);
  const rows: [string, ExcelJS.CellValue, (cell: ExcelJS.Cell) => void][] = [
    ["text", "Plain text", () => {}],
    ["XML characters", `<b>Fish & "chips"</b> 'n' more > less`, () => {}],
    ["unicode", "Tāmaki Makaurau 👕 北京 Crème Brûlée", () => {}],
    ["spaces", "  padded  ", () => {}],
    ["line breaks", "one\ntwo\n\nfour", () => {}],
    ["tab", "a\tb", () => {}],
    ["leading zeros", "000123", () => {}],
    ["number as text", "1.50", () => {}],
    ["empty string", "", () => {}],
    ["integer", 42, () => {}],
    ["negative", -17.25, () => {}],
    ["decimal", 0.1 + 0.2, () => {}],
    ["large", 1.2345678901234567e19, () => {}],
    ["small", 1.5e-10, () => {}],
    ["zero", 0, () => {}],
    ["true", true, () => {}],
    ["false", false, () => {}],
    ["date", new Date(Date.UTC(2027, 1, 15)), () => {}],
    ["date and time", new Date(Date.UTC(2027, 2, 1, 14, 30, 15, 250)), () => {}],
    ["serial with a date format", excelSerial(2027, 2, 20), (c) => (c.numFmt = "dd/mm/yyyy")],
    ["serial with a time format", 0.75, (c) => (c.numFmt = "h:mm")],
    ["serial with an elapsed format", 1.5, (c) => (c.numFmt = "[h]:mm:ss")],
    ["number with a quoted unit", 12, (c) => (c.numFmt = '0 "pcs"')],
    ["number with a currency", 1234.5, (c) => (c.numFmt = "[$€-407] #,##0.00")],
    ["percent", 0.25, (c) => (c.numFmt = "0%")],
    ["text format", "0612", (c) => (c.numFmt = "@")],
    [
      "rich text",
      {
        richText: [
          { text: "Bold", font: { bold: true } },
          { text: " and " },
          { text: "italic", font: { italic: true } },
        ],
      },
      () => {},
    ],
    ["formula, number", { formula: "10*2", result: 20 }, () => {}],
    ["formula, text", { formula: '"a"&"b"', result: "ab" }, () => {}],
    ["formula, boolean", { formula: "1=1", result: true }, () => {}],
    ["formula, error", { formula: "1/0", result: { error: "#DIV/0!" } }, () => {}],
    ["formula, date", { formula: "DATE(2027,3,4)", result: new Date(Date.UTC(2027, 2, 4)) }, () => {}],
    ["formula, no result", { formula: "NOW()" } as ExcelJS.CellFormulaValue, () => {}],
    ["error", { error: "#N/A" }, () => {}],
    ["web link with text", { text: "front logo", hyperlink: "https://files.example/logo.png" }, () => {}],
    [
      "web link showing itself",
      { text: "https://files.example/a.png", hyperlink: "https://files.example/a.png" },
      () => {},
    ],
    ["mail link", { text: "orders@club.example", hyperlink: "mailto:orders@club.example" }, () => {}],
    [
      "link with rich text",
      {
        text: { richText: [{ text: "rich " }, { text: "link" }] },
        hyperlink: "https://files.example/rich",
      } as unknown as ExcelJS.CellHyperlinkValue,
      () => {},
    ],
    ["styled blank", null, (c) => (c.numFmt = "0.00")],
  ];
  for (const [kind, value, format] of rows) {
    const row = sheet.addRow([kind, value]);
    format(row.getCell(2));
  }
  const merged = sheet.addRow(["merged across", "top-left", "hidden under the merge"]);
  sheet.mergeCells(`B${merged.number}:C${merged.number + 1}`);
  sheet.addRow(["merged below", null, null, "after"]);
  const hidden = sheet.addRow(["hidden row", "kept"]);
  hidden.hidden = true;
  sheet.addRow(["last", 1]);

  const second = book.addWorksheet("Hidden lists", { state: "hidden" });
  second.addRow(["Sizes"]);
  second.addRow(["S"]);
  const third = book.addWorksheet("Very hidden", { state: "veryHidden" });
  third.getCell("C3").value = "alone";
  return book;
}

/** Many rows of repeated values through exceljs's streaming writer (shared strings, as Excel writes them). */
async function streamedOrders(rows: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import("node:stream");
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: true });
  const sheet = writer.addWorksheet("Orders");
  sheet.addRow(["Order No", "Due", "Qty", "Note"]).commit();
  for (let i = 0; i < rows; i++) {
    const row = sheet.addRow([
      `KTP-${100000 + Math.floor(i / 3)}`,
      new Date(Date.UTC(2027, 1, 1 + (i % 27))),
      i % 7 === 0 ? null : i % 40,
      i % 5 === 0 ? `note ${i} <&>` : null,
    ]);
    row.getCell(2).numFmt = "dd/mm/yyyy";
    row.commit();
  }
  sheet.commit();
  await writer.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

async function expectSameReading(bytes: Uint8Array): Promise<void> {
  const [ours, oracle] = await Promise.all([readWithStreamingReader(bytes), readWithExceljs(bytes)]);
  expect(ours.map((s) => [s.name, s.hidden])).toEqual(oracle.map((s) => [s.name, s.hidden]));
  ours.forEach((sheet, index) => {
    const expected = oracle[index];
    expect(sheet.rows, `sheet "${sheet.name}"`).toEqual(expected?.rows);
    expect(sheet.hiddenRows, `hidden rows of "${sheet.name}"`).toEqual(
      expected?.hiddenRows.filter((n) => n <= sheet.rows.length),
    );
  });
}

describe("the streaming reader reads every cell as exceljs does", () => {
  it.each([
    "test/fixtures/sheets/exceljs-features.xlsx",
    "test/fixtures/sheets/libreoffice-features.xlsx",
    "test/fixtures/sheets/libreoffice-order-form.xlsx",
  ])("%s", async (path) => {
    await expectSameReading(new Uint8Array(await readFile(corpusFile(path))));
  });

  it.each(["team-orders-winter.xlsx", "stock-order.xlsx"] as const)("samples/%s", async (name) => {
    await expectSameReading(new Uint8Array(await readFile(samplePath(name))));
  });

  it("a workbook with every cell type exceljs writes", async () => {
    await expectSameReading(await bytesOf(everyCellType()));
  });

  it("the same workbook in the 1904 date system", async () => {
    const bytes = await bytesOf(everyCellType({ date1904: true }));
    await expectSameReading(bytes);
    const [sheet] = await readWithStreamingReader(bytes);
    expect(sheet?.rows.find((row) => row[0] === "date")?.[1]).toEqual(new Date(Date.UTC(2027, 1, 15)));
  });

  it("5,000 rows written by exceljs's streaming writer", async () => {
    await expectSameReading(await streamedOrders(5_000));
  });
});

/**
 * Text XML and a workbook carry unchanged: no control characters, no `\r` (XML reads it as a line end) and no `_xHHHH_`
 * (Excel's escape).
 */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom("<", ">", "&", '"', "'", "&amp;", "]]>", " ", "  ", "\t", "\n", "0", "007", "-", "=", "_x", "x"),
      fc.string({ unit: "grapheme", maxLength: 6 }),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) =>
    parts
      .join("")
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\r\ufffe\uffff]/g, "")
      .replace(/_x([0-9A-F]{4})_/g, "_x$1"),
  )
  .map((value) => value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ""));

const cellValue: fc.Arbitrary<CellValue> = fc.oneof(
  text,
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.constantFrom(0.1, -0.5, 1e21, 123456789.123, -1e-7),
  fc.boolean(),
  fc.date({ min: new Date(Date.UTC(1900, 2, 1)), max: new Date(Date.UTC(2200, 0, 1)), noInvalidDate: true }),
  fc.constant(null),
);

describe("values written by exceljs read back as they were written", () => {
  it("holds for random rows of text, numbers, booleans, dates and blanks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellValue, { maxLength: 8 }), { minLength: 1, maxLength: 12 }),
        async (rows) => {
          const book = new ExcelJS.Workbook();
          const sheet = book.addWorksheet("Random");
          for (const [r, cells] of rows.entries()) {
            for (const [c, value] of cells.entries()) if (value !== null) sheet.getCell(r + 1, c + 1).value = value;
          }
          const bytes = await bytesOf(book);
          const [read] = await readWithStreamingReader(bytes);
          const expected = rows.map((cells) => {
            const row = cells.map((value) => (value === "" ? "" : value));
            while (row.length > 0 && row[row.length - 1] === null) row.pop();
            return row;
          });
          while (expected.length > 0 && expected[expected.length - 1]?.length === 0) expected.pop();
          expect(read?.rows).toEqual(expected);
          const [oracle] = await readWithExceljs(bytes);
          expect(read?.rows).toEqual(oracle?.rows);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
