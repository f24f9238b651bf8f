import type { Issue } from "../core/issues";
import { sourceRowOf } from "../core/source-files";
import type { SessionState } from "./engine-session";

/** What finding the order number above a row reads of the session. */
type RowsAndLines = Pick<SessionState, "rows" | "index">;

/** How far up a row looks for its order's number: further than any order's rows, short of a whole sheet. */
const MOST_ROWS_LOOKED_UP = 2_000;

/**
 * Whether a row's order number is missing in the way of sheets that give it only on each order's first row: a line
 * with no order number (a totals or note row, a skipped row or a blank one is not such a line).
 */
function lacksOrderNumber(session: RowsAndLines, index: number): boolean {
  if (session.rows.isSkipped(index)) return false;
  return session.index.line(index)?.issues.some((issue) => issue.code === "ORDER_NUMBER_MISSING") === true;
}

/**
 * The order number a row without one belongs to in a sheet that gives it on each order's first row only: that of the
 * nearest row above, across rows lacking one too; none past a totals or note row, a skipped or a blank row, or the
 * first row of a file (several files in one session).
 */
export function orderNumberAbove(session: RowsAndLines, index: number): string | undefined {
  if (!lacksOrderNumber(session, index)) return undefined;
  const file = sourceRowOf(session.rows.rowNumberAt(index)).fileIndex;
  for (let above = index - 1; above >= 0 && index - above <= MOST_ROWS_LOOKED_UP; above--) {
    // Another file's orders are never this one's.
    if (sourceRowOf(session.rows.rowNumberAt(above)).fileIndex !== file) return undefined;
    if (lacksOrderNumber(session, above)) continue;
    if (session.rows.isSkipped(above)) return undefined;
    return session.index.line(above)?.orderNumber;
  }
  return undefined;
}

/** A row's issues, a missing order number suggesting the number above. */
export function withOrderNumberAbove(session: RowsAndLines, index: number, issues: readonly Issue[]): Issue[] {
  return issues.map((issue) => {
    if (issue.code !== "ORDER_NUMBER_MISSING" || issue.suggestion !== undefined) return issue;
    const above = orderNumberAbove(session, index);
    return above === undefined ? issue : { ...issue, suggestion: above };
  });
}

/** A row lacking an order number, and the number above it. */
export interface RowTakingNumber {
  readonly index: number;
  readonly orderNumber: string;
}

/** Every row lacking an order number with the number above it, in one pass from the top. */
export function rowsTakingOrderNumberAbove(session: RowsAndLines): RowTakingNumber[] {
  const taking: RowTakingNumber[] = [];
  let current: string | undefined;
  let file = 0;
  for (let i = 0; i < session.rows.count; i++) {
    const fileIndex = sourceRowOf(session.rows.rowNumberAt(i)).fileIndex;
    if (fileIndex !== file) current = undefined;
    file = fileIndex;
    if (lacksOrderNumber(session, i)) {
      if (current !== undefined) taking.push({ index: i, orderNumber: current });
    } else {
      current = session.rows.isSkipped(i) ? undefined : session.index.line(i)?.orderNumber;
    }
  }
  return taking;
}
