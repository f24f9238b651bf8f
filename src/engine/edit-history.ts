import type { Change, EditRecord } from "../core/session-edits";

export type { Change, EditRecord };

/** Edits undone at most. */
export const HISTORY_LIMIT = 500;

/**
 * Undo and redo: each edit is a list of changes taken back or replayed together. A new edit
 * clears what could be redone. `applied` lists every edit still in effect, oldest first, with
 * when it was made, for saving a session, replaying it after a reload and the audit trail.
 */
export function createEditHistory(limit = HISTORY_LIMIT) {
  const done: EditRecord[] = [];
  const undone: EditRecord[] = [];
  return {
    record(changes: readonly Change[], at: string): void {
      if (changes.length === 0) return;
      done.push({ at, changes: [...changes] });
      if (done.length > limit) done.shift();
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
      return done;
    },
    clear(): void {
      done.length = 0;
      undone.length = 0;
    },
  };
}

export type EditHistory = ReturnType<typeof createEditHistory>;
