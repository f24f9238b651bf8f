import { vocabularyWords, type MappingVocabulary } from "../../core/mapping/suggest-mapping";
import type { SavedReview } from "../../storage/review-sessions";
import type { CheckingActions } from "./checking-actions";
import type { ReviewKeeper } from "./review-keeper";
import type { Connected, WorkflowContext } from "./workflow-state";

/** What reopening saved reviews needs from the rest of the workflow. */
export interface SavedReviewParts {
  readonly keeper: ReviewKeeper;
  readonly checking: Pick<CheckingActions, "beginChecking" | "endChecking" | "startReview">;
  /** The catalogue's words, once it is loaded. */
  vocabulary(): Promise<MappingVocabulary | undefined>;
  /** The upload step, with the account's earlier imports. */
  showUpload(connected: Connected, error?: string): Promise<void>;
}

/**
 * Reviews kept as they go, offered again: the one this tab left before a reload or a crash
 * reopens where it was, and one left by a stop, another tab or an earlier visit is offered on
 * the upload step, to continue or to start over.
 */
export function createSavedReviews(context: WorkflowContext, parts: SavedReviewParts) {
  const { deps } = context;
  const { keeper, checking } = parts;

  /** The upload step, offering a saved review to continue (left by a stop, another tab or an earlier visit). */
  async function showUploadOffering(
    connected: Connected,
    saved: SavedReview | undefined,
    error?: string,
  ): Promise<void> {
    const shown = parts.showUpload(connected, error);
    const state = context.getState();
    if (saved && state.step === "upload")
      context.set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
    await shown;
  }

  /**
   * Reopens a review saved before a reload or a crash, where it was; "Stop checking" goes back to the upload step,
   * where it is offered again.
   */
  async function reopen(connected: Connected, saved: SavedReview): Promise<void> {
    const back = () => void showUploadOffering(context.currentConnected() ?? connected, saved);
    const controller = checking.beginChecking(back);
    context.set({
      step: "checking",
      connected,
      fileName: saved.fileName,
      progress: `Reopening your review of ${saved.fileName}`,
      canStop: true,
    });
    let preview: Awaited<ReturnType<typeof deps.sheets.preview>> | undefined;
    try {
      const words = vocabularyWords(await parts.vocabulary());
      const bytes = new Uint8Array(await saved.file.arrayBuffer());
      if (controller.signal.aborted) return;
      const opened = await deps.sheets.open(bytes, saved.fileName, words, () => undefined, controller.signal);
      // Several files dropped together are combined again as they were.
      const combined = opened.ok && saved.files ? await deps.sheets.combine(saved.files) : undefined;
      preview =
        opened.ok && combined?.ok !== false
          ? await deps.sheets.preview(saved.sheetName, saved.headerRowNumber, words)
          : undefined;
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Reopening the review failed", error);
      const message =
        `Your review of ${saved.fileName} could not be reopened just now. ` +
        'Try "Continue that review" again, or drop the file again to start over.';
      return showUploadOffering(context.currentConnected() ?? connected, saved, message);
    } finally {
      checking.endChecking(controller);
    }
    if (controller.signal.aborted) return;
    if (!preview?.ok) {
      await keeper.forget(connected, saved.reviewId);
      return parts.showUpload(
        connected,
        `Your review of ${saved.fileName} could not be reopened; drop the file again.`,
      );
    }
    const outcome = await checking.startReview(connected, saved, preview.preview, back, saved);
    if (typeof outcome === "object")
      await showUploadOffering(context.currentConnected() ?? connected, saved, outcome.refused);
  }

  return {
    /**
     * Once connected: a review this tab left (a reload, a crash) reopens where it was; else the upload step offers one
     * another tab left.
     */
    async welcome(connected: Connected): Promise<void> {
      const saved = await keeper.saved(connected);
      if (saved && keeper.isThisTab(saved)) return reopen(connected, saved);
      await showUploadOffering(connected, saved);
    },

    /** Goes back to the upload step, forgetting this review; a review another tab left is offered there. */
    startOver(connected: Connected): void {
      deps.engine.stop();
      const target = context.currentConnected() ?? connected;
      void parts.showUpload(target);
      void keeper
        .forget(connected)
        .then(() => keeper.saved(target))
        .then((saved) => {
          const state = context.getState();
          if (saved && state.step === "upload" && !state.savedReview)
            context.set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
        });
    },

    /** Reopens the review offered on the upload step (left in another tab or an earlier visit). */
    async reopenSaved(): Promise<void> {
      const connected = context.currentConnected();
      const saved = connected ? await keeper.saved(connected) : undefined;
      if (connected && saved) await reopen(connected, saved);
    },
  };
}

export type SavedReviews = ReturnType<typeof createSavedReviews>;
