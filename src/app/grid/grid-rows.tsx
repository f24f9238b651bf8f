import { useCallback, useRef } from "preact/hooks";
import type { GridColumn } from "./column-editors";
import type { GridLayout } from "./grid-layout";
import { rangeOf, type CellPosition, type GridSelection } from "./grid-navigation";
import { GridRow } from "./grid-row";
import type { RowWindowView } from "./use-row-window";

interface Props {
  readonly rows: Pick<RowWindowView, "first" | "last" | "rowAt">;
  readonly columns: readonly GridColumn[];
  readonly layout: GridLayout;
  readonly selection: GridSelection;
  /** Selects, and scrolls the active cell into view. */
  readonly select: (next: GridSelection) => void;
  /** Starts editing the active cell. */
  readonly startEditing: () => void;
}

/** The rows drawn (those in view and a few beyond), each marked with the part of the selection on it. */
export function GridRows({ rows, columns, layout, selection, select, startEditing }: Props) {
  // The rows' handlers stay the same from one render to the next, so a row is drawn again only when it changes.
  const pressCell = (at: CellPosition, extend: boolean) =>
    select({ active: at, anchor: extend ? selection.anchor : at });
  const handlers = useRef({ pressCell, startEditing });
  handlers.current = { pressCell, startEditing };
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
  return <>{drawn}</>;
}
