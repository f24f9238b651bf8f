import { describe, expect, it } from "vitest";
import { contentWidths } from "../../../../src/sheet/write/xlsx/column-widths";

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
});
