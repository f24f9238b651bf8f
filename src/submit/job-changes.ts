import { advance, type BatchRecord, type JournalStore, type OrderRecord } from "../core/journal";

/** Something done to a job after the importer created it, from Submitted jobs or a result screen. */
export type JobChange =
  | { readonly kind: "cancelled" }
  | { readonly kind: "order-number"; readonly orderNumber: string };

/**
 * Writes a change to one of the journal's own jobs down on the order that created it: a
 * cancellation, or a PO number changed at the vendor (the key the vendor's list is searched
 * by, so the journal keeps the new one beside the one it sent). Answers the order as written,
 * or undefined when no batch of the account created that job.
 */
export async function recordJobChange(
  journal: JournalStore,
  account: Pick<BatchRecord, "connection" | "accountId">,
  jobNumber: number,
  change: JobChange,
  at: Date,
): Promise<OrderRecord | undefined> {
  for (const batch of await journal.listBatches()) {
    if (batch.connection !== account.connection || batch.accountId !== account.accountId) continue;
    const order = (await journal.ordersOf(batch.id)).find(
      (o) => o.jobNumber === jobNumber && (o.state === "created" || o.state === "cancelled"),
    );
    if (!order) continue;
    const changed =
      change.kind === "cancelled"
        ? order.state === "cancelled"
          ? order
          : advance(order, "cancelled", at, `job ${jobNumber} was cancelled from this importer`)
        : advance(
            order,
            order.state,
            at,
            `PO number of job ${jobNumber} changed at the vendor ` +
              `from ${order.vendorOrderNumber ?? order.orderNumber} to ${change.orderNumber}`,
            { vendorOrderNumber: change.orderNumber },
          );
    if (changed !== order) await journal.putOrders([changed]);
    return changed;
  }
  return undefined;
}
