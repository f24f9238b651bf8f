import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packRows, rowWindows, unpackRows } from "../../src/core/row-windows";
import type { CellValue, SheetRow } from "../../src/core/sheet-model";

const cell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom("", " ", "0", "007", "1e3", "NaN", "true", "\u0000", "Ä\u00df😀"),
  fc.constant(null),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.date({ noInvalidDate: true }),
);
const row: fc.Arbitrary<SheetRow> = fc.record({
  // Several files' rows are numbered past 32 bits.
  rowNumber: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 2 ** 31, max: 2 ** 40 })),
  cells: fc.array(cell, { maxLength: 12 }),
});

describe("windows of rows packed to cross between workers", () => {
  it("read back cell for cell, kind for kind, whatever the cells hold", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const packed = structuredClone(packRows(rows));
        expect(unpackRows(packed)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });

  it("keep a text that looks like a number, a date or a flag as text", () => {
    const rows: SheetRow[] = [
      { rowNumber: 2, cells: ["007", "2027-01-02", "TRUE", "", null, 7, false, new Date(Date.UTC(2027, 0, 2))] },
      { rowNumber: 9, cells: [] },
      { rowNumber: 10, cells: [-0, Number.NaN, -1.5e-300, Number.MAX_VALUE] },
    ];
    const back = unpackRows(structuredClone(packRows(rows)));
    expect(back).toEqual(rows);
    expect(Object.is(back[2]?.cells[0], -0)).toBe(true);
    // A gap in a row's cells reads back as empty.
    const withGap: CellValue[] = ["a"];
    withGap[2] = "c";
    expect(unpackRows(packRows([{ rowNumber: 2, cells: withGap }]))[0]?.cells).toEqual(["a", null, "c"]);
    expect(back[0]?.cells.map((value) => (value instanceof Date ? "date" : typeof value))).toEqual([
      "string",
      "string",
      "string",
      "string",
      "object",
      "number",
      "boolean",
      "date",
    ]);
  });
});

describe("the windows rows are taken in", () => {
  it("cover every row once, in order, none over the largest, each twice the one before until it is reached", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 50, max: 8_000 }), (rowCount, largest) => {
        const windows = [...rowWindows(rowCount, largest)];
        // Each starts where the one before ended, and the last ends at the last row.
        expect(windows.map((w) => w.start)).toEqual(
          windows.map((_, i) => windows.slice(0, i).reduce((end, w) => end + w.count, 0)),
        );
        expect(windows.reduce((end, w) => Math.max(end, w.start + w.count), 0)).toBe(rowCount);
        // Every one but the last (which takes what is left) is twice the one before, up to the largest.
        const full = windows.slice(0, -1).map((w) => w.count);
        expect(full).toEqual(full.map((_, i) => Math.min(largest, Math.min(1_000, largest) * 2 ** i)));
        expect(windows.every((w) => w.count > 0 && w.count <= largest)).toBe(true);
      }),
    );
  });

  it("start small and grow to the largest: a hundred thousand rows in windows of at most 5,000", () => {
    const counts = [...rowWindows(100_000, 5_000)].map((window) => window.count);
    expect(counts.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 5_000]);
    expect(counts).toHaveLength(3 + Math.ceil(93_000 / 5_000));
    expect([...rowWindows(300, 5_000)]).toEqual([{ start: 0, count: 300 }]);
  });
});
