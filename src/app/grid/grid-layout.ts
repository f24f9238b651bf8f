import type { CellPosition } from "./grid-navigation";

/** Every row's height, the header row's too, in pixels. */
export const ROW_HEIGHT = 30;
/** The width of the column of row numbers, in pixels. */
export const ROW_HEADER_WIDTH = 64;

/** Where the grid's columns are drawn: each one's width and left edge (past the row header), and the whole width. */
export interface GridLayout {
  readonly widths: readonly number[];
  readonly offsets: readonly number[];
  readonly width: number;
}

/** A column as wide as its header needs, within bounds. */
const columnWidth = (header: string) => Math.min(260, Math.max(96, header.length * 9 + 28));

/** Where columns with these headers are drawn. */
export function gridLayout(headers: readonly string[]): GridLayout {
  const widths = headers.map(columnWidth);
  const offsets = [0];
  for (const [i, w] of widths.entries()) offsets.push((offsets[i] ?? 0) + w);
  return { widths, offsets, width: ROW_HEADER_WIDTH + (offsets[headers.length] ?? 0) };
}

/** A column's place across the grid, past the row header, as a style. */
export function columnBox(layout: GridLayout, column: number): { readonly left: string; readonly width: string } {
  return { left: `${ROW_HEADER_WIDTH + (layout.offsets[column] ?? 0)}px`, width: `${layout.widths[column]}px` };
}

/** Columns from `first` up to `last` (exclusive). */
export interface ColumnSpan {
  readonly first: number;
  readonly last: number;
}

/** Columns drawn beyond those in view, on either side: scrolling across shows no gap before the next frame. */
const OVERSCAN_PX = 200;

/**
 * The columns a row draws: those in view right of the row header, when scrolled `left` across a view `width` wide, and
 * those within `OVERSCAN_PX` of it.
 */
export function columnsInView(layout: GridLayout, left: number, width: number): ColumnSpan {
  const from = left - OVERSCAN_PX;
  const to = left + Math.max(0, width - ROW_HEADER_WIDTH) + OVERSCAN_PX;
  const count = layout.widths.length;
  let first = 0;
  while (first < count && (layout.offsets[first + 1] ?? 0) <= from) first++;
  let last = first;
  while (last < count && (layout.offsets[last] ?? 0) < to) last++;
  return { first, last };
}

/** A row's place down the grid, below the header row (position 0 is the first row under it), as a length. */
export const rowTop = (position: number) => `${(position + 1) * ROW_HEIGHT}px`;

/** Where a scrolling element is scrolled to, and how much of it shows. */
export interface ScrollView {
  readonly scrollTop: number;
  readonly scrollLeft: number;
  readonly clientHeight: number;
  readonly clientWidth: number;
}

/** Where to scroll so a cell is in view below the header row and right of the row header: as little as it takes. */
export function scrollToReveal(
  at: CellPosition,
  view: ScrollView,
  layout: GridLayout,
): { readonly top: number; readonly left: number } {
  const top = at.row * ROW_HEIGHT;
  const bodyHeight = view.clientHeight - ROW_HEIGHT;
  const left = layout.offsets[at.column] ?? 0;
  const right = left + (layout.widths[at.column] ?? 0);
  const bodyWidth = view.clientWidth - ROW_HEADER_WIDTH;
  return {
    top:
      top < view.scrollTop
        ? top
        : top + ROW_HEIGHT > view.scrollTop + bodyHeight
          ? top + ROW_HEIGHT - bodyHeight
          : view.scrollTop,
    left: left < view.scrollLeft ? left : right > view.scrollLeft + bodyWidth ? right - bodyWidth : view.scrollLeft,
  };
}
