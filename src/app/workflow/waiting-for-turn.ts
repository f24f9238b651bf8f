import type { SubmissionNews } from "./submission-channel";
import type { Connected, WorkflowContext } from "./workflow-state";

/** How often a page waiting for another submission to finish looks again. */
const WAIT_POLL_MS = 5_000;

/**
 * A confirmation waiting while another tab, browser or machine submits for the account: it
 * looks every few seconds, shows the progress a tab of this browser tells, and calls
 * `lookAgain` once that submission is done.
 */
export function createWaitingForTurn(context: WorkflowContext, lookAgain: () => Promise<void>) {
  let waiting: { readonly stop: () => void } | undefined;

  function stopWaiting(): void {
    waiting?.stop();
    waiting = undefined;
  }

  return {
    stopWaiting,

    /**
     * Waits for another tab, browser or machine to finish submitting for the account, looking every few seconds (and
     * at once when a tab says it is done).
     */
    waitForTurn(connected: Connected): void {
      stopWaiting();
      const timer = setInterval(() => {
        void (async () => {
          const busy = await (await context.submitter(connected))
            .busy(connected.connection.name, connected.account.id)
            .catch(() => ({ busy: true as const }));
          if (!busy.busy) await lookAgain();
        })();
      }, WAIT_POLL_MS);
      waiting = { stop: () => clearInterval(timer) };
    },

    /** Another tab's submission moved on: a page waiting for it shows its progress, and looks again once it is done. */
    followNews(news: SubmissionNews): void {
      const state = context.getState();
      if (
        state.step !== "confirm" ||
        !state.confirm.waiting ||
        state.connected.connection.name !== news.connection ||
        state.connected.account.id !== news.accountId
      )
        return;
      if (news.kind === "progress")
        context.set({
          ...state,
          confirm: { ...state.confirm, waiting: { ...state.confirm.waiting, progress: news.text } },
        });
      else void lookAgain();
    },
  };
}

export type WaitingForTurn = ReturnType<typeof createWaitingForTurn>;
