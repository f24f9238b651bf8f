import type { Change, SessionEdits } from "../core/session-edits";
import { cellText, type CellValue } from "../core/sheet-model";
import type { EngineSession } from "./engine-session";
import { settleOrders } from "./settle-orders";
import { summaryOf, type EditResult } from "./views";

/** Whether a change changes anything: a cell to other text (or another value of the same text), or a row's skip. */
const isRealChange = (c: Change) =>
  c.kind === "cell" ? cellText(c.before) !== cellText(c.after) || c.before !== c.after : c.before !== c.after;

/** Applies changes (an edit, or an undo's reversal) and re-resolves what they touched. */
export async function applyChanges(
  session: EngineSession,
  changes: readonly Change[],
  direction: "after" | "before",
): Promise<EditResult> {
  const { rows, index } = session;
  const touchedRows = new Set<number>();
  for (const change of changes) {
    const at = rows.indexOf(change.rowNumber);
    if (at === undefined) continue;
    const value = direction === "after" ? change.after : change.before;
    if (change.kind === "cell") rows.setCell(at, change.column, value as CellValue);
    else rows.setSkipped(at, value as boolean);
    touchedRows.add(at);
  }
  const orders = index.refresh(touchedRows);
  await settleOrders(session, orders);
  session.filters.invalidate();
  // Rows of re-resolved orders may show new job-level issues too.
  const changedRows = new Set([...touchedRows].map((i) => rows.rowNumberAt(i)));
  for (const orderNumber of orders) for (const i of index.rowsOf(orderNumber)) changedRows.add(rows.rowNumberAt(i));
  const columns = session.columns.takeAdded();
  return {
    changedCells: changes.length,
    summary: summaryOf(session),
    changedRows: [...changedRows].sort((a, b) => a - b),
    changedOrders: [...orders],
    columns,
  };
}

/** Makes an edit: its changes that change something are applied, and kept for undo and the audit trail. */
export function recordEdit(session: EngineSession, changes: readonly Change[], at: string): Promise<EditResult> {
  const real = changes.filter(isRealChange);
  session.history.record(real, at);
  return applyChanges(session, real, "after");
}

/** Takes back the last edit. */
export function undoEdit(session: EngineSession): Promise<EditResult> {
  return applyChanges(session, session.history.undo() ?? [], "before");
}

/** Makes again the last edit taken back. */
export function redoEdit(session: EngineSession): Promise<EditResult> {
  return applyChanges(session, session.history.redo() ?? [], "after");
}

/**
 * Replays edits saved from an earlier session of the same sheet and mapping: its columns first,
 * then each edit as it was made.
 */
export async function replayEdits(session: EngineSession, saved: SessionEdits): Promise<void> {
  for (const added of saved.addedColumns) session.columns.columnFor(added.target, added.header);
  for (const record of saved.edits)
    await recordEdit(
      session,
      record.changes.filter((c) => session.rows.indexOf(c.rowNumber) !== undefined),
      record.at,
    );
}
