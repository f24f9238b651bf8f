import { describe, expect, it } from "vitest";
import type { CellRange } from "../../../../src/sheet/formats/cell-ref";
import { BlockArray } from "../../../../src/sheet/read/growable";
import { CellKind, SheetStore } from "../../../../src/sheet/read/xlsx/sheet-store";
import { SharedTexts } from "../../../../src/sheet/read/xlsx/shared-texts";

type StoreArguments = ConstructorParameters<typeof SheetStore>;

/** `target` with every read of an element counted in `count.reads` (by index, or by `get` for a block array). */
function counted<T extends object>(target: T, count: { reads: number }): T {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === "string" && /^\d+$/.test(key)) count.reads++;
      const value = Reflect.get(object, key) as unknown;
      if (key === "get" && typeof value === "function")
        return (index: number) => {
          count.reads++;
          return value.call(object, index) as unknown;
        };
      return value;
    },
  });
}

/** `rows` rows, each with numbers in its first `2 * mergesPerRow` columns and each pair of them merged. */
function mergedRows(rows: number, mergesPerRow: number) {
  const width = 2 * mergesPerRow;
  const columns = new Uint16Array(rows * width);
  const values = new Int32Array(rows * width);
  const merges: CellRange[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < width; c++) {
      columns[r * width + c] = c;
      values[r * width + c] = (r + 1) * 1000 + c;
    }
    for (let m = 0; m < mergesPerRow; m++)
      merges.push({ firstRow: r + 1, lastRow: r + 1, firstColumn: 2 * m, lastColumn: 2 * m + 1 });
  }
  const cells: StoreArguments[0] = {
    rowNumbers: Int32Array.from({ length: rows }, (_, r) => r + 1),
    rowStarts: Int32Array.from({ length: rows }, (_, r) => r * width),
    rowWidths: new Uint16Array(rows).fill(width),
    columns: BlockArray.from(Uint16Array, columns),
    kinds: BlockArray.from(Uint8Array, new Uint8Array(rows * width).fill(CellKind.Number)),
    values: BlockArray.from(Int32Array, values),
    numbers: new Float64Array(0),
    texts: [],
    hidden: new Int32Array(0),
  };
  return { cells, merges, usedRange: { lastRow: rows, lastColumn: width - 1 } };
}

describe("SheetStore: merged ranges", () => {
  it.each([
    { rows: 1024, mergesPerRow: 20 },
    { rows: 64, mergesPerRow: 200 },
  ])(
    "finds a row's merged ranges and their values without looking " +
      "through other ranges or cells again: $rows rows of $mergesPerRow",
    ({ rows, mergesPerRow }) => {
      const { cells, merges, usedRange } = mergedRows(rows, mergesPerRow);
      const mergeReads = { reads: 0 };
      const cellReads = { reads: 0 };
      const store = new SheetStore(
        { ...cells, columns: counted(cells.columns, cellReads) },
        SharedTexts.of([]),
        false,
        counted(merges, mergeReads),
        [],
        usedRange,
      );
      for (let i = 0; i < store.length; i++) {
        const row = store.at(i);
        const rowNumber = i + 1;
        expect(row?.slice(0, 4)).toEqual([
          rowNumber * 1000,
          rowNumber * 1000,
          rowNumber * 1000 + 2,
          rowNumber * 1000 + 2,
        ]);
      }
      // Building the store and reading every row: each range and each cell looked at a few times, not once per range
      // near it.
      expect(mergeReads.reads).toBeLessThanOrEqual(5 * merges.length);
      expect(cellReads.reads).toBeLessThanOrEqual(8 * cells.columns.length);
      expect(store.usedWidth(0)).toBe(2 * mergesPerRow);
      // Each row is stored and changed by its merges: counted once.
      expect(store.filledRowsFrom(0)).toBe(rows);
      expect(store.filledRowsFrom(rows - 1)).toBe(1);
    },
  );

  it("gives a linked top-left cell's link to its whole range, the first link given a cell winning", () => {
    const { cells, usedRange } = mergedRows(3, 1);
    const merges: CellRange[] = [{ firstRow: 2, lastRow: 3, firstColumn: 0, lastColumn: 1 }];
    const links = [
      { rowNumber: 2, columnIndex: 0, target: "https://x.example/a" },
      { rowNumber: 2, columnIndex: 0, target: "https://x.example/b" },
      { rowNumber: 1, columnIndex: 1, target: "https://x.example/c" },
    ];
    const store = new SheetStore(cells, SharedTexts.of([]), false, merges, links, usedRange);
    expect([store.at(0), store.at(1), store.at(2)]).toEqual([
      [1000, "https://x.example/c"],
      ["https://x.example/a", "https://x.example/a"],
      ["https://x.example/a", "https://x.example/a"],
    ]);
    expect([store.filledRowsFrom(0), store.filledRowsFrom(1), store.usedWidth(0)]).toEqual([3, 2, 2]);
  });

  it("counts and measures rows that merges and links change among the stored rows, in order", () => {
    // Rows 2 and 5 are stored; a merge reaches down from row 3 to 4, where no cell is stored; rows 3 and 7 have only a
    // link each, row 3's between the stored rows.
    const cells: StoreArguments[0] = {
      rowNumbers: Int32Array.from([2, 5]),
      rowStarts: Int32Array.from([0, 1]),
      rowWidths: Uint16Array.from([1, 3]),
      columns: BlockArray.from(Uint16Array, [0, 2]),
      kinds: BlockArray.from(Uint8Array, [CellKind.Number, CellKind.Number]),
      values: BlockArray.from(Int32Array, [20, 52]),
      numbers: new Float64Array(0),
      texts: [],
      hidden: new Int32Array(0),
    };
    const merges: CellRange[] = [{ firstRow: 3, lastRow: 4, firstColumn: 0, lastColumn: 1 }];
    const links = [
      { rowNumber: 3, columnIndex: 3, target: "https://x.example/3" },
      { rowNumber: 7, columnIndex: 1, target: "https://x.example/7" },
    ];
    const store = new SheetStore(cells, SharedTexts.of([]), false, merges, links, { lastRow: 7, lastColumn: 3 });
    // The merge's top-left cell is empty: it fills nothing.
    expect(Array.from({ length: 7 }, (_, i) => store.filledRowsFrom(i))).toEqual([4, 4, 3, 2, 2, 1, 1]);
    expect(Array.from({ length: 7 }, (_, i) => store.usedWidth(i))).toEqual([4, 4, 4, 3, 3, 2, 2]);
    expect(store.filledRowCount).toBe(4);
  });
});
