import type { Issue, IssueCode } from "../core/issues";

/** Which rows the grid shows. */
export type RowFilter =
  | { readonly kind: "all" }
  | { readonly kind: "errors" }
  | { readonly kind: "warnings" }
  | { readonly kind: "code"; readonly code: IssueCode }
  | { readonly kind: "order"; readonly orderNumber: string }
  | { readonly kind: "skipped" };

export const ALL_ROWS: RowFilter = { kind: "all" };

export const filterKey = (filter: RowFilter): string =>
  filter.kind === "code"
    ? `code:${filter.code}`
    : filter.kind === "order"
      ? `order:${filter.orderNumber}`
      : filter.kind;

/** What a filter looks at of one row. */
export interface FilterableRow {
  readonly orderNumber: string | undefined;
  readonly skipped: boolean;
  readonly issues: readonly Issue[];
}

export function rowMatches(filter: RowFilter, row: FilterableRow): boolean {
  switch (filter.kind) {
    case "all":
      return true;
    case "errors":
      return row.issues.some((issue) => issue.severity === "error");
    case "warnings":
      return row.issues.some((issue) => issue.severity === "warning");
    case "code":
      return row.issues.some((issue) => issue.code === filter.code);
    case "order":
      return row.orderNumber === filter.orderNumber;
    case "skipped":
      return row.skipped;
  }
}

/**
 * The positions of the rows a filter keeps, worked out once and kept until the session
 * changes; "all" needs no list.
 */
export function createFilterCache(count: () => number, rowAt: (index: number) => FilterableRow) {
  let cached: { readonly key: string; readonly positions: readonly number[] } | undefined;
  function positions(filter: RowFilter): readonly number[] | undefined {
    if (filter.kind === "all") return undefined;
    const key = filterKey(filter);
    if (cached?.key === key) return cached.positions;
    const found: number[] = [];
    for (let i = 0; i < count(); i++) if (rowMatches(filter, rowAt(i))) found.push(i);
    cached = { key, positions: found };
    return found;
  }
  return {
    /** How many rows the filter keeps. */
    size: (filter: RowFilter): number => positions(filter)?.length ?? count(),
    /** The session position of the filter's `at`-th row. */
    indexAt: (filter: RowFilter, at: number): number | undefined => {
      const list = positions(filter);
      if (list === undefined) return at >= 0 && at < count() ? at : undefined;
      return list[at];
    },
    /** Where a session position stands in the filter's list (or where it would be inserted). */
    positionOf: (filter: RowFilter, index: number): number => {
      const list = positions(filter);
      if (list === undefined) return index;
      let low = 0;
      let high = list.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((list[mid] ?? 0) < index) low = mid + 1;
        else high = mid;
      }
      return low;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type FilterCache = ReturnType<typeof createFilterCache>;
