import type { RowView } from "../../engine/views";
import type { CellEdit } from "../../engine/edit-commands";
import { rangeOf, type GridSelection } from "./grid-navigation";
import { parseTsv } from "./tsv";

/** An edit of the selected cells, as the grid's keys and the clipboard ask for it. */
export type RangeEdit =
  /** Delete: every selected cell emptied. */
  | { readonly kind: "clear" }
  /** Ctrl+Enter in the editor: what was typed, into every selected cell. */
  | { readonly kind: "fill"; readonly value: string }
  /** Ctrl+D: the top row of the selection copied down it; with one row selected, the row above copied into it. */
  | { readonly kind: "fill-down" }
  /** Ctrl+V: tab-separated cells from the active cell on; one value pasted on a selection fills it, as in Excel. */
  | { readonly kind: "paste"; readonly text: string };

/** Where the values written come from: one value for every cell, the first row read, or a rectangle of cells. */
export type RangeSource =
  | { readonly kind: "value"; readonly value: string }
  | { readonly kind: "first-row" }
  | { readonly kind: "cells"; readonly cells: readonly (readonly string[])[] };

/** What a range edit reads and writes, by position among the rows shown and by column index. */
export interface RangeEditPlan {
  /** The rows it reads, first and last (inclusive). */
  readonly top: number;
  readonly bottom: number;
  /** The columns it writes, first and last (inclusive). */
  readonly left: number;
  readonly right: number;
  readonly source: RangeSource;
  /** The selection afterwards, when the edit changes it (a paste selects what it wrote). */
  readonly selection?: GridSelection;
}

/** A row as a range edit reads it. */
export type RangeRow = Pick<RowView, "rowNumber" | "cells">;

/** What a paste of `cells` from the selection's top-left cell covers, within the grid. */
function planPaste(
  cells: readonly (readonly string[])[],
  selection: GridSelection,
  size: { readonly rows: number; readonly columns: number },
): RangeEditPlan | undefined {
  const range = rangeOf(selection);
  const [firstLine] = cells;
  if (firstLine === undefined) return undefined;
  const single = cells.length === 1 && firstLine.length === 1;
  const height = single ? range.bottom - range.top + 1 : Math.min(cells.length, size.rows - range.top);
  // Not Math.max(...): a paste of 200,000 lines is more arguments than a call takes.
  const widest = cells.reduce((most, line) => Math.max(most, line.length), 0);
  const width = single ? range.right - range.left + 1 : Math.min(widest, size.columns - range.left);
  const bottom = range.top + height - 1;
  const right = range.left + width - 1;
  return {
    top: range.top,
    bottom,
    left: range.left,
    right,
    source: single ? { kind: "value", value: firstLine[0] ?? "" } : { kind: "cells", cells },
    selection: { active: { row: range.top, column: range.left }, anchor: { row: bottom, column: right } },
  };
}

/** What an edit of the selection reads and writes on a grid of this size; undefined when it changes nothing. */
export function planRangeEdit(
  edit: RangeEdit,
  selection: GridSelection,
  size: { readonly rows: number; readonly columns: number },
): RangeEditPlan | undefined {
  const range = rangeOf(selection);
  switch (edit.kind) {
    case "clear":
      return { ...range, source: { kind: "value", value: "" } };
    case "fill":
      return { ...range, source: { kind: "value", value: edit.value } };
    case "fill-down": {
      const top = range.top === range.bottom ? range.top - 1 : range.top;
      return top < 0 ? undefined : { ...range, top, source: { kind: "first-row" } };
    }
    case "paste":
      return planPaste(parseTsv(edit.text), selection, size);
  }
}

/**
 * The cell edits of a plan, from the rows it read (top to bottom) and the columns' headers:
 * the one loop every range edit goes through. A pasted line shorter than the others leaves
 * the cells past its end as they are.
 */
export function cellEditsOf(plan: RangeEditPlan, rows: readonly RangeRow[], headers: readonly string[]): CellEdit[] {
  const { source } = plan;
  const [first, ...rest] = rows;
  const targets = source.kind === "first-row" ? rest : rows;
  const edits: CellEdit[] = [];
  targets.forEach((row, r) => {
    for (let c = plan.left; c <= plan.right; c++) {
      const value =
        source.kind === "value"
          ? source.value
          : source.kind === "first-row"
            ? (first?.cells[c] ?? "")
            : source.cells[r]?.[c - plan.left];
      if (value !== undefined) edits.push({ rowNumber: row.rowNumber, column: headers[c] ?? "", value });
    }
  });
  return edits;
}
