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
}

/**
 * Checking a sheet: its rows read into the engine worker in windows and resolved against the
 * catalogue (saved edits replayed when a review is reopened after a reload), then the review,
 * with the jobs dry-run while the user works. "Stop checking" ends it at any point and goes
 * back to where it started. Reviews are kept as they go (see the saved reviews for reopening them).
 */
export function createCheckingActions(context: WorkflowContext, parts: CheckingParts) {
  const { deps } = context;
  const { review } = parts;
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

  /** Stops any check under way and starts another, which "Stop checking" leaves through `back`. */
  function beginChecking(back: () => void): AbortController {
    checking?.controller.abort();
    const controller = new AbortController();
    checking = { controller, back };
    return controller;
  }

  /** The check started with `controller` is over, unless another has taken its place. */
  function endChecking(controller: AbortController): void {
    if (checking?.controller === controller) checking = undefined;
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
      endChecking(controller);
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

  return {
    startReview,
    beginChecking,
    endChecking,

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
  };
}

export type CheckingActions = ReturnType<typeof createCheckingActions>;
