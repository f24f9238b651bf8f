import { createCheckingActions } from "./checking-actions";
import { createConnectionActions } from "./connection-actions";
import { type ConnectionChoice, createConnectionChoice } from "./connection-choice";
import { createFileOpening } from "./file-opening";
import { createMappingActions } from "./mapping-actions";
import { createReviewActions } from "./review-actions";
import { createReviewEdits } from "./review-edits";
import { createReviewKeeper } from "./review-keeper";
import { createReviewSubmission } from "./review-submission";
import { createSavedReviews } from "./saved-reviews";
import { createStore } from "../store";
import { createSubmissionActions } from "./submission-actions";
import { createWorkflowContext } from "./workflow-context";
import type { ImportState, WorkflowDeps } from "./workflow-state";
import { REVIEW_NOT_KEPT } from "./workflow-words";

export type * from "./workflow-state";
export { describeSubmitProgress, SUBMIT_CONCURRENCY } from "./submission-actions";
export { navigatorLocale } from "../page-locale";

/**
 * The import workflow: the state the page renders and the intents it sends, composed of its
 * steps' actions (connecting, mapping, checking, the review, submitting). Components
 * subscribe and call actions; nothing here touches the DOM. `choice` is the connect step the page may have started
 * before this code arrived; the workflow takes its state on from there.
 */
export function createImportWorkflow(
  deps: WorkflowDeps,
  choice: ConnectionChoice = createConnectionChoice(
    createStore<ImportState>({ step: "connect" }),
    deps.fetchConnections,
  ),
) {
  const store = choice.store;
  const now = () => deps.now?.() ?? new Date();
  const connection = createConnectionActions(deps, choice, now, (connected) => savedReviews.welcome(connected));
  const keeper = createReviewKeeper({
    tabId: deps.tabId,
    store: deps.reviewSessions,
    edits: async () => (await deps.engine.get()).sessionEdits(),
    now,
    onLost: () => {
      const state = store.getState();
      if (state.step === "review") store.set({ ...state, error: REVIEW_NOT_KEPT });
    },
  });
  const context = createWorkflowContext(deps, store, now, connection, keeper);
  const review = createReviewActions(context);
  const submission = createSubmissionActions(context);
  const checking = createCheckingActions(context, { keeper, review });
  const savedReviews = createSavedReviews(context, {
    keeper,
    checking,
    vocabulary: connection.vocabulary,
    showUpload: submission.showUpload,
  });
  const opening = createFileOpening(context, { vocabulary: connection.vocabulary, holdFile: keeper.holdFile });
  const mapping = createMappingActions(context, {
    vocabulary: connection.vocabulary,
    startReview: checking.startReview,
  });
  const { welcome: _welcome, ...savedReviewActions } = savedReviews;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    loadConnections: choice.loadConnections,
    ...connection.actions,
    ...opening,
    ...mapping,
    ...review,
    ...createReviewEdits(context, () => keeper.changed()),
    ...submission,
    // After the review's own: stopping the check also stops reading the rows, not only the dry runs.
    stopChecking: checking.stopChecking,
    ...savedReviewActions,
    ...createReviewSubmission(context, { keeper, review, submission }),

    /** The problem sheet of the review in progress, written into the customer's own file. */
    async downloadableProblems(options: { readonly utf8?: boolean } = {}) {
      const connected = connection.currentConnected();
      return review.problemFile(connected ? await keeper.file(connected) : undefined, options);
    },

    /** Whether leaving the page now would lose work (an edit not yet written down). */
    hasUnsavedWork: (): boolean => keeper.isSaving || keeper.hasUnkeptEdits,
  };
}

export type ImportWorkflow = ReturnType<typeof createImportWorkflow>;
