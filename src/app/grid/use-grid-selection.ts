import type { RefObject } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { RowFilter } from "../../engine/row-filter";
import type { GridFocus } from "../workflow/workflow-state";
import type { GridColumn } from "./column-editors";
import { scrollToReveal, type GridLayout } from "./grid-layout";
import { landingRow, type GridSelection } from "./grid-navigation";
import type { ScrollTracker } from "./use-scroll-view";

/** What the selection needs from the grid. */
export interface GridSelectionOptions {
  readonly scroller: RefObject<HTMLElement | null>;
  /** Where the grid is scrolled, known without asking the browser for layout. */
  readonly scrolling: Pick<ScrollTracker, "view" | "scrollTo">;
  readonly layout: GridLayout;
  readonly columns: readonly GridColumn[];
  readonly filter: RowFilter;
  /** How many rows the filter keeps, as drawn and as last answered. */
  readonly total: number;
  readonly latestTotal: () => number;
  /** A request to move to a cell, from outside the grid. */
  readonly focus: GridFocus | undefined;
  readonly positionOf: (filter: RowFilter, rowNumber: number) => Promise<number>;
}

/**
 * The grid's selection: moved with the active cell kept in view, kept on the grid when rows
 * go (a fix took the last one out of the filter), and moved on request from outside the grid
 * (the next problem, or back to the user's cell after a fix beside it), which focuses the grid.
 */
export function useGridSelection({
  scroller,
  scrolling,
  layout,
  columns,
  filter,
  total,
  latestTotal,
  focus,
  positionOf,
}: GridSelectionOptions) {
  const [selection, setSelection] = useState<GridSelection>({
    active: { row: 0, column: 0 },
    anchor: { row: 0, column: 0 },
  });

  /** Selects, and scrolls so the active cell is in view (from where the grid is known to be: no layout is read). */
  function select(next: GridSelection): void {
    setSelection(next);
    const view = scrolling.view();
    const { top, left } = scrollToReveal(next.active, view, layout);
    if (top !== view.scrollTop || left !== view.scrollLeft) scrolling.scrollTo(top, left);
  }
  // What a request to move needs as it is when its answer comes, not as it was when it was made.
  const latest = useRef({ filter, columns, positionOf, select, latestTotal });
  latest.current = { filter, columns, positionOf, select, latestTotal };

  // Fewer rows than before: the active cell stays on the grid.
  useEffect(() => {
    setSelection((current) => {
      const row = landingRow(current.active.row, total);
      if (row === current.active.row) return current;
      const at = { row, column: current.active.column };
      return { active: at, anchor: at };
    });
  }, [total]);

  // Where focus was when a request to move came: noted in the task it was made in (an action beside the grid
  // finishing), so it is where that action left focus, before the user can put it elsewhere.
  const focusedAtRequest = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (focus) focusedAtRequest.current = document.activeElement;
  }, [focus]);
  // A request to move to a cell: found among the rows shown, then focused, unless the user has put focus elsewhere
  // while its place was asked for (in a field, to type).
  useEffect(() => {
    if (!focus) return;
    const focusedThen = focusedAtRequest.current;
    const asked = latest.current;
    void asked.positionOf(asked.filter, focus.rowNumber).then((position) => {
      const now = latest.current;
      const at = {
        row: landingRow(position, now.latestTotal()),
        column: Math.max(
          0,
          now.columns.findIndex((c) => c.header === focus.column),
        ),
      };
      now.select({ active: at, anchor: at });
      const focusedNow = document.activeElement;
      if (focusedNow === focusedThen || focusedNow === document.body || scroller.current?.contains(focusedNow))
        scroller.current?.focus();
    });
  }, [focus, scroller]);

  return { selection, setSelection, select };
}
