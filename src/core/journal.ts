import { pluralise } from "./plural";
import type { EditLogEntry, RowDetail } from "./session-edits";
import type { RowOutcome, RowResult } from "./result-rows";
import type { JobCandidate } from "./vendor";

/**
 * Where an order is on its way to the vendor. An order moves planned → sending → created |
 * rejected | unknown; an unknown one is reconciled against the vendor's job list to created,
 * or to not-found once a bounded recheck and a fresh dry run say it was never made. An order
 * that the vendor already had before we sent anything is existing. A created job cancelled
 * since (by the user, or here as a duplicate of a job made elsewhere at the same time) is cancelled.
 */
export type OrderState = "planned" | "sending" | "created" | "rejected" | "unknown" | "not-found" | "existing" | "cancelled";

export const ORDER_STATES: readonly OrderState[] = ["planned", "sending", "created", "rejected", "unknown", "not-found", "existing", "cancelled"];

/** States that need more work: sending or reconciling (and a user's decision, for not-found). */
export const UNFINISHED_STATES: ReadonlySet<OrderState> = new Set(["planned", "sending", "unknown", "not-found"]);

/** One thing that happened to an order, kept for the audit trail. */
export interface JournalEvent {
  readonly at: string;
  readonly what: string;
}

/** A row that no job carries, with why (the rest of the result sheet). */
export interface UnsentRow {
  readonly rowNumber: number;
  readonly orderNumber?: string | undefined;
  /** existing: created by an earlier import, its job number given (a result sheet imported again, or recognised in the journal). */
  readonly outcome: "not-sent" | "skipped" | "existing";
  readonly jobNumber?: number | undefined;
  readonly messages: readonly string[];
  /** Not sent only because the vendor could not check its order (a 429, a 5xx, no answer): it is checked again on the next run. */
  readonly vendorFailed?: boolean | undefined;
}

/** Where a batch comes from and goes to: the account, and the sheet (as it was read). */
export interface BatchOrigin {
  readonly connection: string;
  readonly accountId: number;
  readonly accountName: string;
  readonly fileName: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  /** SHA-256 of the file as read, in hex, when known: the same file imported again is recognised. */
  readonly fileSha256?: string | undefined;
  /** Who imported it (the vendor's user of the connection) and with which version of the importer. */
  readonly importedBy?: string | undefined;
  readonly appVersion?: string | undefined;
}

/** One submission of one sheet to one account. */
export interface BatchRecord extends BatchOrigin {
  readonly id: string;
  readonly createdAt: string;
  readonly otherRows: readonly UnsentRow[];
  readonly rowDetails?: readonly RowDetail[] | undefined;
  readonly editLog?: readonly EditLogEntry[] | undefined;
  /** Set once no order of the batch needs anything more. */
  readonly finishedAt?: string | undefined;
}

/** A job this journal created earlier for an order, as a later import of the same order is told of it. */
export interface EarlierJob {
  readonly jobNumber: number;
  readonly createdAt: string;
  /** Its PO number at the vendor now, when that differs from the order number sent. */
  readonly orderNumberNow?: string | undefined;
}

/** What the vendor said when it created the job, per line. */
export interface CreatedLine {
  readonly rowNumber: number;
  readonly newAssetSku: string | null;
  readonly needsArtwork: boolean;
}

/** A message about an order, placed on a row when the vendor named a line. */
export interface OrderMessage {
  readonly rowNumber: number | null;
  readonly text: string;
}

/** What the vendor answered to a creation, as kept for the audit trail (never a token or secret). */
export interface VendorAnswer {
  readonly at: string;
  /** HTTP status, or 0 when no answer came. */
  readonly status: number;
  readonly body: unknown;
}

