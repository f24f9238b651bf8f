import { createSubmissionChannel } from "./submission-channel";
import { createSubmissionConfirmation } from "./submission-confirmation";
import { createSubmissionFiles } from "./submission-files";
import { createSubmissionRuns } from "./submission-runs";
import type { WorkflowContext } from "./workflow-state";

export { describeSubmitProgress, SUBMIT_CONCURRENCY } from "./submission-runs";

/**
 * Submission from the page: what is about to be created is shown for confirmation first; the
 * batch is then planned into the journal and sent by the submit worker, under the account's
 * lock and lease (a page that finds another tab, browser or machine submitting waits, and
 * looks again when it is done); the page shows progress, can stop it, offers unfinished
 * batches again after a reload, and reads every row's outcome back from the journal. Other
 * tabs of the browser follow a submission live.
 */
export function createSubmissionActions(
  context: WorkflowContext,
  channel = context.deps.channel ?? createSubmissionChannel(),
) {
  const runs = createSubmissionRuns(context, channel);
  const confirmation = createSubmissionConfirmation(context, runs);
  channel.listen((news) => {
    void runs.followNews(news);
    confirmation.followNews(news);
  });
  const { followNews: _runsNews, runSubmission: _run, ...runActions } = runs;
  const { followNews: _confirmationNews, ...confirmActions } = confirmation;
  return { ...runActions, ...confirmActions, ...createSubmissionFiles(context) };
}

export type SubmissionActions = ReturnType<typeof createSubmissionActions>;
