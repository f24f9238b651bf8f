import type { IDBPDatabase } from "idb";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { SessionEdits } from "../core/session-edits";
import type { ImporterDB } from "./database";

/**
 * A review in progress, kept so a reload or a crash reopens it where it was: the file as it
 * was dropped, the sheet and header row chosen, the mapping, and every edit since. One per
 * connection and account.
 */
export interface SavedReview {
  readonly key: string;
  readonly connection: string;
  readonly accountId: number;
  /** The browser tab it was made in: a reload of that tab reopens it at once, another tab offers it. */
  readonly tabId: string;
  readonly fileName: string;
  /** The file as dropped; a Blob, which IndexedDB keeps without copying it on the page's thread. */
  readonly file: Blob;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly mapping: SheetMapping;
  readonly edits: SessionEdits;
  readonly savedAt: string;
}

export const reviewKey = (connection: string, accountId: number) => `${connection}\u0000${accountId}`;

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
      return isSavedReview(record) && record.connection === connection && record.accountId === accountId ? record : undefined;
    },
    async put(review: Omit<SavedReview, "key">): Promise<void> {
      await db.put("reviewSessions", { ...review, key: reviewKey(review.connection, review.accountId) });
    },
    /** Changes only the edits of a saved review (the file is written once). */
    async putEdits(connection: string, accountId: number, edits: SavedReview["edits"], savedAt: string): Promise<void> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const record = await tx.store.get(reviewKey(connection, accountId));
      if (record) await tx.store.put({ ...record, edits, savedAt });
      await tx.done;
    },
    async delete(connection: string, accountId: number): Promise<void> {
      await db.delete("reviewSessions", reviewKey(connection, accountId));
    },
  };
}

export type ReviewSessionStore = ReturnType<typeof createReviewSessionStore>;
