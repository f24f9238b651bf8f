import { describe, expect, it } from "vitest";
import { columnsInView, gridLayout, ROW_HEADER_WIDTH } from "../../../src/app/grid/grid-layout";

describe("columnsInView: the columns a row draws", () => {
  // Twenty columns 96 px wide (short headers): 1,920 px across.
  const layout = gridLayout(Array.from({ length: 20 }, (_, i) => `C${i}`));

  it("draws those in view and those within 200 px of it, on either side", () => {
    expect(layout.widths.every((w) => w === 96)).toBe(true);
    // A view 600 px wide shows 536 px of columns right of the row header: columns 0–5, and 200 px more to the right.
    expect(columnsInView(layout, 0, 600)).toEqual({ first: 0, last: 8 });
    // Scrolled 960 px across: columns 10–15 in view; 3 more (200 px) on the left, 2 more on the right.
    expect(columnsInView(layout, 960, 600)).toEqual({ first: 7, last: 18 });
  });

  it("counts a column cut at either edge as in view", () => {
    const left = 960 + 201;
    const { first } = columnsInView(layout, left, 600);
    expect(first).toBe(10);
    expect(layout.offsets[first + 1] as number).toBeGreaterThan(left - 200);
    expect(layout.offsets[first] as number).toBeLessThanOrEqual(left - 200);
  });

  it("draws every column of a narrow table, and none past the last", () => {
    const narrow = gridLayout(["Order", "Qty", "Colour"]);
    expect(columnsInView(narrow, 0, 1400)).toEqual({ first: 0, last: 3 });
    expect(columnsInView(layout, 5000, 600)).toEqual({ first: 20, last: 20 });
    expect(columnsInView(layout, 0, ROW_HEADER_WIDTH)).toEqual({ first: 0, last: 3 });
  });
});
