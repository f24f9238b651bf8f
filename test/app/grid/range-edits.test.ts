import { describe, expect, it } from "vitest";
import type { CellEdit } from "../../../src/engine/edit-commands";
import type { GridSelection } from "../../../src/app/grid/grid-navigation";
import { cellEditsOf, planRangeEdit, type RangeEdit, type RangeRow } from "../../../src/app/grid/range-edits";

const HEADERS = ["Order", "Qty", "Colour"];
/** The rows shown, by position: row numbers 2 to 6 as the sheet has them. */
const ROWS: readonly RangeRow[] = [
  { rowNumber: 2, cells: ["A-1", "1", "Red"] },
  { rowNumber: 3, cells: ["A-1", "2", "Blue"] },
  { rowNumber: 4, cells: ["A-2", "3", "Green"] },
  { rowNumber: 5, cells: ["A-2", "4", ""] },
  { rowNumber: 6, cells: ["A-3", "5", "Black"] },
];

const cell = (row: number, column: number): GridSelection => ({ active: { row, column }, anchor: { row, column } });
const from = (active: [number, number], anchor: [number, number]): GridSelection => ({
  active: { row: active[0], column: active[1] },
  anchor: { row: anchor[0], column: anchor[1] },
});
const edit = (rowNumber: number, column: string, value: string): CellEdit => ({ rowNumber, column, value });

/** The edit planned on the rows above, the rows it reads fetched by position, as the grid does. */
function editRange(rangeEdit: RangeEdit, selection: GridSelection) {
  const plan = planRangeEdit(rangeEdit, selection, { rows: ROWS.length, columns: HEADERS.length });
  if (plan === undefined) return undefined;
  return { edits: cellEditsOf(plan, ROWS.slice(plan.top, plan.bottom + 1), HEADERS), selection: plan.selection };
}

describe("edits of the selected cells", () => {
  it.each<{
    readonly description: string;
    readonly edit: RangeEdit;
    readonly selection: GridSelection;
    readonly expected: ReturnType<typeof editRange>;
  }>([
    {
      description: "Delete empties the one cell selected",
      edit: { kind: "clear" },
      selection: cell(1, 1),
      expected: { edits: [edit(3, "Qty", "")], selection: undefined },
    },
    {
      description: "Delete empties every cell of a rectangle, whichever corner is active",
      edit: { kind: "clear" },
      selection: from([2, 1], [1, 0]),
      expected: {
        edits: [edit(3, "Order", ""), edit(3, "Qty", ""), edit(4, "Order", ""), edit(4, "Qty", "")],
        selection: undefined,
      },
    },
    {
      description: "Ctrl+Enter fills every selected cell with what was typed",
      edit: { kind: "fill", value: "X" },
      selection: from([0, 1], [1, 2]),
      expected: {
        edits: [edit(2, "Qty", "X"), edit(2, "Colour", "X"), edit(3, "Qty", "X"), edit(3, "Colour", "X")],
        selection: undefined,
      },
    },
    {
      description: "Ctrl+D on one cell copies the cell above into it",
      edit: { kind: "fill-down" },
      selection: cell(2, 2),
      expected: { edits: [edit(4, "Colour", "Blue")], selection: undefined },
    },
    {
      description: "Ctrl+D on the first row has nothing to copy",
      edit: { kind: "fill-down" },
      selection: cell(0, 1),
      expected: undefined,
    },
    {
      description: "Ctrl+D on a rectangle copies its top row down it, blanks included",
      edit: { kind: "fill-down" },
      selection: from([3, 2], [1, 1]),
      expected: {
        edits: [edit(4, "Qty", "2"), edit(4, "Colour", "Blue"), edit(5, "Qty", "2"), edit(5, "Colour", "Blue")],
        selection: undefined,
      },
    },
    {
      description: "Ctrl+D copies a blank top cell down as a blank",
      edit: { kind: "fill-down" },
      selection: from([3, 2], [4, 2]),
      expected: { edits: [edit(6, "Colour", "")], selection: undefined },
    },
    {
      description: "a pasted rectangle lands from the active cell on, and is selected",
      edit: { kind: "paste", text: "9\tPink\r\n8\tGrey\r\n" },
      selection: cell(3, 1),
      expected: {
        edits: [edit(5, "Qty", "9"), edit(5, "Colour", "Pink"), edit(6, "Qty", "8"), edit(6, "Colour", "Grey")],
        selection: from([3, 1], [4, 2]),
      },
    },
    {
      description: "a pasted rectangle is cut at the grid's last row and column",
      edit: { kind: "paste", text: "1\t2\t3\r\n4\t5\t6\r\n7\t8\t9" },
      selection: cell(4, 1),
      expected: { edits: [edit(6, "Qty", "1"), edit(6, "Colour", "2")], selection: from([4, 1], [4, 2]) },
    },
    {
      description: "one value pasted on a selection fills it, and the selection is kept from its top-left cell",
      edit: { kind: "paste", text: "Z" },
      selection: from([1, 1], [0, 0]),
      expected: {
        edits: [edit(2, "Order", "Z"), edit(2, "Qty", "Z"), edit(3, "Order", "Z"), edit(3, "Qty", "Z")],
        selection: from([0, 0], [1, 1]),
      },
    },
    {
      description: "a line shorter than the others leaves the cells past its end as they are",
      edit: { kind: "paste", text: "1\t2\r\n3" },
      selection: cell(0, 1),
      expected: {
        edits: [edit(2, "Qty", "1"), edit(2, "Colour", "2"), edit(3, "Qty", "3")],
        selection: from([0, 1], [1, 2]),
      },
    },
    {
      description: "pasting nothing changes nothing",
      edit: { kind: "paste", text: "" },
      selection: cell(2, 1),
      expected: undefined,
    },
  ])("$description", ({ edit: rangeEdit, selection, expected }) => {
    expect(editRange(rangeEdit, selection)).toEqual(expected);
  });
});

describe("a paste as long as a sheet", () => {
  it("plans 300,000 pasted lines over as many rows, as wide as the widest line", () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => (i === 123_456 ? "1\t2\t3" : "1"));
    const plan = planRangeEdit({ kind: "paste", text: lines.join("\r\n") }, cell(0, 0), {
      rows: 300_000,
      columns: HEADERS.length,
    });
    expect(plan && { top: plan.top, bottom: plan.bottom, left: plan.left, right: plan.right }).toEqual({
      top: 0,
      bottom: 299_999,
      left: 0,
      right: 2,
    });
  });
});
