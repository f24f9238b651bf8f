import { batchFilesOf, planOfFiles } from "../../core/source-files";
import { sourcesOf } from "../../sheet/combined-table";
import type { SubmissionPlan } from "../../core/batch-plan";
import { summaryText, summaryWordsFor, type SubmissionSummary } from "../../core/submission-summary";
import { APP_VERSION } from "../app-version";
import { navigatorLocale } from "../page-locale";
import { SUBMIT_CONCURRENCY, type SubmissionRuns } from "./submission-runs";
import { createWaitingForTurn } from "./waiting-for-turn";
import type { ConfirmState, Connected, ReviewState, WorkflowContext } from "./workflow-state";
import { nextTask } from "./next-task";

/** A plan to confirm, with its summary (worked out in the engine's worker). */
interface ConfirmationPlan {
  readonly plan: SubmissionPlan;
  readonly summary: SubmissionSummary;
}

/** The confirmation of what a plan sends, in the account's words. */
async function confirmationOf(
  context: WorkflowContext,
  review: ReviewState,
  { plan, summary }: ConfirmationPlan,
  extra: Partial<ConfirmState> = {},
): Promise<ConfirmState> {
  await nextTask();
  const snapshot = await context.catalogue();
  const engine = await context.deps.engine.get();
  // Each order to be created with its artwork, as checked: the pictures to see before money is spent. Asked for in
  // one call: an order at a time, 4,000 orders took nearly two seconds.
  const artwork = await engine.ordersArtwork(plan.orders.filter((order) => !order.existing).map((o) => o.orderNumber));
  const words = snapshot
    ? summaryWordsFor(snapshot, navigatorLocale())
    : { money: (n: number) => n.toFixed(2), deliveryLabel: (code: string) => code };
  return {
    review,
    summary,
    lines: summaryText(summary, words),
    totalText: words.money(summary.total),
    currency: snapshot?.account.currency ?? "",
    artwork,
    ...extra,
  };
}

/** The confirmed plan as the journal writes it down: with the account, the file it came from and who sent it. */
function batchPlanOf(context: WorkflowContext, connected: Connected, review: ReviewState, plan: SubmissionPlan) {
  const { files } = review;
  return {
    // Several files: rows are told by their own files' numbers, and each file is written down.
    ...(files ? { ...planOfFiles(sourcesOf(files), plan).plan, files: batchFilesOf(files, plan) } : plan),
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
}

/**
 * The confirmation before money is spent: what a submission would create now, looked up
 * afresh; "Create N jobs" sends exactly that plan. When another tab, browser or machine is
 * submitting for the account, nothing is written down: the page waits, looking every few
 * seconds (and at once when a tab says it is done), then shows what is left for confirmation again.
 */
export function createSubmissionConfirmation(context: WorkflowContext, runs: Pick<SubmissionRuns, "runSubmission">) {
  const { deps } = context;
  /** The plan shown for confirmation: exactly what "Create N jobs" sends. */
  let confirmedPlan: SubmissionPlan | undefined;
  const turn = createWaitingForTurn(context, lookAgain);

  /** The other submission has finished: what is left to send is looked up again and shown for confirmation again. */
  async function lookAgain(): Promise<void> {
    const state = context.getState();
    if (state.step !== "confirm" || !state.confirm.waiting) return;
    turn.stopWaiting();
    const { review } = state.confirm;
    await context.lookUpOrders(state.connected, true);
    const confirmation = await (await deps.engine.get()).confirmationPlan();
    confirmedPlan = confirmation.plan;
    const latest = context.getState();
    if (latest.step !== "confirm") return;
    const notice =
      "The other submission has finished. Orders it created are now left out: check what is left before creating it.";
    context.set({ ...latest, confirm: await confirmationOf(context, review, confirmation, { notice }) });
  }

  return {
    followNews: turn.followNews,

    /**
     * Shows what a submission would create now, for confirmation: every order the vendor's dry
     * run accepted and that is not at the vendor already (looked up first), with the total, the
     * due dates, the delivery methods and every order left out and why.
     */
    async prepare(connected: Connected, review: ReviewState): Promise<string | undefined> {
      // Every checked order is looked up afresh: another submission may have made some since they were last.
      await context.lookUpOrders(connected, true);
      const confirmation = await (await deps.engine.get()).confirmationPlan();
      const { plan } = confirmation;
      if (!plan.orders.some((o) => o.existing === undefined)) {
        return plan.orders.length > 0
          ? "Nothing to send: every ready order is already at the vendor (see the orders marked in the review)."
          : "No job is ready to send: fix the problems shown, then check again.";
      }
      confirmedPlan = plan;
      context.set({ step: "confirm", connected, confirm: await confirmationOf(context, review, confirmation) });
      return undefined;
    },

    /** Back from the confirmation to the review, nothing sent. */
    backToReview(): void {
      const state = context.getState();
      if (state.step !== "confirm") return;
      turn.stopWaiting();
      confirmedPlan = undefined;
      context.set({
        step: "review",
        connected: state.connected,
        review: { ...state.confirm.review, submitting: false, revision: state.confirm.review.revision + 1 },
      });
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
      const batchPlan = batchPlanOf(context, connected, review, plan);
      let planned = false;
      const outcome = await runs.runSubmission(
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
        context.set({
          step: "confirm",
          connected: context.currentConnected() ?? connected,
          confirm: { ...confirm, sending: false, waiting: { since } },
        });
        turn.waitForTurn(connected);
        return;
      }
      confirmedPlan = undefined;
      if (!planned) await onPlanned(batchId);
    },
  };
}
