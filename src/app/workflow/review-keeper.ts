import type { SheetMapping } from "../../core/mapping/sheet-mapping";
import type { ReviewFile, SavedReview, ReviewSessionStore } from "../../storage/review-sessions";
import { sha256Hex } from "../../submit/payload-hash";
import type { Connected } from "./workflow-state";

/** How long after an edit the session's edits are written (several quick edits, one write). */
const SAVE_DELAY_MS = 250;

export interface ReviewOrigin {
  readonly fileName: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly mapping: SheetMapping;
  /** Several files dropped together: each one's sheet, header row and mapping (the sheet above is all of them). */
  readonly files?: readonly ReviewFile[] | undefined;
}

/** The review being kept: where, under which id, its file and that file's SHA-256, and its saves. */
interface Kept {
  readonly connection: string;
  readonly accountId: number;
  readonly reviewId: string;
  readonly file: Blob | undefined;
  readonly fileSha256: string | undefined;
  /** Saves are written one after another, per review: one that never ends holds up no other review's. */
  chain: Promise<void>;
  /** Saves asked for and not yet written. */
  writing: number;
  /** Whether an edit was made since it was started or reopened. */
  edited: boolean;
  /** Set once another review (another tab's) took its place: nothing of it is written any more. */
  lost: boolean;
}

/**
 * The SHA-256 of a file's bytes, as hex; undefined where it cannot be worked out (the audit then says it is not known).
 */
function fileSha256Of(bytes: Uint8Array | ArrayBuffer): Promise<string | undefined> {
  return sha256Hex(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).catch(() => undefined);
}

/**
 * Keeps the review in progress in IndexedDB as it happens: the file and the choices made
 * before checking it once, then the edits after each change, so a reload or a crash reopens
 * it where it was. Each review has its own id: a tab writes and forgets only its own, and is
 * told (`onLost`) when another tab's review has taken its place rather than writing over it.
 * Failures to write are otherwise swallowed: keeping is a help, never a blocker.
 */
