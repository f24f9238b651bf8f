import { describe, expect, it } from "vitest";
import { rowsToForget, windowsToFetch } from "../../../src/app/grid/row-fetching";

const held = (...ranges: [number, number][]) => ({
  has: (p: number) => ranges.some(([start, end]) => p >= start && p < end),
});

describe("which rows the grid asks the engine for", () => {
  it("asks for the rows drawn and three pages past the next one, in the direction of the scroll", () => {
    expect(windowsToFetch({ start: 100, end: 150 }, 20, 1, held(), [])).toEqual([{ start: 100, end: 230 }]);
    expect(windowsToFetch({ start: 100, end: 150 }, 20, -1, held(), [])).toEqual([{ start: 20, end: 150 }]);
  });

  it("asks for nothing while the rows drawn and the next page are at hand or asked for", () => {
    expect(windowsToFetch({ start: 100, end: 150 }, 20, 1, held([90, 160]), [{ start: 160, end: 200 }])).toEqual([]);
    expect(windowsToFetch({ start: 100, end: 150 }, 20, 1, held([0, 170]), [])).toEqual([]);
  });

  it("asks from the first row missing, once the next page is not all at hand", () => {
    expect(windowsToFetch({ start: 100, end: 150 }, 20, 1, held([90, 160]), [])).toEqual([{ start: 160, end: 230 }]);
    expect(windowsToFetch({ start: 10, end: 60 }, 20, -1, held([0, 5], [20, 80]), [])).toEqual([{ start: 0, end: 20 }]);
  });
});

describe("which rows the grid forgets", () => {
  it("keeps up to 3,000 rows, then forgets those more than 1,000 rows from the ones drawn", () => {
    const few = new Map(Array.from({ length: 3000 }, (_, p) => [p, p]));
    expect(rowsToForget(few, { start: 2900, end: 2950 })).toEqual([]);
    const many = new Map(Array.from({ length: 5000 }, (_, p) => [p, p]));
    const forgotten = rowsToForget(many, { start: 2000, end: 2050 });
    expect(forgotten).toHaveLength(5000 - 2050);
    expect(forgotten).not.toContain(1000);
    expect(forgotten).toContain(999);
    expect(forgotten).not.toContain(3049);
    expect(forgotten).toContain(3050);
  });
});
