import { useEffect, useRef } from "preact/hooks";
import { formatMoney } from "../../core/estimate";
import { countOf } from "../../core/plural";
import type { JobTracker, JobTrackerDeps, JobTrackerState } from "./job-tracker";
import { JobDetailPanel } from "./job-detail-panel";
import { TableScroll } from "../table-scroll";
import { useStore } from "../use-store";
import { TrackingLinks } from "./tracking-links";
import { formatDay, formatInstant, type TrackedJob } from "./tracked-jobs";

interface Props {
  readonly tracker: JobTracker;
  /** The account's currency code, for totals. */
  readonly currency: string;
  readonly locale?: string;
}

/** The document's visibility, for `createJobTracker`'s `isHidden` and `onVisibilityChange`. */
export function documentVisibility(
  doc: Document = document,
): Required<Pick<JobTrackerDeps, "isHidden" | "onVisibilityChange">> {
  return {
    isHidden: () => doc.visibilityState === "hidden",
    onVisibilityChange: (listener) => {
      doc.addEventListener("visibilitychange", listener);
      return () => doc.removeEventListener("visibilitychange", listener);
    },
  };
}

/** The tracker's current state, re-rendering on every change; polling runs while mounted. */
function useTracker(tracker: JobTracker): JobTrackerState {
  const state = useStore(tracker);
  useEffect(() => {
    tracker.start();
    return () => tracker.stop();
  }, [tracker]);
  return state;
}

function statusText(job: TrackedJob): string {
  if (job.status !== undefined && job.status !== "") return job.status;
  switch (job.vendor) {
    case "not-found":
      return "Not found for this account";
    case "failed":
      return "Could not be read just now";
    case "pending":
      return "Checking…";
    default:
      return "No status given";
  }
}

/** What a customer sees after submitting: their jobs at the vendor, refreshed every few minutes. */
export function SubmittedJobs({ tracker, currency, locale }: Props) {
  const state = useTracker(tracker);
  const { jobs, open } = state;
  const openJobNumber = open?.jobNumber;
  const list = useRef<HTMLElement>(null);
  const shown = useRef<number | undefined>(undefined);
  // A job's panel closed: focus goes back to the job's button in the list, unless the user put it elsewhere.
  useEffect(() => {
    const closed = shown.current;
    shown.current = openJobNumber;
    if (openJobNumber !== undefined || closed === undefined) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const button = list.current?.querySelector<HTMLElement>(`[data-job-number="${closed}"]`);
    (button ?? list.current?.querySelector<HTMLElement>(".table-scroll"))?.focus();
  }, [openJobNumber]);
  return (
    <section ref={list} class="tracked" aria-labelledby="tracked-heading" data-testid="submitted-jobs">
      <div class="tracked-head">
        <h2 id="tracked-heading">Submitted jobs</h2>
        <button
          type="button"
          class="secondary"
          onClick={() => void tracker.refresh()}
          disabled={state.refreshing}
          data-testid="tracked-refresh"
        >
          Refresh
        </button>
      </div>
      <p class="facts" data-testid="tracked-summary">
        {countOf(jobs.length, "job", "jobs")}
        {" · "}
        {state.lastRefreshedAt ? (
          <>
            Last refreshed{" "}
            <time dateTime={state.lastRefreshedAt} data-testid="tracked-refreshed-at">
              {formatInstant(state.lastRefreshedAt, locale)}
            </time>
          </>
        ) : (
          "Not refreshed yet"
        )}
        {state.paused && " · updates paused while this page is hidden"}
      </p>
      <p role="status" class="hint" data-testid="tracked-status">
        {state.refreshing ? "Refreshing the list from the vendor…" : ""}
      </p>
      {state.refreshError && (
        <p role="alert" class="error" data-testid="tracked-error">
          {state.refreshError}
        </p>
      )}
      {state.loaded && jobs.length === 0 ? (
        <p data-testid="tracked-empty">No jobs have been submitted to this account from this browser yet.</p>
      ) : (
        <TableScroll label="Submitted jobs table">
          <table class="tracked-jobs">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Order</th>
                <th scope="col">Sheet</th>
                <th scope="col">Status</th>
                <th scope="col">Due</th>
                <th scope="col">Must-date</th>
                <th scope="col" class="money">
                  Total
                </th>
                <th scope="col">Tracking</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => {
                const isOpen = open?.jobNumber === job.jobNumber;
                return (
                  <tr
                    key={job.jobNumber}
                    class={isOpen ? "selected" : undefined}
                    data-testid={`tracked-job-${job.jobNumber}`}
                  >
                    <th scope="row">
                      <button
                        type="button"
                        class="link"
                        aria-label={`Show job ${job.jobNumber}`}
                        aria-expanded={isOpen}
                        aria-controls="job-detail"
                        data-job-number={job.jobNumber}
                        onClick={() => void (isOpen ? tracker.closeJob() : tracker.openJob(job.jobNumber))}
                      >
                        {job.jobNumber}
                      </button>
                      {job.origin === "existing" && (
                        <>
                          {" "}
                          <span class="badge">already existed</span>
                        </>
                      )}
                    </th>
                    <td>{job.orderNumber}</td>
                    <td class="sheet-name" title={`${job.fileName}, sheet ${job.sheetName}`}>
                      {job.fileName}
                    </td>
                    <td data-testid="tracked-status-cell">{statusText(job)}</td>
                    <td>{job.dateDue ? formatDay(job.dateDue, locale) : ""}</td>
                    <td>{job.mustDate ? "Yes" : "No"}</td>
                    <td class="money">
                      {job.totalJobCost !== undefined ? formatMoney(job.totalJobCost, currency, locale) : ""}
                    </td>
                    <td>
                      {job.tracking.length === 0 ? (
                        <span class="hint">None yet</span>
                      ) : (
                        <TrackingLinks tracking={job.tracking} jobNumber={job.jobNumber} />
                      )}
                    </td>
                    <td>
                      {job.submittedAt
                        ? formatInstant(job.submittedAt, locale)
                        : job.origin === "existing"
                          ? "Before this import"
                          : ""}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {open && <JobDetailPanel tracker={tracker} open={open} currency={currency} locale={locale} />}
    </section>
  );
}
