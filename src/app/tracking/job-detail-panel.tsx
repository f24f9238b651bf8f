import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { JobTracker, OpenJob } from "./job-tracker";
import { formatMoney } from "../../core/estimate";
import { TableScroll } from "../table-scroll";
import { TrackingLinks } from "./tracking-links";
import { OrderAgain } from "../assets/order-again";
import {
  asClause,
  dayOf,
  EDIT_FIELD_LABELS,
  formatDay,
  formatInstant,
  safeLink,
  type EditField,
  type JobDetail,
} from "./tracked-jobs";

interface Props {
  readonly tracker: JobTracker;
  readonly open: OpenJob;
  readonly currency: string;
  readonly locale: string | undefined;
}

function FieldErrors({ id, messages }: { readonly id: string; readonly messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <span id={id} class="field-error">
      {messages.join(" ")}
    </span>
  );
}

/** A field's descriptions: its errors' (when it has some) and one more, when given. */
function describedWith(
  described: { readonly "aria-describedby"?: string },
  more: string | undefined,
): string | undefined {
  return [described["aria-describedby"], more].filter((id) => id !== undefined).join(" ") || undefined;
}

/** The form's values start from the job as last read; a saved job re-keys the form so they start again. */
function EditForm({
  tracker,
  open,
  job,
  locale,
}: {
  readonly tracker: JobTracker;
  readonly open: OpenJob;
  readonly job: JobDetail;
  readonly locale: string | undefined;
}) {
  const [description, setDescription] = useState(job.description);
  const [orderNumber, setOrderNumber] = useState(job.orderNumber);
  const [comments, setComments] = useState(job.comments);
  const [dateDue, setDateDue] = useState(dayOf(job.dateDue));
  const [mustDate, setMustDate] = useState(job.mustDate);
  const id = (field: EditField) => `job-${job.jobNumber}-${field}`;
  const errorsOf = (field: EditField) => open.fieldErrors[field];
  const described = (field: EditField) =>
    errorsOf(field)?.length ? { "aria-invalid": true, "aria-describedby": `${id(field)}-error` } : {};
  return (
    // The tracker checks the due date against a freshly read earliest ship date and says so in
    // the panel's alert; the browser's own range check would stop the form before that.
    <form
      noValidate
      class="job-edit"
      data-testid="job-edit"
      aria-labelledby={`job-${job.jobNumber}-edit-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void tracker.editJob(job.jobNumber, { description, orderNumber, comments, dateDue, mustDate });
      }}
    >
      <h4 id={`job-${job.jobNumber}-edit-heading`}>Change job {job.jobNumber}</h4>
      <label for={id("description")}>{EDIT_FIELD_LABELS.description}</label>
      <input
        id={id("description")}
        type="text"
        value={description}
        onInput={(e) => setDescription(e.currentTarget.value)}
        {...described("description")}
      />
      <FieldErrors id={`${id("description")}-error`} messages={errorsOf("description")} />
      <label for={id("orderNumber")}>{EDIT_FIELD_LABELS.orderNumber}</label>
      <input
        id={id("orderNumber")}
        type="text"
        value={orderNumber}
        onInput={(e) => setOrderNumber(e.currentTarget.value)}
        {...described("orderNumber")}
        aria-describedby={describedWith(
          described("orderNumber"),
          orderNumber !== job.orderNumber ? `${id("orderNumber")}-warning` : undefined,
        )}
      />
      {orderNumber !== job.orderNumber && (
        <span id={`${id("orderNumber")}-warning`} class="hint" data-testid="po-number-warning">
          The PO number is what the vendor's job list is searched by: an import of the same sheet elsewhere (another
          browser or computer) would no longer find this job and could create the order again. This browser writes the
          change down and still recognises the job.
        </span>
      )}
      <FieldErrors id={`${id("orderNumber")}-error`} messages={errorsOf("orderNumber")} />
      <label for={id("comments")}>{EDIT_FIELD_LABELS.comments} (sent to the factory)</label>
      <textarea
        id={id("comments")}
        rows={3}
        value={comments}
        onInput={(e) => setComments(e.currentTarget.value)}
        {...described("comments")}
      />
      <FieldErrors id={`${id("comments")}-error`} messages={errorsOf("comments")} />
      <label for={id("dateDue")}>{EDIT_FIELD_LABELS.dateDue}</label>
      <input
        id={id("dateDue")}
        type="date"
        value={dateDue}
        min={open.earliestShipDate}
        onInput={(e) => setDateDue(e.currentTarget.value)}
        data-testid="job-edit-date"
        {...described("dateDue")}
      />
      {open.earliestShipDate && (
        <span class="hint"> The earliest the factory can ship is {formatDay(open.earliestShipDate, locale)}.</span>
      )}
      <FieldErrors id={`${id("dateDue")}-error`} messages={errorsOf("dateDue")} />
      <label class="check">
        <input type="checkbox" checked={mustDate} onChange={(e) => setMustDate(e.currentTarget.checked)} /> The due date
        is a hard requirement (must-date)
      </label>
      <div class="actions">
        <button type="submit" disabled={open.busy !== undefined} data-testid="job-save">
          {open.busy === "saving" ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

function CancelControl({
  tracker,
  open,
  job,
}: {
  readonly tracker: JobTracker;
  readonly open: OpenJob;
  readonly job: JobDetail;
}) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focused as it is drawn: a key pressed in between would go to the page.
  useLayoutEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button
        type="button"
        class="secondary"
        onClick={() => setConfirming(true)}
        disabled={open.busy !== undefined}
        data-testid="job-cancel"
      >
        Cancel job
      </button>
    );
  }
  return (
    <div
      class="confirm"
      role="group"
      aria-labelledby={`job-${job.jobNumber}-cancel-question`}
      data-testid="job-cancel-confirm"
    >
      <p id={`job-${job.jobNumber}-cancel-question`}>Cancel job {job.jobNumber}? This cannot be undone here.</p>
      <button
        type="button"
        class="danger"
        ref={confirmRef}
        disabled={open.busy !== undefined}
        onClick={() => {
          setConfirming(false);
          void tracker.cancelJob(job.jobNumber);
        }}
        data-testid="job-cancel-yes"
      >
        Yes, cancel job {job.jobNumber}
      </button>{" "}
      <button type="button" class="secondary" onClick={() => setConfirming(false)}>
        No, keep it
      </button>
    </div>
  );
}

function LinesTable({
  job,
  currency,
  locale,
}: {
  readonly job: JobDetail;
  readonly currency: string;
  readonly locale: string | undefined;
}) {
  return (
    <TableScroll label={`Lines of job ${job.jobNumber}`}>
      <table class="job-lines" data-testid="job-lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Garment</th>
            <th scope="col" class="money">
              Quantity
            </th>
            <th scope="col" class="money">
              Unit price
            </th>
            <th scope="col">Your reference</th>
            <th scope="col">Status</th>
            <th scope="col">Image</th>
          </tr>
        </thead>
        <tbody>
          {job.lines.map((line) => {
            const image = safeLink(line.imageUrl);
            return (
              <tr key={line.jobLineId}>
                <td>
                  {line.description}
                  {line.assetSku && <span class="hint"> ({line.assetSku})</span>}
                </td>
                <td>{line.garment}</td>
                <td class="money">{line.quantity}</td>
                <td class="money">{formatMoney(line.unitPrice, currency, locale)}</td>
                <td>{line.customerReference}</td>
                <td>{line.status ?? ""}</td>
                <td>
                  {image ? (
                    // The visible word starts the link's name, so a user who says "click View" reaches it.
                    <a href={image} target="_blank" rel="noopener noreferrer">
                      View
                      <span class="visually-hidden">
                        {" "}
                        the image of {line.description || `line ${line.jobLineId}`} (opens in a new tab)
                      </span>
                    </a>
                  ) : (
                    <span class="hint">None</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

function JobFacts({ job, locale }: { readonly job: JobDetail; readonly locale: string | undefined }) {
  const invoice = safeLink(job.invoice?.uri);
  return (
    <dl class="job-facts">
      <dt>Status</dt>
      <dd data-testid="job-status">{job.status ?? "No status given"}</dd>
      <dt>PO number</dt>
      <dd>{job.orderNumber}</dd>
      <dt>Description</dt>
      <dd>{job.description}</dd>
      {job.comments && (
        <>
          <dt>Comments</dt>
          <dd>{job.comments}</dd>
        </>
      )}
      <dt>Due</dt>
      <dd>
        {formatDay(job.dateDue, locale)}
        {job.mustDate ? " (must-date)" : ""}
      </dd>
      {job.dateOut && (
        <>
          <dt>Dispatched</dt>
          <dd>{formatInstant(job.dateOut, locale)}</dd>
        </>
      )}
      {job.location && (
        <>
          <dt>Made at</dt>
          <dd>{job.location}</dd>
        </>
      )}
      {invoice && (
        <>
          <dt>Invoice</dt>
          <dd>
            <a href={invoice} target="_blank" rel="noopener noreferrer" data-testid="job-invoice">
              Invoice {job.invoiceNumber ?? ""} (PDF, opens in a new tab)
            </a>
            {job.invoice?.expires && (
              <span class="hint"> The link works until {formatInstant(job.invoice.expires, locale)}.</span>
            )}
          </dd>
        </>
      )}
      {job.tracking.length > 0 && (
        <>
          <dt>Tracking</dt>
          <dd>
            <TrackingLinks tracking={job.tracking} jobNumber={job.jobNumber} testId="job-tracking" />
          </dd>
        </>
      )}
    </dl>
  );
}

/** One job opened from the list: its lines, links, and what the vendor still lets the customer do. */
export function JobDetailPanel({ tracker, open, currency, locale }: Props) {
  const { job } = open;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the heading takes focus each time another job is opened.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, [open.jobNumber]);
  const formKey = job
    ? JSON.stringify([job.jobNumber, job.description, job.orderNumber, job.comments, job.dateDue, job.mustDate])
    : "";
  return (
    <section
      id="job-detail"
      class="job-detail"
      aria-labelledby="job-detail-heading"
      aria-busy={open.loading}
      data-testid="job-detail"
    >
      <div class="tracked-head">
        <h3 id="job-detail-heading" tabIndex={-1} ref={headingRef}>
          Job {open.jobNumber}
        </h3>
        <button type="button" class="secondary" onClick={tracker.closeJob} data-testid="job-close">
          Close
        </button>
      </div>
      <p role="status" data-testid="job-status-message">
        {open.loading
          ? `Reading job ${open.jobNumber} from the vendor…`
          : open.busy === "cancelling"
            ? `Cancelling job ${open.jobNumber}…`
            : open.message?.tone === "info"
              ? open.message.text
              : ""}
      </p>
      {open.message?.tone === "error" && (
        <p role="alert" class="error" data-testid="job-error">
          {open.message.text}
        </p>
      )}
      {job && (
        <>
          <JobFacts job={job} locale={locale} />
          <h4>Lines</h4>
          <LinesTable job={job} currency={currency} locale={locale} />
          {job.taxTotal !== undefined && (
            <p class="facts">Tax over all lines: {formatMoney(job.taxTotal, currency, locale)}</p>
          )}
          <OrderAgain key={job.jobNumber} job={job} />
          <div class="actions">
            {job.isCancelable && <CancelControl key={job.jobNumber} tracker={tracker} open={open} job={job} />}
          </div>
          {job.canEdit ? (
            <EditForm key={formKey} tracker={tracker} open={open} job={job} locale={locale} />
          ) : (
            <p class="hint" data-testid="job-locked">
              This job can no longer be changed here{job.lockedReason ? `: ${asClause(job.lockedReason)}.` : "."}
            </p>
          )}
        </>
      )}
    </section>
  );
}
