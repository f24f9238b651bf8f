import type { RefObject } from "preact";
import { useRef, useState } from "preact/hooks";
import type { CellEdit } from "../../engine/edit-commands";
import type { Editing } from "./cell-editor";
import type { GridColumn } from "./column-editors";
import type { EditorCommand, GridSelection } from "./grid-navigation";
import type { RangeEdit } from "./range-edits";
import type { RowWindowView } from "./use-row-window";

/** What editing a cell needs from the grid. */
export interface CellEditingOptions {
  readonly rows: Pick<RowWindowView, "rowAt" | "showRow" | "total">;
  readonly columns: readonly GridColumn[];
  readonly selection: GridSelection;
  /** Selects, and scrolls the active cell into view. */
  readonly select: (next: GridSelection) => void;
  readonly editRange: (edit: RangeEdit) => Promise<void>;
  readonly onEdit: (cells: readonly CellEdit[]) => Promise<unknown>;
  /** The grid, which has the keys again once the editor closes. */
  readonly scroller: RefObject<HTMLElement | null>;
}

/**
 * Editing a cell in place: started from the active cell (with what was typed, or its value),
 * kept on Enter or Tab (the selection moves at once), on leaving the editor, or into every
 * selected cell on Ctrl+Enter; Esc cancels. A kept value is shown as typed until the engine's
 * answer replaces the row.
 */
export function useCellEditing({ rows, columns, selection, select, editRange, onEdit, scroller }: CellEditingOptions) {
  const [editing, setEditingState] = useState<Editing | undefined>();
  // The editor loses focus when it closes; the ref tells that blur whether anything is left to commit.
  const editingRef = useRef<Editing | undefined>(undefined);
  const setEditing = (next: Editing | undefined) => {
    editingRef.current = next;
    setEditingState(next);
  };

  /** Closes the editor, handing the keys back to the grid; answers what was being edited. */
  function close(): Editing | undefined {
    const current = editingRef.current;
    setEditing(undefined);
    scroller.current?.focus();
    return current;
  }

  async function commit(move: { readonly rows: number; readonly columns: number } | undefined): Promise<void> {
    const current = editingRef.current;
    if (!current) return;
    close();
    const { at, value } = current;
    const row = rows.rowAt(at.row);
    const column = columns[at.column];
    // The selection moves at once: keys typed while the edit goes to the engine belong to the next cell.
    if (move) {
      const next = {
        row: Math.max(0, Math.min(rows.total - 1, at.row + move.rows)),
        column: Math.max(0, Math.min(columns.length - 1, at.column + move.columns)),
      };
      select({ active: next, anchor: next });
    }
    if (row && column && (row.cells[at.column] ?? "") !== value) {
      rows.showRow(at.row, { ...row, cells: row.cells.map((text, c) => (c === at.column ? value : text)) });
      await onEdit([{ rowNumber: row.rowNumber, column: column.header, value }]);
    }
  }

  return {
    editing,
    /** Starts editing the active cell, with what was typed or with its value. */
    start(initial?: string): void {
      const row = rows.rowAt(selection.active.row);
      if (!row || columns.length === 0) return;
      setEditing({ at: selection.active, value: initial ?? row.cells[selection.active.column] ?? "" });
    },
    type(value: string): void {
      if (editingRef.current) setEditing({ ...editingRef.current, value });
    },
    /** Focus left the editor: what was typed is kept. */
    leave: (): void => void commit(undefined),
    onCommand(command: EditorCommand): void {
      if (command.kind === "cancel") return void close();
      if (command.kind === "commit") return void commit(command.move);
      // Ctrl+Enter: the value typed goes into every cell of the selection, as one edit.
      const current = close();
      if (current) void editRange({ kind: "fill", value: current.value });
    },
  };
}
