import type { RowView } from "../../engine/views";
import { commandFor, rangeOf, type GridSelection } from "./grid-navigation";
import type { RangeEdit } from "./range-edits";
import { formatTsv } from "./tsv";
import type { RowWindowView } from "./use-row-window";

/** What the grid's keys and clipboard act on. */
export interface GridKeyOptions {
  readonly rows: Pick<RowWindowView, "total" | "pageRows" | "rowsAtHand" | "rowsBetween">;
  /** How many columns the grid has. */
  readonly columns: number;
  readonly selection: GridSelection;
  /** Selects, and scrolls the active cell into view. */
  readonly select: (next: GridSelection) => void;
  /** Selects without scrolling. */
  readonly setSelection: (next: GridSelection) => void;
  /** Whether a cell is being edited: the editor has the keys then. */
  readonly editing: boolean;
  readonly startEditing: (initial?: string) => void;
  readonly editRange: (edit: RangeEdit) => Promise<void>;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  /** The next (or previous) row with a problem, from the active cell's row. */
  readonly onNextProblem: (fromRowNumber: number | undefined, direction: 1 | -1) => void;
  readonly activeRowNumber: number | undefined;
}

const cellsOf = (rows: readonly RowView[], left: number, right: number) =>
  formatTsv(rows.map((row) => row.cells.slice(left, right + 1).map(String)));

/**
 * The grid's handlers for keys (the commands grid-navigation reads from them) and for copy
 * and paste, tab-separated as spreadsheets use. While a cell is edited they leave the keys
 * and the clipboard to the editor.
 */
export function gridKeyHandlers(options: GridKeyOptions) {
  const { rows, columns, selection, select, editing, editRange } = options;
  const { total } = rows;

  function onKeyDown(event: KeyboardEvent): void {
    if (editing || total === 0) return;
    const press = { key: event.key, shift: event.shiftKey, mod: event.ctrlKey || event.metaKey, alt: event.altKey };
    const command = commandFor(press, selection, { rows: total, columns, pageRows: rows.pageRows });
    if (!command) return;
    event.preventDefault();
    switch (command.kind) {
      case "move":
        select(command.selection);
        return;
      case "edit":
        options.startEditing(command.initial);
        return;
      case "clear":
        void editRange({ kind: "clear" });
        return;
      case "undo":
        options.onUndo();
        return;
      case "redo":
        options.onRedo();
        return;
      case "fill-down":
        void editRange({ kind: "fill-down" });
        return;
      case "next-problem":
        options.onNextProblem(options.activeRowNumber, command.direction);
        return;
      case "select-all":
        options.setSelection({ anchor: { row: 0, column: 0 }, active: { row: total - 1, column: columns - 1 } });
        return;
    }
  }

  function onCopy(event: ClipboardEvent): void {
    if (editing) return;
    event.preventDefault();
    const range = rangeOf(selection);
    const atHand = rows.rowsAtHand(range.top, range.bottom);
    if (atHand && event.clipboardData)
      event.clipboardData.setData("text/plain", cellsOf(atHand, range.left, range.right));
    else
      void rows
        .rowsBetween(range.top, range.bottom)
        .then((read) => navigator.clipboard?.writeText(cellsOf(read, range.left, range.right)));
  }

  function onPaste(event: ClipboardEvent): void {
    if (editing) return;
    const text = event.clipboardData?.getData("text/plain");
    if (text === undefined) return;
    event.preventDefault();
    void editRange({ kind: "paste", text });
  }

  return { onKeyDown, onCopy, onPaste };
}
