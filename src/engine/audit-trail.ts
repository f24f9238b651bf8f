import type { EditLogEntry, RowDetail, SentValue, SessionEdits } from "../core/session-edits";
import { cellText, type CellValue } from "../core/sheet-model";
import type { SessionState } from "./engine-session";

/**
 * What the audit trail reads of the session: the rows, the columns added, the lines' estimates and
 * the edits in effect.
 */
type AuditSource = Pick<SessionState, "rows" | "columns" | "index" | "history" | "live">;

/** Every cell an edit changed, as the sheet had it and as it stands, and when each skipped row was skipped. */
export interface EditedCells {
  readonly cells: readonly SentValue[];
  readonly skippedAt: ReadonlyMap<number, string>;
}

/**
 * Every cell the edits in effect changed, as the sheet had it and as it stands (what is
 * sent), with when it last changed; and when each skipped row was skipped.
 */
export function editedCells(session: AuditSource): EditedCells {
  const cells = new Map<string, { rowNumber: number; column: number; sheet: CellValue; sent: CellValue; at: string }>();
  const skippedAt = new Map<number, string>();
  for (const record of session.history.applied()) {
    for (const change of record.changes) {
      if (change.kind === "skip") {
        if (change.after) skippedAt.set(change.rowNumber, record.at);
        else skippedAt.delete(change.rowNumber);
        continue;
      }
      const key = `${change.rowNumber}:${change.column}`;
      const first = cells.get(key);
      cells.set(key, {
        rowNumber: change.rowNumber,
        column: change.column,
        sheet: first ? first.sheet : change.before,
        sent: change.after,
        at: record.at,
      });
    }
  }
  const { headers } = session.rows;
  const changed = [...cells.values()]
    .filter((c) => cellText(c.sheet) !== cellText(c.sent))
    .map((c) => ({
      rowNumber: c.rowNumber,
      column: headers[c.column] ?? "",
      sheet: cellText(c.sheet),
      sent: cellText(c.sent),
      at: c.at,
    }));
  return { cells: changed.sort((a, b) => a.rowNumber - b.rowNumber), skippedAt };
}

/** Every change of the edits in effect, oldest first, for the audit trail. */
export function editLog(session: AuditSource): EditLogEntry[] {
  const { headers } = session.rows;
  return session.history.applied().flatMap((record) =>
    record.changes.map(
      (change): EditLogEntry =>
        change.kind === "skip"
          ? { at: record.at, kind: change.after ? "skip" : "include", rowNumber: change.rowNumber }
          : {
              at: record.at,
              kind: "cell",
              rowNumber: change.rowNumber,
              column: headers[change.column] ?? "",
              old: cellText(change.before),
              new: cellText(change.after),
            },
    ),
  );
}

/** What a row's artwork link was found to be, in its issues' words, and when it was checked; undefined without one. */
function artworkCheckOf(session: AuditSource, index: number): string | undefined {
  const row = session.index.orderRowAt(index);
  const link = row?.values.artworkUrl?.trim();
  if (!row || !link) return undefined;
  const orderNumber = session.index.line(index)?.orderNumber;
  const issues = [
    ...(session.index.line(index)?.issues ?? []),
    ...(orderNumber === undefined ? [] : (session.index.job(orderNumber)?.issues ?? [])).filter(
      (issue) => issue.rowNumber === row.rowNumber,
    ),
  ].filter((issue) => issue.code.startsWith("ARTWORK_"));
  const check = session.live.facts.artwork.get(link);
  if (issues.length === 0 && !check) return undefined;
  const when = check ? ` Checked ${check.checkedAt.slice(0, 16).replace("T", " ")} UTC.` : "";
  return `${issues.map((issue) => issue.message).join(" ")}${when}`.trim();
}

/**
 * What the result sheet says of each row beyond its outcome: its estimate, values sent instead of
 * the sheet's, when it was skipped, what its artwork link was found to be.
 */
export function rowDetails(session: AuditSource): RowDetail[] {
  const { cells, skippedAt } = editedCells(session);
  const sentByRow = new Map<number, SentValue[]>();
  for (const cell of cells) sentByRow.set(cell.rowNumber, [...(sentByRow.get(cell.rowNumber) ?? []), cell]);
  const details: RowDetail[] = [];
  for (let i = 0; i < session.rows.count; i++) {
    const rowNumber = session.rows.rowNumberAt(i);
    const estimate = session.index.line(i)?.estimate?.total;
    const sent = sentByRow.get(rowNumber);
    const skipped = skippedAt.get(rowNumber);
    const artworkCheck = artworkCheckOf(session, i);
    if (estimate === undefined && !sent && !skipped && !artworkCheck) continue;
    details.push({
      rowNumber,
      ...(estimate !== undefined ? { lineEstimate: estimate } : {}),
      ...(sent ? { sent } : {}),
      ...(skipped ? { skippedAt: skipped } : {}),
      ...(artworkCheck ? { artworkCheck } : {}),
    });
  }
  return details;
}

/** The session's edits, for keeping them across a reload. */
export function sessionEdits(session: AuditSource): SessionEdits {
  return { addedColumns: session.columns.added(), edits: session.history.applied() };
}
