import { describeCounts } from "../../core/journal";
import { describeSubmitProgress, type SubmissionView } from "../import-workflow";

interface Props {
  readonly submission: SubmissionView;
  readonly onStop: () => void;
}

/** Sending a batch: where it is, how fast, how long is left, and a way to stop it. */
export function SubmittingStep({ submission, onStop }: Props) {
  const { progress, stopping } = submission;
  return (
    <section aria-busy="true">
      <h2>Submitting {submission.fileName}</h2>
      <p role="status" data-testid="submit-progress">
        {progress ? describeSubmitProgress(progress) : "Starting"}…
      </p>
      {progress && <p data-testid="submit-counts">Orders so far: {describeCounts(progress.counts)}.</p>}
      <p class="hint">Each order is written down in this browser before it is sent, so a reload or a closed tab loses nothing and nothing is sent twice.</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={onStop} disabled={stopping}>
          {stopping ? "Stopping after the orders in flight…" : "Stop sending"}
        </button>
      </div>
    </section>
  );
}
