import { groupByOrder } from "../group";
import type { OrderRow } from "../order-rows";
import { needKey, type FactRequest, type ResolveContext } from "./context";
import { resolveJob, type ResolvedJob } from "./resolve-job";
import { resolveRow, type ResolvedLine } from "./resolve-row";

export interface SheetResolution {
  readonly lines: readonly ResolvedLine[];
  readonly jobs: readonly ResolvedJob[];
  /** Facts to fetch before the resolution is final, each asked once. */
  readonly needs: readonly FactRequest[];
}

/** Distinct requests by key. */
export function distinctNeeds(needs: Iterable<FactRequest>): FactRequest[] {
  const byKey = new Map<string, FactRequest>();
  for (const need of needs) byKey.set(needKey(need), need);
  return [...byKey.values()];
}

/** Resolves every row and groups the rows into jobs, each checked as a whole. */
export function resolveSheet(rows: readonly OrderRow[], context: ResolveContext): SheetResolution {
  const lines = rows.map((row) => resolveRow(row, context));
  const byRow = new Map(lines.map((line) => [line.rowNumber, line]));
  const orderOf = (row: OrderRow) => byRow.get(row.rowNumber)?.orderNumber;
  const jobs = groupByOrder(rows, context.columnOf, orderOf).map((group) =>
    resolveJob(
      group,
      group.rowNumbers.map((n) => byRow.get(n) as ResolvedLine),
      context,
    ),
  );
  return {
    lines,
    jobs,
    needs: distinctNeeds([...lines.flatMap((line) => line.needs), ...jobs.flatMap((job) => job.needs)]),
  };
}
