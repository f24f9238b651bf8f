import { groupOf } from "../core/group";
import type { OrderRow } from "../core/order-rows";
import { resolveJob, resolveRow, type ResolveContext, type ResolvedJob, type ResolvedLine } from "../core/resolve";
import type { IssueTally } from "./issue-tally";
import type { SessionColumns } from "./session-columns";
import type { SessionRows } from "./session-rows";

const NO_ROWS: readonly number[] = [];

/** What the index reads and tells: the rows, the mapping, the tally it keeps counting. */
export interface OrderIndexParts {
  readonly rows: SessionRows;
  readonly columns: SessionColumns;
  readonly tally: IssueTally;
  /** An order's job was resolved again or went: whatever was learnt about the old one no longer holds. */
  readonly onJobChanged: (orderNumber: string) => void;
}

/**
 * The resolution state: each row resolved as a line, the rows of each order (in sheet order),
 * and each order resolved as a job, with their issues and estimates counted in the tally as
 * they come and go. Rows are resolved again when they change, moved between orders when their
 * order number changes, and the orders they touch resolved again (settle-orders.ts fetches the
 * facts they ask for).
 */
export function createOrderIndex({ rows, columns, tally, onJobChanged }: OrderIndexParts) {
  let context: ResolveContext | undefined;
  let lines: (ResolvedLine | undefined)[] = [];
  /**
   * Each row's values as its line was resolved from (the mapped fields' texts, mostly the cells' own strings): an order
   * is grouped from them without reading its rows again, and the rows' other cells are not held twice.
   */
  let rowValues: (OrderRow["values"] | undefined)[] = [];
  const members = new Map<string, number[]>();
  const jobs = new Map<string, ResolvedJob>();

  function requireContext(): ResolveContext {
    if (!context) throw new Error("The engine has no session: call start first");
    return context;
  }

  function setJob(orderNumber: string, job: ResolvedJob | undefined): void {
    const old = jobs.get(orderNumber);
    if (old) {
      tally.count(old.issues, -1);
      tally.addEstimate(-old.estimate);
    }
    onJobChanged(orderNumber);
    if (job) {
      jobs.set(orderNumber, job);
      tally.count(job.issues, 1);
      tally.addEstimate(job.estimate);
    } else jobs.delete(orderNumber);
  }

  /** Adds a row to its order's list, keeping the sheet's order. */
  function joinOrder(orderNumber: string, index: number): void {
    const list = members.get(orderNumber);
    if (!list) return void members.set(orderNumber, [index]);
    let at = list.length;
    while (at > 0 && (list[at - 1] ?? 0) > index) at--;
    list.splice(at, 0, index);
  }

  function leaveOrder(orderNumber: string, index: number): void {
    const list = members.get(orderNumber);
    if (!list) return;
    const at = list.indexOf(index);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) {
      members.delete(orderNumber);
      setJob(orderNumber, undefined);
    }
  }

  /** A row read through the mapping; undefined when it is blank or skipped. */
  function orderRowAt(index: number): OrderRow | undefined {
    return rows.isSkipped(index) ? undefined : columns.read(rows.sheetRow(index));
  }

  function resolveIndex(index: number): void {
    const orderRow = orderRowAt(index);
    tally.count(lines[index]?.issues, -1);
    lines[index] = orderRow ? resolveRow(orderRow, requireContext()) : undefined;
    rowValues[index] = orderRow?.values;
    tally.count(lines[index]?.issues, 1);
  }

  function resolveOrder(orderNumber: string): void {
    const list = members.get(orderNumber);
    if (!list || list.length === 0) return;
    const group = groupOf(
      orderNumber,
      list.map((i) => ({ rowNumber: rows.rowNumberAt(i), values: rowValues[i] ?? {} })),
      requireContext().columnOf,
    );
    setJob(
      orderNumber,
      resolveJob(
        group,
        list.map((i) => lines[i] as ResolvedLine),
        requireContext(),
      ),
    );
  }

  /** Re-resolves rows, moves them between orders, then re-resolves every order touched. */
  function refresh(indexes: Iterable<number>): Set<string> {
    const touched = new Set<string>();
    for (const index of indexes) {
      const before = lines[index]?.orderNumber;
      resolveIndex(index);
      const after = lines[index]?.orderNumber;
      if (before !== after) {
        if (before !== undefined) leaveOrder(before, index);
        if (after !== undefined) joinOrder(after, index);
      }
      if (before !== undefined) touched.add(before);
      if (after !== undefined) touched.add(after);
    }
    for (const orderNumber of touched) resolveOrder(orderNumber);
    return touched;
  }

  return {
    /** Empties the index for a new session, its rows to be resolved against `resolveContext` as they are added. */
    load(resolveContext: ResolveContext): void {
      context = resolveContext;
      lines = [];
      rowValues = [];
      members.clear();
      jobs.clear();
    },

    /** Resolves one row again (its order is left as it was: see `refresh`). */
    resolveLine: resolveIndex,
    resolveOrder,

    /** Puts every row with a line in its order, in sheet order: for a session whose rows were all just resolved. */
    groupLines(): void {
      for (let i = 0; i < rows.count; i++) {
        const orderNumber = lines[i]?.orderNumber;
        if (orderNumber === undefined) continue;
        const list = members.get(orderNumber);
        if (list) list.push(i);
        else members.set(orderNumber, [i]);
      }
    },

    refresh,
    context: requireContext,
    /** A process's name in the catalogue, once a session has started. */
    processName: (code: string): string | undefined => context?.catalogue.process(code)?.description,
    line: (index: number): ResolvedLine | undefined => lines[index],
    /** How many positions the lines cover (every row's, once a session has started). */
    get lineCount(): number {
      return lines.length;
    },
    job: (orderNumber: string): ResolvedJob | undefined => jobs.get(orderNumber),
    /** Every job by order number, in the order each was first resolved. */
    jobs: (): ReadonlyMap<string, ResolvedJob> => jobs,
    /** The positions of an order's rows, in sheet order. */
    rowsOf: (orderNumber: string): readonly number[] => members.get(orderNumber) ?? NO_ROWS,
    /** Every order with a row in it, in the order each first appeared. */
    orderNumbers: (): string[] => [...members.keys()],
    orderRowAt,
    /** The values a row's line was resolved from, without reading the row again; undefined when it is skipped. */
    valuesAt: (index: number): OrderRow["values"] | undefined => (rows.isSkipped(index) ? undefined : rowValues[index]),
    /** A row's order number, skipped or not (a skipped row has no line, so it is read again). */
    orderNumberAt(index: number): string | undefined {
      return rows.isSkipped(index) ? columns.read(rows.sheetRow(index))?.values.orderNumber : lines[index]?.orderNumber;
    },
  };
}

export type OrderIndex = ReturnType<typeof createOrderIndex>;
