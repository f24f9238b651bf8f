import { proxy } from "comlink";
import type { SubmissionPlan } from "../core/batch-plan";
import { isUnfinished } from "../core/journal";
import { describeRate } from "../core/rate-meter";
import { auditJsonLines, auditTrail } from "../core/result-data";
import { resultFileName } from "../core/result-sheet";
import { summariseSubmission, summaryText, summaryWordsFor } from "../core/submission-summary";
import type { ResultFile } from "../sheet/write-results";
import type { BatchSummary } from "../submit/submit-api";
import { PHASE_TEXT, type RunOutcome, type SubmitProgress } from "../submit/submit-batch";
import { APP_VERSION } from "./app-version";
import { navigatorLocale } from "./page-locale";
import { createSubmissionChannel, type SubmissionNews } from "./submission-channel";
import type { ConfirmState, Connected, ReviewState, SubmissionResult, SubmissionView, WorkflowContext } from "./workflow-state";

/** Requests in flight at most while submitting; fewer while the vendor is slowing down. */
export const SUBMIT_CONCURRENCY = 4;

/** How often a page waiting for another submission to finish looks again. */
const WAIT_POLL_MS = 5_000;

/** "Creating jobs: 12 of 40 · 35 a minute · about 1 minute left" */
export function describeSubmitProgress(progress: SubmitProgress): string {
  return `${PHASE_TEXT[progress.phase]}: ${describeRate(progress.rate)}`;
}

type Submitter = Awaited<ReturnType<WorkflowContext["submitter"]>>;

/**
 * Submission from the page: what is about to be created is shown for confirmation first; the
 * batch is then planned into the journal and sent by the submit worker, under the account's
 * lock and lease (a page that finds another tab, browser or machine submitting waits, and
 * looks again when it is done); the page shows progress, can stop it, offers unfinished
 * batches again after a reload, and reads every row's outcome back from the journal. Other
 * tabs of the browser follow a submission live.
 */
