import { proxy } from "comlink";
import { describeRate } from "../../core/rate-meter";
import { PHASE_TEXT, type SubmitProgress } from "../../submit/batch-run";
import type { RunSummary } from "../../submit/submit-api";
import type { SubmissionChannel } from "./submission-channel";
import type { UploadStep } from "./upload-step";
import type { Connected, ReviewState, SubmissionResult, SubmissionView, WorkflowContext } from "./workflow-state";
import { LISTED } from "./listed-results";
import { nextTask } from "./next-task";

/** Requests in flight at most while submitting; fewer while the vendor is slowing down. */
export const SUBMIT_CONCURRENCY = 4;

/** "Creating jobs: 12 of 40 · 35 a minute · about 1 minute left" */
export function describeSubmitProgress(progress: SubmitProgress): string {
  return `${PHASE_TEXT[progress.phase]}: ${describeRate(progress.rate)}`;
}

export type Submitter = Awaited<ReturnType<WorkflowContext["submitter"]>>;

/**
 * Batches being sent: runs one to its end or a stop (telling the browser's other tabs as it
 * goes), continues one, stops one. What follows a run is the submission results'.
 */
export function createSubmissionRuns(
  context: WorkflowContext,
  channel: SubmissionChannel,
  upload: Pick<UploadStep, "showUpload">,
) {
  const { deps } = context;

  /**
   * Runs a submission to its end or a stop, then shows every row's outcome. `start` sends it
   * (a new batch, or one continued); `onPlanned` is told once its batch is written down (its
   * first progress past writing it).
   */
  async function runSubmission(
    connected: Connected,
    batchId: string,
    fileName: string,
    review: ReviewState | undefined,
    start: (submitter: Submitter, onProgress: (progress: SubmitProgress) => void) => Promise<RunSummary>,
    onPlanned?: () => void,
  ): Promise<RunSummary | undefined> {
    const submitter = await context.submitter(connected);
    const view: SubmissionView = { batchId, fileName, review, progress: undefined, stopping: false };
    context.set({ step: "submitting", connected, submission: view });
    const news = { connection: connected.connection.name, accountId: connected.account.id, batchId };
    let outcome: RunSummary | undefined;
    let problems: readonly string[] = [];
    try {
      outcome = await start(
        submitter,
        proxy((progress: SubmitProgress) => {
          // Once written down: the batch's first progress past writing it.
          if (onPlanned && progress.phase !== "writing") {
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
    const results = await (await context.submitter(connected)).resultsView(batchId, LISTED);
    if (!results) {
      await upload.showUpload(
        context.currentConnected() ?? connected,
        "The submission's journal could not be read back.",
      );
      return outcome;
    }
    const status: SubmissionResult["status"] =
      outcome === undefined || outcome.status === "missing" ? "incomplete" : outcome.status;
    await nextTask();
    context.set({
      step: "done",
      connected: context.currentConnected() ?? connected,
      done: { results, status, problems, review },
    });
    return outcome;
  }

  /** Runs a batch already written down (unfinished, or with orders the user chose to send again) to its end. */
  function continueBatch(
    connected: Connected,
    batchId: string,
    fileName: string,
    review: ReviewState | undefined,
  ): Promise<RunSummary | undefined> {
    return runSubmission(connected, batchId, fileName, review, (submitter, onProgress) =>
      submitter.run(batchId, SUBMIT_CONCURRENCY, onProgress),
    );
  }

  return {
    runSubmission,
    continueBatch,

    /** Continues a batch left unfinished (a reload, a crash, a stop): in-flight orders are looked up first. */
    async resume(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const results = await (await context.submitter(connected)).resultsView(batchId, LISTED);
      if (!results) return upload.showUpload(connected, "That submission is no longer in this browser's journal.");
      const state = context.getState();
      const review = state.step === "done" ? state.done.review : undefined;
      const outcome = await continueBatch(connected, batchId, results.batch.fileName, review);
      if (outcome?.status === "busy") {
        const latest = await (await context.submitter(connected)).resultsView(batchId, LISTED);
        if (latest)
          context.set({ step: "done", connected, done: { results: latest, status: "busy", problems: [], review } });
      }
    },

    /** Stops sending: the orders in flight finish and are written down; the rest wait for "Continue". */
    async stopSubmitting(): Promise<void> {
      const state = context.getState();
      if (state.step !== "submitting") return;
      context.set({ ...state, submission: { ...state.submission, stopping: true } });
      await (await deps.submitter.get()).stop();
    },
  };
}

export type SubmissionRuns = ReturnType<typeof createSubmissionRuns>;