export function createReviewKeeper(deps: {
  readonly tabId: string;
  readonly store: () => Promise<ReviewSessionStore>;
  readonly edits: () => Promise<SavedReview["edits"]>;
  readonly now: () => Date;
  /** Told once when the review of this tab is no longer the one kept (another tab's replaced it). */
  readonly onLost?: () => void;
  readonly newId?: () => string;
}) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let held: { readonly file: Blob; readonly sha256: Promise<string | undefined> } | undefined;
  let current: Kept | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function lose(target: Kept): void {
    if (target.lost) return;
    target.lost = true;
    if (current === target) deps.onLost?.();
  }

  async function writeEdits(target: Kept): Promise<void> {
    if (current !== target || target.lost) return;
    const edits = await deps.edits();
    // Another review started meanwhile: these edits are not its.
    if (current !== target || target.lost) return;
    const outcome = await (await deps.store()).putEdits(
      target.connection,
      target.accountId,
      target.reviewId,
      edits,
      deps.now().toISOString(),
    );
    if (outcome !== "saved") lose(target);
  }

  function save(target: Kept): void {
    target.writing++;
    target.chain = target.chain
      .then(() => writeEdits(target))
      .catch(() => undefined)
      .finally(() => {
        target.writing--;
      });
  }

  function keep(connected: Connected, reviewId: string, file: Blob | undefined, fileSha256: string | undefined): Kept {
    clearTimeout(timer);
    timer = undefined;
    current = {
      connection: connected.connection.name,
      accountId: connected.account.id,
      reviewId,
      file,
      fileSha256,
      chain: Promise.resolve(),
      writing: 0,
      edited: false,
      lost: false,
    };
    return current;
  }

  const isCurrent = (connected: Connected): Kept | undefined =>
    current && current.connection === connected.connection.name && current.accountId === connected.account.id
      ? current
      : undefined;

  async function saved(connected: Connected): Promise<SavedReview | undefined> {
    return (await deps.store()).get(connected.connection.name, connected.account.id).catch(() => undefined);
  }

  return {
    /**
     * Holds on to the dropped file until its review starts (the reader takes the bytes themselves), and works out its
     * SHA-256.
     */
    holdFile(bytes: Uint8Array): void {
      held = { file: new Blob([bytes as Uint8Array<ArrayBuffer>]), sha256: fileSha256Of(bytes) };
    },

    /**
     * Writes the file, its SHA-256 and the choices made, once the review starts: a new review, with an id of its own
     * (answered).
     */
    async started(connected: Connected, origin: ReviewOrigin): Promise<string> {
      const file = held;
      held = undefined;
      const target = keep(connected, newId(), file?.file, await file?.sha256);
      if (!file) return target.reviewId;
      const record = {
        connection: target.connection,
        accountId: target.accountId,
        reviewId: target.reviewId,
        ...origin,
        tabId: deps.tabId,
        file: file.file,
        fileSha256: target.fileSha256,
        edits: { addedColumns: [], edits: [] },
        savedAt: deps.now().toISOString(),
      };
      target.writing++;
      const written = (await deps.store()).put(record).catch(() => undefined);
      target.chain = written.finally(() => {
        target.writing--;
      });
      await target.chain;
      return target.reviewId;
    },

    /**
     * Resumes keeping a review reopened from storage, as this tab's (under a new id, so a tab
     * that had it open is told). Its file's SHA-256 is worked out again if it was not kept.
     */
    async reopened(connected: Connected, review: SavedReview): Promise<void> {
      const fileSha256 =
        review.fileSha256 ?? (await fileSha256Of(await review.file.arrayBuffer().catch(() => new ArrayBuffer(0))));
      const target = keep(connected, newId(), review.file, fileSha256);
      const ours = await (await deps.store())
        .takeOver(review.connection, review.accountId, review.reviewId, target.reviewId, deps.tabId)
        .catch(() => true);
      if (!ours) lose(target);
    },

    /** After an edit: the edits are written a moment later. */
    changed(): void {
      const target = current;
      if (!target) return;
      target.edited = true;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        save(target);
      }, SAVE_DELAY_MS);
    },

    /** Whether an edit is waiting to be written, or being written (leaving now would lose it). */
    get isSaving(): boolean {
      return current !== undefined && !current.lost && (timer !== undefined || current.writing > 0);
    },

    /** Whether the review has edits that are not kept (another tab's review took its place). */
    get hasUnkeptEdits(): boolean {
      return current?.lost === true && current.edited;
    },

    saved,

    /** The file of the review in progress, as dropped. */
    async file(connected: Connected): Promise<Blob | undefined> {
      return isCurrent(connected)?.file;
    },

    /**
     * The SHA-256 of the review's file, for the audit trail; undefined when there is no review or it could not be
     * worked out.
     */
    fileSha256(connected: Connected): string | undefined {
      return isCurrent(connected)?.fileSha256;
    },

    /** Whether a saved review was made in this tab (so a reload reopens it without asking). */
    isThisTab: (saved: SavedReview): boolean => saved.tabId === deps.tabId,

    /**
     * Forgets a review (another sheet chosen, or the batch written to the journal): the one in
     * progress, or the one named; never one another tab has put in its place.
     */
    async forget(connected: Connected, named?: string): Promise<void> {
      const target = isCurrent(connected);
      if (named === undefined || target?.reviewId === named) {
        clearTimeout(timer);
        timer = undefined;
        current = undefined;
      }
      const reviewId = named ?? (target && !target.lost ? target.reviewId : undefined);
      if (reviewId === undefined) return;
      await (await deps.store())
        .delete(connected.connection.name, connected.account.id, reviewId)
        .catch(() => undefined);
    },
  };
}

export type ReviewKeeper = ReturnType<typeof createReviewKeeper>;
