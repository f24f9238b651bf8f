/** A cell of the grid: `row` is the position among the rows shown (0-based), `column` the column's (0-based). */
export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

/** The active cell and the other corner of the selection (the same cell when one is selected). */
export interface GridSelection {
  readonly active: CellPosition;
  readonly anchor: CellPosition;
}

export interface GridSize {
  readonly rows: number;
  readonly columns: number;
  /** Rows in one page of the view, for PageUp and PageDown. */
  readonly pageRows: number;
}

export interface KeyPress {
  readonly key: string;
  readonly shift?: boolean;
  /** Ctrl, or Cmd on a Mac. */
  readonly mod?: boolean;
  readonly alt?: boolean;
}

/** What a key asks of the grid, beyond moving the selection. */
export type GridCommand =
  | { readonly kind: "move"; readonly selection: GridSelection }
  | { readonly kind: "edit"; readonly initial?: string }
  | { readonly kind: "clear" }
  | { readonly kind: "undo" }
  | { readonly kind: "redo" }
  | { readonly kind: "fill-down" }
  | { readonly kind: "next-problem"; readonly direction: 1 | -1 }
  | { readonly kind: "select-all" };

export interface SelectionRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export function rangeOf(selection: GridSelection): SelectionRange {
  const { active, anchor } = selection;
  return {
    top: Math.min(active.row, anchor.row),
    bottom: Math.max(active.row, anchor.row),
    left: Math.min(active.column, anchor.column),
    right: Math.max(active.column, anchor.column),
  };
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

/**
 * The row a request to move to a row lands on, by the position the row has (or would have)
 * among the rows shown: that row; the row now in its place when the filter no longer keeps it;
 * the last row when it was past the end. With no rows known yet, the position as it is.
 */
export function landingRow(position: number, rows: number): number {
  return rows > 0 ? clamp(position, 0, rows - 1) : Math.max(0, position);
}

function moveTo(selection: GridSelection, target: CellPosition, size: GridSize, extend: boolean): GridCommand {
  const active = {
    row: clamp(target.row, 0, Math.max(0, size.rows - 1)),
    column: clamp(target.column, 0, Math.max(0, size.columns - 1)),
  };
  return { kind: "move", selection: { active, anchor: extend ? selection.anchor : active } };
}

/**
 * What a key press means to the grid, following the spreadsheet conventions users know:
 * arrows move (Shift extends the selection), Tab and Shift+Tab move along the row and leave
 * the grid past its ends, Home/End go to the row's ends, Ctrl+Home/End to the grid's, PageUp/PageDown by a
 * page, Enter or F2 edit, a typed character starts editing with it, Delete or Backspace clear,
 * Ctrl+Z/Y (or Shift+Z) undo and redo, Ctrl+D fills down, Ctrl+A selects everything, F8 and
 * Shift+F8 go to the next and previous problem. Undefined: the key is not the grid's.
 */
export function commandFor(press: KeyPress, selection: GridSelection, size: GridSize): GridCommand | undefined {
  const { active } = selection;
  const extend = press.shift === true;
  if (press.mod) {
    switch (press.key.toLowerCase()) {
      case "z":
        return press.shift ? { kind: "redo" } : { kind: "undo" };
      case "y":
        return { kind: "redo" };
      case "d":
        return { kind: "fill-down" };
      case "a":
        return { kind: "select-all" };
      case "home":
        return moveTo(selection, { row: 0, column: 0 }, size, extend);
      case "end":
        return moveTo(selection, { row: size.rows - 1, column: size.columns - 1 }, size, extend);
      case "arrowup":
        return moveTo(selection, { row: 0, column: active.column }, size, extend);
      case "arrowdown":
        return moveTo(selection, { row: size.rows - 1, column: active.column }, size, extend);
      case "arrowleft":
        return moveTo(selection, { row: active.row, column: 0 }, size, extend);
      case "arrowright":
        return moveTo(selection, { row: active.row, column: size.columns - 1 }, size, extend);
      default:
        return undefined;
    }
  }
  switch (press.key) {
    case "ArrowUp":
      return moveTo(selection, { row: active.row - 1, column: active.column }, size, extend);
    case "ArrowDown":
      return moveTo(selection, { row: active.row + 1, column: active.column }, size, extend);
    case "ArrowLeft":
      return moveTo(selection, { row: active.row, column: active.column - 1 }, size, extend);
    case "ArrowRight":
      return moveTo(selection, { row: active.row, column: active.column + 1 }, size, extend);
    case "Tab": {
      // Along the row only: past its last cell (or before its first) Tab is the page's, and
      // leaves the grid, so a sheet of thousands of rows is no trap for the keyboard.
      const column = active.column + (press.shift ? -1 : 1);
      if (column < 0 || column >= size.columns) return undefined;
      return moveTo(selection, { row: active.row, column }, size, false);
    }
    case "Home":
      return moveTo(selection, { row: active.row, column: 0 }, size, extend);
    case "End":
      return moveTo(selection, { row: active.row, column: size.columns - 1 }, size, extend);
    case "PageUp":
      return moveTo(selection, { row: active.row - size.pageRows, column: active.column }, size, extend);
    case "PageDown":
      return moveTo(selection, { row: active.row + size.pageRows, column: active.column }, size, extend);
    case "Enter":
    case "F2":
      return { kind: "edit" };
    case "Delete":
    case "Backspace":
      return { kind: "clear" };
    case "F8":
      return { kind: "next-problem", direction: press.shift ? -1 : 1 };
    default:
      // A printable character starts editing the cell with it, as in a spreadsheet.
      if (press.key.length === 1 && !press.alt) return { kind: "edit", initial: press.key };
      return undefined;
  }
}

/**
 * What a key in the cell editor asks: fill the selection with the value (Ctrl+Enter), keep it and move on, or cancel.
 */
export type EditorCommand =
  | { readonly kind: "fill" }
  | { readonly kind: "commit"; readonly move: { readonly rows: number; readonly columns: number } }
  | { readonly kind: "cancel" };

/**
 * What a key press means to the cell editor, as in a spreadsheet: Enter keeps the value and
 * moves down (Shift+Enter up), Tab along the row (Shift+Tab back), Ctrl+Enter fills the
 * selection with it, Esc cancels. Undefined: the key is the editor's own (typing).
 */
export function editorCommandFor(press: KeyPress): EditorCommand | undefined {
  switch (press.key) {
    case "Enter":
      return press.mod ? { kind: "fill" } : { kind: "commit", move: { rows: press.shift ? -1 : 1, columns: 0 } };
    case "Tab":
      return { kind: "commit", move: { rows: 0, columns: press.shift ? -1 : 1 } };
    case "Escape":
      return { kind: "cancel" };
    default:
      return undefined;
  }
}