/** One order of a batch: what is (or was) sent, and what became of it. */
export interface OrderRecord {
  readonly batchId: string;
  readonly orderNumber: string;
  /** Position in the sheet, so orders are sent and shown in the sheet's order. */
  readonly sequence: number;
  /** SHA-256 of the request as sent (keys sorted), to tell one intent from another. */
  readonly payloadHash: string;
  readonly candidate: JobCandidate;
  /** `lineRows[i]` is the sheet row of `candidate.items[i]`. */
  readonly lineRows: readonly number[];
  /** Warnings and notes of the rows, carried into the result sheet. */
  readonly notes: readonly OrderMessage[];
  readonly state: OrderState;
  /** Whether the user chose to send the order although the vendor has a job with its number. */
  readonly allowExisting: boolean;
  /**
   * The vendor's jobs with this order number that are not this order's: found before it was
   * first sent, or listed only after a request of it got no clear answer and then found unlike
   * that request line for line.
   */
  readonly existingJobNumbers: readonly number[];
  /** When the vendor's jobs were last searched for this order number before sending. */
  readonly checkedExistingAt?: string | undefined;
  /** The job an earlier batch of this journal created for the same order (recognised by its number and lines, whatever its PO number now). */
  readonly createdEarlier?: EarlierJob | undefined;
  /** Live jobs for this order number that another submitter made while this one was being created: possible duplicates. */
  readonly duplicateJobNumbers?: readonly number[] | undefined;
  /** The job this one was cancelled in favour of, when it was cancelled here as a duplicate. */
  readonly duplicateOf?: number | undefined;
  /** The job's PO number at the vendor when it was changed there after creation (the key the vendor's list is searched by). */
  readonly vendorOrderNumber?: string | undefined;
  /** Its estimate from the account's tier prices when it was planned. */
  readonly estimate?: number | undefined;
  readonly jobNumber?: number | undefined;
  readonly totalJobCost?: number | undefined;
  readonly dateDue?: string | undefined;
  readonly createdLines?: readonly CreatedLine[] | undefined;
  readonly messages: readonly OrderMessage[];
  /** Every answer to its creation requests, oldest first. */
  readonly answers?: readonly VendorAnswer[] | undefined;
  readonly attempts: number;
  readonly events: readonly JournalEvent[];
  readonly updatedAt: string;
}

