import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import { ISSUE_LABELS } from "../../core/issue-labels";
import type { IssueCode } from "../../core/issues";
import { countOf, pluralise } from "../../core/plural";
import type { RowFilter, RowView } from "../../engine/import-engine";
import { filterKey } from "../../engine/row-filter";
import { editorFor, type GridColumn } from "../grid/column-editors";
import { FixUpGrid } from "../grid/fix-up-grid";
import type { Connected, ImportWorkflow, ReviewState } from "../import-workflow";
import { LiveStatus } from "../live-status";
import { FindReplace } from "./find-replace";
import { OrderPanel } from "./order-panel";
import { issueCountsText, sendableJobs, summaryText } from "./review-counts";
import { RowPanel } from "./row-panel";
import { sidePanelAction } from "./side-panel-focus";
import { useSheetDownload } from "./use-sheet-download";

interface Props {
  readonly connected: Connected;
  readonly review: ReviewState;
  readonly error?: string | undefined;
  readonly workflow: ImportWorkflow;
}

function filterFromKey(key: string): RowFilter {
  if (key.startsWith("code:")) return { kind: "code", code: key.slice(5) as IssueCode };
  if (key.startsWith("order:")) return { kind: "order", orderNumber: key.slice(6) };
  return { kind: key as "all" | "errors" | "warnings" | "skipped" };
}

