import { allActiveJobs, mapWithConcurrency, type VendorClient } from "../api";
import { advance, type JournalStore, type OrderRecord } from "../core/journal";
import { findListedJob } from "./vendor-jobs";

/**
 * Job numbers of these that the vendor lists (open or closed jobs; it never lists cancelled
 * ones): the whole list when that takes fewer requests than asking for each; undefined when
 * the vendor could not answer.
 */
async function listedOf(client: VendorClient, jobNumbers: readonly number[]): Promise<Set<number> | undefined> {
  const first = await client.listActiveJobs({ includeClosedJobs: true, page: 1, pageSize: 100 });
  if (!first.ok) return undefined;
  if (first.value.totalPages <= jobNumbers.length) {
    const all = await allActiveJobs(client, { includeClosedJobs: true });
    return all.ok ? new Set(all.value.map((job) => job.jobNumber)) : undefined;
  }
  const found = await mapWithConcurrency(jobNumbers, 4, (jobNumber) => findListedJob(client, jobNumber));
  if (found.some((result) => !result.ok)) return undefined;
  return new Set(
    jobNumbers.filter((_n, i) => {
      const result = found[i];
      return result?.ok === true && result.value !== undefined;
    }),
  );
}

/**
 * Writes down, as cancelled, the created orders (of those named in `among`) whose jobs were
 * cancelled at the vendor since (in Submitted jobs, or in the vendor's own dashboard): a job
 * the vendor no longer lists but can still read. Answers the orders as they stand afterwards;
 * unchanged when the vendor could not be asked. Jobs created a moment ago are best left out:
 * the vendor may not list them yet.
 */
export async function noteCancelledJobs(
  client: VendorClient,
  journal: JournalStore,
  orders: readonly OrderRecord[],
  now: () => Date,
  among: ReadonlySet<string>,
): Promise<OrderRecord[]> {
  const created = orders.filter((o) => o.state === "created" && o.jobNumber !== undefined && among.has(o.orderNumber));
  if (created.length === 0) return [...orders];
  const listed = await listedOf(
    client,
    created.map((o) => o.jobNumber as number),
  );
  if (!listed) return [...orders];
  const missing = created.filter((o) => !listed.has(o.jobNumber as number));
  const read = await mapWithConcurrency(missing, 4, (order) => client.getJob(order.jobNumber as number));
  const cancelled = missing
    .filter((_o, i) => read[i]?.ok === true)
    .map((order) =>
      advance(
        order,
        "cancelled",
        now(),
        `job ${order.jobNumber ?? ""} was cancelled at the vendor since it was created`,
      ),
    );
  if (cancelled.length === 0) return [...orders];
  await journal.putOrders(cancelled);
  const byNumber = new Map(cancelled.map((o) => [o.orderNumber, o]));
  return orders.map((o) => byNumber.get(o.orderNumber) ?? o);
}
