import { vocabularyWords, type MappingVocabulary } from "../../core/mapping/suggest-mapping";
import { ALL_ROWS } from "../../engine/row-filter";
import type { SheetPreview } from "../../sheet/sheet-preview";
import type { SavedReview } from "../../storage/review-sessions";
import { isEngineStopped } from "../engine-worker-client";
import type { ReviewActions } from "./review-actions";
import type { ReviewKeeper, ReviewOrigin } from "./review-keeper";
import { formatInstant } from "../tracking/tracked-jobs";
import { dryRunWhileReviewing, loadReview, type StartOutcome } from "./review-loading";
import type { Connected, WorkflowContext } from "./workflow-state";
import { REVIEW_BROKE } from "./workflow-words";

/** What checking needs from the rest of the workflow. */
export interface CheckingParts {
  readonly keeper: ReviewKeeper;
  readonly review: Pick<ReviewActions, "startingFocus" | "dryRun" | "stopChecking">;
  /** The catalogue's words, once it is loaded. */
  vocabulary(): Promise<MappingVocabulary | undefined>;
  /** The upload step, with the account's earlier imports. */
  showUpload(connected: Connected, error?: string): Promise<void>;
}

/**
 * Checking a sheet: its rows read into the engine worker in windows and resolved against the
 * catalogue (saved edits replayed when a review is reopened after a reload), then the review,
 * with the jobs dry-run while the user works. "Stop checking" ends it at any point and goes
 * back to where it started. Reviews are kept as they go, and offered again after a reload.
 */
export function createCheckingActions(context: WorkflowContext, parts: CheckingParts) {
  const { deps } = context;
  const { keeper, review } = parts;
  /**
   * The check in progress (reading, checking and replaying a sheet's rows): stopping it goes back to where it started.
   */
  let checking: { readonly controller: AbortController; readonly back: () => void } | undefined;

  // The engine worker failing mid-review leaves the grid with nothing to ask: say so, and how to go on.
  deps.engine.onFailed(() => {
    const state = context.getState();
    if (state.step === "review")
      context.set({ ...state, review: { ...state.review, busy: undefined }, error: REVIEW_BROKE });
  });

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

  /** Stops any check under way and starts another, which "Stop checking" leaves through `back`. */
  function beginChecking(back: () => void): AbortController {
    checking?.controller.abort();
    const controller = new AbortController();
    checking = { controller, back };
    return controller;
  }

  /**
   * Reads the chosen sheet's rows into the engine worker and resolves them (see loadReview),
   * shows the review and dry-runs the jobs while the user works. "Stop checking" ends it at any
   * point before the review: the engine is stopped and `back` shows the step it started from.
   */
  async function startReview(
    connected: Connected,
    origin: ReviewOrigin,
    sheet: Pick<SheetPreview, "headers" | "rowCount">,
    back: () => void,
    saved?: SavedReview,
  ): Promise<StartOutcome> {
    const controller = beginChecking(back);
    let loaded: Awaited<ReturnType<typeof loadReview>>;
    try {
      loaded = await loadReview(context, parts, { connected, origin, sheet, saved }, controller.signal);
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    if (loaded === "stopped" || "refused" in loaded) return loaded;
    const { summary, columns, focus } = loaded;
    context.set({
      step: "review",
      connected: context.currentConnected() ?? connected,
      review: {
        ...origin,
        headers: columns.headers,
        mapping: columns.mapping,
        summary,
        filter: ALL_ROWS,
        revision: 0,
        // The grid has focus from the start, so its keys (F8 to the next problem) work at once.
        focus,
        busy: "Checking the jobs with the vendor",
        notice: saved
          ? `Reopened your review of ${origin.fileName} as you left it (saved ${formatInstant(saved.savedAt)}).`
          : undefined,
      },
    });
    await dryRunWhileReviewing(context, review);
    return "started";
  }

  /**
   * Reopens a review saved before a reload or a crash, where it was; "Stop checking" goes back to the upload step,
   * where it is offered again.
   */
  async function reopen(connected: Connected, saved: SavedReview): Promise<void> {
    const back = () => void showUploadOffering(context.currentConnected() ?? connected, saved);
    const controller = beginChecking(back);
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
      preview = opened.ok ? await deps.sheets.preview(saved.sheetName, saved.headerRowNumber, words) : undefined;
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Reopening the review failed", error);
      const message =
        `Your review of ${saved.fileName} could not be reopened just now. ` +
        'Try "Continue that review" again, or drop the file again to start over.';
      return showUploadOffering(context.currentConnected() ?? connected, saved, message);
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    if (controller.signal.aborted) return;
    if (!preview?.ok) {
      await keeper.forget(connected, saved.reviewId);
      return parts.showUpload(
        connected,
        `Your review of ${saved.fileName} could not be reopened; drop the file again.`,
      );
    }
    const outcome = await startReview(connected, saved, preview.preview, back, saved);
    if (typeof outcome === "object")
      await showUploadOffering(context.currentConnected() ?? connected, saved, outcome.refused);
  }

  return {
    startReview,

    /**
     * Once connected: a review this tab left (a reload, a crash) reopens where it was; else the upload step offers one
     * another tab left.
     */
    async welcome(connected: Connected): Promise<void> {
      const saved = await keeper.saved(connected);
      if (saved && keeper.isThisTab(saved)) return reopen(connected, saved);
      await showUploadOffering(connected, saved);
    },

    /**
     * Stops checking: while the rows are read and checked, the engine is stopped and the page
     * goes back to where it was; during the dry runs, no more are started (and a Submit
     * waiting for them sends nothing).
     */
    async stopChecking(): Promise<void> {
      const state = context.getState();
      if (state.step === "checking" && checking) {
        const { controller, back } = checking;
        checking = undefined;
        controller.abort();
        deps.engine.stop();
        back();
        return;
      }
      if (state.step !== "review") return;
      await review.stopChecking().catch((error: unknown) => {
        if (!isEngineStopped(error)) console.error("Stopping the check failed", error);
      });
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

export type CheckingActions = ReturnType<typeof createCheckingActions>;
