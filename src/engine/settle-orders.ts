import {
  distinctNeeds,
  needKey,
  processCodesOf,
  processSetKey,
  type FactRequest,
  type ResolvedLine,
} from "../core/resolve";
import type { SessionFacts } from "./live-facts";
import type { OrderIndex } from "./order-index";

/**
 * Rounds of fetching an answer may lead to (a price code fetched by name brings a process, whose
 * ship date is asked next).
 */
const MAX_FACT_ROUNDS = 3;

/** What settling reads and resolves again: the order index, and the live facts it fetches into. */
interface SettleParts {
  readonly index: OrderIndex;
  readonly live: SessionFacts;
}

/** Fetches what resolution of these orders asked for, then resolves again the rows and orders that depended on it. */
export async function settleOrders({ index, live }: SettleParts, orders: Set<string>): Promise<void> {
  for (let round = 0; round < MAX_FACT_ROUNDS; round++) {
    const needs = live.pending([...orders].flatMap((orderNumber) => index.job(orderNumber)?.needs ?? []));
    if (needs.length === 0) return;
    await live.fetch(needs);
    const answered = new Set(needs.map(needKey));
    const isAnswered = (need: FactRequest) => answered.has(needKey(need));
    const rowsToRedo: number[] = [];
    const ordersToRedo = new Set<string>();
    for (const orderNumber of orders) {
      for (const i of index.rowsOf(orderNumber)) if (index.line(i)?.needs.some(isAnswered)) rowsToRedo.push(i);
      if (index.job(orderNumber)?.needs.some(isAnswered)) ordersToRedo.add(orderNumber);
    }
    for (const orderNumber of index.refresh(rowsToRedo)) ordersToRedo.delete(orderNumber);
    for (const orderNumber of ordersToRedo) index.resolveOrder(orderNumber);
  }
}

/** Fetches the earliest ship date of each order's set of processes not known yet. */
async function fetchShipDates({ index, live }: SettleParts): Promise<void> {
  const processSets = new Map<string, FactRequest>();
  for (const orderNumber of index.orderNumbers()) {
    const processCodes = processCodesOf(index.rowsOf(orderNumber).map((i) => index.line(i) as ResolvedLine));
    const key = processSetKey(processCodes);
    if (processCodes.length > 0 && !live.hasShipDate(key))
      processSets.set(key, { kind: "shipDate", key, processCodes });
  }
  await live.fetch([...processSets.values()]);
}

/**
 * Finishes a session whose rows were all just resolved: fetches the facts the lines ask for and resolves again those
 * that asked, groups the rows into orders, then (with the facts the orders' process sets need fetched first, so each
 * job is resolved once rather than once without them and once with) resolves every order, and settles what the orders
 * still ask for.
 */
export async function settleSession(parts: SettleParts): Promise<void> {
  const { index, live } = parts;
  const needs: FactRequest[] = [];
  for (let i = 0; i < index.lineCount; i++) needs.push(...(index.line(i)?.needs ?? []));
  await live.fetch(distinctNeeds(needs));
  for (let i = 0; i < index.lineCount; i++) if (index.line(i)?.needs.length) index.resolveLine(i);
  index.groupLines();
  await fetchShipDates(parts);
  for (const orderNumber of index.orderNumbers()) index.resolveOrder(orderNumber);
  await settleOrders(parts, new Set(index.orderNumbers()));
}
