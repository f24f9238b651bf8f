import { ORDER_STATES, type BatchRecord, type OrderRecord, type OrderState } from "./journal-records";
import { countOf, formatCount, pluralise } from "./plural";
import type { RowOutcome, RowResult } from "./result-rows";

export * from "./journal-records";

/** States that need more work: sending or reconciling (and a user's decision, for not-found). */
export const UNFINISHED_STATES: ReadonlySet<OrderState> = new Set(["planned", "sending", "unknown", "not-found"]);

/**
 * Whether the vendor refused a creation request before doing anything: 401 (the connection's
 * credentials) or 429 (too many requests). No job was made, and the order may be sent later.
 */
export function wasRefusedUnprocessed(status: number): boolean {
  return status === 401 || status === 429;
}

/**
 * Whether an answer to a creation request says what became of it: a job made (2xx), or none,
 * the request refused or rejected (4xx, `wasRefusedUnprocessed` among them). After any other
 * (a 5xx, or none at all) the request may have made a job no answer told of.
 */
export function isClearAnswer(status: number): boolean {
  return status >= 200 && status < 500;
}

/** The record moved to a new state, with what happened appended to its events. */
export function advance(
  order: OrderRecord,
  state: OrderState,
  at: Date,
  what: string,
  patch: Partial<OrderRecord> = {},
): OrderRecord {
  const stamp = at.toISOString();
  return { ...order, ...patch, state, updatedAt: stamp, events: [...order.events, { at: stamp, what }] };
}

export type StateCounts = Readonly<Record<OrderState, number>>;

export function countStates(orders: readonly Pick<OrderRecord, "state">[]): StateCounts {
  const counts = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const order of orders) counts[order.state]++;
  return counts;
}

export const isUnfinished = (order: Pick<OrderRecord, "state">) => UNFINISHED_STATES.has(order.state);

/** Whether any order counted is in one of `states`. */
export const countsAny = (counts: StateCounts, states: Iterable<OrderState>) => {
  for (const state of states) if (counts[state] > 0) return true;
  return false;
};

/** How many orders the counts count. */
export const countedOrders = (counts: StateCounts) => ORDER_STATES.reduce((sum, state) => sum + counts[state], 0);

/** An order the user may have to do something about: anything but a job simply created. */
export const needsAttention = (order: Pick<OrderRecord, "state" | "duplicateJobNumbers">) =>
  order.state !== "created" || (order.duplicateJobNumbers?.length ?? 0) > 0;

/**
 * The orders to list, in their own order: every one needing attention, then as many of the others as fit within
 * `most`.
 */
export function ordersToList<Order extends Pick<OrderRecord, "state" | "duplicateJobNumbers">>(
  orders: readonly Order[],
  most: number,
): readonly Order[] {
  if (orders.length <= most) return orders;
  let room = Math.max(0, most - orders.filter(needsAttention).length);
  return orders.filter((order) => needsAttention(order) || room-- > 0);
}

/** Job numbers as a sentence names them: "job 300001", "jobs 300001, 300005". */
export function jobNumbersText(jobNumbers: readonly number[]): string {
  return `${pluralise(jobNumbers.length, "job", "jobs")} ${jobNumbers.join(", ")}`;
}

/** Orders as the user reads them: "3 created, 1 already at the vendor, 2 not sent yet". */
export function describeCounts(counts: StateCounts): string {
  const parts: string[] = [];
  const say = (n: number, text: string) => n > 0 && parts.push(`${formatCount(n)} ${text}`);
  say(counts.created, "created");
  say(counts.cancelled, "created and since cancelled");
  say(counts.existing, "already at the vendor");
  say(counts.rejected, "rejected by the vendor");
  say(counts.sending, "being sent");
  say(counts.unknown, "with no clear answer yet");
  say(
    counts["not-found"],
    `not found at the vendor (${pluralise(counts["not-found"], "it", "they")} can be sent again)`,
  );
  say(counts.planned, "not sent yet");
  return parts.join(", ") || "nothing";
}

/** How many of a batch's rows there are, and how many came to each outcome its summary names. */
export interface RowOutcomeCounts {
  readonly total: number;
  readonly created: number;
  readonly existing: number;
  readonly skipped: number;
}

