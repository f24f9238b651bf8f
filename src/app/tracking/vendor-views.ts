import { mapWithConcurrency, type VendorClient } from "../../api";
import type { ActiveJob } from "../../core/vendor";
import { vendorViewOfActive, vendorViewOfJob, type VendorView } from "./tracked-jobs";

/** Jobs missing from the vendor's list are looked up one by one, this many at a time. */
const LOOKUP_CONCURRENCY = 4;

/**
 * What the vendor last said about each job of the list. A job read on its own elsewhere (the
 * open job's panel) is stamped, and a refresh that started before it leaves it be.
 */
export function createVendorViews(client: VendorClient) {
  const vendor = new Map<number, VendorView>();
  /** A counter stamped on each job updated on its own, so a refresh that started earlier does not overwrite it. */
  let sequence = 0;
  const touched = new Map<number, number>();
  const untouchedSince = (jobNumber: number, stamp: number) => (touched.get(jobNumber) ?? 0) <= stamp;

  /** Reads singly the jobs the vendor's list left out; answers how many could not be read. */
  async function readMissing(missing: readonly number[], started: number, signal: AbortSignal): Promise<number> {
    const failed = await mapWithConcurrency(
      missing,
      LOOKUP_CONCURRENCY,
      async (jobNumber) => {
        const result = await client.getJob(jobNumber, { signal });
        if (signal.aborted || !untouchedSince(jobNumber, started)) return false;
        if (result.ok) vendor.set(jobNumber, vendorViewOfJob(result.value));
        else if (result.problem.status === 404) vendor.set(jobNumber, { lookup: "not-found", tracking: [] });
        else {
          vendor.set(jobNumber, { ...(vendor.get(jobNumber) ?? { tracking: [] }), lookup: "failed" });
          return true;
        }
        return false;
      },
      signal,
    );
    return failed.filter(Boolean).length;
  }

  return {
    get: (jobNumber: number): VendorView | undefined => vendor.get(jobNumber),
    /** The stamp a refresh starts from: jobs recorded after it are not overwritten by what it reads. */
    stamp: (): number => sequence,
    /** A job read on its own. */
    record(jobNumber: number, view: VendorView): void {
      vendor.set(jobNumber, view);
      touched.set(jobNumber, ++sequence);
    },
    /**
     * Takes the vendor's list of active jobs for the jobs numbered, then reads singly those it
     * leaves out: only those without an answer yet, or every one when `thorough`. Answers how
     * many could not be read.
     */
    async readFromList(
      jobNumbers: readonly number[],
      listed: readonly ActiveJob[],
      options: { readonly started: number; readonly thorough: boolean; readonly signal: AbortSignal },
    ): Promise<number> {
      const { started, thorough, signal } = options;
      const active = new Map(listed.map((job) => [job.jobNumber, job]));
      const missing: number[] = [];
      for (const jobNumber of jobNumbers) {
        const job = active.get(jobNumber);
        const settled = ["fetched", "not-found"].includes(vendor.get(jobNumber)?.lookup ?? "");
        if (job !== undefined) {
          if (untouchedSince(jobNumber, started)) vendor.set(jobNumber, vendorViewOfActive(job));
        } else if (thorough || !settled) {
          missing.push(jobNumber);
        }
      }
      return readMissing(missing, started, signal);
    },
  };
}
