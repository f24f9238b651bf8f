import { ownRowNumber, sourceRowOf } from "../../core/source-files";
import { useEffect, useState } from "preact/hooks";
import {
  countedOrders,
  countsAny,
  describeResults,
  jobNumbersText,
  ORDER_STATE_TEXT,
  orderMessages,
  shownJobNumber,
  type OrderOutcome,
} from "../../core/journal";
import { countOf, formatCount } from "../../core/plural";
import { OUTCOME_TEXT } from "../../core/result-rows";
import type { ResultFile } from "../../sheet/write/write-results";
import type { SubmissionResult } from "../workflow/import-workflow";
import { LiveStatus } from "../live-status";
import { saveFile } from "../save-file";
import { TableScroll } from "../table-scroll";
import { useSheetDownload } from "./use-sheet-download";
import { nextTask } from "../workflow/next-task";
import type { ResultsView } from "../../submit/submit-api";

interface Props {
  readonly done: SubmissionResult;
  readonly makeFile: (options: { readonly utf8?: boolean }) => Promise<ResultFile>;
  readonly makeAudit: () => Promise<{ readonly bytes: Uint8Array; readonly fileName: string } | undefined>;
  readonly onSendAgain: (orderNumbers: readonly string[]) => void;
  readonly onCancelDuplicate: (orderNumber: string, jobNumber: number) => Promise<string>;
  readonly onContinue: () => void;
  /** Back to the review to check again the orders the vendor could not check (when the review is still at hand). */
  readonly onCheckLeftAgain: (() => void) | undefined;
  readonly onStartOver: () => void;
}

const STATUS_TEXT: Readonly<Record<SubmissionResult["status"], string>> = {
  finished: "",
  stopped: "Stopped. The orders not sent yet wait for you to continue.",
  incomplete: "Some orders need another try or your decision (below).",
  busy:
    "This account's orders are being submitted in another tab or window right now; wait for it to finish, " +
    "then continue here.",
};

/**
 * A created order with another live job made for it elsewhere at the same time: a button per job to cancel the unwanted
 * one.
 */
function DuplicateActions({
  order,
  onCancel,
}: {
  readonly order: OrderOutcome;
  readonly onCancel: (orderNumber: string, jobNumber: number) => Promise<string>;
}) {
  const [asking, setAsking] = useState<number | undefined>();
  const [said, setSaid] = useState<string | undefined>();
  const jobs = [
    ...new Set([order.jobNumber, ...(order.duplicateJobNumbers ?? [])].filter((n): n is number => n !== undefined)),
  ].sort((a, b) => a - b);
  return (
    <span>
      {asking === undefined ? (
        jobs.map((jobNumber) => (
          <button key={jobNumber} type="button" class="small secondary" onClick={() => setAsking(jobNumber)}>
            Cancel job {jobNumber}…
          </button>
        ))
      ) : (
        <span role="group" aria-label={`Cancel job ${asking}?`}>
          Cancel job {asking}
          {asking === order.jobNumber ? " (made here)" : " (made elsewhere)"}? This cannot be undone here.{" "}
          <button
            type="button"
            class="small"
            onClick={() =>
              void onCancel(order.orderNumber, asking).then((message) => {
                setSaid(message);
                setAsking(undefined);
              })
            }
          >
            Yes, cancel job {asking}
          </button>{" "}
          <button type="button" class="small secondary" onClick={() => setAsking(undefined)}>
            Keep both for now
          </button>
        </span>
      )}
      {said && <span role="status"> {said}</span>}
    </span>
  );
}

function OrderActions({
  order,
  onSendAgain,
  onCancelDuplicate,
}: {
  readonly order: OrderOutcome;
  readonly onSendAgain: (orderNumbers: readonly string[]) => void;
  readonly onCancelDuplicate: (orderNumber: string, jobNumber: number) => Promise<string>;
}) {
  const [confirming, setConfirming] = useState(false);
  if (order.state === "created" && order.duplicateJobNumbers?.length)
    return <DuplicateActions order={order} onCancel={onCancelDuplicate} />;
  if (order.state === "not-found") {
    return (
      <button type="button" class="small" onClick={() => onSendAgain([order.orderNumber])}>
        Send again
      </button>
    );
  }
  // A job this importer made earlier is never sent again from here.
  if (order.state !== "existing" || order.createdEarlier) return null;
  return confirming ? (
    <span>
      This creates another job for {order.orderNumber} beside {jobNumbersText(order.existingJobNumbers)}.{" "}
      <button type="button" class="small" onClick={() => onSendAgain([order.orderNumber])}>
        Yes, send it again
      </button>{" "}
      <button type="button" class="small secondary" onClick={() => setConfirming(false)}>
        Keep the existing job
      </button>
    </span>
  ) : (
    <button type="button" class="small secondary" onClick={() => setConfirming(true)}>
      Send again anyway…
    </button>
  );
}

