/** A cell of the review grid, by the row number the sheet shows and the column's header. */
export interface GridCell {
  readonly rowNumber: number;
  readonly column: string | undefined;
}

/**
 * Whether focus goes back to the grid once an action beside it is done: yes when it is still
 * where the action started (the button, or the field Enter was pressed in) or fell to the page
 * when that button went away with the problem it fixed; no when the user has put it elsewhere
 * meanwhile (in a field, to type).
 */
export function shouldFocusGridAfter<T>(origin: T | null, focused: T | null, body: T | null): boolean {
  return focused === null || focused === body || focused === origin;
}

/** Runs an action of the side panels (a fix, an answer, a job value, a skip), then gives focus back to the grid. */
export type SidePanelAction = (action: () => unknown) => Promise<void>;

/**
 * The side panels' actions for the cell the user is on: once each is done, the grid has focus
 * again at that cell (or the nearest, when the fix took its row out of the filter), so the
 * grid's keys, F8 to the next problem first, work at once.
 */
export function sidePanelAction(
  cell: GridCell | undefined,
  focusGrid: (rowNumber: number, column: string | undefined) => void,
): SidePanelAction {
  return async (action) => {
    const origin = document.activeElement;
    await action();
    if (cell && shouldFocusGridAfter(origin, document.activeElement, document.body))
      focusGrid(cell.rowNumber, cell.column);
  };
}
