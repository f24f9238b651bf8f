import { ownRowNumber, ownRowsText } from "../../core/source-files";
import { useEffect, useState } from "preact/hooks";
import type { CatalogueSnapshot } from "../../core/catalogue";
import type { Issue } from "../../core/issues";
import { countOf } from "../../core/plural";
import { LINE_TYPE_TEXT } from "../../core/resolve/item-type";
import type { RowView } from "../../engine/views";
import type { ImportWorkflow } from "../workflow/import-workflow";
import { AssetRowSection } from "../assets/asset-row-section";
import type { SidePanelAction } from "./side-panel-focus";

interface Props {
  readonly row: RowView | undefined;
  readonly column: string | undefined;
  readonly workflow: ImportWorkflow;
  /** The review's catalogue snapshot, for an asset row's design; undefined until it is read. */
  readonly snapshot: CatalogueSnapshot | undefined;
  /** Runs a fix, then gives focus back to the grid. */
  readonly act: SidePanelAction;
  /** Rows lacking an order number that would take the one above. */
  readonly rowsTakingOrderNumberAbove: number;
  /** Several files in one review: the file a row is from. */
  readonly fileOf?: ((rowNumber: number) => string | undefined) | undefined;
}

/** "Row 12", or with several files "clubB.csv, row 12": the row as its own file numbers it. */
const rowName = (rowNumber: number, file: string | undefined) =>
  file === undefined ? `Row ${rowNumber}` : `${file}, row ${ownRowNumber(rowNumber)}`;

const SEVERITY_TEXT = { error: "Error", warning: "Warning", info: "Note" } as const;

/** A fix of every row like this one: the same suggestion, or for order numbers, each row's number above. */
function FixEveryRow({ row, issue, workflow, act, rowsTakingOrderNumberAbove }: IssueProps) {
  // The next band's quantity is this row's own: another row's design has bands of its own.
  if (issue.code === "PRICE_BREAK_NEAR") return null;
  if (issue.code === "ORDER_NUMBER_MISSING") {
    return rowsTakingOrderNumberAbove > 1 ? (
      <button type="button" class="small secondary" onClick={() => act(() => workflow.fillOrderNumbersFromAbove())}>
        Use the order number above for {countOf(rowsTakingOrderNumberAbove, "row", "rows")}
      </button>
    ) : null;
  }
  return (
    <button
      type="button"
      class="small secondary"
      onClick={() => act(() => workflow.applySuggestionToAll(row.rowNumber, issue.code, issue.column))}
    >
      Use it in every row like this
    </button>
  );
}

interface IssueProps {
  readonly row: RowView;
  readonly issue: Issue;
  readonly workflow: ImportWorkflow;
  readonly act: SidePanelAction;
  readonly rowsTakingOrderNumberAbove: number;
}

function IssueItem(props: IssueProps) {
  const { row, issue, workflow, act } = props;
  const hasSuggestion = issue.suggestion !== undefined && issue.column !== undefined && issue.rowNumber !== null;
  return (
    <li class={issue.severity} data-code={issue.code}>
      <span class="visually-hidden">{SEVERITY_TEXT[issue.severity]}: </span>
      <span class="message">{ownRowsText(issue.message)}</span>
      {hasSuggestion && (
        <div class="field-actions">
          <button
            type="button"
            class="small"
            onClick={() => act(() => workflow.applySuggestion(row.rowNumber, issue.code, issue.column))}
          >
            Use “{issue.suggestion}”
          </button>
          <FixEveryRow {...props} />
        </div>
      )}
      {issue.code === "ATTRIBUTE_REQUIRED" && issue.attribute && (
        <AnswerQuestion
          row={row}
          attribute={issue.attribute}
          label={issue.attributeLabel ?? issue.attribute}
          code={issue.priceCode}
          workflow={workflow}
          act={act}
        />
      )}
    </li>
  );
}

/** A price code's question the sheet has no column for, answered here for this row or every row of the code. */
interface AnswerProps {
  readonly row: RowView;
  readonly attribute: string;
  readonly label: string;
  readonly code: string | undefined;
  readonly workflow: ImportWorkflow;
  readonly act: SidePanelAction;
}

function AnswerQuestion({ row, attribute, label, code, workflow, act }: AnswerProps) {
  const [value, setValue] = useState("");
  const id = `answer-${row.rowNumber}-${attribute}`;
  return (
    <div class="field-row">
      <label for={id}>{label}</label>
      <input id={id} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      <div class="field-actions">
        <button
          type="button"
          class="small"
          disabled={value.trim() === ""}
          onClick={() => act(() => workflow.answerAttribute(attribute, value, { rowNumber: row.rowNumber }))}
        >
          For this row
        </button>
        {code && (
          <button
            type="button"
            class="small secondary"
            disabled={value.trim() === ""}
            onClick={() => act(() => workflow.answerAttribute(attribute, value, { code }))}
          >
            For every row of {code}
          </button>
        )}
      </div>
    </div>
  );
}

/** The active row: what it is, its issues with their fixes, and skipping it. */
export function RowPanel({ row, column, workflow, snapshot, act, rowsTakingOrderNumberAbove, fileOf }: Props) {
  const [focusColumn, setFocusColumn] = useState(column);
  useEffect(() => setFocusColumn(column), [column]);
  if (!row)
    return (
      <section class="side-panel" aria-label="Row">
        Select a row to see its problems.
      </section>
    );
  const issues = [...row.issues].sort((a, b) => Number(b.column === focusColumn) - Number(a.column === focusColumn));
  return (
    <section class="side-panel" aria-labelledby="row-panel-heading" data-testid="row-panel">
      <h3 id="row-panel-heading">
        {rowName(row.rowNumber, fileOf?.(row.rowNumber))}
        {row.orderNumber ? ` · order ${row.orderNumber}` : ""}
        {row.itemType ? ` · ${LINE_TYPE_TEXT[row.itemType]}` : ""}
        {row.estimateText ? ` · ${row.estimateText}` : ""}
      </h3>
      {row.skipped && <p class="hint">Skipped: left out of the import, kept in the result sheet.</p>}
      <AssetRowSection row={row} workflow={workflow} snapshot={snapshot} />
      {row.orderIssues > 0 && (
        <p class="hint" data-testid="row-order-issues">
          Order {row.orderNumber} has {countOf(row.orderIssues, "problem", "problems")} as a whole: see the order below.
        </p>
      )}
      {issues.length === 0 ? (
        <p class="hint">
          {row.orderIssues > 0 ? "Nothing to fix in this row's own cells." : "Nothing to fix on this row."}
        </p>
      ) : (
        <ul class="issues">
          {issues.map((issue) => (
            <IssueItem
              key={`${issue.code}-${issue.column}-${issue.message}`}
              row={row}
              issue={issue}
              workflow={workflow}
              act={act}
              rowsTakingOrderNumberAbove={rowsTakingOrderNumberAbove}
            />
          ))}
        </ul>
      )}
      <button
        type="button"
        class="small secondary"
        onClick={() => act(() => workflow.skipRow(row.rowNumber, !row.skipped))}
      >
        {row.skipped ? "Include this row again" : "Skip this row"}
      </button>
    </section>
  );
}
