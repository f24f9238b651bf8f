import { ArtworkThumb } from "./artwork-thumb";
import { ownRowNumber, ownRowsText } from "../../core/source-files";
import { Component } from "preact";
import type { RowView } from "../../engine/views";
import type { GridColumn } from "./column-editors";
import { columnBox, rowTop, type ColumnSpan, type GridLayout } from "./grid-layout";
import type { CellPosition } from "./grid-navigation";

type RowIssue = RowView["issues"][number];

/** The id of a cell, for the grid's aria-activedescendant. */
export const cellId = (row: number, column: number) => `grid-cell-${row}-${column}`;

/** A row's issues by the column they name ("" for the row as a whole). */
function issuesByColumn(row: RowView | undefined): Map<string, RowIssue[]> {
  const byColumn = new Map<string, RowIssue[]>();
  for (const issue of row?.issues ?? []) {
    const key = issue.column ?? "";
    byColumn.set(key, [...(byColumn.get(key) ?? []), issue]);
  }
  return byColumn;
}

/** The class a cell's (or a row's) worst issue gives it; a note counts only where `withNotes`. */
function severityOf(issues: readonly RowIssue[], withNotes: boolean): "error" | "warning" | "info" | "" {
  if (issues.some((i) => i.severity === "error")) return "error";
  if (issues.some((i) => i.severity === "warning")) return "warning";
  return withNotes && issues.length > 0 ? "info" : "";
}

const isArtworkColumn = (column: GridColumn) => column.target?.kind === "field" && column.target.field === "artworkUrl";

const messagesOf = (issues: readonly RowIssue[]) => issues.map((i) => ownRowsText(i.message)).join("\n") || undefined;

/** The header row: each column's header, and what it is mapped to. */
export function GridHeaderRow({
  columns,
  layout,
}: {
  readonly columns: readonly GridColumn[];
  readonly layout: GridLayout;
}) {
  return (
    <div role="row" aria-rowindex={1} class="grid-row grid-header" style={{ width: `${layout.width}px` }}>
      <div role="columnheader" aria-colindex={1} class="grid-rowheader">
        Row
      </div>
      {columns.map((column, c) => (
        <div
          role="columnheader"
          aria-colindex={c + 2}
          class="grid-cell"
          style={columnBox(layout, c)}
          title={`${column.header}: ${column.targetText}`}
          key={c}
        >
          <span class="grid-header-name">{column.header}</span>
          <span class="grid-header-target">{column.target ? column.targetText : ""}</span>
        </div>
      ))}
    </div>
  );
}

/** What a row of the grid draws, and how its cells answer the mouse. */
export interface GridRowProps {
  /** The row's position among the rows shown (0-based). */
  readonly position: number;
  /** The row, once fetched. */
  readonly row: RowView | undefined;
  readonly columns: readonly GridColumn[];
  readonly layout: GridLayout;
  /** The columns drawn; the active cell is drawn wherever it is, for assistive technology to find. */
  readonly shown: ColumnSpan;
  /** The active cell's column, when it is on this row. */
  readonly activeColumn: number | undefined;
  /** The columns selected on this row, first and last, when the selection takes it in. */
  readonly selected: { readonly left: number; readonly right: number } | undefined;
}

/** Whether a row would be drawn differently: scrolling, or moving the selection, redraws only the rows it changes. */
function rowChanged(before: GridRowProps, after: GridRowProps): boolean {
  return (
    before.position !== after.position ||
    before.row !== after.row ||
    before.columns !== after.columns ||
    before.layout !== after.layout ||
    before.shown.first !== after.shown.first ||
    before.shown.last !== after.shown.last ||
    before.activeColumn !== after.activeColumn ||
    before.selected?.left !== after.selected?.left ||
    before.selected?.right !== after.selected?.right
  );
}

/**
 * The cell an event happened in, by the row and column indexes the grid gives its cells: one
 * listener on the grid stands for one on every cell, which a row drawn anew would add again.
 */
export function cellOfEvent(event: Event): CellPosition | undefined {
  const cell = (event.target as Element | null)?.closest?.('[role="gridcell"]');
  const row = cell?.parentElement;
  if (!cell || !row) return undefined;
  return { row: Number(row.getAttribute("aria-rowindex")) - 2, column: Number(cell.getAttribute("aria-colindex")) - 2 };
}

/**
 * One row of the grid: its number (marked by its worst issue) and its cells, each marked by
 * its own issues. A row not fetched yet is drawn at once as a placeholder, filled when it comes.
 */
export class GridRow extends Component<GridRowProps> {
  override shouldComponentUpdate(next: GridRowProps): boolean {
    return rowChanged(this.props, next);
  }

  private cell(c: number, issues: ReadonlyMap<string, RowIssue[]>) {
    const { position, row, columns, layout, activeColumn, selected } = this.props;
    const column = columns[c] as GridColumn;
    const cellIssues = issues.get(column.header) ?? [];
    const severity = severityOf(cellIssues, true);
    const isSelected = selected !== undefined && c >= selected.left && c <= selected.right;
    return (
      <div
        role="gridcell"
        id={cellId(position, c)}
        aria-colindex={c + 2}
        aria-selected={isSelected}
        aria-invalid={severity === "error" ? true : undefined}
        class={`grid-cell ${severity} ${isSelected ? "selected" : ""} ${activeColumn === c ? "active" : ""}`}
        style={columnBox(layout, c)}
        title={messagesOf(cellIssues)}
        key={c}
      >
        {row?.artwork && isArtworkColumn(column) && <ArtworkThumb preview={row.artwork} />}
        {row?.cells[c] ?? ""}
      </div>
    );
  }

  override render() {
    const { position, row, layout, shown, activeColumn } = this.props;
    const issues = issuesByColumn(row);
    const rowIssues = issues.get("") ?? [];
    const cells: preact.JSX.Element[] = [];
    for (let c = shown.first; c < Math.min(shown.last, this.props.columns.length); c++)
      cells.push(this.cell(c, issues));
    return (
      <div
        role="row"
        aria-rowindex={position + 2}
        class={`grid-row ${row?.skipped ? "skipped" : ""}`}
        style={{ top: rowTop(position), width: `${layout.width}px` }}
        data-row-number={row?.rowNumber}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          class={`grid-rowheader ${severityOf(rowIssues, false)}`}
          title={messagesOf(rowIssues)}
        >
          {row ? ownRowNumber(row.rowNumber) : "…"}
          {row?.skipped && <span class="visually-hidden"> (skipped)</span>}
        </div>
        {activeColumn !== undefined && activeColumn < shown.first && this.cell(activeColumn, issues)}
        {cells}
        {activeColumn !== undefined && activeColumn >= shown.last && this.cell(activeColumn, issues)}
      </div>
    );
  }
}
