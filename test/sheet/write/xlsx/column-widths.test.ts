import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentWidths } from "../../../../src/sheet/write/xlsx/column-widths";
import { safeText } from "../../../../src/sheet/write/xlsx/cell-xml";

/** A text's width as shown once written: its longest line, made safe. */
const shownWidth = (text: string) =>
  text === ""
    ? 0
    : Math.max(
        ...safeText(text)
          .split("\n")
          .map((line) => line.length),
      );

describe("the result columns' widths", () => {
  it("is each column's widest value or header, values repeated from row to row or not", () => {
    const rows = [
      ["Created", 300_001, ""],
      ["Created", 300_001, "warning: due date moved"],
      ["Not sent", 300_001, "warning: due date moved"],
      ["Not sent", 1_234_567, null],
      ["Created", 1_234_567, "two\nlines, the longest one"],
    ];
    expect(contentWidths(["Status", "Job", "Message"], rows)).toEqual([8, 7, 23]);
    // The same values in another order give the same widths.
    expect(contentWidths(["Status", "Job", "Message"], [...rows].reverse())).toEqual([8, 7, 23]);
  });

  it("measures money by its format, a column at a time", () => {
    expect(contentWidths(["Total", "Count"], [[1234.5, 1234.5]], [true, false])).toEqual([8, 6]);
  });

  it("is the widest text as written, however texts that cannot widen a column are passed over", () => {
    // Texts that grow when made safe (a quote before each line that starts like a formula), on lines split by "\n",
    // "\r" or both.
    const piece = fc.constantFrom("=", "+1", "-", "@x", "\t", "\n", "\r", "\r\n", "abc", "A10420", " ", "5");
    const text = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 30 }), (rows) => {
        const expected = [4, 1].map((header, i) =>
          Math.max(header, ...rows.map((row) => shownWidth(row[i] as string))),
        );
        expect(contentWidths(["Ref.", "M"], rows)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
