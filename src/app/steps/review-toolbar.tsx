import { useState } from "preact/hooks";
import { filterKey } from "../../engine/row-filter";
import type { Connected, ImportWorkflow, ReviewState } from "../workflow/import-workflow";
import { sendableJobs, submitButtonText } from "./review-counts";
import { filterFromKey, filterOptions } from "./row-filter-options";

interface Props {
  readonly connected: Connected;
  readonly review: ReviewState;
  readonly workflow: ImportWorkflow;
  /** The row the grid's active cell is on: the next and previous problems are found from it. */
  readonly activeRowNumber: number | undefined;
  readonly finding: boolean;
  readonly onToggleFinding: () => void;
  readonly onDownloadProblems: () => void;
}

/** "Choose another sheet", asking first when there are changes that would be lost. */
function ChooseAnotherSheet({
  connected,
  canUndo,
  workflow,
}: {
  readonly connected: Connected;
  readonly canUndo: boolean;
  readonly workflow: ImportWorkflow;
}) {
  const [leaving, setLeaving] = useState(false);
  if (!leaving) {
    return (
      <button
        type="button"
        class="secondary"
        onClick={() => (canUndo ? setLeaving(true) : workflow.startOver(connected))}
      >
        Choose another sheet
      </button>
    );
  }
  return (
    <span role="group" aria-label="Discard your changes?">
      {canUndo ? "Your changes to this sheet will be lost. " : ""}
      <button type="button" class="small" onClick={() => workflow.startOver(connected)}>
        Choose another sheet
      </button>{" "}
      <button type="button" class="small secondary" onClick={() => setLeaving(false)}>
        Stay
      </button>
    </span>
  );
}

/**
 * The review's actions: which rows to show, problem to problem, undo and redo, find and replace, checking, the problem
 * sheet, Submit.
 */
export function ReviewToolbar({
  connected,
  review,
  workflow,
  activeRowNumber,
  finding,
  onToggleFinding,
  onDownloadProblems,
}: Props) {
  const { summary } = review;
  const busy = review.busy !== undefined;
  // From the first click until the batch is sent or refused, Submit (and a second check) wait.
  const submitting = review.submitting === true;
  const noProblems = summary.issues.error + summary.issues.warning === 0;
  return (
    <div class="review-toolbar" role="toolbar" aria-label="Review actions">
      <label>
        Show
        <select
          value={filterKey(review.filter)}
          onChange={(e) => workflow.setFilter(filterFromKey(e.currentTarget.value))}
          data-testid="row-filter"
        >
          {filterOptions(summary, review.filter).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        class="secondary"
        onClick={() => workflow.goToProblem(activeRowNumber, -1)}
        disabled={noProblems}
        title="Shift+F8"
      >
        Previous problem
      </button>
      <button
        type="button"
        class="secondary"
        onClick={() => workflow.goToProblem(activeRowNumber, 1)}
        disabled={noProblems}
        title="F8"
      >
        Next problem
      </button>
      <button type="button" class="secondary" onClick={workflow.undo} disabled={!summary.canUndo} title="Ctrl+Z">
        Undo
      </button>
      <button type="button" class="secondary" onClick={workflow.redo} disabled={!summary.canRedo} title="Ctrl+Y">
        Redo
      </button>
      <button type="button" class="secondary" onClick={onToggleFinding} aria-expanded={finding} title="Ctrl+H">
        Find and replace
      </button>
      <button
        type="button"
        class="secondary"
        onClick={workflow.revalidate}
        disabled={
          busy ||
          submitting ||
          summary.jobs.ready + summary.jobs.unverified + (summary.issues.byCode.ARTWORK_UNCHECKED ?? 0) === 0
        }
      >
        Check again with the vendor
      </button>
      <button type="button" class="secondary" onClick={onDownloadProblems}>
        {review.files ? `Download ${review.files.length} problem sheets (zip)` : "Download problem sheet"}
      </button>
      <button
        type="button"
        onClick={workflow.submit}
        disabled={busy || submitting || sendableJobs(summary) === 0}
        aria-busy={submitting}
      >
        {submitButtonText(summary, submitting)}
      </button>
      <ChooseAnotherSheet connected={connected} canUndo={summary.canUndo} workflow={workflow} />
    </div>
  );
}
