import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { CellValue } from "../../../src/core/sheet-model";
import type { SheetFailureCode } from "../../../src/sheet/read-failure";
import { createSheetSession } from "../../../src/sheet/worker-api";

const fixture = (name: string) => new URL(`../../fixtures/sheets/${name}`, import.meta.url);

async function open(name: string) {
  const session = createSheetSession();
  const opened = await session.open(new Uint8Array(await readFile(fixture(name))), name);
  return { session, opened };
}

async function table(name: string, sheet?: string) {
  const { session, opened } = await open(name);
  if (!opened.ok) throw new Error(`${name}: ${opened.message}`);
  const preview = session.preview(sheet ?? opened.summary.defaultSheet);
  if (!preview.ok) throw new Error(preview.message);
  const rows = session.rows(preview.preview.sheetName, preview.preview.headerRowNumber, 0, 1000);
  return { summary: opened.summary, preview: preview.preview, rows: rows.map((row) => [row.rowNumber, ...row.cells]) };
}

const THREE_CITIES = {
  headers: ["Order No", "Qty", "City"],
  rows: [
    [2, "A-1", "5", "Café Nord"],
    [3, "A-2", "3", "Tāmaki Makaurau"],
  ],
};

describe("CSV: encodings, delimiters and shapes", () => {
  it.each([
    ["utf8-google-sheets.csv", "utf-8", ",", THREE_CITIES],
    ["utf8-bom-excel.csv", "utf-8", ",", THREE_CITIES],
    ["utf16le-unicode-text.txt", "utf-16le", "\t", THREE_CITIES],
    ["utf16be.csv", "utf-16be", ",", THREE_CITIES],
    [
      "windows-1252-excel.csv",
      "windows-1252",
      ",",
      {
        headers: ["Order No", "Qty", "Club", "Note"],
        rows: [
          [2, "A-1", "5", "Crème Brûlée FC", "€12 deposit – paid"],
          [3, "A-2", "3", "Müller’s XI", "Ø none"],
        ],
      },
    ],
    [
      "semicolon-european.csv",
      "windows-1252",
      ";",
      {
        headers: ["Bestellnummer", "Menge", "Preis", "PLZ", "Größe"],
        rows: [
          [2, "A-1", "5", "1,50", "0815", "XL"],
          [3, "A-2", "3", "2,25", "01067", "M"],
        ],
      },
    ],
    [
      "pipe.csv",
      "utf-8",
      "|",
      {
        headers: ["Order No", "Qty", "City"],
        rows: [
          [2, "A-1", "5", "Nelson"],
          [3, "A-2", "3", "Napier"],
        ],
      },
    ],
    [
      "tab.tsv",
      "utf-8",
      "\t",
      {
        headers: ["Order No", "Qty", "City"],
        rows: [
          [2, "A-1", "5", "Nelson"],
          [3, "A-2", "3", "Napier"],
        ],
      },
    ],
    [
      "quoted.csv",
      "utf-8",
      ",",
      {
        headers: ["Order No", "Description", "Qty"],
        rows: [
          [2, "A-1", "Crest, front", "5"],
          [3, "A-2", 'Say "hi"', "3"],
          [4, "A-3", "Line one\r\nLine two", "2"],
          [5, "A-4", " spaced ", "1"],
        ],
      },
    ],
    [
      "line-endings-cr.csv",
      "utf-8",
      ",",
      {
        headers: ["Order No", "Qty"],
        rows: [
          [2, "A-1", "5"],
          [3, "A-2", "3"],
        ],
      },
    ],
    [
      "line-endings-lf.csv",
      "utf-8",
      ",",
      {
        headers: ["Order No", "Qty"],
        rows: [
          [2, "A-1", "5"],
          [3, "A-2", "3"],
        ],
      },
    ],
    [
      "line-endings-crlf.csv",
      "utf-8",
      ",",
      {
        headers: ["Order No", "Qty"],
        rows: [
          [2, "A-1", "5"],
          [3, "A-2", "3"],
        ],
      },
    ],
    [
      "ragged-trailing.csv",
      "utf-8",
      ",",
      {
        headers: ["Order No", "Qty", "City", "Column D"],
        rows: [
          [2, "A-1", "5"],
          [3, "A-2", "3", "Napier", ""],
          [4, "A-3", "2", "Nelson", "extra"],
        ],
      },
    ],
    [
      "title-rows.csv",
      "utf-8",
      ",",
      {
        headerRowNumber: 4,
        headers: ["Order No", "Code", "Qty"],
        rows: [
          [5, "A-1", "DTF", "5"],
          [6, "", "", ""],
          [7, "A-2", "SCR", "3"],
        ],
      },
    ],
    [
      "duplicate-blank-headers.csv",
      "utf-8",
      ",",
      {
        headers: ["Qty", "Qty (3)", "Column C", "Code", "Column E", "Qty (2)"],
        rows: [[2, "1", "2", "3", "X", "5", "6"]],
      },
    ],
    [
      "prototype-headers.csv",
      "utf-8",
      ",",
      {
        headers: ["__proto__", "constructor", "toString", "Order No", "hasOwnProperty"],
        rows: [[2, "a", "b", "c", "A-1", "d"]],
      },
    ],
    [
      "numbers-as-text.csv",
      "utf-8",
      ",",
      { headers: ["Order No", "Postcode", "Qty"], rows: [[2, "00123", "0612", "007"]] },
    ],
  ])("%s reads as %s with %j", async (name, encoding, delimiter, expected) => {
    const { summary, preview, rows } = await table(name);
    expect(summary.format).toBe("csv");
    expect(summary.csv).toEqual({ encoding, delimiter });
    expect(preview.headerRowNumber).toBe("headerRowNumber" in expected ? expected.headerRowNumber : 1);
    expect(preview.headers).toEqual(expected.headers);
    expect(rows).toEqual(expected.rows);
  });

  it("reads UTF-16 saved without its byte-order mark", async () => {
    const withBom = new Uint8Array(await readFile(fixture("utf16le-unicode-text.txt")));
    expect([...withBom.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const session = createSheetSession();
    const opened = await session.open(withBom.slice(2), "no-bom.txt");
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.summary.csv).toEqual({ encoding: "utf-16le", delimiter: "\t" });
    const preview = session.preview(opened.summary.defaultSheet);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.preview.headers).toEqual(THREE_CITIES.headers);
  });
});

