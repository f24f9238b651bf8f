import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { MappingTarget } from "../../core/mapping/sheet-mapping";
import type { CellEdit } from "../../engine/edit-commands";
import type { RowFilter } from "../../engine/row-filter";
import type { RowView, RowWindow } from "../../engine/views";
import type { GridFocus } from "../workflow-state";
import { targetLabel, type CellEditor } from "./column-editors";
import { commandFor, isInRange, landingRow, rangeOf, type CellPosition, type GridSelection } from "./grid-navigation";
import { formatTsv, parseTsv } from "./tsv";

export interface GridColumn {
  readonly header: string;
  readonly target: MappingTarget | null;
  readonly editor: CellEditor;
}

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

export const ROW_HEIGHT = 30;
const ROW_HEADER_WIDTH = 64;
/** Rows fetched and drawn beyond the visible ones, above and below. */
const OVERSCAN = 10;

const columnWidth = (column: GridColumn) => Math.min(260, Math.max(96, column.header.length * 9 + 28));

interface Editing {
  readonly at: CellPosition;
  readonly value: string;
}

/**
 * Every row of the sheet in a spreadsheet-like grid, drawn only where it is in view: the
 * grid asks for the window of rows it shows and keeps nothing else. It follows the WAI-ARIA
 * grid pattern (the active cell through aria-activedescendant) and the keys users know from
 * spreadsheets; copy and paste are tab-separated, as Excel and Google Sheets use.
 */
