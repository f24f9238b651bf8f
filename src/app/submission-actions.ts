import { proxy } from "comlink";
import { isUnfinished } from "../core/journal";
import { auditJsonLines, auditTrail } from "../core/result-data";
import { resultFileName } from "../core/result-sheet";
import type { ResultFile } from "../sheet/write-results";
import { APP_VERSION } from "./app-version";
import { describeRate } from "../core/rate-meter";
import type { BatchSummary } from "../submit/submit-api";
import { PHASE_TEXT, type SubmitProgress } from "../submit/submit-batch";
import type { Connected, ReviewState, SubmissionResult, SubmissionView, WorkflowContext } from "./workflow-state";

/** Requests in flight at most while submitting; fewer while the vendor is slowing down. */
export const SUBMIT_CONCURRENCY = 4;

/** "Creating jobs: 12 of 40 · 35 a minute · about 1 minute left" */
export function describeSubmitProgress(progress: SubmitProgress): string {
  return `${PHASE_TEXT[progress.phase]}: ${describeRate(progress.rate)}`;
}

/**
 * Submission from the page: the batch is planned into the journal by the submit worker and
 * sent there; the page shows progress, can stop it, offers unfinished batches again after a
 * reload, and reads every row's outcome back from the journal.
 */
export function createSubmissionActions(context: WorkflowContext) {
  const { deps } = context;

  /** The submitter, pointed at this connection through the proxy. */
  async function submitterFor(connected: Connected) {
    const submitter = await deps.submitter.get();
    const address = context.address(connected);
    await submitter.connect(address.baseUrl, address.headers);
    return submitter;
  }

  /** This account's submissions in this browser: unfinished ones are offered again after a reload, and every one's results stay at hand. */
  async function accountBatches(connected: Connected): Promise<BatchSummary[]> {
    try {
      return await (await submitterFor(connected)).batches(connected.connection.name, connected.account.id);
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

  /** Runs (or continues) a batch to its end or a stop, then shows every row's outcome. */
  async function runSubmission(connected: Connected, batchId: string, fileName: string, review: ReviewState | undefined): Promise<void> {
    const submitter = await submitterFor(connected);
    const view: SubmissionView = { batchId, fileName, review, progress: undefined, stopping: false };
    context.set({ step: "submitting", connected, submission: view });
    let status: SubmissionResult["status"] = "incomplete";
    let problems: readonly string[] = [];
    try {
      const outcome = await submitter.run(
        batchId,
        SUBMIT_CONCURRENCY,
        proxy((progress: SubmitProgress) => {
          const state = context.getState();
          if (state.step === "submitting" && state.submission.batchId === batchId) context.set({ ...state, submission: { ...state.submission, progress } });
        }),
      );
      if (outcome.status === "busy") status = "busy";
      else if (outcome.status !== "missing") ({ status, problems } = outcome);
    } catch (error) {
      console.error("The submission stopped unexpectedly", error);
      problems = ['The submission stopped before every order was settled: something went wrong in this page. Use "Continue sending" to settle what is left; no order is sent twice.'];
    }
    const results = await submitter.results(batchId);
    if (!results) return showUpload(context.currentConnected() ?? connected, "The submission's journal could not be read back.");
    context.set({ step: "done", connected: context.currentConnected() ?? connected, done: { results, status, problems, review } });
  }

  return {
    showUpload,

    /**
     * Writes the batch to the journal and sends it. Only jobs the vendor's dry run accepted
     * are sent; every other row is written down with why, for the result sheet.
     */
    async submitReview(connected: Connected, review: ReviewState, onPlanned: (batchId: string) => Promise<void>): Promise<string | undefined> {
      const plan = await (await deps.engine.get()).submissionPlan();
      if (plan.orders.length === 0) return "No job is ready to send: fix the problems shown, then check again.";
      const submitter = await submitterFor(connected);
      const batch = await submitter.plan({
        ...plan,
        connection: connected.connection.name,
        accountId: connected.account.id,
        accountName: connected.account.name ?? "",
        fileName: review.fileName,
        sheetName: review.sheetName,
        headerRowNumber: review.headerRowNumber,
        fileSha256: context.fileSha256(),
        importedBy: connected.userName,
        appVersion: APP_VERSION,
      });
      await onPlanned(batch.id);
      await runSubmission(context.currentConnected() ?? connected, batch.id, review.fileName, review);
      return undefined;
    },

    /** Continues a batch left unfinished (a reload, a crash, a stop): in-flight orders are looked up first. */
    async resume(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const results = await (await submitterFor(connected)).results(batchId);
      if (!results) return showUpload(connected, "That submission is no longer in this browser's journal.");
      const state = context.getState();
      await runSubmission(connected, batchId, results.batch.fileName, state.step === "done" ? state.done.review : undefined);
    },

    /** Shows a batch's results (every row's outcome) without sending anything. */
    async showResults(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const results = await (await submitterFor(connected)).results(batchId);
      if (!results) return;
      const finished = !results.orders.some(isUnfinished);
      context.set({ step: "done", connected, done: { results, status: finished ? "finished" : "incomplete", problems: [], review: undefined } });
    },

    /** Stops sending: the orders in flight finish and are written down; the rest wait for "Continue". */
    async stopSubmitting(): Promise<void> {
      const state = context.getState();
      if (state.step !== "submitting") return;
      context.set({ ...state, submission: { ...state.submission, stopping: true } });
      await (await deps.submitter.get()).stop();
    },

    /** The user's decision to send orders again (already existing, or not found after an unclear answer), then sends them. */
    async sendAgain(orderNumbers: readonly string[]): Promise<void> {
      const state = context.getState();
      if (state.step !== "done") return;
      const { connected, done } = state;
      await (await submitterFor(connected)).allowResend(done.results.batch.id, orderNumbers);
      await runSubmission(connected, done.results.batch.id, done.results.batch.fileName, done.review);
    },

    /**
     * The result sheet, from the journal, written back into the customer's own file (kept
     * with the batch); the results alone when that file is not at hand.
     */
    async resultFile(batchId: string, options: { readonly utf8?: boolean } = {}): Promise<ResultFile> {
      const connected = context.currentConnected();
      if (!connected) return { ok: false, reason: "unreadable", message: "Connect to the account again to write its results." };
      const submitter = await submitterFor(connected);
      const results = await submitter.results(batchId);
      if (!results) return { ok: false, reason: "unreadable", message: "That submission is no longer in this browser's journal." };
      const { batch } = results;
      const original = await (await deps.batchFiles()).get(batchId).catch(() => undefined);
      const data = original ? await submitter.resultData(batchId) : undefined;
      if (original && data) return deps.sheets.writeResults(new Uint8Array(await original.arrayBuffer()), batch.fileName, batch.sheetName, data, options);
      return { ok: true, bytes: await deps.sheets.resultsOnlySheet(results.rows), fileName: resultFileName(batch.fileName, "csv") };
    },

    /** The batch's audit trail as JSON Lines: the import, every edit and skip, each request and answer. */
    async auditFile(batchId: string): Promise<{ readonly bytes: Uint8Array; readonly fileName: string } | undefined> {
      const connected = context.currentConnected();
      if (!connected) return undefined;
      const submitter = await submitterFor(connected);
      // The trail is the journal's alone: no need to ask the vendor for each job's status.
      const results = await submitter.results(batchId);
      if (!results) return undefined;
      const trail = auditJsonLines(auditTrail(results.batch, results.orders));
      return { bytes: new TextEncoder().encode(trail), fileName: resultFileName(results.batch.fileName, "jsonl", "audit") };
    },
  };
}
