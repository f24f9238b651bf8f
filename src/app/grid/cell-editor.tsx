import { ownRowNumber } from "../../core/source-files";
import type { GridColumn } from "./column-editors";
import { columnBox, rowTop, type GridLayout } from "./grid-layout";
import { editorCommandFor, type CellPosition, type EditorCommand } from "./grid-navigation";

/** The cell being edited and the value typed so far. */
export interface Editing {
  readonly at: CellPosition;
  readonly value: string;
}

const listId = (column: number) => `grid-list-${column}`;

/**
 * The list of values the cell being edited offers (delivery options, countries, a question's options), when its column
 * has one.
 */
export function CellEditorOptions({
  editing,
  column,
}: {
  readonly editing: Editing;
  readonly column: GridColumn | undefined;
}) {
  const editor = column?.editor;
  // Only the list of the cell being edited is in the page: a country or state list is long.
  if (editor?.kind !== "list") return null;
  return (
    <datalist id={listId(editing.at.column)}>
      {editor.options.map((option) => (
        <option value={option.value} key={option.value}>
          {option.label}
        </option>
      ))}
    </datalist>
  );
}

interface CellEditorProps {
  readonly editing: Editing;
  readonly column: GridColumn;
  /** The row number the sheet shows for the row being edited, when it is at hand. */
  readonly rowNumber: number | undefined;
  readonly layout: GridLayout;
  readonly onInput: (value: string) => void;
  readonly onCommand: (command: EditorCommand) => void;
  /** Focus left the editor: what was typed is kept. */
  readonly onLeave: () => void;
}

/** The editor over a cell: a text field shaped by the column (a list, a number, a date); its keys are its own. */
export function CellEditor({ editing, column, rowNumber, layout, onInput, onCommand, onLeave }: CellEditorProps) {
  const { editor } = column;
  return (
    <input
      class="grid-editor"
      aria-label={`Row ${rowNumber === undefined ? "" : ownRowNumber(rowNumber)}, ${column.header}`}
      style={{ top: rowTop(editing.at.row), ...columnBox(layout, editing.at.column) }}
      value={editing.value}
      list={editor.kind === "list" ? listId(editing.at.column) : undefined}
      inputMode={editor.kind === "number" ? "decimal" : undefined}
      placeholder={editor.kind === "date" ? "YYYY-MM-DD" : undefined}
      ref={(input) => input?.focus()}
      onInput={(event) => onInput(event.currentTarget.value)}
      onKeyDown={(event) => {
        // The editor's keys are its own: the grid under it must not act on them too.
        event.stopPropagation();
        const command = editorCommandFor({
          key: event.key,
          shift: event.shiftKey,
          mod: event.ctrlKey || event.metaKey,
          alt: event.altKey,
        });
        if (!command) return;
        event.preventDefault();
        onCommand(command);
      }}
      onBlur={() => onLeave()}
      onCopy={(event) => event.stopPropagation()}
      onPaste={(event) => event.stopPropagation()}
    />
  );
}