export function createSubmissionActions(context: WorkflowContext, channel = context.deps.channel ?? createSubmissionChannel()) {
  const { deps } = context;
  /** The plan shown for confirmation: exactly what "Create N jobs" sends. */
  let confirmedPlan: SubmissionPlan | undefined;
  let waiting: { readonly stop: () => void } | undefined;

  channel.listen((news) => void hearNews(news));

  /** This account's submissions in this browser: unfinished ones are offered again after a reload, and every one's results stay at hand. */
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

  /** Another tab's submission moved on: the list of imports follows it, and a page waiting for it looks again once it is done. */
  async function hearNews(news: SubmissionNews): Promise<void> {
    const state = context.getState();
    if (state.step === "connect" || state.connected.connection.name !== news.connection || state.connected.account.id !== news.accountId) return;
    if (state.step === "upload") {
      const known = state.batches?.some((b) => b.batch.id === news.batchId) ?? false;
      if (news.kind === "progress" && known) {
        const batches = (state.batches ?? []).map((b) => (b.batch.id === news.batchId ? { ...b, counts: news.counts, busyElsewhere: true, progress: news.text } : b));
        return context.set({ ...state, batches });
      }
      const batches = await accountBatches(state.connected);
      const latest = context.getState();
      if (latest.step === "upload") context.set({ ...latest, batches });
    }
    if (state.step === "confirm" && state.confirm.waiting) {
      if (news.kind === "progress") context.set({ ...state, confirm: { ...state.confirm, waiting: { ...state.confirm.waiting, progress: news.text } } });
      else void lookAgain();
    }
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
          if (state.step === "submitting" && state.submission.batchId === batchId) context.set({ ...state, submission: { ...state.submission, progress } });
        }),
      );
      if (outcome.status === "finished" || outcome.status === "stopped" || outcome.status === "incomplete") problems = outcome.problems;
    } catch (error) {
      console.error("The submission stopped unexpectedly", error);
      problems = ['The submission stopped before every order was settled: something went wrong in this page. Use "Continue sending" to settle what is left; no order is sent twice.'];
    }
    channel.tell({ kind: "finished", ...news });
    if (outcome?.status === "busy") return outcome;
    const results = await submitter.results(batchId);
    if (!results) {
      await showUpload(context.currentConnected() ?? connected, "The submission's journal could not be read back.");
      return outcome;
    }
    const status: SubmissionResult["status"] = outcome === undefined || outcome.status === "missing" ? "incomplete" : outcome.status;
    context.set({ step: "done", connected: context.currentConnected() ?? connected, done: { results, status, problems, review } });
    return outcome;
  }

  /** The confirmation of what a plan sends, in the account's words. */
  async function confirmationOf(review: ReviewState, plan: SubmissionPlan, extra: Partial<ConfirmState> = {}): Promise<ConfirmState> {
    const snapshot = await context.catalogue();
    const summary = summariseSubmission(plan.orders, plan.otherRows);
    const words = snapshot ? summaryWordsFor(snapshot, navigatorLocale()) : { money: (n: number) => n.toFixed(2), deliveryLabel: (code: string) => code };
    return { review, summary, lines: summaryText(summary, words), totalText: words.money(summary.total), currency: snapshot?.account.currency ?? "", ...extra };
  }

  /** The other submission has finished: what is left to send is looked up again and shown for confirmation again. */
  async function lookAgain(): Promise<void> {
    const state = context.getState();
    if (state.step !== "confirm" || !state.confirm.waiting) return;
    stopWaiting();
    const { review } = state.confirm;
    await context.lookUpOrders(state.connected, true);
    const plan = await (await deps.engine.get()).submissionPlan();
    confirmedPlan = plan;
    const latest = context.getState();
    if (latest.step !== "confirm") return;
    const notice = "The other submission has finished. Orders it created are now left out: check what is left before creating it.";
    context.set({ ...latest, confirm: await confirmationOf(review, plan, { notice }) });
  }

  function stopWaiting(): void {
    waiting?.stop();
    waiting = undefined;
  }

  /** Waits for another tab, browser or machine to finish submitting for the account, looking every few seconds (and at once when a tab says it is done). */
  function waitForTurn(connected: Connected): void {
    stopWaiting();
    const timer = setInterval(() => {
      void (async () => {
        const busy = await (await context.submitter(connected)).busy(connected.connection.name, connected.account.id).catch(() => ({ busy: true as const }));
        if (!busy.busy) await lookAgain();
      })();
    }, WAIT_POLL_MS);
    waiting = { stop: () => clearInterval(timer) };
  }

  return {
    showUpload,

    /**
     * Shows what a submission would create now, for confirmation: every order the vendor's dry
     * run accepted and that is not at the vendor already (looked up first), with the total, the
     * due dates, the delivery methods and every order left out and why.
     */
    async prepare(connected: Connected, review: ReviewState): Promise<string | undefined> {
      // Every checked order is looked up afresh: another submission may have made some since they were last.
      await context.lookUpOrders(connected, true);
      const plan = await (await deps.engine.get()).submissionPlan();
      if (!plan.orders.some((o) => o.existing === undefined)) {
        return plan.orders.length > 0 ? "Nothing to send: every ready order is already at the vendor (see the orders marked in the review)." : "No job is ready to send: fix the problems shown, then check again.";
      }
      confirmedPlan = plan;
      context.set({ step: "confirm", connected, confirm: await confirmationOf(review, plan) });
      return undefined;
    },

    /** Back from the confirmation to the review, nothing sent. */
    backToReview(): void {
      const state = context.getState();
      if (state.step !== "confirm") return;
      stopWaiting();
      confirmedPlan = undefined;
      context.set({ step: "review", connected: state.connected, review: { ...state.confirm.review, submitting: false, revision: state.confirm.review.revision + 1 } });
    },

    /**
     * Writes the confirmed plan down as a batch and sends it; `onPlanned` is told once it is
     * written. When another tab, browser or machine is submitting for the account, nothing is
     * written: the page waits and looks again when that one is done.
     */
    async sendConfirmed(onPlanned: (batchId: string) => Promise<void>): Promise<void> {
      const state = context.getState();
      const plan = confirmedPlan;
      if (state.step !== "confirm" || !plan || state.confirm.sending) return;
      const { connected, confirm } = state;
      context.set({ ...state, confirm: { ...confirm, sending: true, error: undefined } });
      const batchId = crypto.randomUUID();
      const { review } = confirm;
      const batchPlan = {
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
      };
      let planned = false;
      const outcome = await runSubmission(
        connected,
        batchId,
        review.fileName,
        review,
        (submitter, onProgress) => submitter.submit(batchPlan, batchId, SUBMIT_CONCURRENCY, onProgress),
        () => {
          planned = true;
          void onPlanned(batchId);
        },
      );
      if (outcome?.status === "busy") {
        const since = outcome.since;
        context.set({ step: "confirm", connected: context.currentConnected() ?? connected, confirm: { ...confirm, sending: false, waiting: { since } } });
        waitForTurn(connected);
        return;
      }
      confirmedPlan = undefined;
      if (!planned) await onPlanned(batchId);
    },

    /** Continues a batch left unfinished (a reload, a crash, a stop): in-flight orders are looked up first. */
    async resume(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const results = await (await context.submitter(connected)).results(batchId);
      if (!results) return showUpload(connected, "That submission is no longer in this browser's journal.");
      const state = context.getState();
      const review = state.step === "done" ? state.done.review : undefined;
      const outcome = await runSubmission(connected, batchId, results.batch.fileName, review, (submitter, onProgress) => submitter.run(batchId, SUBMIT_CONCURRENCY, onProgress));
      if (outcome?.status === "busy") {
        const latest = await (await context.submitter(connected)).results(batchId);
        if (latest) context.set({ step: "done", connected, done: { results: latest, status: "busy", problems: [], review } });
      }
    },

    /** Shows a batch's results (every row's outcome, jobs cancelled since included) without sending anything. */
    async showResults(batchId: string): Promise<void> {
      const connected = context.currentConnected();
      if (!connected) return;
      const submitter = await context.submitter(connected);
      const results = (await submitter.refreshResults(batchId).catch(() => undefined)) ?? (await submitter.results(batchId));
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
      const batchId = done.results.batch.id;
      await (await context.submitter(connected)).allowResend(batchId, orderNumbers);
      await runSubmission(connected, batchId, done.results.batch.fileName, done.review, (submitter, onProgress) => submitter.run(batchId, SUBMIT_CONCURRENCY, onProgress));
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

    /**
     * The result sheet, from the journal, written back into the customer's own file (kept
     * with the batch); the results alone when that file is not at hand.
     */
    async resultFile(batchId: string, options: { readonly utf8?: boolean } = {}): Promise<ResultFile> {
      const connected = context.currentConnected();
      if (!connected) return { ok: false, reason: "unreadable", message: "Connect to the account again to write its results." };
      const submitter = await context.submitter(connected);
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
      const submitter = await context.submitter(connected);
      // The trail is the journal's alone: no need to ask the vendor for each job's status.
      const results = await submitter.results(batchId);
      if (!results) return undefined;
      const trail = auditJsonLines(auditTrail(results.batch, results.orders));
      return { bytes: new TextEncoder().encode(trail), fileName: resultFileName(results.batch.fileName, "jsonl", "audit") };
    },
  };
}
