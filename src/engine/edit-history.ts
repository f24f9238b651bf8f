import type { Change, EditRecord } from "../core/session-edits";

export type { Change, EditRecord };

/** Edits undone at most. */
export const HISTORY_LIMIT = 500;

/** What a change is to: one cell, or whether one row is skipped. */
const changeKey = (change: Change) =>
  change.kind === "cell" ? `c:${change.rowNumber}:${change.column}` : `s:${change.rowNumber}`;

const same = (a: unknown, b: unknown) =>
  a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/**
 * Undo and redo: each edit is a list of changes taken back or replayed together. A new edit
 * clears what could be redone. Only the last `limit` edits can be undone; an older edit stays
 * in effect, kept as one change per cell or skipped row (from what the sheet had to what it
 * has now, with when it last changed), so what is kept never outgrows the sheet. `applied`
 * lists every edit still in effect, oldest first, with when it was made, for saving a
 * session, replaying it after a reload and the audit trail.
 */
export function createEditHistory(limit = HISTORY_LIMIT) {
  /** Edits past undoing, one change per cell or row, in the order they last changed. */
  const settled = new Map<string, { readonly at: string; readonly change: Change }>();
  const done: EditRecord[] = [];
  const undone: EditRecord[] = [];

  /** Folds the oldest undoable edit into the settled changes. */
  function settleOldest(): void {
    const oldest = done.shift();
    if (!oldest) return;
    for (const change of oldest.changes) {
      const key = changeKey(change);
      const earlier = settled.get(key)?.change;
      const merged = (earlier ? { ...change, before: earlier.before } : change) as Change;
      // Re-inserted, so the map stays in the order the changes were last made.
      settled.delete(key);
      if (!same(merged.before, merged.after)) settled.set(key, { at: oldest.at, change: merged });
    }
  }

  return {
    record(changes: readonly Change[], at: string): void {
      if (changes.length === 0) return;
      done.push({ at, changes: [...changes] });
      while (done.length > limit) settleOldest();
      undone.length = 0;
    },
    /** The last edit, to be reversed (last change first); undefined when there is none. */
    undo(): readonly Change[] | undefined {
      const edit = done.pop();
      if (edit) undone.push(edit);
      return edit ? [...edit.changes].reverse() : undefined;
    },
    redo(): readonly Change[] | undefined {
      const edit = undone.pop();
      if (edit) done.push(edit);
      return edit?.changes;
    },
    get canUndo(): boolean {
      return done.length > 0;
    },
    get canRedo(): boolean {
      return undone.length > 0;
    },
    applied(): readonly EditRecord[] {
      const records: { at: string; changes: Change[] }[] = [];
      for (const { at, change } of settled.values()) {
        const last = records.at(-1);
        if (last?.at === at) last.changes.push(change);
        else records.push({ at, changes: [change] });
      }
      return [...records, ...done];
    },
    clear(): void {
      settled.clear();
      done.length = 0;
      undone.length = 0;
    },
  };
}

export type EditHistory = ReturnType<typeof createEditHistory>;
