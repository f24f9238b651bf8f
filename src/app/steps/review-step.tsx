import { useState } from "preact/hooks";
import type { Issue } from "../../core/issues";
import { countOf, pluralise } from "../../core/plural";
import type { JobState, RowView } from "../../engine/import-engine";
import { REVIEW_ROWS, type Connected, type ImportWorkflow, type ReviewState } from "../import-workflow";

interface Props {
  readonly connected: Connected;
  readonly review: ReviewState;
  readonly error?: string | undefined;
  readonly workflow: ImportWorkflow;
}

const STATE_TEXT: Readonly<Record<JobState, string>> = {
  valid: "Ready",
  ready: "Ready, to check again",
  pending: "Waiting for the vendor",
  blocked: "Needs fixing",
  rejected: "Rejected by the vendor",
  unverified: "Not checked: the vendor did not answer",
};

function IssueFix({ row, issue, headers, workflow }: { readonly row: RowView; readonly issue: Issue; readonly headers: readonly string[]; readonly workflow: ImportWorkflow }) {
  const column = issue.column;
  const columnIndex = column === undefined ? -1 : headers.indexOf(column);
  const [value, setValue] = useState(columnIndex >= 0 ? (row.cells[columnIndex] ?? "") : "");
  return (
    <li class={issue.severity} data-code={issue.code}>
      <span class="message">{issue.message}</span>
      {issue.suggestion !== undefined && column !== undefined && issue.rowNumber !== null && (
        <>
          {" "}
          <button type="button" class="small" onClick={() => workflow.applySuggestion(row.rowNumber, issue.code, column)}>
            Use “{issue.suggestion}”
          </button>{" "}
          <button type="button" class="small secondary" onClick={() => workflow.applySuggestionToAll(row.rowNumber, issue.code, column)}>
            Use “{issue.suggestion}” in every row like this
          </button>
        </>
      )}
      {columnIndex >= 0 && issue.severity !== "info" && (
        <form
          class="inline"
          onSubmit={(event) => {
            event.preventDefault();
            void workflow.setCell(row.rowNumber, column as string, value);
          }}
        >
          <input aria-label={`Row ${row.rowNumber}, ${column}`} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
          <button type="submit" class="small secondary">
            Change
          </button>
        </form>
      )}
    </li>
  );
}

export function ReviewStep({ connected, review, error, workflow }: Props) {
  const { summary, jobs, rows, headers } = review;
  const sendable = summary.jobs.valid + summary.jobs.ready;
  const attention = summary.jobs.blocked + summary.jobs.rejected + summary.jobs.pending + summary.jobs.unverified;
  const rowsWithIssues = rows.filter((row) => row.issues.length > 0 || row.skipped);
  const busy = review.busy !== undefined;
  return (
    <section>
      <h2>Review {review.fileName}</h2>
      <p data-testid="summary">
        {countOf(summary.rows, "row", "rows")}, {countOf(summary.jobs.total, "job", "jobs")}: {sendable} ready, {attention} {pluralise(attention, "needs", "need")} attention.
      </p>
      <p class="estimate" data-testid="estimate">
        Estimated total {summary.estimate.text} ({summary.estimate.currency}, from your tier's prices; an estimate, not an invoice).
      </p>
      {summary.issues.error + summary.issues.warning > 0 && (
        <p class="facts" data-testid="issue-counts">
          {summary.issues.error} errors, {summary.issues.warning} warnings, {summary.issues.info} notes:{" "}
          {Object.entries(summary.issues.byCode)
            .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
            .map(([code, n]) => `${n} × ${code}`)
            .join(", ")}
          {rowsWithIssues.length < Object.values(summary.issues.byCode).reduce((sum, n) => sum + (n ?? 0), 0) && rowsWithIssues.length >= REVIEW_ROWS ? ` (the first ${rowsWithIssues.length} rows are listed below; fix those and the next come up)` : ""}
        </p>
      )}
      {summary.unavailableFacts.length > 0 && (
        <p role="alert" class="error">
          The vendor could not answer: {summary.unavailableFacts.join("; ")}.
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={workflow.submit} disabled={busy || sendable === 0}>
          Submit {sendable} ready {sendable === 1 ? "job" : "jobs"}
        </button>{" "}
        <button type="button" class="secondary" onClick={workflow.revalidate} disabled={busy || summary.jobs.ready + summary.jobs.unverified === 0}>
          Check again with the vendor
        </button>{" "}
        <button type="button" class="secondary" onClick={workflow.undo} disabled={busy || !summary.canUndo}>
          Undo
        </button>{" "}
        <button type="button" class="secondary" onClick={workflow.redo} disabled={busy || !summary.canRedo}>
          Redo
        </button>{" "}
        <button type="button" class="secondary" onClick={() => workflow.startOver(connected)} disabled={busy}>
          Choose another sheet
        </button>
        {review.busy && (
          <p role="status">
            {review.busy}…{" "}
            <button type="button" class="small secondary" onClick={workflow.stopChecking}>
              Stop checking
            </button>
          </p>
        )}
        {error && <p role="alert" class="error">{error}</p>}
      </div>
      <table class="jobs">
        <thead>
          <tr>
            <th>Order</th>
            <th>State</th>
            <th>Lines</th>
            <th>Due</th>
            <th>Delivery</th>
            <th>Estimate</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.orderNumber} data-testid={`job-${job.orderNumber}`} class={job.state}>
              <td>
                <button type="button" class="link" onClick={() => workflow.toggleOrder(job.orderNumber)}>
                  {job.orderNumber}
                </button>
                {job.issues.length > 0 && (
                  <ul class="issues">
                    {job.issues.map((issue, i) => (
                      <li key={i} class={issue.severity} data-code={issue.code}>
                        {issue.message}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td class="badge-cell">
                <span class="badge">{STATE_TEXT[job.state]}</span>
              </td>
              <td>{job.lineCount}</td>
              <td>{job.dateDue ?? ""}</td>
              <td>{job.deliveryMethod ?? ""}</td>
              <td class="money">{job.estimateText}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Rows to look at</h3>
      {rowsWithIssues.length === 0 && <p>Nothing to fix.</p>}
      {rowsWithIssues.map((row) => (
        <article class={`row ${row.skipped ? "skipped" : ""}`} key={row.rowNumber} data-testid={`row-${row.rowNumber}`}>
          <h4>
            Row {row.rowNumber}
            {row.orderNumber ? ` · order ${row.orderNumber}` : ""}
            {row.itemType ? ` · ${row.itemType}` : ""}
            {row.estimateText ? ` · ${row.estimateText}` : ""}{" "}
            <button type="button" class="small secondary" onClick={() => workflow.skipRow(row.rowNumber, !row.skipped)}>
              {row.skipped ? "Include row" : "Skip row"}
            </button>
          </h4>
          <ul class="issues">
            {row.issues.map((issue) => (
              <IssueFix key={`${issue.code}-${issue.column}-${issue.message}`} row={row} issue={issue} headers={headers} workflow={workflow} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
