import { countOf, pluralise } from "../../core/plural";
import { isEngineStopped } from "../engine-worker-client";
import type { ReviewActions } from "./review-actions";
import type { ReviewKeeper } from "./review-keeper";
import type { SubmissionActions } from "./submission-actions";
import type { WorkflowContext } from "./workflow-state";
import { REVIEW_BROKE } from "./workflow-words";

/** What submitting from the review needs from the rest of the workflow. */
export interface ReviewSubmissionParts {
  readonly keeper: Pick<ReviewKeeper, "file" | "forget">;
  readonly review: Pick<ReviewActions, "revalidate" | "checksStopped">;
  readonly submission: Pick<SubmissionActions, "prepare" | "sendConfirmed">;
}

/**
 * From the review to the vendor and back: Submit checks what changed and shows what would be
 * created; the confirmed batch is sent with the customer's file kept beside it (the review
 * is then no longer kept); from the results, the orders the vendor could not check are
 * checked again in the review they came from.
 */
export function createReviewSubmission(context: WorkflowContext, parts: ReviewSubmissionParts) {
  const { deps } = context;
  const { keeper, review, submission } = parts;
  /** Set from the first click on Submit until the batch is sent or refused: a second click sends nothing. */
  let submitting = false;

  return {
    /**
     * Checks what changed since the last dry run and looks the orders up at the vendor, then
     * shows what would be created for confirmation (see the submission actions). Once clicked,
     * Submit does nothing more until the confirmation is shown or refused; if the check is
     * stopped, or some jobs are left unchecked, nothing is shown and the review stays.
     */
    async submit(): Promise<void> {
      const start = context.getState();
      if (start.step !== "review" || submitting) return;
      submitting = true;
      const stopsBefore = review.checksStopped();
      const { connected } = start;
      context.set({ ...start, review: { ...start.review, submitting: true }, error: undefined });
      try {
        await review.revalidate();
        const state = context.getState();
        if (state.step !== "review") return;
        const unchecked = state.review.summary.jobs.ready;
        if (review.checksStopped() !== stopsBefore) {
          return context.set({
            ...state,
            error:
              "Nothing was sent: you stopped the check before it finished. Submit again when you are ready; " +
              "every job is checked with the vendor first.",
          });
        }
        if (unchecked > 0) {
          const error =
            `Nothing was sent: ${countOf(unchecked, "job", "jobs")} changed while the jobs were being ` +
            `checked and ${pluralise(unchecked, "is", "are")} not checked yet. ` +
            `Submit again to check and send ${pluralise(unchecked, "it", "them")}.`;
          return context.set({ ...state, error });
        }
        const refused = await submission.prepare(connected, state.review);
        const latest = context.getState();
        if (refused && latest.step === "review") context.set({ ...latest, error: refused });
      } catch (error) {
        const state = context.getState();
        // Another sheet was chosen meanwhile (the review is gone), or the worker failed: nothing was sent.
        if (isEngineStopped(error)) {
          if (error.reason === "failed" && state.step === "review")
            context.set({ ...state, error: `Nothing was sent. ${REVIEW_BROKE}` });
          return;
        }
        console.error("Submitting failed", error);
        // It may have failed after the batch was written down, so whether anything was sent is the journal's to say.
        const message =
          "Something went wrong in this page while submitting. Reload the page: your review is kept, " +
          "and any job already sent is written down there and never sent twice.";
        if (state.step === "review") context.set({ ...state, error: message });
      } finally {
        submitting = false;
        const state = context.getState();
        if (state.step === "review" && state.review.submitting)
          context.set({ ...state, review: { ...state.review, submitting: false } });
      }
    },

    /**
     * Sends exactly what the confirmation showed: the batch is written down, then sent; the
     * customer's file is kept with it for the result sheet, and the review is no longer kept.
     */
    async confirmSubmit(): Promise<void> {
      const state = context.getState();
      if (state.step !== "confirm") return;
      const { connected } = state;
      const file = await keeper.file(connected);
      await submission.sendConfirmed(async (batchId) => {
        if (file) await (await deps.batchFiles()).put(batchId, file).catch(() => undefined);
        await keeper.forget(connected);
      });
    },

    /**
     * Back from the results to the review they came from, to check again the orders the vendor
     * could not check then: those that pass can be submitted, and the orders just created are
     * found in the journal and left out.
     */
    async checkLeftOrdersAgain(): Promise<void> {
      const state = context.getState();
      if (state.step !== "done" || !state.done.review) return;
      const { connected } = state;
      const left = state.done.review;
      const notice = "Checking again the orders the vendor could not check; the orders just created are left out.";
      context.set({
        step: "review",
        connected,
        review: { ...left, submitting: false, revision: left.revision + 1, notice },
      });
      await review.revalidate();
      await context.lookUpOrders(connected, true);
    },
  };
}

export type ReviewSubmission = ReturnType<typeof createReviewSubmission>;
