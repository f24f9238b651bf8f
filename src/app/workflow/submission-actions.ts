import { createSubmissionChannel } from "./submission-channel";
import { createSubmissionConfirmation } from "./submission-confirmation";
import { createSubmissionFiles } from "./submission-files";
import { createSubmissionResults } from "./submission-results";
import { createSubmissionRuns } from "./submission-runs";
import { createUploadStep } from "./upload-step";
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
  const upload = createUploadStep(context);
  const runs = createSubmissionRuns(context, channel, upload);
  const confirmation = createSubmissionConfirmation(context, runs);
  channel.listen((news) => {
    void upload.followNews(news);
    confirmation.followNews(news);
  });
  const { followNews: _uploadNews, ...uploadActions } = upload;
  const { runSubmission: _run, continueBatch: _continue, ...runActions } = runs;
  const { followNews: _confirmationNews, ...confirmActions } = confirmation;
  return {
    ...uploadActions,
    ...runActions,
    ...createSubmissionResults(context, runs),
    ...confirmActions,
    ...createSubmissionFiles(context),
  };
}

export type SubmissionActions = ReturnType<typeof createSubmissionActions>;
