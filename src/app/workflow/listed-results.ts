import type { ListedLimits } from "../../submit/submit-api";

/**
 * Orders and rows the results page lists at most: a few hundred lines draw in a frame or two, where thousands kept the
 * page frozen for a second once the last order was sent. The result sheet has them all.
 */
export const LISTED_ORDERS = 200;
export const LISTED_ROWS = 200;

/** What the results page asks the submit worker to list (see `ordersToList`): the rest it only counts. */
export const LISTED: ListedLimits = { orders: LISTED_ORDERS, rows: LISTED_ROWS };
