import { describe, expect, it } from "vitest";
import type { SheetFailureCode } from "../../../../src/sheet/read-failure";
import { createSheetSession } from "../../../../src/sheet/worker-api";
import { HOSTILE_WORKBOOKS, type HostileName } from "../../../fixtures/sheets/hostile/make-hostile";

/** Far above what any of these may cost, far below what the attacks would cost unbounded. */
const HEAP_CEILING = 96 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

/** Runs `work`, sampling the heap while it runs; its growth at the highest point seen. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ value: T; heapGrowth: number }> {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 1);
  try {
    const value = await work();
    sample();
    return { value, heapGrowth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function openHostile(name: HostileName) {
  const bytes = new Uint8Array(HOSTILE_WORKBOOKS[name].make());
  const session = createSheetSession();
  const { value: opened, heapGrowth } = await withPeakHeap(() => session.open(bytes, name));
  expect(heapGrowth).toBeLessThan(HEAP_CEILING);
  return { session, opened };
}

describe("hostile workbooks are refused in the user's words", () => {
  const unsafe = "is not a workbook this importer can read safely: ";
  const cases: Record<
    Exclude<HostileName, "merged-cell-bomb.xlsx" | "a-million-blank-rows.xlsx">,
    { code: SheetFailureCode; message: RegExp }
  > = {
    "merged-cells-over-the-limit.xlsx": {
      code: "TOO_LARGE",
      message: /Sheet "Orders" of .* has merged cells covering more than 5,000,000 cells.*Unmerge the cells/,
    },
    "doctype-entities.xlsx": {
      code: "UNSAFE_CONTENT",
      message: new RegExp(
        `${unsafe}its table of shared texts holds a document type declaration.*save it as a new \\.xlsx`,
      ),
    },
    "deeply-nested.xlsx": {
      code: "UNSAFE_CONTENT",
      message: new RegExp(`${unsafe}its sheet "Orders" is built of parts inside parts more than 100 levels deep`),
    },
    "million-columns.xlsx": {
      code: "TOO_MANY_COLUMNS",
      message:
        /Sheet "Orders" of .* has a value in column ALM \(cell ALM3\); an order sheet may have up to 1,000 columns/,
    },
    "ten-megabyte-cell.xlsx": {
      code: "CELL_TOO_LONG",
      message: /cell A3 of sheet "Orders" holds more than 32,767 characters/,
    },
    "ten-megabyte-shared-string.xlsx": {
      code: "CELL_TOO_LONG",
      message: /one of the shared texts holds more than 32,767 characters/,
    },
  };
  it.each(Object.entries(cases))(
    "%s",
    async (name, expected) => {
      const { opened } = await openHostile(name as HostileName);
      expect(opened.ok ? "opened" : opened.code).toBe(expected.code);
      if (opened.ok) return;
      expect(opened.message).toMatch(expected.message);
      expect(opened.message).toContain(name);
      expect(opened.message).not.toMatch(/xml|pars|token|element|\btag\b|entity|saxes|undefined/i);
    },
    TIMEOUT_MS,
  );
});

describe("hostile workbooks that can be read are read within bounds", () => {
  it(
    "a merged range to the grid's last cell ends at the used range: " +
      "the order row's value fills its own row, nothing more",
    async () => {
      const { session, opened } = await openHostile("merged-cell-bomb.xlsx");
      if (!opened.ok) throw new Error(opened.message);
      expect(opened.summary.sheets.map((s) => [s.name, s.rowCount])).toEqual([["Orders", 2]]);
      const preview = session.preview("Orders");
      if (!preview.ok) throw new Error(preview.message);
      expect(preview.preview.headers).toEqual(["Order No", "Qty", "City"]);
      expect(preview.preview.rowCount).toBe(1);
      expect(session.rows("Orders", 1, 0, 10).map((row) => [row.rowNumber, ...row.cells])).toEqual([
        [2, "A-1", "A-1", "A-1"],
      ]);
    },
    TIMEOUT_MS,
  );

  it(
    "a million blank rows after the order rows are not order rows: " +
      "not counted against the limit, not kept, not reported as hidden",
    async () => {
      const { session, opened } = await openHostile("a-million-blank-rows.xlsx");
      if (!opened.ok) throw new Error(opened.message);
      expect(opened.summary.sheets.map((s) => [s.name, s.rowCount])).toEqual([["Orders", 2]]);
      const preview = session.preview("Orders");
      if (!preview.ok) throw new Error(preview.message);
      expect([preview.preview.rowCount, preview.preview.hiddenRows]).toEqual([1, []]);
      expect(session.rows("Orders", 1, 0, 10).map((row) => [row.rowNumber, ...row.cells])).toEqual([
        [2, "A-1", 5, "Nelson"],
      ]);
    },
    TIMEOUT_MS,
  );
});
