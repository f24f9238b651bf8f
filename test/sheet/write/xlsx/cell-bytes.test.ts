import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CellBytes } from "../../../../src/sheet/write/xlsx/cell-bytes";
import { cellXml } from "../../../../src/sheet/write/xlsx/cell-xml";

const COLUMNS = ["K", "L", "AB"];
const decoder = new TextDecoder();

describe("CellBytes: a row's new cells as bytes", () => {
  it("writes every cell as cellXml writes it, texts seen before and new alike", () => {
    const text = fc.oneof(
      fc.constantFrom("Created", " leading", "trailing ", "two\nlines", "a & b < c > d\r", "_x0041_", "Köln", "🎽 kit"),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.string({ minLength: 199, maxLength: 203 }),
    );
    const value = fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    const cell = fc.tuple(fc.nat(COLUMNS.length - 1), value, fc.constantFrom(0, 0, 3, 12));
    const row = fc.tuple(fc.integer({ min: 1, max: 1_048_576 }), fc.array(cell, { maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const writer = new CellBytes(COLUMNS);
        for (const [rowNumber, cells] of rows) {
          writer.startRow(rowNumber);
          for (const [index, v, style] of cells) writer.cell(index, v, style);
          const expected = cells.map(([index, v, style]) => cellXml("", `${COLUMNS[index]}${rowNumber}`, v, style));
          expect(decoder.decode(writer.written())).toBe(expected.join(""));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("writes a cell in another row like one kept, as cellXml writes it there", () => {
    const writer = new CellBytes(COLUMNS);
    writer.startRow(7);
    writer.cell(0, "Created", 3);
    writer.keepLastCell(0);
    writer.cell(2, 37.5, 0);
    writer.keepLastCell(2);
    writer.startRow(12_345);
    writer.repeatKept(0);
    writer.cell(1, "a & b", 0);
    writer.repeatKept(2);
    expect(decoder.decode(writer.written())).toBe(
      cellXml("", "K12345", "Created", 3) + cellXml("", "L12345", "a & b", 0) + cellXml("", "AB12345", 37.5, 0),
    );
    // A column keeps its last kept cell only, however long.
    writer.startRow(8);
    writer.cell(0, "x".repeat(300), 0);
    writer.keepLastCell(0);
    writer.startRow(9);
    writer.repeatKept(0);
    expect(decoder.decode(writer.written())).toBe(cellXml("", "K9", "x".repeat(300), 0));
  });
});
