import type { RefObject } from "preact";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { RowView, RowWindow } from "../../engine/views";
import type { RowFilter } from "../../engine/row-filter";
import { ROW_HEIGHT } from "./grid-layout";

/** Rows fetched and drawn beyond the visible ones, above and below. */
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
 * Which rows the grid fetches and draws: those in view and a few beyond, asked of the engine
 * as the grid scrolls, and kept only while they are wanted. Another filter empties what is
 * at hand at once; a new revision asks for the rows in view again and shows them when they
 * come, so nothing flickers. An answer for a filter or revision since replaced is dropped.
 */
export function useRowWindow({ filter, revision, fetchWindow, scroller }: RowWindowOptions) {
  const cache = useRef(new Map<number, RowView>());
  /** The filter and revision last asked for: answers for any other are dropped. */
  const asked = useRef<Source | undefined>(undefined);
  const [, setLoaded] = useState(0);
  const [total, setTotal] = useState(0);
  // The latest count, for answers that come back after a render (a focus request's position).
  const totalRef = useRef(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(480);
  const source = useMemo<Source>(() => ({ filter, revision }), [filter, revision]);
  const pageRows = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  /** Fetches the rows from `start` to `end` (exclusive) that are not at hand; `fresh` replaces everything at hand. */
  const ensure = useCallback(
    async (from: Source, start: number, end: number, fresh = false) => {
      let next = start;
      while (!fresh && next < end && cache.current.has(next)) next++;
      if (!fresh && next >= end && end > start) return;
      const window = await fetchWindow(from.filter, next, Math.max(end - next, 1));
      if (from !== asked.current) return;
      if (fresh) cache.current = new Map();
      for (const [i, row] of window.rows.entries()) cache.current.set(window.start + i, row);
      totalRef.current = window.total;
      setTotal(window.total);
      setLoaded((n) => n + 1);
    },
    [fetchWindow],
  );

  // The rows in view, fetched as the grid scrolls; all of them again when the filter or the session changes.
  useEffect(() => {
    const fresh = asked.current !== source;
    if (fresh) {
      // Another filter: the rows at hand are the wrong ones at once.
      if (asked.current?.filter !== source.filter) cache.current = new Map();
      asked.current = source;
    }
    if (fresh) void ensure(source, first, Math.max(last, first + pageRows + OVERSCAN), true);
    else if (last > first) void ensure(source, first, last);
  }, [source, first, last, pageRows, ensure]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, [scroller]);

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
    onScroll: (): void => setScrollTop(scroller.current?.scrollTop ?? 0),
    rowAt: (position: number): RowView | undefined => cache.current.get(position),
    /** Shows a row as edited until the engine's answer replaces it. */
    showRow: (position: number, row: RowView): void => void cache.current.set(position, row),
    /** The rows from `top` to `bottom` (inclusive) if every one is at hand. */
    rowsAtHand(top: number, bottom: number): RowView[] | undefined {
      const rows: RowView[] = [];
      for (let p = top; p <= bottom; p++) {
        const row = cache.current.get(p);
        if (!row) return undefined;
        rows.push(row);
      }
      return rows;
    },
    /** The rows from `top` to `bottom` (inclusive), fetched when not at hand. */
    async rowsBetween(top: number, bottom: number): Promise<RowView[]> {
      await ensure(source, top, bottom + 1);
      const rows: RowView[] = [];
      for (let p = top; p <= bottom; p++) {
        const row = cache.current.get(p);
        if (row) rows.push(row);
      }
      if (rows.length === bottom - top + 1) return rows;
      const window = await fetchWindow(filter, top, bottom - top + 1);
      return [...window.rows];
    },
  };
}

export type RowWindowView = ReturnType<typeof useRowWindow>;
