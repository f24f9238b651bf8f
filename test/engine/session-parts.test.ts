import { describe, expect, it } from "vitest";
import { packRows } from "../../src/core/row-windows";
import type { SheetRow } from "../../src/core/sheet-model";
import { makeIssue } from "../../src/core/issues";
import { createEditHistory, type Change } from "../../src/engine/edit-history";
import { createIssueTally } from "../../src/engine/issue-tally";
import { describeRequest } from "../../src/engine/live-facts";
import { createFilterCache, rowMatches, type FilterableRow, type RowFilter } from "../../src/engine/row-filter";
import { createSessionRows } from "../../src/engine/session-rows";

const cell = (rowNumber: number, after: string, before = ""): Change => ({
  kind: "cell",
  rowNumber,
  column: 0,
  before,
  after,
});

describe("the session's rows", () => {
  it("keeps cells, skips and added columns, addressed by row number and header", () => {
    const rows = createSessionRows();
    rows.begin(["Order", "Qty"]);
    // Rows arrive in windows, each below the last.
    rows.appendPacked(packRows([{ rowNumber: 5, cells: ["A", 1] }]));
    rows.appendPacked(packRows([{ rowNumber: 7, cells: ["B"] }]));
    expect([rows.count, rows.indexOf(7), rows.indexOf(6), rows.rowNumberAt(0)]).toEqual([2, 1, undefined, 5]);
    rows.setCell(1, 1, 3);
    expect(rows.sheetRow(1)).toEqual({ rowNumber: 7, cells: ["B", 3] });
    const added = rows.addColumn("Delivery method");
    expect([added, rows.columnIndex("Delivery method"), rows.cellAt(0, added)]).toEqual([2, 2, null]);
    rows.setSkipped(0, true);
    expect([rows.isSkipped(0), rows.skippedCount]).toEqual([true, 1]);
    expect(() => rows.columnIndex("Nope")).toThrow("No column Nope");
  });

  it("reads every cell of rows kept packed, window by window, until a row is edited, then the edit", () => {
    const rows = createSessionRows();
    rows.begin(["Order", "Qty", "Due", "Rush"]);
    const due = new Date(Date.UTC(2027, 2, 1));
    const windows: SheetRow[][] = [
      [
        { rowNumber: 2, cells: ["E-1", 10, due, true] },
        { rowNumber: 3, cells: [] },
      ],
      [{ rowNumber: 4, cells: ["E-2", "12 ", null, false] }],
      [
        { rowNumber: 6, cells: ["E-3"] },
        { rowNumber: 7, cells: ["E-3", 2.5] },
      ],
    ];
    for (const window of windows) rows.appendPacked(packRows(window));
    const all = windows.flat();
    expect(all.map((_, i) => rows.sheetRow(i))).toEqual(all);
    expect(all.map((_, i) => [0, 1, 2, 3, 9].map((c) => rows.cellAt(i, c)))).toEqual(
      all.map((row) => [0, 1, 2, 3, 9].map((c) => row.cells[c] ?? null)),
    );
    expect(rows.cellAt(-1, 0)).toBeNull();
    expect(rows.cellAt(all.length, 0)).toBeNull();
    // An edit in one window leaves the others as they were.
    rows.setCell(3, 2, "2027-04-01");
    expect(rows.sheetRow(3)).toEqual({ rowNumber: 6, cells: ["E-3", null, "2027-04-01"] });
    expect(rows.cellAt(4, 1)).toBe(2.5);
    expect(rows.sheetRow(0)).toEqual(all[0]);
  });
});

