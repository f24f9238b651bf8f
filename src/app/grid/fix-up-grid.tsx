import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { RowView, RowWindow } from "../../engine/views";
import type { CellEdit } from "../../engine/edit-commands";
import type { RowFilter } from "../../engine/row-filter";
import type { GridFocus } from "../workflow/workflow-state";
import { CellEditor, CellEditorOptions } from "./cell-editor";
import type { GridColumn } from "./column-editors";
import { columnsInView, gridLayout, ROW_HEIGHT } from "./grid-layout";
import { gridKeyHandlers } from "./grid-keys";
import { cellId, cellOfEvent, GridHeaderRow } from "./grid-row";
import { GridRows } from "./grid-rows";
import { cellEditsOf, planRangeEdit, type RangeEdit } from "./range-edits";
import { useCellEditing } from "./use-cell-editing";
import { useGridSelection } from "./use-grid-selection";
import { useRowWindow } from "./use-row-window";

/** The longest the panels beside the grid lag behind an active cell moved by a key held down. */
const PANEL_MAX_LAG_MS = 500;

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
  const { first: shownFirst, last: shownLast } = columnsInView(layout, rows.across.left, rows.across.width);
  // The same span while the columns in view stay the same, so scrolling down redraws no row for it.
  const shown = useMemo(() => ({ first: shownFirst, last: shownLast }), [shownFirst, shownLast]);
  const { selection, setSelection, select } = useGridSelection({
    scroller,
    scrolling: rows.scrolling,
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
  // The panels follow the active cell at once, except while a key held down moves it every frame: then at most every
  // PANEL_MAX_LAG_MS, and at once when the key is let go. Drawing them every frame made frames late. "At once" is in
  // the frame the cell is drawn active: a frame later, a click on a panel could still act on the row before.
  const [isKeyHeld, setKeyHeld] = useState(false);
  const panelsFollowed = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    const follow = () => {
      panelsFollowed.current = performance.now();
      onActiveCell(activeRow, activeHeader);
    };
    if (!isKeyHeld) return follow();
    const timer = setTimeout(follow, Math.max(0, panelsFollowed.current + PANEL_MAX_LAG_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [activeRow, activeHeader, onActiveCell, isKeyHeld]);

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

  const { onKeyDown, onCopy, onPaste } = gridKeyHandlers({
    rows,
    columns: columns.length,
    selection,
    select,
    setSelection,
    editing: editing !== undefined,
    startEditing: cellEditing.start,
    editRange,
    onUndo: props.onUndo,
    onRedo: props.onRedo,
    onNextProblem: props.onNextProblem,
    activeRowNumber: activeRow?.rowNumber,
  });
  const editingColumn = editing ? columns[editing.at.column] : undefined;
  // The header row is drawn again only when the columns change, not on every scroll.
  const headerRow = useMemo(() => <GridHeaderRow columns={columns} layout={layout} />, [columns, layout]);
  /** A press on a cell: it becomes the active cell, or (with Shift) the selection is extended to it. */
  function onMouseDown(event: MouseEvent): void {
    // A key let go where the grid could not hear it: the panels follow a click at once.
    setKeyHeld(false);
    const at = cellOfEvent(event);
    if (at) select({ active: at, anchor: event.shiftKey ? selection.anchor : at });
  }
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
        onKeyDown={(event) => {
          setKeyHeld(event.repeat);
          onKeyDown(event);
        }}
        onKeyUp={() => setKeyHeld(false)}
        onBlur={() => setKeyHeld(false)}
        onCopy={onCopy}
        onPaste={onPaste}
        onScroll={rows.onScroll}
        onMouseDown={onMouseDown}
        onDblClick={(event) => cellOfEvent(event) && cellEditing.start()}
      >
        <div class="grid-body" style={{ height: `${(total + 1) * ROW_HEIGHT}px`, width: `${layout.width}px` }}>
          {headerRow}
          <GridRows rows={rows} columns={columns} layout={layout} shown={shown} selection={selection} />
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
