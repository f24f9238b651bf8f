import type { FieldId } from "./fields";
import { IMPORT_FIELDS } from "./fields";
import { makeIssue, type Issue } from "./issues";
import type { OrderRow } from "./order-rows";

export const JOB_FIELD_IDS: readonly FieldId[] = IMPORT_FIELDS.filter((field) => field.level === "job").map(
  (field) => field.id,
);

/** The rows of one order number, with its job-level values settled. */
export interface JobGroup {
  readonly orderNumber: string;
  readonly rowNumbers: readonly number[];
  /** Each job-level field's value: the first non-empty one among the order's rows. */
  readonly jobValues: Readonly<Partial<Record<FieldId, string>>>;
  /** The row each job-level value was taken from. */
  readonly valueRows: Readonly<Partial<Record<FieldId, number>>>;
  /** Cells whose non-empty value disagrees with the value taken. */
  readonly issues: readonly Issue[];
}

/**
 * Groups rows by order number, in order of first appearance. Rows without one are left out
 * (resolution flags them) unless `orderOf` gives them one.
 */
export function groupByOrder(
  rows: readonly OrderRow[],
  columnOf: (field: FieldId) => string | undefined,
  orderOf: (row: OrderRow) => string | undefined = (row) => row.values.orderNumber,
): JobGroup[] {
  const byOrder = new Map<string, OrderRow[]>();
  for (const row of rows) {
    const orderNumber = orderOf(row);
    if (orderNumber === undefined) continue;
    let group = byOrder.get(orderNumber);
    if (group === undefined) byOrder.set(orderNumber, (group = []));
    group.push(row);
  }
  return [...byOrder].map(([orderNumber, orderRows]) => groupOf(orderNumber, orderRows, columnOf));
}

/** One order's group: job values from the first row that gives each, disagreements flagged. */
export function groupOf(
  orderNumber: string,
  orderRows: readonly Pick<OrderRow, "rowNumber" | "values">[],
  columnOf: (field: FieldId) => string | undefined,
): JobGroup {
  const jobValues: Partial<Record<FieldId, string>> = {};
  const valueRows: Partial<Record<FieldId, number>> = {};
  const issues: Issue[] = [];
  for (const field of JOB_FIELD_IDS) {
    // A loop, not find with a function made for each field: every order asks this of every job field.
    let first: (typeof orderRows)[number] | undefined;
    for (const row of orderRows) {
      if (row.values[field] === undefined) continue;
      first = row;
      break;
    }
    const value = first?.values[field];
    if (first === undefined || value === undefined) continue;
    jobValues[field] = value;
    valueRows[field] = first.rowNumber;
    for (const row of orderRows) {
      const other = row.values[field];
      if (other === undefined || other === value) continue;
      const column = columnOf(field);
      issues.push(
        makeIssue(
          "JOB_VALUE_CONFLICT",
          { rowNumber: row.rowNumber, orderNumber, field, column },
          `"${other}" disagrees with "${value}" on row ${first.rowNumber} of order ${orderNumber}.`,
          value,
        ),
      );
    }
  }
  return { orderNumber, rowNumbers: orderRows.map((row) => row.rowNumber), jobValues, valueRows, issues };
}
