import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { SavedReview, ReviewSessionStore } from "../storage/review-sessions";
import type { Connected } from "./workflow-state";

/** How long after an edit the session's edits are written (several quick edits, one write). */
const SAVE_DELAY_MS = 250;

export interface ReviewOrigin {
  readonly fileName: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly mapping: SheetMapping;
}

/**
 * Keeps the review in progress in IndexedDB as it happens: the file and the choices made
 * before checking it once, then the edits after each change, so a reload or a crash reopens
 * it where it was. Failures to write are swallowed: keeping is a help, never a blocker.
 */
export function createReviewKeeper(deps: {
  readonly tabId: string;
  readonly store: () => Promise<ReviewSessionStore>;
  readonly edits: () => Promise<SavedReview["edits"]>;
  readonly now: () => Date;
}) {
  let file: Blob | undefined;
  let current: { readonly connection: string; readonly accountId: number } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> = Promise.resolve();

  async function writeEdits(): Promise<void> {
    const target = current;
    if (!target) return;
    const edits = await deps.edits();
    await (await deps.store()).putEdits(target.connection, target.accountId, edits, deps.now().toISOString());
  }

  async function saved(connected: Connected): Promise<SavedReview | undefined> {
    return (await deps.store()).get(connected.connection.name, connected.account.id).catch(() => undefined);
  }

  return {
    /** Holds on to the dropped file until its review starts (the reader takes the bytes themselves). */
    holdFile(bytes: Uint8Array): void {
      file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
    },

    /** Writes the file and the choices made, once the review starts. */
    async started(connected: Connected, origin: ReviewOrigin): Promise<void> {
      current = { connection: connected.connection.name, accountId: connected.account.id };
      if (!file) return;
      const record = { ...current, ...origin, tabId: deps.tabId, file, edits: { addedColumns: [], edits: [] }, savedAt: deps.now().toISOString() };
      file = undefined;
      await (await deps.store()).put(record).catch(() => undefined);
    },

    /** Resumes keeping a review reopened from storage. */
    reopened(connected: Connected): void {
      current = { connection: connected.connection.name, accountId: connected.account.id };
    },

    /** After an edit: the edits are written a moment later. */
    changed(): void {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        pending = pending.then(writeEdits).catch(() => undefined);
      }, SAVE_DELAY_MS);
    },

    /** Whether an edit is waiting to be written (leaving now would lose it). */
    get isSaving(): boolean {
      return timer !== undefined && current !== undefined;
    },

    saved,

    /** The file of the review in progress, as dropped. */
    async file(connected: Connected): Promise<Blob | undefined> {
      return (await saved(connected))?.file;
    },

    /** Whether a saved review was made in this tab (so a reload reopens it without asking). */
    isThisTab: (saved: SavedReview): boolean => saved.tabId === deps.tabId,

    /** Forgets the review (another sheet chosen, or the batch written to the journal). */
    async forget(connected: Connected): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      current = undefined;
      await (await deps.store()).delete(connected.connection.name, connected.account.id).catch(() => undefined);
    },
  };
}

export type ReviewKeeper = ReturnType<typeof createReviewKeeper>;
