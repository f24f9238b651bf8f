import type { ApiProblem, VendorClient } from "../api";
import { createdAtOf, type BatchRecord, type EarlierJob, type JournalStore } from "../core/journal";
import type { JobCandidate } from "../core/vendor";
import { findListedJob, orderKey } from "./vendor-jobs";

/** A job this journal created for the account, with the request that made it. */
export interface OwnJob {
  readonly batchId: string;
  readonly jobNumber: number;
  /** The order number it was sent with (the vendor may know it by another since: see `vendorOrderNumber`). */
  readonly orderNumber: string;
  readonly vendorOrderNumber?: string | undefined;
  readonly payloadHash: string;
  readonly candidate: JobCandidate;
  readonly createdAt: string;
}

type Account = Pick<BatchRecord, "connection" | "accountId">;

/**
 * Every job the journal's batches created for the account and did not see cancelled: the
 * importer's own memory of what it made, which outlives a PO number changed at the vendor.
 */
export async function ownJobsOf(journal: JournalStore, account: Account, exceptBatchId?: string): Promise<OwnJob[]> {
  const own: OwnJob[] = [];
  for (const batch of await journal.listBatches()) {
    if (batch.id === exceptBatchId || batch.connection !== account.connection || batch.accountId !== account.accountId)
      continue;
    for (const order of await journal.ordersOf(batch.id)) {
      if (order.state !== "created" || order.jobNumber === undefined) continue;
      own.push({
        batchId: batch.id,
        jobNumber: order.jobNumber,
        orderNumber: order.orderNumber,
        vendorOrderNumber: order.vendorOrderNumber,
        payloadHash: order.payloadHash,
        candidate: order.candidate,
        createdAt: createdAtOf(order) ?? order.updatedAt,
      });
    }
  }
  return own;
}

/** What a line asks for, whatever its customer reference: type, code, variant and quantities. */
function lineKey(item: NonNullable<JobCandidate["items"]>[number]): string {
  const sizes = Object.entries(item.sizeQuantities ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    item.itemType,
    (item.code ?? "").trim().toLowerCase(),
    item.variantCode ?? null,
    sizes.length > 0 ? sizes : (item.quantity ?? 0),
  ]);
}

/** Whether two requests ask for the same lines (in any order, references aside). */
export function sameLines(a: JobCandidate, b: JobCandidate): boolean {
  const keys = (candidate: JobCandidate) => (candidate.items ?? []).map(lineKey).sort();
  const left = keys(a);
  const right = keys(b);
  return left.length === right.length && left.every((key, i) => key === right[i]);
}

/**
 * The job this journal made earlier for the same order: sent with the same order number and
 * the same lines (the same request, or one that differs only in references or job details).
 */
export function recogniseOrder(
  own: readonly OwnJob[],
  order: { readonly orderNumber: string; readonly candidate: JobCandidate; readonly payloadHash?: string | undefined },
): OwnJob | undefined {
  const key = orderKey(order.orderNumber);
  return own.find(
    (job) =>
      orderKey(job.orderNumber) === key &&
      (job.payloadHash === order.payloadHash || sameLines(job.candidate, order.candidate)),
  );
}

/**
 * Where one of our jobs stands at the vendor: live (with its PO number now), cancelled, gone, or not known this time.
 */
export type OwnJobState =
  | { readonly state: "live"; readonly orderNumber: string }
  | { readonly state: "cancelled" }
  | { readonly state: "gone" }
  | { readonly state: "failed"; readonly problem: ApiProblem };

/**
 * Looks one of our jobs up by its number. The job list (closed jobs included) holds every job
 * but cancelled ones, so a job missing from it that can still be read is cancelled.
 */
export async function lookUpOwnJob(
  client: VendorClient,
  jobNumber: number,
  signal?: AbortSignal,
): Promise<OwnJobState> {
  const listed = await findListedJob(client, jobNumber, signal);
  if (!listed.ok) return { state: "failed", problem: listed.problem };
  if (listed.value) return { state: "live", orderNumber: listed.value.orderNumber ?? "" };
  const read = await client.getJob(jobNumber, { signal });
  if (read.ok) return { state: "cancelled" };
  return read.problem.status === 404 ? { state: "gone" } : { state: "failed", problem: read.problem };
}

/** The earlier job as an order of a later import is told of it, from where it stands now. */
export function earlierJob(own: OwnJob, orderNumberNow: string): EarlierJob {
  return {
    jobNumber: own.jobNumber,
    createdAt: own.createdAt,
    ...(orderKey(orderNumberNow) !== orderKey(own.orderNumber) ? { orderNumberNow } : {}),
  };
}
