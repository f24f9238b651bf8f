import { countOf, pluralise } from "../../core/plural";
import type { ImportWorkflow, ReviewState } from "../workflow/import-workflow";
import { LiveStatus } from "../live-status";
import type { SidePanelAction } from "./side-panel-focus";
import { issueCountsText, summaryText } from "./review-counts";

interface Props {
  readonly review: ReviewState;
  readonly error: string | undefined;
  readonly workflow: Pick<ImportWorkflow, "includeImportedBefore" | "stopChecking" | "fillOrderNumbersFromAbove">;
  /** Runs a fix, then gives focus back to the grid. */
  readonly act: SidePanelAction;
}

/** One offer for a sheet giving each order's number on its first row only. */
function OrderNumbersAbove({ rows, onUse }: { readonly rows: number; readonly onUse: () => void }) {
  if (rows === 0) return null;
  return (
    <p class="notice" data-testid="order-numbers-above">
      {countOf(rows, "row has", "rows have")} no order number, as in a sheet that gives each order's number on its first
      row only.{" "}
      <button type="button" class="small" onClick={onUse}>
        Use the order number above for {countOf(rows, "row", "rows")}
      </button>
    </p>
  );
}

/** Where the review stands: what to know first, the counts and the estimate, what is under way, and what went wrong. */
export function ReviewStatus({ review, error, workflow, act }: Props) {
  const { summary } = review;
  const { importedBefore } = summary;
  return (
    <>
      {review.notice && (
        <p class="notice" data-testid="review-notice">
          {review.notice}
        </p>
      )}
      {importedBefore.rows > 0 && (
        <p class="notice" data-testid="imported-before">
          This sheet holds the results of an earlier import: {countOf(importedBefore.rows, "row", "rows")} created then
          ({countOf(importedBefore.jobs, "job", "jobs")}) {pluralise(importedBefore.rows, "is", "are")} left out, and
          only the rest is imported.{" "}
          <button type="button" class="small secondary" onClick={workflow.includeImportedBefore}>
            Import them again too
          </button>
        </p>
      )}
      <OrderNumbersAbove
        rows={summary.rowsTakingOrderNumberAbove}
        onUse={() => act(() => workflow.fillOrderNumbersFromAbove())}
      />
      <p data-testid="summary">{summaryText(summary)}</p>
      <p class="facts" data-testid="issue-counts">
        {issueCountsText(summary)} Estimated total {summary.estimate.text} ({summary.estimate.currency}, from your
        tier's prices; an estimate, not an invoice).
      </p>
      {/* The checks with the vendor as they go, then the counts, said again after each change. */}
      <LiveStatus
        text={review.busy !== undefined ? `${review.busy}…` : `${summaryText(summary)} ${issueCountsText(summary)}`}
        testId="review-status"
      />
      {summary.unavailableFacts.length > 0 && (
        <p role="alert" class="error">
          The vendor could not answer: {summary.unavailableFacts.join("; ")}.
        </p>
      )}
      {review.busy !== undefined && (
        <p data-testid="review-busy">
          {review.busy}…{" "}
          <button type="button" class="small secondary" onClick={workflow.stopChecking}>
            Stop checking
          </button>
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}