export function countRowOutcomes(rows: readonly Pick<RowResult, "outcome">[]): RowOutcomeCounts {
  const counts = { total: rows.length, created: 0, existing: 0, skipped: 0 };
  for (const { outcome } of rows)
    if (outcome === "created" || outcome === "existing" || outcome === "skipped") counts[outcome]++;
  return counts;
}

/**
 * What became of a batch's rows and orders, as the results and the command line say it: "8 jobs created from 20 rows;
 * 2 rows already at the vendor; 1 row skipped; 3 rows not created. Orders: 8 created, 1 already at the vendor."
 * Rows whose orders the vendor had already are counted as such, never among those not created.
 */
export function describeResults(orders: StateCounts, rows: RowOutcomeCounts): string {
  const jobs = orders.created;
  const { created, existing, skipped } = rows;
  const notCreated = rows.total - created - existing - skipped;
  const parts = [`${countOf(jobs, "job", "jobs")} created from ${countOf(created, "row", "rows")}`];
  if (existing > 0) parts.push(`${countOf(existing, "row", "rows")} already at the vendor`);
  if (skipped > 0) parts.push(`${countOf(skipped, "row", "rows")} skipped`);
  if (notCreated > 0) parts.push(`${countOf(notCreated, "row", "rows")} not created`);
  return `${parts.join("; ")}. Orders: ${describeCounts(orders)}.`;
}

/** The job an order's rows show: its own (cancelled since or not), or the one it was found to exist as. */
export function shownJobNumber(
  order: Pick<OrderRecord, "state" | "jobNumber" | "existingJobNumbers" | "createdEarlier">,
): number | undefined {
  if (order.state === "created" || order.state === "cancelled") return order.jobNumber;
  if (order.state === "existing") return order.createdEarlier?.jobNumber ?? order.existingJobNumbers[0];
  return undefined;
}

/** An order's state in a few words, as the results list and the command line show it. */
export const ORDER_STATE_TEXT: Readonly<Record<OrderState, string>> = {
  created: "Created",
  cancelled: "Created, since cancelled",
  existing: "Already existed: not sent",
  rejected: "Rejected by the vendor",
  unknown: "No clear answer yet",
  sending: "No clear answer yet",
  "not-found": "Not found after an unclear answer",
  planned: "Not sent yet",
};

/** When the order's job was created (or found at the vendor as its own), from its events. */
export function createdAtOf(order: Pick<OrderRecord, "events">): string | undefined {
  return order.events.find((e) => e.what.startsWith("created job") || e.what.startsWith("found as job"))?.at;
}

/** What an order's state means for each of its rows. */
export const ROW_OUTCOME: Readonly<Record<OrderState, RowOutcome>> = {
  planned: "pending",
  sending: "unknown",
  unknown: "unknown",
  created: "created",
  existing: "existing",
  rejected: "rejected",
  "not-found": "not-found",
  cancelled: "cancelled",
};

/** An order without what it sent and the vendor's answers: all its outcome is told from. */
export type OrderOutcome = Omit<OrderRecord, "candidate" | "answers" | "events">;

/** The messages an order's state gives each of its rows. */
function stateMessages(order: OrderOutcome): string[] {
  switch (order.state) {
    case "created":
      return order.duplicateJobNumbers?.length ? [possibleDuplicateText(order)] : [];
    case "cancelled":
      return [cancelledText(order)];
    case "existing":
      return [existingText(order)];
    case "unknown":
    case "sending":
      return [
        "No clear answer from the vendor yet: the job may exist. Open the import again to look it up; " +
          "nothing is sent twice.",
      ];
    case "not-found":
      return [
        "No clear answer from the vendor, and no such job was found afterwards; a fresh check passed, " +
          "so it can be sent again.",
      ];
    case "planned":
      return ["Not sent yet: the submission was stopped before this order."];
    case "rejected":
      return [];
  }
}

/**
 * Why an order was not sent because its job exists: made by an earlier import here, or found at the vendor under its
 * number.
 */
export function existingText(
  order: Pick<OrderRecord, "orderNumber" | "existingJobNumbers" | "createdEarlier">,
): string {
  const earlier = order.createdEarlier;
  if (earlier) {
    const renamed = earlier.orderNumberNow === undefined ? "" : `; its PO number is now ${earlier.orderNumberNow}`;
    return (
      `Not sent: already created as job ${earlier.jobNumber} by an earlier import ` +
      `(${earlier.createdAt.slice(0, 10)})${renamed}.`
    );
  }
  return `Not sent: the vendor already has order ${order.orderNumber} as ${jobNumbersText(order.existingJobNumbers)}.`;
}

