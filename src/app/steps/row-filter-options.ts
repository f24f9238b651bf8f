import { ISSUE_LABELS } from "../../core/issue-labels";
import type { IssueCode } from "../../core/issues";
import type { EngineSummary } from "../../engine/views";
import type { RowFilter } from "../../engine/row-filter";
import { filterKey } from "../../engine/row-filter";

/** One choice of the review's row filter: its key (see filterKey) and its words. */
export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

/** The filter a choice's key names. */
export function filterFromKey(key: string): RowFilter {
  if (key.startsWith("code:")) return { kind: "code", code: key.slice(5) as IssueCode };
  if (key.startsWith("order:")) return { kind: "order", orderNumber: key.slice(6) };
  return { kind: key as "all" | "errors" | "warnings" | "skipped" };
}

/**
 * The row filters the review offers: every row, errors, warnings, skipped rows while there
 * are any, each kind of issue found (the commonest first, with its count), and the order
 * shown when the filter is one order's.
 */
export function filterOptions(summary: EngineSummary, filter: RowFilter): FilterOption[] {
  const kinds = Object.entries(summary.issues.byCode).sort(([, a], [, b]) => (b ?? 0) - (a ?? 0)) as [
    IssueCode,
    number,
  ][];
  return [
    { value: "all", label: "All rows" },
    { value: "errors", label: "Rows with errors" },
    { value: "warnings", label: "Rows with warnings" },
    ...(summary.skippedRows > 0 ? [{ value: "skipped", label: "Skipped rows" }] : []),
    ...kinds.map(([code, n]) => ({ value: `code:${code}`, label: `${ISSUE_LABELS[code]} (${n})` })),
    ...(filter.kind === "order" ? [{ value: filterKey(filter), label: `Order ${filter.orderNumber}` }] : []),
  ];
}
