import { useCallback, useEffect, useMemo, useRef } from "preact/hooks";
import type { RowView, RowWindow } from "../../engine/views";
import type { CellEdit } from "../../engine/edit-commands";
import type { RowFilter } from "../../engine/row-filter";
import type { GridFocus } from "../workflow/workflow-state";
import { CellEditor, CellEditorOptions } from "./cell-editor";
import type { GridColumn } from "./column-editors";
import { gridLayout, ROW_HEIGHT } from "./grid-layout";
import { commandFor, rangeOf, type CellPosition } from "./grid-navigation";
import { cellId, GridHeaderRow, GridRow } from "./grid-row";
import { cellEditsOf, planRangeEdit, type RangeEdit } from "./range-edits";
import { formatTsv } from "./tsv";
import { useCellEditing } from "./use-cell-editing";
import { useGridSelection } from "./use-grid-selection";
import { useRowWindow } from "./use-row-window";

interface Props {
  readonly label: string;
  readonly columns: readonly GridColumn[];
  readonly filter: RowFilter;
  /** Changes whenever the session does: the rows shown are asked for again. */
  readonly revision: number;
  readonly focus: GridFocus | undefined;
  readonly fetchWindow: (filter: RowFilter, start: number, count: number) => Promise<RowWindow>;
  readonly positionOf: (filter: RowFilter, rowNumber: number) => Promise<number>;
  readonly onEdit: (cells: readonly CellEdit[]) => Promise<unknown>;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly onNextProblem: (fromRowNumber: number | undefined, direction: 1 | -1) => void;
  /** The row (and column) under the active cell, for the panels beside the grid. */
  readonly onActiveCell: (row: RowView | undefined, column: string | undefined) => void;
}

const cellsOf = (rows: readonly RowView[], left: number, right: number) =>
  formatTsv(rows.map((row) => row.cells.slice(left, right + 1).map(String)));

/**
 * Every row of the sheet in a spreadsheet-like grid, drawn only where it is in view: the
 * grid asks for the window of rows it shows and keeps nothing else. It follows the WAI-ARIA
 * grid pattern (the active cell through aria-activedescendant) and the keys users know from
 * spreadsheets (see grid-navigation); copy and paste are tab-separated, as Excel and Google
 * Sheets use, and every edit of a range is worked out by range-edits.
 */
export function FixUpGrid(props: Props) {
  const { columns, filter, revision, focus, positionOf, onActiveCell } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRowWindow({ filter, revision, fetchWindow: props.fetchWindow, scroller });
  const { total } = rows;
  const layout = useMemo(() => gridLayout(columns.map((column) => column.header)), [columns]);
  const { selection, setSelection, select } = useGridSelection({
    scroller,
    layout,
    columns,
    filter,
    total,
    latestTotal: rows.latestTotal,
    focus,
    positionOf,
  });

  const activeRow = rows.rowAt(selection.active.row);
  const activeHeader = columns[selection.active.column]?.header;
  useEffect(() => {
    onActiveCell(activeRow, activeHeader);
  }, [activeRow, activeHeader, onActiveCell]);

  async function editRange(edit: RangeEdit): Promise<void> {
    const plan = planRangeEdit(edit, selection, { rows: total, columns: columns.length });
    if (!plan) return;
    const cells = cellEditsOf(
      plan,
      await rows.rowsBetween(plan.top, plan.bottom),
      columns.map((column) => column.header),
    );
    if (cells.length > 0) await props.onEdit(cells);
    if (plan.selection) select(plan.selection);
  }

  const cellEditing = useCellEditing({ rows, columns, selection, select, editRange, onEdit: props.onEdit, scroller });
  const { editing } = cellEditing;

  function onKeyDown(event: KeyboardEvent): void {
    if (editing || total === 0) return;
    const press = { key: event.key, shift: event.shiftKey, mod: event.ctrlKey || event.metaKey, alt: event.altKey };
    const command = commandFor(press, selection, { rows: total, columns: columns.length, pageRows: rows.pageRows });
    if (!command) return;
    event.preventDefault();
    switch (command.kind) {
      case "move":
        select(command.selection);
        return;
      case "edit":
        cellEditing.start(command.initial);
        return;
      case "clear":
        void editRange({ kind: "clear" });
        return;
      case "undo":
        props.onUndo();
        return;
      case "redo":
        props.onRedo();
        return;
      case "fill-down":
        void editRange({ kind: "fill-down" });
        return;
      case "next-problem":
        props.onNextProblem(activeRow?.rowNumber, command.direction);
        return;
      case "select-all":
        setSelection({ anchor: { row: 0, column: 0 }, active: { row: total - 1, column: columns.length - 1 } });
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

  // The rows' handlers stay the same from one render to the next, so a row is drawn again only when it changes.
  const pressCell = (at: CellPosition, extend: boolean) =>
    select({ active: at, anchor: extend ? selection.anchor : at });
  const handlers = useRef({ pressCell, startEditing: cellEditing.start });
  handlers.current = { pressCell, startEditing: cellEditing.start };
  const onCellPress = useCallback((at: CellPosition, extend: boolean) => handlers.current.pressCell(at, extend), []);
  const onCellDoubleClick = useCallback(() => handlers.current.startEditing(), []);
  const range = rangeOf(selection);
  const drawn: preact.JSX.Element[] = [];
  for (let p = rows.first; p < rows.last; p++) {
    const activeColumn = selection.active.row === p ? selection.active.column : undefined;
    const selected = p >= range.top && p <= range.bottom ? range : undefined;
    drawn.push(
      <GridRow
        position={p}
        row={rows.rowAt(p)}
        columns={columns}
        layout={layout}
        activeColumn={activeColumn}
        selected={selected}
        onCellPress={onCellPress}
        onCellDoubleClick={onCellDoubleClick}
        key={p}
      />,
    );
  }
  const editingColumn = editing ? columns[editing.at.column] : undefined;
  return (
    <div class="grid-frame">
      {editing && <CellEditorOptions editing={editing} column={editingColumn} />}
      <p id="grid-keys" class="visually-hidden">
        Arrows move between cells and rows. Tab moves along the row and, from its last cell, leaves the grid; Shift+Tab
        from its first cell leaves it backwards.
      </p>
      <div
        ref={scroller}
        class="grid"
        role="grid"
        aria-label={props.label}
        aria-rowcount={total + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable="true"
        aria-describedby="grid-keys"
        aria-activedescendant={
          total > 0 && !editing ? cellId(selection.active.row, selection.active.column) : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
        onScroll={rows.onScroll}
      >
        <div class="grid-body" style={{ height: `${(total + 1) * ROW_HEIGHT}px`, width: `${layout.width}px` }}>
          <GridHeaderRow columns={columns} layout={layout} />
          {drawn}
          {editing && editingColumn && (
            <CellEditor
              editing={editing}
              column={editingColumn}
              rowNumber={rows.rowAt(editing.at.row)?.rowNumber}
              layout={layout}
              onInput={cellEditing.type}
              onCommand={cellEditing.onCommand}
              onLeave={cellEditing.leave}
            />
          )}
        </div>
      </div>
    </div>
  );
}