export function FixUpGrid(props: Props) {
  const { columns, filter, revision } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const cache = useRef(new Map<number, RowView>());
  const generation = useRef(0);
  const [, setLoaded] = useState(0);
  const [total, setTotal] = useState(0);
  // The latest count, for answers that come back after a render (a focus request's position).
  const totalRef = useRef(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(480);
  const [selection, setSelection] = useState<GridSelection>({ active: { row: 0, column: 0 }, anchor: { row: 0, column: 0 } });
  const [editing, setEditingState] = useState<Editing | undefined>();
  // The editor loses focus when it closes; the ref tells that blur whether anything is left to commit.
  const editingRef = useRef<Editing | undefined>(undefined);
  const setEditing = (next: Editing | undefined) => {
    editingRef.current = next;
    setEditingState(next);
  };
  const widths = useMemo(() => columns.map(columnWidth), [columns]);
  const offsets = useMemo(() => widths.reduce<number[]>((acc, w, i) => [...acc, (acc[i] ?? 0) + w], [0]), [widths]);
  const pageRows = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  /** Fetches the rows from `start` to `end` (exclusive) that are not at hand; `fresh` replaces everything at hand. */
  const ensure = useCallback(
    async (start: number, end: number, fresh = false) => {
      let from = start;
      while (!fresh && from < end && cache.current.has(from)) from++;
      if (!fresh && from >= end && end > start) return;
      const asked = generation.current;
      const window = await props.fetchWindow(filter, from, Math.max(end - from, 1));
      if (asked !== generation.current) return;
      if (fresh) cache.current = new Map();
      window.rows.forEach((row, i) => cache.current.set(window.start + i, row));
      totalRef.current = window.total;
      setTotal(window.total);
      setLoaded((n) => n + 1);
    },
    [filter, props.fetchWindow],
  );

  // Another filter: the rows at hand are the wrong ones at once.
  useEffect(() => {
    generation.current++;
    cache.current = new Map();
  }, [filter]);

  // A changed session: the rows in view are asked for again and replace what is shown when they come, so nothing flickers.
  useEffect(() => {
    generation.current++;
    void ensure(first, Math.max(last, first + pageRows + OVERSCAN), true);
  }, [revision, filter]);

  useEffect(() => {
    void ensure(first, last);
  }, [first, last, ensure]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const clampSelection = (row: number) => Math.max(0, Math.min(total - 1, row));

  // Fewer rows than before (a fix took the last one out of the filter): the active cell stays on the grid.
  useEffect(() => {
    const row = landingRow(selection.active.row, total);
    if (row === selection.active.row) return;
    const at = { row, column: selection.active.column };
    setSelection({ active: at, anchor: at });
  }, [total]);
  const activeRow = cache.current.get(selection.active.row);
  const activeColumn = columns[selection.active.column];

  useEffect(() => {
    props.onActiveCell(activeRow, activeColumn?.header);
  }, [activeRow, activeColumn?.header]);

  /** Scrolls so a cell is in view. */
  function reveal(at: CellPosition): void {
    const element = scroller.current;
    if (!element) return;
    const top = at.row * ROW_HEIGHT;
    const bodyHeight = element.clientHeight - ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + bodyHeight) element.scrollTop = top + ROW_HEIGHT - bodyHeight;
    const left = offsets[at.column] ?? 0;
    const right = left + (widths[at.column] ?? 0);
    const bodyWidth = element.clientWidth - ROW_HEADER_WIDTH;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (right > element.scrollLeft + bodyWidth) element.scrollLeft = right - bodyWidth;
  }

  function select(next: GridSelection): void {
    setSelection(next);
    reveal(next.active);
  }

  // A request to move to a cell (the next problem, or back to the user's after a fix beside the grid): found among the rows shown, then focused.
  useEffect(() => {
    const focus = props.focus;
    if (!focus) return;
    void props.positionOf(filter, focus.rowNumber).then((position) => {
      const column = Math.max(0, columns.findIndex((c) => c.header === focus.column));
      const at = { row: landingRow(position, totalRef.current), column };
      select({ active: at, anchor: at });
      scroller.current?.focus();
    });
  }, [props.focus?.request]);

  /** The rows from `top` to `bottom` (inclusive), fetched when not at hand. */
  async function rowsBetween(top: number, bottom: number): Promise<RowView[]> {
    await ensure(top, bottom + 1);
    const rows: RowView[] = [];
    for (let p = top; p <= bottom; p++) {
      const row = cache.current.get(p);
      if (row) rows.push(row);
    }
    if (rows.length === bottom - top + 1) return rows;
    const window = await props.fetchWindow(filter, top, bottom - top + 1);
    return [...window.rows];
  }

  async function edit(cells: CellEdit[]): Promise<void> {
    if (cells.length > 0) await props.onEdit(cells);
  }

  async function clearSelection(): Promise<void> {
    const range = rangeOf(selection);
    const rows = await rowsBetween(range.top, range.bottom);
    const cells: CellEdit[] = [];
    for (const row of rows) for (let c = range.left; c <= range.right; c++) cells.push({ rowNumber: row.rowNumber, column: columns[c]?.header ?? "", value: "" });
    await edit(cells);
  }

  /** Ctrl+D: the top row of the selection copied down it; with one cell, the cell above copied into it. */
  async function fillDown(): Promise<void> {
    const range = rangeOf(selection);
    const top = range.top === range.bottom ? range.top - 1 : range.top;
    if (top < 0) return;
    const [source, ...targets] = await rowsBetween(top, range.bottom);
    if (!source) return;
    const cells: CellEdit[] = [];
    for (const row of targets) for (let c = range.left; c <= range.right; c++) cells.push({ rowNumber: row.rowNumber, column: columns[c]?.header ?? "", value: source.cells[c] ?? "" });
    await edit(cells);
  }

  async function copy(): Promise<string> {
    const range = rangeOf(selection);
    const rows = await rowsBetween(range.top, range.bottom);
    return formatTsv(rows.map((row) => row.cells.slice(range.left, range.right + 1).map(String)));
  }

  /** Pasted cells from the active cell on; one value pasted on a selection fills it, as in Excel. */
  async function paste(text: string): Promise<void> {
    const matrix = parseTsv(text);
    if (matrix.length === 0) return;
    const range = rangeOf(selection);
    const single = matrix.length === 1 && matrix[0]?.length === 1;
    const height = single ? range.bottom - range.top + 1 : Math.min(matrix.length, total - range.top);
    const width = single ? range.right - range.left + 1 : Math.min(Math.max(...matrix.map((r) => r.length)), columns.length - range.left);
    const rows = await rowsBetween(range.top, range.top + height - 1);
    const cells: CellEdit[] = [];
    rows.forEach((row, r) => {
      for (let c = 0; c < width; c++) {
        const value = single ? (matrix[0]?.[0] ?? "") : matrix[r]?.[c];
        if (value !== undefined) cells.push({ rowNumber: row.rowNumber, column: columns[range.left + c]?.header ?? "", value });
      }
    });
    await edit(cells);
    select({ active: { row: range.top, column: range.left }, anchor: { row: range.top + height - 1, column: range.left + width - 1 } });
  }

  /** Ctrl+Enter in the editor: the value typed goes into every cell of the selection, as one edit. */
  async function fillSelection(): Promise<void> {
    const current = editingRef.current;
    if (!current) return;
    setEditing(undefined);
    scroller.current?.focus();
    const range = rangeOf(selection);
    const rows = await rowsBetween(range.top, range.bottom);
    const cells: CellEdit[] = [];
    for (const row of rows) for (let c = range.left; c <= range.right; c++) cells.push({ rowNumber: row.rowNumber, column: columns[c]?.header ?? "", value: current.value });
    await edit(cells);
  }

  function startEditing(initial?: string): void {
    const row = cache.current.get(selection.active.row);
    if (!row || columns.length === 0) return;
    setEditing({ at: selection.active, value: initial ?? row.cells[selection.active.column] ?? "" });
  }

  async function commit(move: { readonly rows: number; readonly columns: number } | undefined): Promise<void> {
    const editing = editingRef.current;
    if (!editing) return;
    const row = cache.current.get(editing.at.row);
    const column = columns[editing.at.column];
    setEditing(undefined);
    scroller.current?.focus();
    // The selection moves at once: keys typed while the edit goes to the engine belong to the next cell.
    if (move) {
      const at = { row: clampSelection(editing.at.row + move.rows), column: Math.max(0, Math.min(columns.length - 1, editing.at.column + move.columns)) };
      select({ active: at, anchor: at });
    }
    if (row && column && (row.cells[editing.at.column] ?? "") !== editing.value) {
      // Shown as typed until the engine's answer replaces the row.
      cache.current.set(editing.at.row, { ...row, cells: row.cells.map((text, c) => (c === editing.at.column ? editing.value : text)) });
      await edit([{ rowNumber: row.rowNumber, column: column.header, value: editing.value }]);
    }
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (editing || total === 0) return;
    const command = commandFor(
      { key: event.key, shift: event.shiftKey, mod: event.ctrlKey || event.metaKey, alt: event.altKey },
      selection,
      { rows: total, columns: columns.length, pageRows },
    );
    if (!command) return;
    event.preventDefault();
    switch (command.kind) {
      case "move":
        return select(command.selection);
      case "edit":
        return startEditing(command.initial);
      case "clear":
        return void clearSelection();
      case "undo":
        return props.onUndo();
      case "redo":
        return props.onRedo();
      case "fill-down":
        return void fillDown();
      case "next-problem":
        return props.onNextProblem(activeRow?.rowNumber, command.direction);
      case "select-all":
        return setSelection({ anchor: { row: 0, column: 0 }, active: { row: total - 1, column: columns.length - 1 } });
    }
  }

  function onCopy(event: ClipboardEvent): void {
    if (editing) return;
    event.preventDefault();
    const range = rangeOf(selection);
    let ready = true;
    for (let p = range.top; p <= range.bottom && ready; p++) ready = cache.current.has(p);
    if (ready && event.clipboardData) {
      const rows = [];
      for (let p = range.top; p <= range.bottom; p++) rows.push((cache.current.get(p) as RowView).cells.slice(range.left, range.right + 1).map(String));
      event.clipboardData.setData("text/plain", formatTsv(rows));
    } else void copy().then((text) => navigator.clipboard?.writeText(text));
  }

  function onPaste(event: ClipboardEvent): void {
    if (editing) return;
    const text = event.clipboardData?.getData("text/plain");
    if (text === undefined) return;
    event.preventDefault();
    void paste(text);
  }

  const range = rangeOf(selection);
  const cellId = (row: number, column: number) => `grid-cell-${row}-${column}`;
  const width = ROW_HEADER_WIDTH + (offsets[columns.length] ?? 0);
  const rows: preact.JSX.Element[] = [];
  for (let p = first; p < last; p++) {
    const row = cache.current.get(p);
    const issuesByColumn = new Map<string, RowView["issues"][number][]>();
    for (const issue of row?.issues ?? []) {
      const key = issue.column ?? "";
      issuesByColumn.set(key, [...(issuesByColumn.get(key) ?? []), issue]);
    }
    const rowIssues = issuesByColumn.get("") ?? [];
    const rowSeverity = rowIssues.some((i) => i.severity === "error") ? "error" : rowIssues.some((i) => i.severity === "warning") ? "warning" : "";
    rows.push(
      <div
        role="row"
        aria-rowindex={p + 2}
        class={`grid-row ${row?.skipped ? "skipped" : ""}`}
        style={{ top: `${(p + 1) * ROW_HEIGHT}px`, width: `${width}px` }}
        key={p}
        data-row-number={row?.rowNumber}
      >
        <div role="rowheader" aria-colindex={1} class={`grid-rowheader ${rowSeverity}`} title={rowIssues.map((i) => i.message).join("\n") || undefined}>
          {row ? row.rowNumber : "…"}
          {row?.skipped && <span class="visually-hidden"> (skipped)</span>}
        </div>
        {columns.map((column, c) => {
          const issues = issuesByColumn.get(column.header) ?? [];
          const severity = issues.some((i) => i.severity === "error") ? "error" : issues.some((i) => i.severity === "warning") ? "warning" : issues.length > 0 ? "info" : "";
          const active = selection.active.row === p && selection.active.column === c;
          const selected = isInRange(range, p, c);
          return (
            <div
              role="gridcell"
              id={cellId(p, c)}
              aria-colindex={c + 2}
              aria-selected={selected}
              aria-invalid={severity === "error" ? true : undefined}
              class={`grid-cell ${severity} ${selected ? "selected" : ""} ${active ? "active" : ""}`}
              style={{ left: `${ROW_HEADER_WIDTH + (offsets[c] ?? 0)}px`, width: `${widths[c]}px` }}
              title={issues.map((i) => i.message).join("\n") || undefined}
              onMouseDown={(event) => {
                const at = { row: p, column: c };
                select({ active: at, anchor: event.shiftKey ? selection.anchor : at });
              }}
              onDblClick={() => startEditing()}
              key={c}
            >
              {row?.cells[c] ?? ""}
            </div>
          );
        })}
      </div>,
    );
  }

  const editingColumn = editing ? columns[editing.at.column] : undefined;
  const editor = editingColumn?.editor;
  return (
    <div class="grid-frame">
      {editing && editor?.kind === "list" && (
        // Only the list of the cell being edited is in the page: a country or state list is long.
        <datalist id={`grid-list-${editing.at.column}`}>
          {editor.options.map((option) => (
            <option value={option.value} key={option.value}>
              {option.label}
            </option>
          ))}
        </datalist>
      )}
      <p id="grid-keys" class="visually-hidden">
        Arrows move between cells and rows. Tab moves along the row and, from its last cell, leaves the grid; Shift+Tab from its first cell leaves it backwards.
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
        aria-activedescendant={total > 0 && !editing ? cellId(selection.active.row, selection.active.column) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div class="grid-body" style={{ height: `${(total + 1) * ROW_HEIGHT}px`, width: `${width}px` }}>
          <div role="row" aria-rowindex={1} class="grid-row grid-header" style={{ width: `${width}px` }}>
            <div role="columnheader" aria-colindex={1} class="grid-rowheader">
              Row
            </div>
            {columns.map((column, c) => (
              <div
                role="columnheader"
                aria-colindex={c + 2}
                class="grid-cell"
                style={{ left: `${ROW_HEADER_WIDTH + (offsets[c] ?? 0)}px`, width: `${widths[c]}px` }}
                title={`${column.header}: ${targetLabel(column.target)}`}
                key={c}
              >
                <span class="grid-header-name">{column.header}</span>
                <span class="grid-header-target">{column.target ? targetLabel(column.target) : ""}</span>
              </div>
            ))}
          </div>
          {rows}
          {editing && editingColumn && (
            <input
              class="grid-editor"
              aria-label={`Row ${cache.current.get(editing.at.row)?.rowNumber ?? ""}, ${editingColumn.header}`}
              style={{ top: `${(editing.at.row + 1) * ROW_HEIGHT}px`, left: `${ROW_HEADER_WIDTH + (offsets[editing.at.column] ?? 0)}px`, width: `${widths[editing.at.column]}px` }}
              value={editing.value}
              list={editor?.kind === "list" ? `grid-list-${editing.at.column}` : undefined}
              inputMode={editor?.kind === "number" ? "decimal" : undefined}
              placeholder={editor?.kind === "date" ? "YYYY-MM-DD" : undefined}
              ref={(input) => input?.focus()}
              onInput={(event) => setEditing({ ...editing, value: event.currentTarget.value })}
              onKeyDown={(event) => {
                // The editor's keys are its own: the grid under it must not act on them too.
                event.stopPropagation();
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void fillSelection();
                } else if (event.key === "Enter") {
                  event.preventDefault();
                  void commit({ rows: event.shiftKey ? -1 : 1, columns: 0 });
                } else if (event.key === "Tab") {
                  event.preventDefault();
                  void commit({ rows: 0, columns: event.shiftKey ? -1 : 1 });
                } else if (event.key === "Escape") {
                  event.preventDefault();
                  setEditing(undefined);
                  scroller.current?.focus();
                }
              }}
              onBlur={() => void commit(undefined)}
              onCopy={(event) => event.stopPropagation()}
              onPaste={(event) => event.stopPropagation()}
            />
          )}
        </div>
      </div>
    </div>
  );
}
