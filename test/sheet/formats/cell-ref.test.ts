import { describe, expect, it } from "vitest";
import { columnNumberAt, columnNumberInBytes, parseCellRef } from "../../../src/sheet/formats/cell-ref";
import { XmlEventScanner } from "../../../src/sheet/xml/xml-event-scanner";

/** The column index the reader's scanner gives a cell's `r`. */
function scannedColumn(r: string): number {
  let column = NaN;
  const scanner = new XmlEventScanner(
    { wantsText: false, open: (tag) => (column = tag.attrColumn("r")), close: () => {}, text: () => {} },
    { maxDepth: 10, maxMarkupLength: 1000 },
  );
  scanner.push(`<c r="${r}"/>`);
  scanner.end();
  return column;
}

describe("column letters: one count everywhere", () => {
  it.each([
    ["A1", 1],
    ["AB12", 28],
    ["xfd3", 16_384],
    ["1", 0],
    ["", 0],
    ["ZZZZZZZZ1", [..."ZZZZZZZZ"].reduce((n) => n * 26 + 26, 0)],
    [`${"A".repeat(400)}1`, [..."AAAAAAAA"].reduce((n) => n * 26 + 1, 0)],
  ])("%s is column %i to the writer, the readers' scanners and cell references alike", (ref, column) => {
    expect(columnNumberAt(ref, 0)).toBe(column);
    expect(columnNumberInBytes(new TextEncoder().encode(ref), 0, ref.length)).toBe(column);
    expect(scannedColumn(ref)).toBe(column - 1);
    expect(parseCellRef(ref).columnIndex).toBe(column - 1);
    expect(Number.isFinite(column)).toBe(true);
  });

  it("reads a reference's row after however many letters", () => {
    expect(parseCellRef(`$${"B".repeat(20)}$7`)).toEqual({
      columnIndex: [..."BBBBBBBB"].reduce((n) => n * 26 + 2, 0) - 1,
      rowNumber: 7,
    });
    expect(parseCellRef("$C$9")).toEqual({ columnIndex: 2, rowNumber: 9 });
  });
});
