import type { BatchSummary } from "../../submit/submit-api";
import type { SubmissionNews } from "./submission-channel";
import type { Connected, WorkflowContext } from "./workflow-state";

/**
 * This account's submissions in this browser: unfinished ones are offered again after a reload, and every one's
 * results stay at hand.
 */
async function accountBatches(context: WorkflowContext, connected: Connected): Promise<BatchSummary[]> {
  try {
    return await (await context.submitter(connected)).batches(connected.connection.name, connected.account.id);
  } catch {
    return [];
  }
}

/** The upload step, with its list of the account's imports, which follows what other tabs do. */
export function createUploadStep(context: WorkflowContext) {
  return {
    async showUpload(connected: Connected, error?: string): Promise<void> {
      context.set({ step: "upload", connected, ...(error ? { error } : {}) });
      // A file is dropped next: the sheet worker starts while the user picks it.
      context.deps.sheets.warm();
      const batches = await accountBatches(context, connected);
      const state = context.getState();
      if (state.step === "upload" && batches.length > 0) context.set({ ...state, batches });
    },

    /** Another tab's submission moved on: the upload step's list of imports follows it. */
    async followNews(news: SubmissionNews): Promise<void> {
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
      const batches = await accountBatches(context, state.connected);
      const latest = context.getState();
      if (latest.step === "upload") context.set({ ...latest, batches });
    },
  };
}

export type UploadStep = ReturnType<typeof createUploadStep>;
