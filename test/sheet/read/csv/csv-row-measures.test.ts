import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRowMeasurer } from "../../../../src/sheet/read/csv/csv-row-measures";

/** A row as the reader records it: its position, the width of its values, its longest text and that text's column. */
interface Recorded {
  readonly position: number;
  readonly width: number;
  readonly longest: number;
  readonly column: number;
}

/** Rows at ascending positions, some blank (no text), some of white space only (text, but no value). */
const recordedRows = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 3 }),
      width: fc.integer({ min: 0, max: 6 }),
      longest: fc.integer({ min: 0, max: 9 }),
      column: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 40 },
  )
  .map((rows) => {
    let position = -1;
    return rows.map(
      ({ gap, width, longest, column }): Recorded => ({ position: (position += gap), width, longest, column }),
    );
  });

/** What a pass over every row kept says for rows from position `from` on. */
function counted(rows: readonly Recorded[], from: number) {
  const below = rows.filter((row) => row.position >= from && row.longest > 0);
  const longest = below.reduce<Recorded | undefined>(
    (best, row) => (row.longest > (best?.longest ?? 0) ? row : best),
    undefined,
  );
  return {
    width: Math.max(0, ...below.map((row) => row.width)),
    filled: below.filter((row) => row.width > 0).length,
    longest: longest && { rowNumber: longest.position + 1, columnIndex: longest.column, length: longest.longest },
  };
}

describe("the measures of a CSV's rows", () => {
  it("say for any first row what a pass over the rows from there says, whichever rows are left out at the end", () => {
    fc.assert(
      fc.property(recordedRows, fc.nat(130), fc.nat(130), (rows, from, rowCount) => {
        const measurer = csvRowMeasurer();
        for (const row of rows) measurer.record(row.position, row.width, row.longest, row.column);
        const measures = measurer.measures(rowCount);
        const expected = counted(
          rows.filter((row) => row.position < rowCount),
          from,
        );
        expect({
          width: measures.usedWidth(from),
          filled: measures.filledRowsFrom(from),
          longest: measures.longestCell(from),
        }).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
