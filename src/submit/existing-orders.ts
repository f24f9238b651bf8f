import type { AdaptiveLimiter, ApiProblem, VendorClient } from "../api";
import type { ExistingOrder } from "../core/batch-plan";
import type { JobCandidate } from "../core/vendor";
import { earlierJob, lookUpOwnJob, recogniseOrder, type OwnJob } from "./own-jobs";
import { findExistingJobs, orderKey } from "./vendor-jobs";

export interface ExistingOrders {
  /** By order number as given, for every order found to exist. */
  readonly found: ReadonlyMap<string, ExistingOrder>;
  /** Orders that could not be looked up this time, with why. */
  readonly failed: ReadonlyMap<string, ApiProblem>;
}

export interface OrderToLookUp {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  readonly payloadHash?: string | undefined;
}

/**
 * Looks every order up before it is sent: first in the journal's memory of the jobs it made
 * (an order recognised there is checked at the vendor by its job number, so a PO number
 * changed since does not hide it; a job cancelled since does not count), then among the
 * vendor's jobs by order number.
 */
export async function findExistingOrders(
  client: VendorClient,
  own: readonly OwnJob[],
  orders: readonly OrderToLookUp[],
  options: {
    readonly limiter: AdaptiveLimiter;
    readonly signal?: AbortSignal | undefined;
    readonly onSearched?: () => void;
  },
): Promise<ExistingOrders> {
  const found = new Map<string, ExistingOrder>();
  const failed = new Map<string, ApiProblem>();
  const byVendor = await findExistingJobs(
    client,
    orders.map((o) => o.orderNumber),
    options,
  );
  for (const order of orders) {
    const key = orderKey(order.orderNumber);
    const mine = recogniseOrder(own, order);
    const listed = byVendor.byOrder.get(key);
    if (mine) {
      const state = listed?.includes(mine.jobNumber)
        ? ({ state: "live", orderNumber: order.orderNumber } as const)
        : await lookUpOwnJob(client, mine.jobNumber, options.signal);
      if (state.state === "live") {
        found.set(order.orderNumber, { kind: "earlier", job: earlierJob(mine, state.orderNumber) });
        continue;
      }
      if (state.state === "failed") {
        failed.set(order.orderNumber, state.problem);
        continue;
      }
    }
    const problem = byVendor.failed.get(key);
    if (problem) failed.set(order.orderNumber, problem);
    else if (listed && listed.length > 0) found.set(order.orderNumber, { kind: "vendor", jobNumbers: listed });
  }
  return { found, failed };
}