/** What both workbook fixtures hold on their order sheet, cell by cell. */
function expectedOrderRows(extraColumn: boolean): CellValue[][] {
  const extra = (value: CellValue) => (extraColumn ? [value] : []);
  return [
    [
      4,
      "00123",
      new Date(Date.UTC(2027, 1, 15)),
      12,
      1.5,
      "0612",
      18,
      "https://files.example/logo.png",
      "Bold and plain",
      "Otago",
      true,
      ...extra("#N/A"),
    ],
    [
      5,
      "00124",
      new Date(Date.UTC(2027, 1, 20)),
      3,
      2.25,
      "0001",
      6.75,
      "https://files.example/back.png",
      null,
      "Otago",
      false,
    ],
    [
      6,
      "00125",
      new Date(Date.UTC(2027, 2, 1, 14, 30)),
      1,
      0.1,
      "9010",
      extraColumn ? 0.30000000000000004 : 0.3,
      "orders@club.example",
      "Line one\nLine two",
      "Karori",
      false,
    ],
  ];
}

describe("XLSX: values as the user sees them", () => {
  it.each([
    [
      "libreoffice-features.xlsx",
      ["Read me", "Orders", "Lists"],
      "Orders",
      ["Order No", "Due date", "Qty", "Unit price", "Postcode", "Line total", "Artwork", "Notes", "Team", "Paid"],
      false,
    ],
    [
      "exceljs-features.xlsx",
      ["Instructions", "Team orders", "Lists"],
      "Team orders",
      ["Order #", "Due", "Qty", "Price", "Postcode", "Total", "Artwork", "Notes", "Team", "Paid", "Check"],
      true,
    ],
  ] as const)("%s", async (name, sheetNames, orderSheet, headers, isExceljs) => {
    const { summary, preview, rows } = await table(name);
    expect(summary.format).toBe("xlsx");
    expect(summary.sheets.map((s) => [s.name, s.hidden])).toEqual([
      [sheetNames[0], false],
      [sheetNames[1], false],
      [sheetNames[2], true],
    ]);
    // The order table is chosen, not the instructions sheet in front of it.
    expect(summary.defaultSheet).toBe(orderSheet);
    expect(preview.headerRowNumber).toBe(3);
    expect(preview.headers).toEqual(headers);
    expect(preview.hiddenRows).toEqual([5]);
    expect(rows).toEqual(expectedOrderRows(isExceljs));
  });

  it("lets the user pick another sheet and another header row", async () => {
    const { session, opened } = await open("libreoffice-features.xlsx");
    if (!opened.ok) throw new Error(opened.message);
    const lists = session.preview("Lists");
    expect(lists.ok && [lists.preview.headers, lists.preview.rowCount]).toEqual([["Sizes"], 2]);
    const lower = session.preview("Orders", 4);
    expect(lower.ok && lower.preview.headers[0]).toBe("00123");
    expect(session.rows("Orders", 4, 0, 10).map((r) => r.rowNumber)).toEqual([5, 6]);
    expect(session.preview("Nope").ok).toBe(false);
  });
});

describe("files that cannot be read get a clear message", () => {
  it.each([
    ["empty.csv", "EMPTY_FILE", /is empty/],
    ["empty.xlsx", "EMPTY_FILE", /is empty/],
    ["blank.csv", "NO_TABLE", /no values/],
    ["legacy.xls", "LEGACY_XLS", /Excel 97–2003.*save it as an Excel Workbook \(\.xlsx\)/],
    ["encrypted.xlsx", "ENCRYPTED", /protected with a password/],
    ["pdf-renamed.xlsx", "NOT_A_SPREADSHEET", /is a PDF document/],
    ["not-a-workbook.xlsx", "NOT_A_SPREADSHEET", /zip file but not an Excel workbook/],
    ["orders.ods", "UNSUPPORTED_FORMAT", /OpenDocument spreadsheet/],
    ["truncated.xlsx", "CORRUPT", /looks damaged/],
    ["zip-bomb-declared.xlsx", "ZIP_BOMB", /would grow from .* to 600 MB/],
    ["zip-bomb-lying.xlsx", "ZIP_BOMB", /unpacks to more than it declares/],
    ["image-renamed.csv", "NOT_A_SPREADSHEET", /not a spreadsheet/],
    ["web-page.xls", "NOT_A_SPREADSHEET", /web page/],
  ] as const)("%s → %s", async (name, code: SheetFailureCode, message) => {
    const { opened } = await open(name);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.code).toBe(code);
    expect(opened.message).toMatch(message);
    expect(opened.message).toContain(name);
  });
});