/** The orders listed, each with its outcome, job and messages, and what the user may do about it. */
function OrdersTable({
  orders,
  onSendAgain,
  onCancelDuplicate,
}: { readonly orders: ResultsView["orders"] } & Pick<Props, "onSendAgain" | "onCancelDuplicate">) {
  return (
    <TableScroll label="Orders and their results">
      <table class="orders">
        <thead>
          <tr>
            <th>Order</th>
            <th>Result</th>
            <th>Job number</th>
            <th>Messages</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNumber} data-testid={`order-${order.orderNumber}`} class={order.state}>
              <td>{order.orderNumber}</td>
              <td>{ORDER_STATE_TEXT[order.state]}</td>
              <td>{shownJobNumber(order) ?? order.existingJobNumbers.join(", ")}</td>
              <td>
                {orderMessages(order).join(" ")}{" "}
                <OrderActions order={order} onSendAgain={onSendAgain} onCancelDuplicate={onCancelDuplicate} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The rows listed, each with its outcome; of several files, each row is told by its file and its own row number. */
function RowsTable({
  rows,
  files,
}: {
  readonly rows: ResultsView["rows"];
  readonly files: ResultsView["batch"]["files"];
}) {
  const rowName = (rowNumber: number) => {
    const file = files?.[sourceRowOf(rowNumber).fileIndex];
    return file ? `${file.fileName}, row ${ownRowNumber(rowNumber)}` : String(rowNumber);
  };
  return (
    <TableScroll label="Rows and their results">
      <table>
        <thead>
          <tr>
            <th>Row</th>
            <th>Result</th>
            <th>Job number</th>
            <th>New asset tag</th>
            <th>Messages</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((result) => (
            <tr key={result.rowNumber} data-testid={`result-${result.rowNumber}`}>
              <td>{rowName(result.rowNumber)}</td>
              <td>{OUTCOME_TEXT[result.outcome]}</td>
              <td>{result.jobNumber ?? ""}</td>
              <td>{result.newAssetSku ?? ""}</td>
              <td>{result.messages.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Every order's and row's outcome, read back from the journal, and the result sheet to download. */
export function ResultsStep({
  done,
  makeFile,
  makeAudit,
  onSendAgain,
  onCancelDuplicate,
  onContinue,
  onCheckLeftAgain,
  onStartOver,
}: Props) {
  const [error, setError] = useState<string | undefined>();
  const areRowsDrawn = useLaterTask();
  const { download, problem } = useSheetDownload(makeFile);
  const { batch, orders: listedOrders, orderCounts, notFound, rows, rowCounts } = done.results;
  const orderCount = countedOrders(orderCounts);
  const canContinue = countsAny(orderCounts, ["planned", "unknown", "sending"]);
  const unchecked = new Set(batch.otherRows.filter((row) => row.vendorFailed).map((row) => row.orderNumber)).size;
  const downloadAudit = async () => {
    const file = await makeAudit();
    setError(file ? undefined : "The audit trail could not be read back.");
    if (file) saveFile(file.bytes, file.fileName);
  };
  const summary = describeResults(orderCounts, rowCounts);
  return (
    <section>
      <h2>Results of {batch.fileName}</h2>
      <p data-testid="results-summary">{summary}</p>
      {STATUS_TEXT[done.status] && <p data-testid="results-status">{STATUS_TEXT[done.status]}</p>}
      {/* How the sending ended, said once it has. */}
      <LiveStatus text={`${summary} ${STATUS_TEXT[done.status]}`.trim()} testId="results-live" />
      {done.problems.length > 0 && (
        <ul role="alert" class="error">
          {done.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" class="error">
          {problem.message}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={() => download(false)}>
          {batch.files ? `Download ${batch.files.length} result sheets (zip)` : "Download result sheet"}
        </button>{" "}
        {problem?.canUtf8 && (
          <>
            <button type="button" onClick={() => download(true)}>
              Download it as UTF-8
            </button>{" "}
          </>
        )}
        <button type="button" class="secondary" onClick={downloadAudit}>
          Download audit trail
        </button>{" "}
        {canContinue && (
          <button type="button" onClick={onContinue}>
            Continue sending
          </button>
        )}{" "}
        {unchecked > 0 && onCheckLeftAgain && (
          <button type="button" onClick={onCheckLeftAgain}>
            Check the {countOf(unchecked, "order", "orders")} the vendor could not check again
          </button>
        )}{" "}
        {notFound.length > 1 && (
          <button type="button" class="secondary" onClick={() => onSendAgain(notFound)}>
            Send the {notFound.length} orders not found again
          </button>
        )}{" "}
        <button type="button" class="secondary" onClick={onStartOver}>
          Import another sheet
        </button>
      </div>
      {listedOrders.length < orderCount && (
        <p class="hint" data-testid="orders-listed">
          {countOf(listedOrders.length, "order is", "orders are")} listed of {formatCount(orderCount)}: every one that
          needs you, then the first created; the result sheet has them all.
        </p>
      )}
      <OrdersTable orders={listedOrders} onSendAgain={onSendAgain} onCancelDuplicate={onCancelDuplicate} />
      <h3>Rows</h3>
      {rowCounts.total > rows.length && (
        <p class="hint">
          The first {formatCount(rows.length)} rows are listed; the result sheet has all {formatCount(rowCounts.total)}.
        </p>
      )}
      {/* Drawn in a task after the summary and the orders: the two lists at once kept the page busy too long. */}
      {areRowsDrawn && <RowsTable rows={rows} files={batch.files} />}
    </section>
  );
}

/** False at first, then true from the page's next task on. */
function useLaterTask(): boolean {
  const [isLater, setIsLater] = useState(false);
  useEffect(() => {
    let isGone = false;
    void nextTask().then(() => {
      if (!isGone) setIsLater(true);
    });
    return () => {
      isGone = true;
    };
  }, []);
  return isLater;
}
