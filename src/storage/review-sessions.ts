import type { IDBPDatabase } from "idb";
import { z } from "zod";
import { SheetMapping } from "../core/mapping/sheet-mapping";
import { SessionEdits } from "../core/session-edits";
import { readStoredRecords } from "../core/stored-records";
import type { ImporterDB } from "./database";

/** One of several files dropped together: its name, the sheet and header row chosen for it, and its own mapping. */
export const ReviewFile = z
  .object({ name: z.string(), sheetName: z.string(), headerRowNumber: z.int(), mapping: SheetMapping })
  .readonly();
export type ReviewFile = z.infer<typeof ReviewFile>;

const savedReviewFields = {
  key: z.string(),
  connection: z.string(),
  accountId: z.int(),
  /** This review's own id: saving and forgetting touch the record only while it is still this review. */
  reviewId: z.string(),
  /** The browser tab it was made in: a reload of that tab reopens it at once, another tab offers it. */
  tabId: z.string(),
  fileName: z.string(),
  /** The file as dropped; a Blob, which IndexedDB keeps without copying it on the page's thread. */
  file: z.instanceof(Blob),
  /** The file's SHA-256 (hex), for the audit trail; undefined when it could not be worked out. */
  fileSha256: z.string().optional(),
  sheetName: z.string(),
  headerRowNumber: z.int(),
  mapping: SheetMapping,
  /** Several files dropped together (`file` holds them all, bundled): each one's choices, in the order given. */
  files: z.array(ReviewFile).readonly().optional(),
  edits: SessionEdits,
  savedAt: z.string(),
};

/**
 * A review in progress, kept so a reload or a crash reopens it where it was: the file as it
 * was dropped, the sheet and header row chosen, the mapping, and every edit since. One per
 * connection and account: a review started later (in another tab, say) takes its place, and
 * each review's own id tells the tab that made it that it was replaced.
 */
export const SavedReview = z.object(savedReviewFields).readonly();
export type SavedReview = z.infer<typeof SavedReview>;

/** A saved review as read back: one kept before reviews had ids is repaired, known by its tab and time. */
const StoredReview = z
  .object({ ...savedReviewFields, reviewId: z.string().optional() })
  .transform(
    (record): SavedReview => ({ ...record, reviewId: record.reviewId ?? `earlier:${record.tabId}:${record.savedAt}` }),
  );

export const reviewKey = (connection: string, accountId: number) => `${connection}\u0000${accountId}`;

/** What saving edits found: written, another review in the place of this one, or none kept at all. */
export type SaveOutcome = "saved" | "replaced" | "gone";

export function createReviewSessionStore(db: IDBPDatabase<ImporterDB>) {
  const unread = new Set<string>();
  /** A record read back, parsed by its schema (and repaired); one of another shape is left out and said so. */
  const readReview = (value: unknown): SavedReview | undefined => {
    if (value === undefined) return undefined;
    const read = readStoredRecords(StoredReview, [value]);
    if (read.unread.length > 0)
      unread.add("A review kept in this browser is not one this version can read, and was left out.");
    return read.kept[0];
  };
  return {
    /** Saved reviews that could not be read back and were left out, each said in a sentence for the user. */
    get unreadRecords(): readonly string[] {
      return [...unread];
    },
    /** The saved review of this account, or undefined (also when what was saved is damaged). */
    async get(connection: string, accountId: number): Promise<SavedReview | undefined> {
      const review = readReview(await db.get("reviewSessions", reviewKey(connection, accountId)));
      return review?.connection === connection && review.accountId === accountId ? review : undefined;
    },
    /** Keeps a review just started; it takes the place of any review this account had kept. */
    async put(review: Omit<SavedReview, "key">): Promise<void> {
      await db.put("reviewSessions", { ...review, key: reviewKey(review.connection, review.accountId) });
    },
    /** Changes only the edits of a saved review (the file is written once), and only while it is still that review. */
    async putEdits(
      connection: string,
      accountId: number,
      reviewId: string,
      edits: SavedReview["edits"],
      savedAt: string,
    ): Promise<SaveOutcome> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const record = readReview(await tx.store.get(reviewKey(connection, accountId)));
      const outcome: SaveOutcome = record === undefined ? "gone" : record.reviewId === reviewId ? "saved" : "replaced";
      if (record && outcome === "saved") await tx.store.put({ ...record, reviewId, edits, savedAt });
      await tx.done;
      return outcome;
    },
    /**
     * Makes a saved review this tab's, under a new id (reopened after a reload, or continued
     * from another tab): the tab that had it is told on its next save. False when the review
     * is no longer the one kept.
     */
    async takeOver(
      connection: string,
      accountId: number,
      reviewId: string,
      newReviewId: string,
      tabId: string,
    ): Promise<boolean> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const record = readReview(await tx.store.get(reviewKey(connection, accountId)));
      const ours = record?.reviewId === reviewId;
      if (record && ours) await tx.store.put({ ...record, reviewId: newReviewId, tabId });
      await tx.done;
      return ours;
    },
    /** Forgets a saved review, unless another has taken its place. */
    async delete(connection: string, accountId: number, reviewId: string): Promise<void> {
      const tx = db.transaction("reviewSessions", "readwrite");
      const key = reviewKey(connection, accountId);
      const stored: unknown = await tx.store.get(key);
      const review = readReview(stored);
      // A damaged record is forgotten too: nothing could ever reopen it.
      if (stored !== undefined && (review === undefined || review.reviewId === reviewId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}

export type ReviewSessionStore = ReturnType<typeof createReviewSessionStore>;
