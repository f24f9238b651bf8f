import { countOf, formatCount, pluralise } from "../../core/plural";
import type { EngineSummary } from "../../engine/views";

/**
 * Jobs the vendor's check passed (and not already at the vendor) or that wait only for it: what Submit offers to send.
 */
export const sendableJobs = (summary: EngineSummary): number => summary.jobs.valid + summary.jobs.ready;

/** "25 rows, 4 jobs: 3 ready, 1 needs attention. 1 row skipped." */
export function summaryText(summary: EngineSummary): string {
  const { jobs } = summary;
  const attention = jobs.blocked + jobs.rejected + jobs.pending + jobs.unverified;
  const skipped = summary.skippedRows > 0 ? ` ${countOf(summary.skippedRows, "row", "rows")} skipped.` : "";
  const existing = jobs.existing > 0 ? `, ${formatCount(jobs.existing)} already at the vendor` : "";
  return (
    `${countOf(summary.rows, "row", "rows")}, ${countOf(jobs.total, "job", "jobs")}: ` +
    `${sendableJobs(summary)} ready, ${attention} ${pluralise(attention, "needs", "need")} attention` +
    `${existing}.${skipped}`
  );
}

/** "2 errors, 0 warnings, 3 notes." */
export function issueCountsText(summary: EngineSummary): string {
  const { issues } = summary;
  return (
    `${countOf(issues.error, "error", "errors")}, ${countOf(issues.warning, "warning", "warnings")}, ` +
    `${countOf(issues.info, "note", "notes")}.`
  );
}

/** What Submit says: checking while it runs, else what it will do with the jobs as they stand. */
export function submitButtonText(summary: EngineSummary, submitting: boolean): string {
  const checked = summary.jobs.valid;
  if (submitting) return "Checking before you confirm…";
  if (summary.jobs.ready > 0) return "Check and submit…";
  return checked > 0 ? `Submit ${checked} ${pluralise(checked, "job", "jobs")}…` : "Nothing to submit";
}
