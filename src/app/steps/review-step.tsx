import type { Issue } from "../../core/issues";
import type { JobReview, ReviewSession } from "../import-session";

interface Props {
  readonly session: ReviewSession;
  readonly submitting: { readonly done: number; readonly total: number } | undefined;
  readonly onSubmit: () => void;
  readonly onStartOver: () => void;
}

const STATE_TEXT: Readonly<Record<JobReview["state"], string>> = {
  valid: "Ready",
  blocked: "Needs fixing",
  rejected: "Rejected by the vendor",
};

function IssueList({ issues }: { readonly issues: readonly Issue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul class="issues">
      {issues.map((issue, index) => (
        <li key={index} class={issue.severity} data-code={issue.code}>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}

export function ReviewStep({ session, submitting, onSubmit, onStartOver }: Props) {
  const ready = session.jobs.filter((job) => job.state === "valid");
  const rowsByNumber = new Map(session.rows.map((row) => [row.rowNumber, row]));
  const looseRows = session.rows.filter((row) => row.values.orderNumber === undefined);
  return (
    <section>
      <h2>Review {session.fileName}</h2>
      <p data-testid="summary">
        {session.rows.length} rows, {session.jobs.length} jobs: {ready.length} ready,{" "}
        {session.jobs.length - ready.length} need attention.
      </p>
      {session.jobs.map((job) => (
        <article class={`job ${job.state}`} key={job.orderNumber} data-testid={`job-${job.orderNumber}`}>
          <h3>
            Order {job.orderNumber} <span class="badge">{STATE_TEXT[job.state]}</span>
          </h3>
          <IssueList issues={session.issues.filter((i) => i.rowNumber === null && i.orderNumber === job.orderNumber)} />
          <table>
            <thead>
              <tr>
                <th>Row</th>
                <th>Code</th>
                <th>Quantity</th>
                <th>Issues</th>
              </tr>
            </thead>
            <tbody>
              {job.rowNumbers.map((rowNumber) => {
                const row = rowsByNumber.get(rowNumber);
                return (
                  <tr key={rowNumber} data-testid={`row-${rowNumber}`}>
                    <td>{rowNumber}</td>
                    <td>{row?.values.code}</td>
                    <td>{row?.values.quantity}</td>
                    <td>
                      <IssueList issues={session.issues.filter((i) => i.rowNumber === rowNumber)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </article>
      ))}
      {looseRows.length > 0 && (
        <article class="job blocked">
          <h3>Rows without an order number</h3>
          {looseRows.map((row) => (
            <div key={row.rowNumber} data-testid={`row-${row.rowNumber}`}>
              <IssueList issues={session.issues.filter((i) => i.rowNumber === row.rowNumber)} />
            </div>
          ))}
        </article>
      )}
      <div class="actions">
        <button type="button" onClick={onSubmit} disabled={ready.length === 0 || submitting !== undefined}>
          Submit {ready.length} ready {ready.length === 1 ? "job" : "jobs"}
        </button>{" "}
        <button type="button" class="secondary" onClick={onStartOver} disabled={submitting !== undefined}>
          Choose another sheet
        </button>
        {submitting && (
          <p role="status">
            Submitting {submitting.done} of {submitting.total}…
          </p>
        )}
      </div>
    </section>
  );
}