/** "Possible duplicate: jobs 300001 and 300007 …", for a created order that another submitter raced. */
export function possibleDuplicateText(
  order: Pick<OrderRecord, "orderNumber" | "jobNumber" | "duplicateJobNumbers">,
): string {
  const all = [
    ...new Set([order.jobNumber, ...(order.duplicateJobNumbers ?? [])].filter((n): n is number => n !== undefined)),
  ].sort((a, b) => a - b);
  return (
    `Possible duplicate: ${jobNumbersText(all)} were created for order ${order.orderNumber} at the same time ` +
    "from elsewhere; cancel the one you do not want in Submitted jobs."
  );
}

function cancelledText(order: Pick<OrderRecord, "jobNumber" | "duplicateOf">): string {
  if (order.duplicateOf !== undefined) {
    return (
      `Created as job ${order.jobNumber ?? ""}, then cancelled here: job ${order.duplicateOf}, ` +
      "made elsewhere at the same time, has the same lines and is kept."
    );
  }
  return `Created as job ${order.jobNumber ?? ""}, since cancelled.`;
}

/** What an order's line in the results says: its state's words, then the vendor's messages. */
export function orderMessages(order: OrderOutcome): string[] {
  return [...stateMessages(order), ...order.messages.map((m) => m.text)];
}

/**
 * Every row's outcome, from the journal alone: each order's rows from its record, every other
 * row from the batch. This is what the result sheet is written from, during and after sending.
 */
export function rowResultsFromJournal(batch: BatchRecord, orders: readonly OrderRecord[]): RowResult[] {
  const results: RowResult[] = batch.otherRows.map((row) => ({
    rowNumber: row.rowNumber,
    orderNumber: row.orderNumber,
    outcome: row.outcome,
    ...(row.jobNumber !== undefined ? { jobNumber: row.jobNumber } : {}),
    messages: row.messages,
  }));
  for (const order of orders) {
    const general = stateMessages(order);
    const orderWide = order.messages
      .filter((m) => m.rowNumber === null || !order.lineRows.includes(m.rowNumber))
      .map((m) => m.text);
    order.lineRows.forEach((rowNumber, index) => {
      const created =
        order.state === "created" || order.state === "cancelled" ? order.createdLines?.[index] : undefined;
      const own = order.messages.filter((m) => m.rowNumber === rowNumber).map((m) => m.text);
      const notes = order.notes.filter((m) => m.rowNumber === rowNumber).map((m) => m.text);
      const jobNumber = shownJobNumber(order);
      results.push({
        rowNumber,
        orderNumber: order.orderNumber,
        outcome: ROW_OUTCOME[order.state],
        ...(jobNumber !== undefined ? { jobNumber } : {}),
        ...(created ? { newAssetSku: created.newAssetSku } : {}),
        messages: [
          ...general,
          ...own,
          ...orderWide,
          ...(created?.needsArtwork ? ["The vendor is waiting for artwork for this line."] : []),
          ...notes,
        ],
      });
    });
  }
  return results.sort((a, b) => a.rowNumber - b.rowNumber);
}

/**
 * Where submissions are written down before anything is sent: IndexedDB in the browser, a
 * file in Node. Every put resolves only once the record is durable (committed with strict
 * durability, or written and synced), so a crash after it cannot lose what was about to be sent.
 */
export interface JournalStore {
  putBatch(batch: BatchRecord): Promise<void>;
  putOrders(orders: readonly OrderRecord[]): Promise<void>;
  /**
   * A new batch and its orders, written down together (in IndexedDB one transaction: after a crash, both are there or
   * neither is; in a file, one append). `onWritten` is told how many of the orders are written so far, as they are.
   */
  putNewBatch(batch: BatchRecord, orders: readonly OrderRecord[], onWritten?: (written: number) => void): Promise<void>;
  getBatch(id: string): Promise<BatchRecord | undefined>;
  /** The batch's orders in the sheet's order. */
  ordersOf(batchId: string): Promise<OrderRecord[]>;
  /** Every batch, newest first. */
  listBatches(): Promise<BatchRecord[]>;
}
