import { sourceRowOf } from "../../core/source-files";
import { useCallback, useMemo, useState } from "preact/hooks";
import type { RowView } from "../../engine/views";
import { gridColumn, type GridColumn } from "../grid/column-editors";
import { FixUpGrid } from "../grid/fix-up-grid";
import type { Connected, ImportWorkflow, ReviewState } from "../workflow/import-workflow";
import { FindReplace } from "./find-replace";
import { OrderPanel } from "./order-panel";
import { ReviewStatus } from "./review-status";
import { ReviewToolbar } from "./review-toolbar";
import { RowPanel } from "./row-panel";
import { sidePanelAction } from "./side-panel-focus";
import { useCatalogueSnapshot } from "./use-catalogue-snapshot";
import { useSheetDownload } from "./use-sheet-download";

interface Props {
  readonly connected: Connected;
  readonly review: ReviewState;
  readonly error?: string | undefined;
  readonly workflow: ImportWorkflow;
}

/** The review screen: every row in the fix-up grid, with the active row's problems and its order beside it. */
export function ReviewStep({ connected, review, error, workflow }: Props) {
  const snapshot = useCatalogueSnapshot(workflow.catalogueSnapshot, connected.account.id);
  const [active, setActive] = useState<{ row: RowView | undefined; column: string | undefined }>({
    row: undefined,
    column: undefined,
  });
  const [finding, setFinding] = useState(false);
  const { files } = review;
  const { download: downloadProblems, problem: fileProblem } = useSheetDownload(workflow.downloadableProblems);

  const columns: GridColumn[] = useMemo(
    () =>
      review.headers.map((header, index) => {
        const target = review.mapping.columns.find((c) => c.column === index)?.target ?? null;
        return gridColumn(header, target, snapshot);
      }),
    [review.headers, review.mapping, snapshot],
  );
  const onActiveCell = useCallback(
    (row: RowView | undefined, column: string | undefined) => setActive({ row, column }),
    [],
  );
  const act = sidePanelAction(
    active.row ? { rowNumber: active.row.rowNumber, column: active.column } : undefined,
    workflow.focusGrid,
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+H anywhere in the review
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
      <ReviewStatus review={review} error={error} workflow={workflow} act={act} />
      <ReviewToolbar
        connected={connected}
        review={review}
        workflow={workflow}
        activeRowNumber={active.row?.rowNumber}
        finding={finding}
        onToggleFinding={() => setFinding(!finding)}
        onDownloadProblems={() => downloadProblems(false)}
      />
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
      {finding && (
        <FindReplace
          headers={review.headers}
          initialColumn={active.column}
          revision={review.revision}
          workflow={workflow}
          onClose={() => setFinding(false)}
        />
      )}
      <p class="hint">
        Arrows move, Tab moves along a row and leaves the grid past its last cell (Shift+Tab past its first), Enter or
        F2 edits, Esc cancels, Ctrl+C and Ctrl+V copy and paste cells (from Excel or Google Sheets too), Ctrl+D fills
        down, Ctrl+Enter fills the selection with what you typed, Delete clears, F8 goes to the next problem.
      </p>
      <div class="review-layout">
        <FixUpGrid
          label={`Rows of ${review.fileName}`}
          columns={columns}
          filter={review.filter}
          revision={review.revision}
          focus={review.focus}
          fetchWindow={workflow.gridWindow}
          positionOf={workflow.positionOf}
          onEdit={workflow.editCells}
          onUndo={workflow.undo}
          onRedo={workflow.redo}
          onNextProblem={workflow.goToProblem}
          onActiveCell={onActiveCell}
        />
        <aside aria-label="The selected row and its order">
          <RowPanel
            row={active.row}
            column={active.column}
            workflow={workflow}
            snapshot={snapshot}
            act={act}
            rowsTakingOrderNumberAbove={review.summary.rowsTakingOrderNumberAbove}
            fileOf={files && ((rowNumber) => files[sourceRowOf(rowNumber).fileIndex]?.name)}
          />
          <OrderPanel
            orderNumber={active.row?.orderNumber}
            revision={review.revision}
            snapshot={snapshot}
            workflow={workflow}
            act={act}
          />
        </aside>
      </div>
    </section>
  );
}
