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

  it("writes a column of texts that never repeat, then texts it had, as cellXml writes them", () => {
    const writer = new CellBytes(COLUMNS);
    // A reference on every row (a column given up on after so many new texts), then the first ones again and a text
    // of another column's: each cell is still as cellXml writes it.
    const texts = [...Array.from({ length: 150 }, (_, i) => `REF-${i} & co`), "REF-3 & co", " Created", "REF-149 & co"];
    for (const [i, text] of texts.entries()) {
      const rowNumber = i + 2;
      writer.startRow(rowNumber);
      writer.cell(0, " Created", 3);
      writer.cell(2, text, 0);
      const expected = cellXml("", `K${rowNumber}`, " Created", 3) + cellXml("", `AB${rowNumber}`, text, 0);
      expect(decoder.decode(writer.written())).toBe(expected);
    }
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

  it("writes rows of kept cells and new ones as cellXml writes them, whatever the row before left in place", () => {
    // Row numbers that cross a power of ten, texts that grow the buffer (one is given room for three bytes a character)
    // and a column written twice in a row move cells or change them from row to row.
    const value = fc.oneof(
      fc.constantFrom("Created", "Received", "a & b", "", "Köln", "x".repeat(1500), "y".repeat(4500)),
      fc.string({ minLength: 0, maxLength: 3 }),
      fc.integer({ min: 0, max: 1_000_000 }),
    );
    const step = fc.tuple(fc.nat(COLUMNS.length - 1), fc.constantFrom("keep", "repeat", "new"), value);
    const row = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.array(step, { maxLength: 5 }));
    const firstRowNumber = fc.oneof(
      fc.constantFrom(8, 98, 9_998, 99_999, 999_998),
      fc.integer({ min: 1, max: 1_000_000 }),
    );
    fc.assert(
      fc.property(firstRowNumber, fc.array(row, { minLength: 1, maxLength: 12 }), (first, rows) => {
        const writer = new CellBytes(COLUMNS);
        const kept: (string | number | undefined)[] = [];
        let rowNumber = first;
        for (const [gap, steps] of rows) {
          rowNumber += gap;
          writer.startRow(rowNumber);
          let expected = "";
          for (const [index, what, v] of steps) {
            const address = `${COLUMNS[index]}${rowNumber}`;
            if (what === "repeat" && kept[index] !== undefined) {
              writer.repeatKept(index);
              expected += cellXml("", address, kept[index] as string | number, 0);
            } else {
              writer.cell(index, v, 0);
              expected += cellXml("", address, v, 0);
              if (what === "keep") {
                writer.keepLastCell(index);
                kept[index] = v;
              }
            }
          }
          expect(decoder.decode(writer.written())).toBe(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps the row before's cells past where the buffer grew, for a cell in the same place to take", () => {
    const writer = new CellBytes(COLUMNS);
    writer.startRow(7);
    writer.cell(1, "Created", 0);
    writer.keepLastCell(1);
    // Two texts, each given room for three bytes a character, which the buffer has.
    writer.startRow(8);
    writer.cell(0, "a".repeat(700), 0);
    writer.cell(0, "b".repeat(700), 0);
    writer.repeatKept(1);
    // One text as long as those two cells together: its room grows the buffer, and the kept cell after it is where it
    // was in the row before.
    const overhead = cellXml("", "K9", "", 0).length;
    const long = "c".repeat(1400 + overhead);
    writer.startRow(9);
    writer.cell(0, long, 0);
    writer.repeatKept(1);
    expect(decoder.decode(writer.written())).toBe(cellXml("", "K9", long, 0) + cellXml("", "L9", "Created", 0));
  });

  it("leaves a kept cell after a text that looked plain until its last characters as the row before had it", () => {
    const writer = new CellBytes(COLUMNS);
    writer.startRow(7);
    writer.cell(0, "REF-0001 & co", 0);
    writer.cell(1, "Created", 0);
    writer.keepLastCell(1);
    // Row 8's text is as long as row 7's once escaped, so the kept cell after it is where it was and only its digits
    // are written; the text's plain start is written before its `&` is met, then written over. The others move it.
    for (const [rowNumber, text] of [
      [8, "REF-0002 & co"],
      [9, "REF-0003 _x0041_"],
      [10, " REF-0004 &co"],
    ] as const) {
      writer.startRow(rowNumber);
      writer.cell(0, text, 0);
      writer.repeatKept(1);
      expect(decoder.decode(writer.written())).toBe(
        cellXml("", `K${rowNumber}`, text, 0) + cellXml("", `L${rowNumber}`, "Created", 0),
      );
    }
  });

  it("writes a kept cell again where the row before had it, in a row whose number has another digit", () => {
    const writer = new CellBytes(COLUMNS);
    writer.startRow(8);
    writer.cell(0, "Created", 3);
    writer.keepLastCell(0);
    for (const rowNumber of [9, 10, 11, 99, 100]) {
      writer.startRow(rowNumber);
      writer.repeatKept(0);
      expect(decoder.decode(writer.written())).toBe(cellXml("", `K${rowNumber}`, "Created", 3));
    }
  });
});
