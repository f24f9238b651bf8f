import type { OrderRecord } from "../../core/journal";

/**
 * Orders and rows the results page lists at most: a few hundred lines draw in a frame or two, where thousands kept the
 * page frozen for a second once the last order was sent. The result sheet has them all.
 */
export const LISTED_ORDERS = 200;
export const LISTED_ROWS = 200;

/** An order the user may have to do something about: anything but a job simply created. */
export const needsAttention = (order: Pick<OrderRecord, "state" | "duplicateJobNumbers">) =>
  order.state !== "created" || (order.duplicateJobNumbers?.length ?? 0) > 0;

/**
 * The orders to list, in their own order: every one needing attention, then as many of the others as fit within
 * `LISTED_ORDERS`.
 */
export function ordersToList<Order extends Pick<OrderRecord, "state" | "duplicateJobNumbers">>(
  orders: readonly Order[],
): readonly Order[] {
  if (orders.length <= LISTED_ORDERS) return orders;
  let room = Math.max(0, LISTED_ORDERS - orders.filter(needsAttention).length);
  return orders.filter((order) => needsAttention(order) || room-- > 0);
}
