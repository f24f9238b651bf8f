import { transfer } from "comlink";
import type { PlanFiles } from "../../core/source-files";
import { sourcesOf } from "../../sheet/combined-table";
import { summaryText, summaryWordsFor } from "../../core/submission-summary";
import type { Confirmation } from "../../engine/confirmed-plan";
import { APP_VERSION } from "../app-version";
import { navigatorLocale } from "../page-locale";
import { SUBMIT_CONCURRENCY, type SubmissionRuns } from "./submission-runs";
import { createWaitingForTurn } from "./waiting-for-turn";
import type { ConfirmState, Connected, ReviewState, WorkflowContext } from "./workflow-state";
import { nextTask } from "./next-task";

/** The confirmation of what a plan sends, in the account's words. */
async function confirmationOf(
  context: WorkflowContext,
  review: ReviewState,
  { summary, artwork }: Confirmation,
  extra: Partial<ConfirmState> = {},
): Promise<ConfirmState> {
  await nextTask();
  const snapshot = await context.catalogue();
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

/** Where a confirmed plan comes from, as the journal writes it down: the account, the file and who sent it. */
function originOf(context: WorkflowContext, connected: Connected, review: ReviewState) {
  return {
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

/** Several files: each one's columns, sheet and header row, so rows are told by their own files' numbers. */
function planFilesOf(review: ReviewState): PlanFiles | undefined {
  const { files } = review;
  return files && { sources: sourcesOf(files), sheets: files };
}

/**
 * The confirmation before money is spent: what a submission would create now, looked up
 * afresh; "Create N jobs" sends exactly that plan. When another tab, browser or machine is
 * submitting for the account, nothing is written down: the page waits, looking every few
 * seconds (and at once when a tab says it is done), then shows what is left for confirmation again.
 */
export function createSubmissionConfirmation(context: WorkflowContext, runs: Pick<SubmissionRuns, "runSubmission">) {
  const { deps } = context;
  /** The handle of the plan shown for confirmation, which the engine keeps: exactly what "Create N jobs" sends. */
  let confirmedPlanId: number | undefined;
  const turn = createWaitingForTurn(context, lookAgain);

  /** Has the engine send the plan down `port`: false when it no longer has that plan, or its worker has failed. */
  async function sendPlan(
    port: MessagePort,
    planId: number,
    origin: ReturnType<typeof originOf>,
    review: ReviewState,
  ): Promise<boolean> {
    try {
      return await (await deps.engine.get()).sendConfirmedPlan(port, planId, origin, planFilesOf(review));
    } catch (error) {
      console.error("The confirmed plan could not be sent", error);
      return false;
    }
  }

  /** The other submission has finished: what is left to send is looked up again and shown for confirmation again. */
  async function lookAgain(): Promise<void> {
    const state = context.getState();
    if (state.step !== "confirm" || !state.confirm.waiting) return;
    turn.stopWaiting();
    const { review } = state.confirm;
    await context.lookUpOrders(state.connected, true);
    const confirmation = await (await deps.engine.get()).confirmationPlan();
    confirmedPlanId = confirmation.planId;
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
      if (confirmation.creates === 0) {
        return confirmation.orders > 0
          ? "Nothing to send: every ready order is already at the vendor (see the orders marked in the review)."
          : "No job is ready to send: fix the problems shown, then check again.";
      }
      confirmedPlanId = confirmation.planId;
      context.set({ step: "confirm", connected, confirm: await confirmationOf(context, review, confirmation) });
      return undefined;
    },

    /** Back from the confirmation to the review, nothing sent. */
    backToReview(): void {
      const state = context.getState();
      if (state.step !== "confirm") return;
      turn.stopWaiting();
      confirmedPlanId = undefined;
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
      const planId = confirmedPlanId;
      if (state.step !== "confirm" || planId === undefined || state.confirm.sending) return;
      const { connected, confirm } = state;
      context.set({ ...state, confirm: { ...confirm, sending: true, error: undefined } });
      const batchId = crypto.randomUUID();
      const { review } = confirm;
      // The plan goes from the engine's worker to the submit worker; the page only joins them.
      const { port1, port2 } = new MessageChannel();
      const sent = await sendPlan(transfer(port1, [port1]), planId, originOf(context, connected, review), review);
      if (!sent) {
        port2.close();
        confirmedPlanId = undefined;
        const error =
          "Nothing was sent: what you confirmed is no longer at hand. Go back to the review and confirm again.";
        context.set({ ...state, confirm: { ...confirm, sending: false, error } });
        return;
      }
      let planned = false;
      const outcome = await runs.runSubmission(
        connected,
        batchId,
        review.fileName,
        review,
        (submitter, onProgress) =>
          submitter.submitFrom(transfer(port2, [port2]), batchId, SUBMIT_CONCURRENCY, onProgress),
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
      confirmedPlanId = undefined;
      if (!planned) await onPlanned(batchId);
    },
  };
}
