import { proxy } from "comlink";
import { isUnfinished } from "../../core/journal";
import { describeRate } from "../../core/rate-meter";
import type { BatchSummary } from "../../submit/submit-api";
import { PHASE_TEXT, type RunOutcome, type SubmitProgress } from "../../submit/submit-batch";
import type { SubmissionChannel, SubmissionNews } from "./submission-channel";
import type { Connected, ReviewState, SubmissionResult, SubmissionView, WorkflowContext } from "./workflow-state";

/** Requests in flight at most while submitting; fewer while the vendor is slowing down. */
export const SUBMIT_CONCURRENCY = 4;

/** "Creating jobs: 12 of 40 · 35 a minute · about 1 minute left" */
export function describeSubmitProgress(progress: SubmitProgress): string {
  return `${PHASE_TEXT[progress.phase]}: ${describeRate(progress.rate)}`;
}

export type Submitter = Awaited<ReturnType<WorkflowContext["submitter"]>>;

/**
 * Batches being sent and sent: runs one to its end or a stop (telling the browser's other tabs
 * as it goes), continues one, stops one, shows one's results, and keeps the upload step's list
 * of the account's imports following what other tabs do.
 */
export function createSubmissionRuns(context: WorkflowContext, channel: SubmissionChannel) {
  const { deps } = context;

  /**
   * This account's submissions in this browser: unfinished ones are offered again after a reload, and every one's
   * results stay at hand.
   */
  async function accountBatches(connected: Connected): Promise<BatchSummary[]> {
    try {
      return await (await context.submitter(connected)).batches(connected.connection.name, connected.account.id);
    } catch {
      return [];
    }
  }

  async function showUpload(connected: Connected, error?: string): Promise<void> {
    context.set({ step: "upload", connected, ...(error ? { error } : {}) });
    const batches = await accountBatches(connected);
    const state = context.getState();
    if (state.step === "upload" && batches.length > 0) context.set({ ...state, batches });
  }

  /** Another tab's submission moved on: the upload step's list of imports follows it. */
  async function followNews(news: SubmissionNews): Promise<void> {
    const state = context.getState();
    if (
      state.step !== "upload" ||
      state.connected.connection.name !== news.connection ||
      state.connected.account.id !== news.accountId
    )
      return;
    const known = state.batches?.some((b) => b.batch.id === news.batchId) ?? false;
    if (news.kind === "progress" && known) {
      const batches = (state.batches ?? []).map((b) =>
        b.batch.id === news.batchId ? { ...b, counts: news.counts, busyElsewhere: true, progress: news.text } : b,
      );
      return context.set({ ...state, batches });
    }
    const batches = await accountBatches(state.connected);
    const latest = context.getState();
    if (latest.step === "upload") context.set({ ...latest, batches });
  }

  /**
   * Runs a submission to its end or a stop, then shows every row's outcome. `start` sends it
   * (a new batch, or one continued); `onPlanned` is told at its first progress, which comes
   * once its batch is written down.
   */
  async function runSubmission(
    connected: Connected,
    batchId: string,
    fileName: string,
    review: ReviewState | undefined,
    start: (submitter: Submitter, onProgress: (progress: SubmitProgress) => void) => Promise<RunOutcome>,
    onPlanned?: () => void,
  ): Promise<RunOutcome | undefined> {
    const submitter = await context.submitter(connected);
    const view: SubmissionView = { batchId, fileName, review, progress: undefined, stopping: false };
    context.set({ step: "submitting", connected, submission: view });
    const news = { connection: connected.connection.name, accountId: connected.account.id, batchId };
    let outcome: RunOutcome | undefined;
    let problems: readonly string[] = [];
    try {
      outcome = await start(
        submitter,
        proxy((progress: SubmitProgress) => {
          if (onPlanned) {
            onPlanned();
            onPlanned = undefined;
          }
          channel.tell({ kind: "progress", ...news, counts: progress.counts, text: describeSubmitProgress(progress) });
          const state = context.getState();
          if (state.step === "submitting" && state.submission.batchId === batchId)
            context.set({ ...state, submission: { ...state.submission, progress } });
        }),
      );
      if (outcome.status === "finished" || outcome.status === "stopped" || outcome.status === "incomplete")
        problems = outcome.problems;
    } catch (error) {
      console.error("The submission stopped unexpectedly", error);
      problems = [
        "The submission stopped before every order was settled: something went wrong in this page. " +
          'Use "Continue sending" to settle what is left; no order is sent twice.',
      ];
    }
    channel.tell({ kind: "finished", ...news });
    if (outcome?.status === "busy") return outcome;
    // Read through a submitter of its own: the one that sent may have failed, and its handle with it.
    const results = await (await context.submitter(connected)).results(batchId);
    if (!results) {
      await showUpload(context.currentConnected() ?? connected, "The submission's journal could not be read back.");
      return outcome;
    }
    const status: SubmissionResult["status"] =
      outcome === undefined || outcome.status === "missing" ? "incomplete" : outcome.status;
    context.set({
      step: "done",
      connected: context.currentConnected() ?? connected,
      done: { results, status, problems, review },
    });
    return outcome;
  }

  return {
    showUpload,
    followNews,
    runSubmission,

    /** Continues a batch left unfinished (a reload, a crash, a stop): in-flight orders are looked up first. */
    async resume(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const results = await (await context.submitter(connected)).results(batchId);
      if (!results) return showUpload(connected, "That submission is no longer in this browser's journal.");
      const state = context.getState();
      const review = state.step === "done" ? state.done.review : undefined;
      const outcome = await runSubmission(connected, batchId, results.batch.fileName, review, (submitter, onProgress) =>
        submitter.run(batchId, SUBMIT_CONCURRENCY, onProgress),
      );
      if (outcome?.status === "busy") {
        const latest = await (await context.submitter(connected)).results(batchId);
        if (latest)
          context.set({ step: "done", connected, done: { results: latest, status: "busy", problems: [], review } });
      }
    },

    /** Shows a batch's results (every row's outcome, jobs cancelled since included) without sending anything. */
    async showResults(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const submitter = await context.submitter(connected);
      const results =
        (await submitter.refreshResults(batchId).catch(() => undefined)) ?? (await submitter.results(batchId));
      if (!results) return;
      const finished = !results.orders.some(isUnfinished);
      context.set({
        step: "done",
        connected,
        done: { results, status: finished ? "finished" : "incomplete", problems: [], review: undefined },
      });
    },

    /** Stops sending: the orders in flight finish and are written down; the rest wait for "Continue". */
    async stopSubmitting(): Promise<void> {
      const state = context.getState();
      if (state.step !== "submitting") return;
      context.set({ ...state, submission: { ...state.submission, stopping: true } });
      await (await deps.submitter.get()).stop();
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
      await runSubmission(connected, batchId, done.results.batch.fileName, done.review, (submitter, onProgress) =>
        submitter.run(batchId, SUBMIT_CONCURRENCY, onProgress),
      );
    },

    /** Cancels one job of a possible duplicate, as chosen on the results, and shows the results again. */
    async cancelDuplicate(orderNumber: string, jobNumber: number): Promise<string> {
      const state = context.getState();
      if (state.step !== "done") return "";
      const { connected, done } = state;
      const submitter = await context.submitter(connected);
      const answer = await submitter.cancelDuplicate(done.results.batch.id, orderNumber, jobNumber);
      const results = await submitter.results(done.results.batch.id);
      const latest = context.getState();
      if (results && latest.step === "done") context.set({ ...latest, done: { ...latest.done, results } });
      return answer.message;
    },
  };
}

export type SubmissionRuns = ReturnType<typeof createSubmissionRuns>;