/** The record moved to a new state, with what happened appended to its events. */
export function advance(order: OrderRecord, state: OrderState, at: Date, what: string, patch: Partial<OrderRecord> = {}): OrderRecord {
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

/** Job numbers as a sentence names them: "job 300001", "jobs 300001, 300005". */
export function jobNumbersText(jobNumbers: readonly number[]): string {
  return `${pluralise(jobNumbers.length, "job", "jobs")} ${jobNumbers.join(", ")}`;
}

/** Orders as the user reads them: "3 created, 1 already existed, 2 not sent yet". */
export function describeCounts(counts: StateCounts): string {
  const parts: string[] = [];
  const say = (n: number, text: string) => n > 0 && parts.push(`${n} ${text}`);
  say(counts.created, "created");
  say(counts.cancelled, "created and since cancelled");
  say(counts.existing, "already existed");
  say(counts.rejected, "rejected by the vendor");
  say(counts.sending, "being sent");
  say(counts.unknown, "with no clear answer yet");
  say(counts["not-found"], `not found at the vendor (${pluralise(counts["not-found"], "it", "they")} can be sent again)`);
  say(counts.planned, "not sent yet");
  return parts.join(", ") || "nothing";
}

/** The job an order's rows show: its own (cancelled since or not), or the one it was found to exist as. */
export function shownJobNumber(order: Pick<OrderRecord, "state" | "jobNumber" | "existingJobNumbers" | "createdEarlier">): number | undefined {
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

/** The messages an order's state gives each of its rows. */
function stateMessages(order: OrderRecord): string[] {
  switch (order.state) {
    case "created":
      return order.duplicateJobNumbers?.length ? [possibleDuplicateText(order)] : [];
    case "cancelled":
      return [cancelledText(order)];
    case "existing":
      return [existingText(order)];
    case "unknown":
    case "sending":
      return ["No clear answer from the vendor yet: the job may exist. Open the import again to look it up; nothing is sent twice."];
    case "not-found":
      return ["No clear answer from the vendor, and no such job was found afterwards; a fresh check passed, so it can be sent again."];
    case "planned":
      return ["Not sent yet: the submission was stopped before this order."];
    case "rejected":
      return [];
  }
}

/** Why an order was not sent because its job exists: made by an earlier import here, or found at the vendor under its number. */
export function existingText(order: Pick<OrderRecord, "orderNumber" | "existingJobNumbers" | "createdEarlier">): string {
  const earlier = order.createdEarlier;
  if (earlier) {
    const renamed = earlier.orderNumberNow === undefined ? "" : `; its PO number is now ${earlier.orderNumberNow}`;
    return `Not sent: already created as job ${earlier.jobNumber} by an earlier import (${earlier.createdAt.slice(0, 10)})${renamed}.`;
  }
  return `Not sent: the vendor already has order ${order.orderNumber} as ${jobNumbersText(order.existingJobNumbers)}.`;
}

/** "Possible duplicate: jobs 300001 and 300007 …", for a created order that another submitter raced. */
export function possibleDuplicateText(order: Pick<OrderRecord, "orderNumber" | "jobNumber" | "duplicateJobNumbers">): string {
  const all = [...new Set([order.jobNumber, ...(order.duplicateJobNumbers ?? [])].filter((n): n is number => n !== undefined))].sort((a, b) => a - b);
  return `Possible duplicate: ${jobNumbersText(all)} were created for order ${order.orderNumber} at the same time from elsewhere; cancel the one you do not want in Submitted jobs.`;
}

function cancelledText(order: Pick<OrderRecord, "jobNumber" | "duplicateOf">): string {
  if (order.duplicateOf !== undefined) {
    return `Created as job ${order.jobNumber ?? ""}, then cancelled here: job ${order.duplicateOf}, made elsewhere at the same time, has the same lines and is kept.`;
  }
  return `Created as job ${order.jobNumber ?? ""}, since cancelled.`;
}

/** What an order's line in the results says: its state's words, then the vendor's messages. */
export function orderMessages(order: OrderRecord): string[] {
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
    const orderWide = order.messages.filter((m) => m.rowNumber === null || !order.lineRows.includes(m.rowNumber)).map((m) => m.text);
    order.lineRows.forEach((rowNumber, index) => {
      const created = order.state === "created" || order.state === "cancelled" ? order.createdLines?.[index] : undefined;
      const own = order.messages.filter((m) => m.rowNumber === rowNumber).map((m) => m.text);
      const notes = order.notes.filter((m) => m.rowNumber === rowNumber).map((m) => m.text);
      const jobNumber = shownJobNumber(order);
      results.push({
        rowNumber,
        orderNumber: order.orderNumber,
        outcome: ROW_OUTCOME[order.state],
        ...(jobNumber !== undefined ? { jobNumber } : {}),
        ...(created ? { newAssetSku: created.newAssetSku } : {}),
        messages: [...general, ...own, ...orderWide, ...(created?.needsArtwork ? ["The vendor is waiting for artwork for this line."] : []), ...notes],
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
  getBatch(id: string): Promise<BatchRecord | undefined>;
  /** The batch's orders in the sheet's order. */
  ordersOf(batchId: string): Promise<OrderRecord[]>;
  /** Every batch, newest first. */
  listBatches(): Promise<BatchRecord[]>;
}

/** A batch as read back from storage, or undefined when it is damaged or of another shape. */
export function isBatchRecord(value: unknown): value is BatchRecord {
  const b = value as BatchRecord;
  return typeof b === "object" && b !== null && typeof b.id === "string" && typeof b.connection === "string" && typeof b.accountId === "number" && Array.isArray(b.otherRows);
}

export function isOrderRecord(value: unknown): value is OrderRecord {
  const o = value as OrderRecord;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.batchId === "string" &&
    typeof o.orderNumber === "string" &&
    (ORDER_STATES as readonly string[]).includes(o.state) &&
    typeof o.candidate === "object" &&
    Array.isArray(o.lineRows) &&
    Array.isArray(o.events) &&
    Array.isArray(o.existingJobNumbers)
  );
}
