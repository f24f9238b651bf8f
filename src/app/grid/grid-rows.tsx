import type { GridColumn } from "./column-editors";
import type { ColumnSpan, GridLayout } from "./grid-layout";
import { rangeOf, type GridSelection } from "./grid-navigation";
import { GridRow } from "./grid-row";
import type { RowWindowView } from "./use-row-window";

interface Props {
  readonly rows: Pick<RowWindowView, "first" | "last" | "rowAt">;
  readonly columns: readonly GridColumn[];
  readonly layout: GridLayout;
  /** The columns in view (and a little beyond): each row draws only those, and its active cell. */
  readonly shown: ColumnSpan;
  readonly selection: GridSelection;
}

/**
 * The rows drawn (those in view and a few beyond), each marked with the part of the selection
 * on it. A row is keyed by its slot (its position modulo how many are drawn), not by its
 * position: a row scrolled out of view is drawn again as the one scrolled in, changing only
 * what differs, rather than its elements being thrown away and made anew. Only the columns in view are drawn: a grid
 * of many columns is mostly out of view across.
 */
export function GridRows({ rows, columns, layout, shown, selection }: Props) {
  const range = rangeOf(selection);
  const slots = Math.max(1, rows.last - rows.first);
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
        shown={shown}
        activeColumn={activeColumn}
        selected={selected}
        key={p % slots}
      />,
    );
  }
  return <>{drawn}</>;
}
