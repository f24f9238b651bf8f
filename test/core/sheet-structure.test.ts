import { describe, expect, it } from "vitest";
import { detectHeaderRow } from "../../src/core/header-row";
import { cellRawText, cellText, columnLetter, type CellValue } from "../../src/core/sheet-model";
import { extractTable, uniqueHeaders } from "../../src/core/sheet-table";
import { looksLikeSize, sizeKey } from "../../src/core/sizes";

describe("header row detection", () => {
  it("finds the header below title and note rows", () => {
    const rows: (CellValue[] | undefined)[] = [
      ["Winter 2027 team orders"],
      undefined,
      ["Please fill in every row", "", "Thanks!"],
      ["Order #", "Team", "Code", "Qty", "Due"],
      ["KTP-1", "Otago", "DTF", 12, new Date()],
    ];
    expect(detectHeaderRow(rows)[0]?.rowIndex).toBe(3);
  });

  it("prefers a row naming known fields over a row of data", () => {
    const rows: CellValue[][] = [
      ["KTP-1", "Otago", "DTF 4x4", 12],
      ["Order No", "Team", "Code", "Qty"],
    ];
    expect(detectHeaderRow(rows).map((c) => c.rowIndex)).toEqual([1, 0]);
  });

  it("counts the service's attribute names and sizes as known", () => {
    const rows: CellValue[][] = [
      ["Notes", "Misc"],
      ["Order", "Fabric", "S", "M", "L"],
    ];
    expect(detectHeaderRow(rows, ["Fabric"])[0]).toMatchObject({ rowIndex: 1, known: 5 });
  });
});

describe("tables below a header", () => {
  it("names blank and repeated headers uniquely, keeping the user's own names", () => {
    expect(uniqueHeaders(["Qty", "Qty", null, "Code", "  ", "Qty (2)", "qty", "Line\nbreak"], 8)).toEqual([
      "Qty",
      "Qty (3)",
      "Column C",
      "Code",
      "Column E",
      "Qty (2)",
      "qty (4)",
      "Line break",
    ]);
  });

  it("drops trailing empty rows and columns, keeps blank rows between, and keeps row numbers", () => {
    const rows: (CellValue[] | undefined)[] = [
      ["Title"],
      ["A", "B", null, ""],
      ["1", "2", null, ""],
      undefined,
      ["3", null, "x"],
      ["", null],
      undefined,
    ];
    const table = extractTable("s", rows, 1);
    expect(table).toEqual({
      sheetName: "s",
      headerRowNumber: 2,
      headers: ["A", "B", "Column C"],
      rows: [
        { rowNumber: 3, cells: ["1", "2", null] },
        { rowNumber: 4, cells: [] },
        { rowNumber: 5, cells: ["3", null, "x"] },
      ],
    });
  });

  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [701, "ZZ"],
    [702, "AAA"],
  ])("column %i is %s", (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });

  it.each([
    [0.1 + 0.2, "0.3"],
    [12, "12"],
    [1234567890123, "1234567890123"],
    [true, "TRUE"],
    [new Date(Date.UTC(2027, 1, 15)), "2027-02-15"],
    [new Date(Date.UTC(2027, 1, 15, 9, 5)), "2027-02-15 09:05"],
    [" padded ", " padded "],
    [null, ""],
  ] as const)("shows %j as %j", (value, text) => {
    expect(cellRawText(value)).toBe(text);
    expect(cellText(value)).toBe(text.trim());
  });
});

describe("size labels", () => {
  it.each([
    ["XXL", "2XL"],
    ["2x", "2XL"],
    ["xxxl", "3XL"],
    ["Small", "S"],
    ["Med", "M"],
    ["X-Large", "XL"],
    ["One Size", "OSFA"],
    ["Youth 8", "8"],
    ["Y10", "10"],
    ["Kids 12", "12"],
    ["Qty", "QTY"],
  ])("%s reads as %s", (label, key) => {
    expect(sizeKey(label)).toBe(key);
  });

  it("takes bare numbers as sizes only beside other sizes or when the catalogue lists them", () => {
    expect(looksLikeSize("8", new Set(), false)).toBe(false);
    expect(looksLikeSize("8", new Set(), true)).toBe(true);
    expect(looksLikeSize("7", new Set(), true)).toBe(false);
    expect(looksLikeSize("7", new Set(["7"]), false)).toBe(true);
    expect(looksLikeSize("Team", new Set(), true)).toBe(false);
  });
});