/** The review screen: every row in the fix-up grid, with the active row's problems and its order beside it. */
export function ReviewStep({ connected, review, error, workflow }: Props) {
  const { summary } = review;
  const [snapshot, setSnapshot] = useState<CatalogueSnapshot | undefined>();
  const [active, setActive] = useState<{ row: RowView | undefined; column: string | undefined }>({ row: undefined, column: undefined });
  const [finding, setFinding] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { download: downloadProblems, problem: fileProblem } = useSheetDownload(workflow.downloadableProblems);
  useEffect(() => {
    void workflow.catalogueSnapshot().then(setSnapshot);
  }, [connected.account.id]);

  const columns: GridColumn[] = useMemo(
    () =>
      review.headers.map((header, index) => {
        const target = review.mapping.columns.find((c) => c.column === index)?.target ?? null;
        return { header, target, editor: editorFor(target, snapshot) };
      }),
    [review.headers, review.mapping, snapshot],
  );
  const onActiveCell = useCallback((row: RowView | undefined, column: string | undefined) => setActive({ row, column }), []);
  const fetchWindow = useCallback(workflow.gridWindow, [workflow]);
  const positionOf = useCallback(workflow.positionOf, [workflow]);

  // Checked jobs not already at the vendor are what Submit will offer to create; unchecked ones are checked first.
  const checked = summary.jobs.valid;
  const unchecked = summary.jobs.ready;
  const sendable = sendableJobs(summary);
  const busy = review.busy !== undefined;
  // From the first click until the batch is sent or refused, Submit (and a second check) wait.
  const submitting = review.submitting === true;
  const kinds = Object.entries(summary.issues.byCode).sort(([, a], [, b]) => (b ?? 0) - (a ?? 0)) as [IssueCode, number][];
  const rowsWithProblems = summary.issues.error + summary.issues.warning;
  const act = sidePanelAction(active.row ? { rowNumber: active.row.rowNumber, column: active.column } : undefined, workflow.focusGrid);

  return (
    <section
      class="review"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "h") {
          event.preventDefault();
          setFinding(true);
        }
      }}
    >
      <h2>Review {review.fileName}</h2>
      {review.notice && <p class="notice" data-testid="review-notice">{review.notice}</p>}
      {summary.importedBefore.rows > 0 && (
        <p class="notice" data-testid="imported-before">
          This sheet holds the results of an earlier import: {countOf(summary.importedBefore.rows, "row", "rows")} created then ({countOf(summary.importedBefore.jobs, "job", "jobs")}) {pluralise(summary.importedBefore.rows, "is", "are")} left out, and only the rest is imported.{" "}
          <button type="button" class="small secondary" onClick={workflow.includeImportedBefore}>
            Import them again too
          </button>
        </p>
      )}
      <p data-testid="summary">{summaryText(summary)}</p>
      <p class="facts" data-testid="issue-counts">
        {issueCountsText(summary)} Estimated total {summary.estimate.text} ({summary.estimate.currency}, from your tier's prices; an estimate, not an invoice).
      </p>
      {/* The checks with the vendor as they go, then the counts, said again after each change. */}
      <LiveStatus text={busy ? `${review.busy}…` : `${summaryText(summary)} ${issueCountsText(summary)}`} testId="review-status" />
      {summary.unavailableFacts.length > 0 && (
        <p role="alert" class="error">
          The vendor could not answer: {summary.unavailableFacts.join("; ")}.
        </p>
      )}
      {busy && (
        <p data-testid="review-busy">
          {review.busy}…{" "}
          <button type="button" class="small secondary" onClick={workflow.stopChecking}>
            Stop checking
          </button>
        </p>
      )}
      {error && <p role="alert" class="error">{error}</p>}
      <div class="review-toolbar" role="toolbar" aria-label="Review actions">
        <label>
          Show
          <select value={filterKey(review.filter)} onChange={(e) => workflow.setFilter(filterFromKey(e.currentTarget.value))} data-testid="row-filter">
            <option value="all">All rows</option>
            <option value="errors">Rows with errors</option>
            <option value="warnings">Rows with warnings</option>
            {summary.skippedRows > 0 && <option value="skipped">Skipped rows</option>}
            {kinds.map(([code, n]) => (
              <option key={code} value={`code:${code}`}>
                {ISSUE_LABELS[code]} ({n})
              </option>
            ))}
            {review.filter.kind === "order" && <option value={filterKey(review.filter)}>Order {review.filter.orderNumber}</option>}
          </select>
        </label>
        <button type="button" class="secondary" onClick={() => workflow.goToProblem(active.row?.rowNumber, -1)} disabled={rowsWithProblems === 0} title="Shift+F8">
          Previous problem
        </button>
        <button type="button" class="secondary" onClick={() => workflow.goToProblem(active.row?.rowNumber, 1)} disabled={rowsWithProblems === 0} title="F8">
          Next problem
        </button>
        <button type="button" class="secondary" onClick={workflow.undo} disabled={!summary.canUndo} title="Ctrl+Z">
          Undo
        </button>
        <button type="button" class="secondary" onClick={workflow.redo} disabled={!summary.canRedo} title="Ctrl+Y">
          Redo
        </button>
        <button type="button" class="secondary" onClick={() => setFinding(!finding)} aria-expanded={finding} title="Ctrl+H">
          Find and replace
        </button>
        <button type="button" class="secondary" onClick={workflow.revalidate} disabled={busy || submitting || summary.jobs.ready + summary.jobs.unverified === 0}>
          Check again with the vendor
        </button>
        <button type="button" class="secondary" onClick={() => downloadProblems(false)}>
          Download problem sheet
        </button>
        <button type="button" onClick={workflow.submit} disabled={busy || submitting || sendable === 0} aria-busy={submitting}>
          {submitting ? "Checking before you confirm…" : unchecked > 0 ? "Check and submit…" : checked > 0 ? `Submit ${checked} ${pluralise(checked, "job", "jobs")}…` : "Nothing to submit"}
        </button>
        {leaving ? (
          <span role="group" aria-label="Discard your changes?">
            {summary.canUndo ? "Your changes to this sheet will be lost. " : ""}
            <button type="button" class="small" onClick={() => workflow.startOver(connected)}>
              Choose another sheet
            </button>{" "}
            <button type="button" class="small secondary" onClick={() => setLeaving(false)}>
              Stay
            </button>
          </span>
        ) : (
          <button type="button" class="secondary" onClick={() => (summary.canUndo ? setLeaving(true) : workflow.startOver(connected))}>
            Choose another sheet
          </button>
        )}
      </div>
      {fileProblem && (
        <p role="alert" class="error">
          {fileProblem.message}{" "}
          {fileProblem.canUtf8 && (
            <button type="button" class="small" onClick={() => downloadProblems(true)}>
              Download it as UTF-8
            </button>
          )}
        </p>
      )}
      {finding && <FindReplace headers={review.headers} initialColumn={active.column} revision={review.revision} workflow={workflow} onClose={() => setFinding(false)} />}
      <p class="hint">
        Arrows move, Tab moves along a row and leaves the grid past its last cell (Shift+Tab past its first), Enter or F2 edits, Esc cancels, Ctrl+C and Ctrl+V copy and paste cells (from Excel or Google Sheets too), Ctrl+D fills down, Ctrl+Enter fills the selection with what you typed, Delete clears, F8 goes to the next problem.
      </p>
      <div class="review-layout">
        <FixUpGrid
          label={`Rows of ${review.fileName}`}
          columns={columns}
          filter={review.filter}
          revision={review.revision}
          focus={review.focus}
          fetchWindow={fetchWindow}
          positionOf={positionOf}
          onEdit={workflow.editCells}
          onUndo={workflow.undo}
          onRedo={workflow.redo}
          onNextProblem={workflow.goToProblem}
          onActiveCell={onActiveCell}
        />
        <aside aria-label="The selected row and its order">
          <RowPanel row={active.row} column={active.column} workflow={workflow} snapshot={snapshot} act={act} />
          <OrderPanel orderNumber={active.row?.orderNumber} revision={review.revision} snapshot={snapshot} workflow={workflow} act={act} />
        </aside>
      </div>
    </section>
  );
}