describe("the edit history", () => {
  it("undoes the last edit first (its changes last first), redoes, and forgets redo on a new edit", () => {
    const history = createEditHistory();
    history.record([cell(2, "a"), cell(3, "b")], "2026-11-20T10:00:00.000Z");
    history.record([cell(4, "c")], "2026-11-20T10:01:00.000Z");
    history.record([], "2026-11-20T10:02:00.000Z");
    expect(history.applied().map((edit) => edit.at)).toEqual(["2026-11-20T10:00:00.000Z", "2026-11-20T10:01:00.000Z"]);
    expect(history.undo()).toEqual([cell(4, "c")]);
    expect(history.undo()).toEqual([cell(3, "b"), cell(2, "a")]);
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toEqual([cell(2, "a"), cell(3, "b")]);
    expect([history.canUndo, history.canRedo]).toEqual([true, true]);
    history.record([cell(9, "z")], "2026-11-20T10:03:00.000Z");
    expect(history.canRedo).toBe(false);
  });

  it("undoes at most its limit of edits, and keeps older edits in effect, one change per cell", () => {
    const history = createEditHistory(3);
    const at = (minute: number) => `2026-11-20T10:0${minute}:00.000Z`;
    history.record([cell(2, "a")], at(0));
    history.record([cell(2, "b", "a"), cell(3, "c")], at(1));
    history.record([{ kind: "skip", rowNumber: 4, before: false, after: true }], at(2));
    history.record([cell(5, "x")], at(3));
    history.record([cell(5, "", "x")], at(4));
    history.record([cell(6, "y")], at(5));
    // Row 2 went from "" to "b" in the end, and says when it last changed.
    expect(history.applied()).toEqual([
      { at: at(1), changes: [cell(2, "b"), cell(3, "c")] },
      { at: at(2), changes: [{ kind: "skip", rowNumber: 4, before: false, after: true }] },
      { at: at(3), changes: [cell(5, "x")] },
      { at: at(4), changes: [cell(5, "", "x")] },
      { at: at(5), changes: [cell(6, "y")] },
    ]);
    history.record([cell(7, "z")], at(6));
    history.record([cell(8, "w")], at(7));
    // Row 5 was changed and changed back: nothing of it is in effect.
    expect(history.applied()).toEqual([
      { at: at(1), changes: [cell(2, "b"), cell(3, "c")] },
      { at: at(2), changes: [{ kind: "skip", rowNumber: 4, before: false, after: true }] },
      { at: at(5), changes: [cell(6, "y")] },
      { at: at(6), changes: [cell(7, "z")] },
      { at: at(7), changes: [cell(8, "w")] },
    ]);
    for (let i = 0; i < 3; i++) expect(history.undo()).toBeDefined();
    expect(history.undo()).toBeUndefined();
    expect(history.applied().map((edit) => edit.at)).toEqual([at(1), at(2)]);
  });
});

describe("the issue tally", () => {
  it("adds and takes away issues and estimates, and reports only codes still present", () => {
    const tally = createIssueTally();
    const a = makeIssue("CODE_UNKNOWN", { rowNumber: 2 }, "a");
    const b = makeIssue("DUE_DATE_TOO_EARLY", { rowNumber: 3 }, "b");
    tally.count([a, b], 1);
    tally.addEstimate(10.105);
    tally.addEstimate(2);
    tally.count([a], -1);
    expect(tally.snapshot()).toEqual({
      error: 0,
      warning: 1,
      info: 0,
      byCode: { DUE_DATE_TOO_EARLY: 1 },
      estimate: 12.11,
    });
  });
});

describe("row filters", () => {
  const rows: FilterableRow[] = [
    { orderNumber: "A", skipped: false, issues: [] },
    { orderNumber: "A", skipped: false, issues: [makeIssue("CODE_UNKNOWN", { rowNumber: 3 }, "x")] },
    { orderNumber: "B", skipped: true, issues: [] },
    { orderNumber: "B", skipped: false, issues: [makeIssue("DUE_DATE_TOO_EARLY", { rowNumber: 5 }, "y")] },
  ];
  it.each<[string, RowFilter, number[]]>([
    ["all rows", { kind: "all" }, [0, 1, 2, 3]],
    ["rows with errors", { kind: "errors" }, [1]],
    ["rows with warnings", { kind: "warnings" }, [3]],
    ["one kind of issue", { kind: "code", code: "CODE_UNKNOWN" }, [1]],
    ["one order", { kind: "order", orderNumber: "B" }, [2, 3]],
    ["skipped rows", { kind: "skipped" }, [2]],
  ])("%s", (_name, filter, expected) => {
    expect(rows.map((row, i) => (rowMatches(filter, row) ? i : -1)).filter((i) => i >= 0)).toEqual(expected);
    const cache = createFilterCache(
      () => rows.length,
      (i) => rows[i] as FilterableRow,
    );
    expect(cache.size(filter)).toBe(expected.length);
    expect(expected.map((_, at) => cache.indexAt(filter, at))).toEqual(expected);
    expect(cache.positionOf(filter, 3)).toBe(expected.filter((i) => i < 3).length);
  });
});

describe("facts the vendor could not give", () => {
  it("are described in the user's words: their own values, no keys or status text", () => {
    const names: Record<string, string> = { DTF: "Direct to film", SCR: "Screen print" };
    const name = (code: string) => names[code];
    expect(describeRequest({ kind: "shipDate", key: "DTF,SCR", processCodes: ["DTF", "SCR"] }, name)).toBe(
      "the earliest ship date for jobs with “Direct to film” and “Screen print”",
    );
    expect(describeRequest({ kind: "shipDate", key: "XYZ", processCodes: ["XYZ"] }, name)).toBe(
      "the earliest ship date for some jobs",
    );
    expect(describeRequest({ kind: "promo", key: "SPRING10|DTF", code: "spring10", processCodes: ["DTF"] })).toBe(
      'whether the promo code "spring10" applies',
    );
    expect(describeRequest({ kind: "metadataCode", key: "X", code: "DTF Gang Sheet" })).toBe(
      'the price code "DTF Gang Sheet"',
    );
    expect(describeRequest({ kind: "customBands", key: "G|22|40", code: "G", width: 22, height: 40 })).toBe(
      'the price of "G" at 22 × 40',
    );
  });
});
