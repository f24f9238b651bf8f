import type { Issue } from "../core/issues";
import type { SessionState } from "./engine-session";
import type { FilterableRow } from "./row-filter";

/** What placing issues on rows reads of the session. */
type IssueSource = Pick<SessionState, "rows" | "index" | "dryRuns" | "atVendor">;

/** A row's own issues, and those its order's job and the vendor's dry run name it in. */
export function issuesOfRow(session: IssueSource, index: number): Issue[] {
  const line = session.index.line(index);
  const rowNumber = session.rows.rowNumberAt(index);
  const own = [...(line?.issues ?? [])];
  const orderNumber = line?.orderNumber;
  if (orderNumber !== undefined) {
    for (const issue of session.index.job(orderNumber)?.issues ?? [])
      if (issue.rowNumber === rowNumber) own.push(issue);
    for (const issue of session.dryRuns.issues(orderNumber)) if (issue.rowNumber === rowNumber) own.push(issue);
  }
  return own;
}

/**
 * The issues about an order as a whole: its own, the vendor's answer naming no line, and its job
 * found at the vendor.
 */
export function wholeOrderIssues(session: IssueSource, orderNumber: string): Issue[] {
  const whole: Issue[] = [];
  for (const issue of session.index.job(orderNumber)?.issues ?? []) if (issue.rowNumber === null) whole.push(issue);
  for (const issue of session.dryRuns.issues(orderNumber)) if (issue.rowNumber === null) whole.push(issue);
  const found = session.atVendor.issue(orderNumber);
  if (found) whole.push(found);
  return whole;
}

/** On the first row of an order, the issues about the order as a whole; none on any other row. */
export function orderIssuesOn(session: IssueSource, index: number): Issue[] {
  const orderNumber = session.index.line(index)?.orderNumber;
  if (orderNumber === undefined || session.index.rowsOf(orderNumber)[0] !== index) return [];
  return wholeOrderIssues(session, orderNumber);
}

/**
 * A row's issues and, on the first row of its order, the issues about the order as a whole
 * (a vendor's rejection naming no line, say): what filters and "next problem" look at, so
 * every problem counted can be reached from the grid.
 */
export function problemsOfRow(session: IssueSource, index: number): Issue[] {
  const problems = issuesOfRow(session, index);
  problems.push(...orderIssuesOn(session, index));
  return problems;
}

/** What a row filter looks at of one row. */
export function filterableRow(session: IssueSource, index: number): FilterableRow {
  return {
    orderNumber: session.index.orderNumberAt(index),
    skipped: session.rows.isSkipped(index),
    issues: problemsOfRow(session, index),
  };
}
