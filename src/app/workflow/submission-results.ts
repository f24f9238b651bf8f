import { countsAny, UNFINISHED_STATES } from "../../core/journal";
import type { SubmissionRuns } from "./submission-runs";
import type { WorkflowContext } from "./workflow-state";
import { LISTED } from "./listed-results";

/**
 * After a submission: its results shown (also for a batch sent earlier), and what the user
 * decides from them: orders sent again, or one job of a possible duplicate cancelled.
 */
export function createSubmissionResults(context: WorkflowContext, runs: Pick<SubmissionRuns, "continueBatch">) {
  return {
    /** Shows a batch's results (every row's outcome, jobs cancelled since included) without sending anything. */
    async showResults(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const submitter = await context.submitter(connected);
      const results =
        (await submitter.refreshResults(batchId, LISTED).catch(() => undefined)) ??
        (await submitter.resultsView(batchId, LISTED));
      if (!results) return;
      const finished = !countsAny(results.orderCounts, UNFINISHED_STATES);
      context.set({
        step: "done",
        connected,
        done: { results, status: finished ? "finished" : "incomplete", problems: [], review: undefined },
      });
    },

    /**
     * The user's decision to send orders again (already existing, or not found after an unclear answer), then sends
     * them.
     */
    async sendAgain(orderNumbers: readonly string[]): Promise<void> {
      const state = context.getState();
      if (state.step !== "done") return;
      const { connected, done } = state;
      const batchId = done.results.batch.id;
      await (await context.submitter(connected)).allowResend(batchId, orderNumbers);
      await runs.continueBatch(connected, batchId, done.results.batch.fileName, done.review);
    },

    /** Cancels one job of a possible duplicate, as chosen on the results, and shows the results again. */
    async cancelDuplicate(orderNumber: string, jobNumber: number): Promise<string> {
      const state = context.getState();
      if (state.step !== "done") return "";
      const { connected, done } = state;
      const submitter = await context.submitter(connected);
      const answer = await submitter.cancelDuplicate(done.results.batch.id, orderNumber, jobNumber);
      const results = await submitter.resultsView(done.results.batch.id, LISTED);
      const latest = context.getState();
      if (results && latest.step === "done") context.set({ ...latest, done: { ...latest.done, results } });
      return answer.message;
    },
  };
}
