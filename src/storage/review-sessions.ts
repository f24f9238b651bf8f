import type { IDBPDatabase } from "idb";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { SessionEdits } from "../core/session-edits";
import type { ImporterDB } from "./database";

/**
 * A review in progress, kept so a reload or a crash reopens it where it was: the file as it
 * was dropped, the sheet and header row chosen, the mapping, and every edit since. One per
 * connection and account: a review started later (in another tab, say) takes its place, and
 * each review's own id tells the tab that made it that it was replaced.
 */
export interface SavedReview {
  readonly key: string;
  readonly connection: string;
  readonly accountId: number;
  /** This review's own id: saving and forgetting touch the record only while it is still this review. */
  readonly reviewId: string;
  /** The browser tab it was made in: a reload of that tab reopens it at once, another tab offers it. */
  readonly tabId: string;
  readonly fileName: string;
  /** The file as dropped; a Blob, which IndexedDB keeps without copying it on the page's thread. */
  readonly file: Blob;
  /** The file's SHA-256 (hex), for the audit trail; undefined when it could not be worked out. */
  readonly fileSha256?: string | undefined;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly mapping: SheetMapping;
  readonly edits: SessionEdits;
  readonly savedAt: string;
}

export const reviewKey = (connection: string, accountId: number) => `${connection}\u0000${accountId}`;

/** What saving edits found: written, another review in the place of this one, or none kept at all. */
export type SaveOutcome = "saved" | "replaced" | "gone";

/** A record's review id; one saved before reviews had ids is known by its tab and time. */
const idOf = (record: Omit<SavedReview, "reviewId"> & { readonly reviewId?: unknown }): string =>
  typeof record.reviewId === "string" ? record.reviewId : `earlier:${record.tabId}:${record.savedAt}`;

function isSavedReview(value: unknown): value is SavedReview {
  const r = value as SavedReview;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.fileName === "string" &&
    typeof r.tabId === "string" &&
    r.file instanceof Blob &&
    typeof r.sheetName === "string" &&
    typeof r.headerRowNumber === "number" &&
    Array.isArray(r.mapping?.columns) &&
    Array.isArray(r.edits?.edits) &&
    Array.isArray(r.edits?.addedColumns)
  );
}

export function createReviewSessionStore(db: IDBPDatabase<ImporterDB>) {
  return {
    /** The saved review of this account, or undefined (also when what was saved is damaged). */
    async get(connection: string, accountId: number): Promise<SavedReview | undefined> {
      const record = await db.get("reviewSessions", reviewKey(connection, accountId));
      return isSavedReview(record) && record.connection === connection && record.accountId === accountId ? { ...record, reviewId: idOf(record) } : undefined;
    },
    /** Keeps a review just started; it takes the place of any review this account had kept. */
    async put(review: Omit<SavedReview, "key">): Promise<void> {
      await db.put("reviewSessions", { ...review, key: reviewKey(review.connection, review.accountId) });
    },
    /** Changes only the edits of a saved review (the file is written once), and only while it is still that review. */
    async putEdits(connection: string, accountId: number, reviewId: string, edits: SavedReview["edits"], savedAt: string): Promise<SaveOutcome> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const record = await tx.store.get(reviewKey(connection, accountId));
      const outcome: SaveOutcome = !isSavedReview(record) ? "gone" : idOf(record) === reviewId ? "saved" : "replaced";
      if (record && outcome === "saved") await tx.store.put({ ...record, reviewId, edits, savedAt });
      await tx.done;
      return outcome;
    },
    /**
     * Makes a saved review this tab's, under a new id (reopened after a reload, or continued
     * from another tab): the tab that had it is told on its next save. False when the review
     * is no longer the one kept.
     */
    async takeOver(connection: string, accountId: number, reviewId: string, newReviewId: string, tabId: string): Promise<boolean> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const record = await tx.store.get(reviewKey(connection, accountId));
      const ours = isSavedReview(record) && idOf(record) === reviewId;
      if (record && ours) await tx.store.put({ ...record, reviewId: newReviewId, tabId });
      await tx.done;
      return ours;
    },
    /** Forgets a saved review, unless another has taken its place. */
    async delete(connection: string, accountId: number, reviewId: string): Promise<void> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const key = reviewKey(connection, accountId);
      const record = await tx.store.get(key);
      if (record && (!isSavedReview(record) || idOf(record) === reviewId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}

export type ReviewSessionStore = ReturnType<typeof createReviewSessionStore>;
