import { useState } from "preact/hooks";
import { describeCounts } from "../../core/journal";
import type { ResultFile } from "../../sheet/write/write-results";
import { LiveStatus } from "../live-status";
import { saveFile } from "../save-file";
import { describeSubmitProgress, type SubmissionView } from "../workflow/import-workflow";

interface Props {
  readonly submission: SubmissionView;
  readonly onStop: () => void;
  /** The result sheet as the journal has it now. */
  readonly makeFile: () => Promise<ResultFile>;
}

/** Sending a batch: where it is, how fast, how long is left, and a way to stop it. */
export function SubmittingStep({ submission, onStop, makeFile }: Props) {
  const { progress, stopping } = submission;
  const [problem, setProblem] = useState<string | undefined>();
  const download = async () => {
    const file = await makeFile();
    if (file.ok) saveFile(file.bytes, file.fileName);
    else setProblem(file.message);
  };
  const text = `${progress ? describeSubmitProgress(progress) : "Starting"}…`;
  return (
    <section>
      <h2>Submitting {submission.fileName}</h2>
      <p data-testid="submit-progress">{text}</p>
      <LiveStatus text={stopping ? "Stopping after the orders in flight…" : text} testId="submit-status" />
      {progress && <p data-testid="submit-counts">Orders so far: {describeCounts(progress.counts)}.</p>}
      <p class="hint">
        Each order is written down in this browser before it is sent, so a reload or a closed tab loses nothing and
        nothing is sent twice.
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={onStop} disabled={stopping}>
          {stopping ? "Stopping after the orders in flight…" : "Stop sending"}
        </button>{" "}
        <button type="button" class="secondary" onClick={download}>
          Download the results so far
        </button>
      </div>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
    </section>
  );
}
