import {
  allActiveJobs,
  mapAdaptively,
  mapWithConcurrency,
  pressureOf,
  type AdaptiveLimiter,
  type ApiProblem,
  type ApiResult,
  type VendorClient,
} from "../api";
import type { JobStatusInfo } from "../core/result-sheet-data";
import type { ActiveJob, Job, JobCandidate } from "../core/vendor";

/** Order numbers are compared as the vendor's own search does: trimmed, whatever the case. */
export const orderKey = (orderNumber: string | null | undefined) => (orderNumber ?? "").trim().toLowerCase();

/**
 * The vendor's jobs (open and closed; cancelled ones are never listed) whose order number is
 * exactly this one. The search also matches job numbers, descriptions and parts of order
 * numbers, so the answer is narrowed to the exact order number here.
 */
export async function findJobsByOrderNumber(
  client: VendorClient,
  orderNumber: string,
  signal?: AbortSignal,
): Promise<ApiResult<ActiveJob[]>> {
  const found = await allActiveJobs(client, { searchText: orderNumber.trim(), includeClosedJobs: true }, { signal });
  if (!found.ok) return found;
  const wanted = orderKey(orderNumber);
  return { ...found, value: found.value.filter((job) => orderKey(job.orderNumber) === wanted) };
}

/**
 * The vendor's listing of one job (open or closed), found by its number; undefined when it is not listed (cancelled, or
 * no such job).
 */
export async function findListedJob(
  client: VendorClient,
  jobNumber: number,
  signal?: AbortSignal,
): Promise<ApiResult<ActiveJob | undefined>> {
  const found = await allActiveJobs(client, { searchText: String(jobNumber), includeClosedJobs: true }, { signal });
  if (!found.ok) return found;
  return { ...found, value: found.value.find((job) => job.jobNumber === jobNumber) };
}

export interface ExistingJobs {
  /** Job numbers by order key, for every order asked about that could be looked up. */
  readonly byOrder: ReadonlyMap<string, readonly number[]>;
  /** Orders that could not be looked up this time, with why. */
  readonly failed: ReadonlyMap<string, ApiProblem>;
}

export interface FindExistingOptions {
  /** Bounds the searches of single orders (several at once, fewer while the vendor is slowing down). */
  readonly limiter: AdaptiveLimiter;
  /** Once aborted no further search starts; orders not searched are in neither map. */
  readonly signal?: AbortSignal | undefined;
  /** Called after each single order's search, for progress. */
  readonly onSearched?: () => void;
}

/**
 * The vendor's jobs for each of these order numbers. When the account's whole job list takes
 * fewer pages than there are orders to look up, the list is read once; otherwise each order
 * is searched for, several at once under the limiter. Either way only the documented paging
 * is relied on.
 */
export async function findExistingJobs(
  client: VendorClient,
  orderNumbers: readonly string[],
  options: FindExistingOptions,
): Promise<ExistingJobs> {
  const { signal } = options;
  const byOrder = new Map<string, number[]>();
  const failed = new Map<string, ApiProblem>();
  const wanted = new Set(orderNumbers.map(orderKey));
  if (wanted.size === 0) return { byOrder, failed };

  const first = await options.limiter.run(
    () => client.listActiveJobs({ includeClosedJobs: true, page: 1, pageSize: 100 }, { signal }),
    pressureOf,
  );
  if (first.ok && first.value.totalPages <= wanted.size) {
    const all = await options.limiter.run(
      () => allActiveJobs(client, { includeClosedJobs: true }, { signal }),
      pressureOf,
    );
    if (all.ok) {
      for (const key of wanted) byOrder.set(key, []);
      for (const job of all.value) byOrder.get(orderKey(job.orderNumber))?.push(job.jobNumber);
      return { byOrder, failed };
    }
  }
  const searched = await mapAdaptively(
    orderNumbers,
    options.limiter,
    async (orderNumber) => {
      const result = await findJobsByOrderNumber(client, orderNumber, signal);
      options.onSearched?.();
      return result;
    },
    pressureOf,
    signal,
  );
  searched.forEach((result, index) => {
    const key = orderKey(orderNumbers[index]);
    if (result === undefined) return;
    if (result.ok)
      byOrder.set(
        key,
        result.value.map((job) => job.jobNumber),
      );
    else failed.set(key, result.problem);
  });
  return { byOrder, failed };
}

/** The quantity the vendor will record for a request line (a stock line's is its sizes' total). */
function lineQuantity(line: NonNullable<JobCandidate["items"]>[number]): number {
  const sizes = line.sizeQuantities ? Object.values(line.sizeQuantities) : [];
  return sizes.length > 0 ? sizes.reduce((sum, n) => sum + n, 0) : (line.quantity ?? 0);
}

/**
 * Whether a job on the vendor's side is the one this request would have made: every
 * customer reference present with the same quantity, or, where the request has no
 * references, the same number of lines and units.
 */
export function jobMatchesRequest(job: Pick<Job, "lines">, candidate: JobCandidate): boolean {
  const items = candidate.items ?? [];
  const expected = new Map<string, number>();
  for (const item of items) {
    const reference = item.customerReference?.trim();
    if (reference) expected.set(reference, (expected.get(reference) ?? 0) + lineQuantity(item));
  }
  const total = (quantities: Iterable<number>) => [...quantities].reduce((sum, n) => sum + n, 0);
  if (expected.size === 0) {
    return (
      job.lines.length === items.length && total(job.lines.map((l) => l.quantity)) === total(items.map(lineQuantity))
    );
  }
  const actual = new Map<string, number>();
  for (const line of job.lines) {
    const reference = line.customerReference?.trim();
    if (reference) actual.set(reference, (actual.get(reference) ?? 0) + line.quantity);
  }
  for (const [reference, quantity] of expected) if (actual.get(reference) !== quantity) return false;
  return true;
}

/**
 * The vendor's word on each of these jobs now: status, due date and tracking. The job list
 * (closed jobs included) answers most; a job it leaves out (a cancelled one) is read on its own.
 */
export async function fetchJobStatuses(
  client: VendorClient,
  jobNumbers: readonly number[],
): Promise<Map<number, JobStatusInfo>> {
  const wanted = new Set(jobNumbers);
  const statuses = new Map<number, JobStatusInfo>();
  if (wanted.size === 0) return statuses;
  const listed = await allActiveJobs(client, { includeClosedJobs: true });
  if (listed.ok) {
    for (const job of listed.value) {
      if (wanted.has(job.jobNumber))
        statuses.set(job.jobNumber, {
          status: job.masterJobStatus ?? null,
          dateDue: job.dateDue,
          trackingLink: job.tracking[0]?.trackingLink ?? null,
        });
    }
  }
  const missing = [...wanted].filter((n) => !statuses.has(n));
  const read = await mapWithConcurrency(missing, 4, (jobNumber) => client.getJob(jobNumber));
  read.forEach((result, i) => {
    if (result.ok)
      statuses.set(missing[i] as number, {
        status: result.value.jobStatus ?? null,
        dateDue: result.value.dateDue,
        trackingLink: result.value.shippingAddresses[0]?.trackingLink ?? null,
      });
  });
  return statuses;
}
