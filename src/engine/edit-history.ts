import type { Change } from "../core/session-edits";

export type { Change };

/** Edits undone at most. */
export const HISTORY_LIMIT = 500;

/**
 * Undo and redo: each edit is a list of changes taken back or replayed together. A new edit
 * clears what could be redone. `applied` lists every edit still in effect, oldest first,
 * for saving a session and replaying it after a reload.
 */
export function createEditHistory(limit = HISTORY_LIMIT) {
  const done: Change[][] = [];
  const undone: Change[][] = [];
  return {
    record(changes: readonly Change[]): void {
      if (changes.length === 0) return;
      done.push([...changes]);
      if (done.length > limit) done.shift();
      undone.length = 0;
    },
    /** The last edit, to be reversed (last change first); undefined when there is none. */
    undo(): readonly Change[] | undefined {
      const changes = done.pop();
      if (changes) undone.push(changes);
      return changes ? [...changes].reverse() : undefined;
    },
    redo(): readonly Change[] | undefined {
      const changes = undone.pop();
      if (changes) done.push(changes);
      return changes;
    },
    get canUndo(): boolean {
      return done.length > 0;
    },
    get canRedo(): boolean {
      return undone.length > 0;
    },
    applied(): readonly (readonly Change[])[] {
      return done;
    },
    clear(): void {
      done.length = 0;
      undone.length = 0;
    },
  };
}

export type EditHistory = ReturnType<typeof createEditHistory>;
