import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsToWrite } from "../../../../src/sheet/write/xlsx/rows-to-write";

describe("rowsToWrite", () => {
  it("lists the header row and each row with results ascending, beside its results, in any order of the map", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 1_000_000 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 1_000_001 }),
        (rowNumbers, headerRowNumber) => {
          const withResults = rowNumbers.filter((n) => n !== headerRowNumber);
          const results = new Map(withResults.map((n) => [n, [`row ${n}`]]));
          const rows = rowsToWrite(headerRowNumber, results);
          expect(Array.from(rows.rowNumbers)).toEqual([headerRowNumber, ...withResults].sort((a, b) => a - b));
          for (const [i, n] of rows.rowNumbers.entries()) expect(rows.results[i]).toEqual(results.get(n));
        },
      ),
    );
  });

  it("takes rows already in order as they are", () => {
    const results = new Map([
      [3, ["a"]],
      [7, ["b"]],
    ]);
    const rows = rowsToWrite(1, results);
    expect(Array.from(rows.rowNumbers)).toEqual([1, 3, 7]);
    expect(rows.results[1]).toBe(results.get(3));
    expect(rows.results[2]).toBe(results.get(7));
  });
});
