import type { RefObject } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { RowView, RowWindow } from "../../engine/views";
import type { RowFilter } from "../../engine/row-filter";
import { ROW_HEIGHT } from "./grid-layout";
import { rowsToForget, windowsToFetch, type RowRange } from "./row-fetching";
import { useScrollView } from "./use-scroll-view";

/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 10;

/** What the rows at hand were asked for: the filter and the session's revision. */
interface Source {
  readonly filter: RowFilter;
  readonly revision: number;
}

/** Which rows, and where the grid draws them. */
export interface RowWindowOptions {
  readonly filter: RowFilter;
  /** Changes whenever the session does: the rows in view are asked for again. */
  readonly revision: number;
  readonly fetchWindow: (filter: RowFilter, start: number, count: number) => Promise<RowWindow>;
  /** The scrolling element the rows are drawn in. */
  readonly scroller: RefObject<HTMLElement | null>;
}

/**
 * Which rows the grid fetches and draws: those in view and a few beyond. Drawing never waits
 * for the engine: a row not at hand is drawn as a placeholder at once and filled when its
 * window comes. Windows are asked for ahead of the scroll, in its direction, one request at a
 * time per range, and a bounded number of rows is kept around the view. Another filter
 * empties what is at hand at once; a new revision asks for the rows in view again and shows
 * them when they come, so nothing flickers. An answer for a filter or revision since replaced is dropped.
 */
export function useRowWindow({ filter, revision, fetchWindow, scroller }: RowWindowOptions) {
  const cache = useRef(new Map<number, RowView>());
  /** The filter and revision last asked for: answers for any other are dropped. */
  const asked = useRef<Source | undefined>(undefined);
  /** The ranges asked for and not answered yet, so a range is never asked for twice at once. */
  const inFlight = useRef<RowRange[]>([]);
  const [, setLoaded] = useState(0);
  const [total, setTotal] = useState(0);
  // The latest count, for answers that come back after a render (a focus request's position).
  const totalRef = useRef(0);
  const { drawn, tracker } = useScrollView(scroller);
  const source = useMemo<Source>(() => ({ filter, revision }), [filter, revision]);
  const pageRows = Math.max(1, Math.floor(drawn.viewport / ROW_HEIGHT) - 1);
  const first = Math.max(0, Math.floor(drawn.scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((drawn.scrollTop + drawn.viewport) / ROW_HEIGHT) + OVERSCAN);
  /** The rows drawn now and the way the grid last scrolled, for answers that come back after a render. */
  const view = useRef({ first, last, direction: 1 as 1 | -1 });
  if (first !== view.current.first) view.current.direction = first > view.current.first ? 1 : -1;
  view.current = { ...view.current, first, last };

  /** Fetches rows `start` to `end` (exclusive); `fresh` replaces everything at hand with them. */
  const fetchRange = useCallback(
    async (from: Source, range: RowRange, fresh: boolean) => {
      const flight = { ...range };
      inFlight.current.push(flight);
      try {
        const window = await fetchWindow(from.filter, range.start, Math.max(range.end - range.start, 1));
        if (from !== asked.current) return;
        if (fresh) cache.current = new Map();
        for (const [i, row] of window.rows.entries()) cache.current.set(window.start + i, row);
        const drawnNow = { start: view.current.first, end: view.current.last };
        for (const p of rowsToForget(cache.current, drawnNow)) cache.current.delete(p);
        totalRef.current = window.total;
        setTotal(window.total);
        // Rows fetched ahead are drawn later: only an answer for rows in view draws now.
        const { first: top, last: bottom } = view.current;
        if (fresh || (window.start < bottom && window.start + window.rows.length > top) || bottom <= top)
          setLoaded((n) => n + 1);
      } finally {
        inFlight.current = inFlight.current.filter((r) => r !== flight);
      }
    },
    [fetchWindow],
  );

  /** Fetches what is missing of rows `start` to `end` (exclusive), ahead of the scroll too. */
  const ensure = useCallback(
    async (from: Source, start: number, end: number) => {
      const wanted = { start, end };
      const asks = windowsToFetch(wanted, pageRows, view.current.direction, cache.current, inFlight.current);
      await Promise.all(asks.map((range) => fetchRange(from, range, false)));
    },
    [fetchRange, pageRows],
  );

  // The rows in view, fetched as the grid scrolls; all of them again when the filter or the session changes.
  useEffect(() => {
    const fresh = asked.current !== source;
    if (fresh) {
      // Another filter: the rows at hand are the wrong ones at once.
      if (asked.current?.filter !== source.filter) cache.current = new Map();
      asked.current = source;
      inFlight.current = [];
      void fetchRange(source, { start: first, end: Math.max(last, first + pageRows + OVERSCAN) }, true);
    } else if (last > first) void ensure(source, first, last);
  }, [source, first, last, pageRows, ensure, fetchRange]);

  /** The rows from `top` to `bottom` (inclusive) if every one is at hand. */
  function rowsAtHand(top: number, bottom: number): RowView[] | undefined {
    const rows: RowView[] = [];
    for (let p = top; p <= bottom; p++) {
      const row = cache.current.get(p);
      if (!row) return undefined;
      rows.push(row);
    }
    return rows;
  }

  return {
    /** How many rows the filter keeps. */
    total,
    /** The same, as last answered (for work that finishes after a render). */
    latestTotal: () => totalRef.current,
    /** The positions drawn: from `first` up to `last` (exclusive). */
    first,
    last,
    /** Rows in one page of the view, for PageUp and PageDown. */
    pageRows,
    /** How far across the grid is drawn scrolled, and how wide its view is. */
    across: { left: drawn.scrollLeft, width: drawn.width },
    /** Where the grid is scrolled, without asking the browser for layout, and scrolling it. */
    scrolling: tracker,
    onScroll: tracker.onScroll,
    rowAt: (position: number): RowView | undefined => cache.current.get(position),
    /** Shows a row as edited until the engine's answer replaces it. */
    showRow: (position: number, row: RowView): void => void cache.current.set(position, row),
    rowsAtHand,
    /** The rows from `top` to `bottom` (inclusive), fetched when not all at hand. */
    async rowsBetween(top: number, bottom: number): Promise<RowView[]> {
      const atHand = rowsAtHand(top, bottom);
      if (atHand) return atHand;
      const window = await fetchWindow(filter, top, bottom - top + 1);
      return [...window.rows];
    },
  };
}

export type RowWindowView = ReturnType<typeof useRowWindow>;
