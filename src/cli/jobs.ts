import { countOf } from "../core/plural";
import { allActiveJobs, type ApiResult, type VendorClient } from "../api";
import type { ActiveJob } from "../core/vendor";
import { findJobsByOrderNumber } from "../submit/vendor-jobs";

/** A job as `jobs` prints it. */
export interface ListedJob {
  readonly jobNumber: number;
  readonly orderNumber: string | null;
  readonly status: string | null;
  readonly dateDue: string | null;
  readonly mustDate: boolean;
  readonly dateOut: string | null;
  readonly tracking: readonly { readonly trackingNumber: string; readonly trackingLink: string | null }[];
  readonly canEdit: boolean | null;
}

const listed = (job: ActiveJob): ListedJob => ({
  jobNumber: job.jobNumber,
  orderNumber: job.orderNumber ?? null,
  status: job.masterJobStatus ?? null,
  dateDue: job.dateDue ?? null,
  mustDate: job.mustDate,
  dateOut: job.dateOut ?? null,
  tracking: job.tracking.map((t) => ({ trackingNumber: t.trackingNumber, trackingLink: t.trackingLink ?? null })),
  canEdit: job.permissions?.canEdit ?? null,
});

/** The account's jobs, open and closed (the vendor never lists cancelled ones), or those of one order number. */
export async function listJobs(client: VendorClient, orderNumber: string | undefined): Promise<ApiResult<ListedJob[]>> {
  const found =
    orderNumber === undefined
      ? await allActiveJobs(client, { includeClosedJobs: true })
      : await findJobsByOrderNumber(client, orderNumber);
  if (!found.ok) return found;
  return { ...found, value: found.value.map(listed).sort((a, b) => a.jobNumber - b.jobNumber) };
}

export function jobsText(jobs: readonly ListedJob[]): string {
  if (jobs.length === 0) return "No jobs.\n";
  const lines = jobs.map(
    (job) =>
      `  ${String(job.jobNumber).padEnd(8)} ${(job.orderNumber ?? "").padEnd(14)}` +
      ` ${(job.status ?? "unknown").padEnd(18)} due ${job.dateDue?.slice(0, 10) ?? "—"}` +
      `${job.mustDate ? " (must)" : ""}${job.tracking.map((t) => `  ${t.trackingLink ?? t.trackingNumber}`).join("")}`,
  );
  return `${countOf(jobs.length, "job", "jobs")}:\n${lines.join("\n")}\n`;
}
