import type { VendorClient } from "../api";
import {
  countRowOutcomes,
  countStates,
  ordersToList,
  rowResultsFromJournal,
  type BatchRecord,
  type JournalStore,
  type OrderOutcome,
  type OrderRecord,
  type RowOutcomeCounts,
  type StateCounts,
} from "../core/journal";
import type { RowResult } from "../core/result-rows";
import {
  auditJsonLines,
  auditTrail,
  resultFileName,
  resultSheetData,
  shownJobNumbers,
  type ResultSheetMessage,
} from "../core/result-sheet-data";
import { orderNumbersOfEachFile } from "../core/source-files";
import { noteCancelledJobs } from "./cancelled-jobs";
import { fetchJobStatuses } from "./vendor-jobs";

/** A batch's results whole, as the journal has them: what the files made from them need. */
export interface BatchResults {
  readonly batch: BatchRecord;
  readonly orders: readonly OrderRecord[];
  readonly rows: readonly RowResult[];
}

/** How many orders and rows the results page lists: the rest it is told only how many there are. */
export interface ListedLimits {
  readonly orders: number;
  readonly rows: number;
}

/**
 * A batch's results as the page shows them: without what each order sent, the vendor's answers and each row's details,
 * which only the files made from them need (and read in full), and with only the orders and rows the page lists,
 * beside how many came to each outcome. For ten thousand rows, the whole results are a message the page would spend a
 * tenth of a second reading, and drawing thousands of lines kept it busy once the last order was sent.
 */
export interface ResultsView {
  readonly batch: Omit<BatchRecord, "rowDetails" | "editLog">;
  /** The orders listed (see `ordersToList`): every one needing the user, then the first others. */
  readonly orders: readonly OrderOutcome[];
  /** How many orders are in each state. */
  readonly orderCounts: StateCounts;
  /** Every order not found after an unclear answer, which the user may send again together. */
  readonly notFound: readonly string[];
  /** The first rows' results, as many as were asked for. */
  readonly rows: readonly RowResult[];
  readonly rowCounts: RowOutcomeCounts;
}

export async function batchResultsOf(journal: JournalStore, batchId: string): Promise<BatchResults | undefined> {
  const batch = await journal.getBatch(batchId);
  if (!batch) return undefined;
  const orders = await journal.ordersOf(batchId);
  return { batch, orders, rows: rowResultsFromJournal(batch, orders) };
}

export function resultsViewOf({ batch, orders, rows }: BatchResults, listed: ListedLimits): ResultsView {
  const { rowDetails: _details, editLog: _edits, ...shownBatch } = batch;
  return {
    batch: shownBatch,
    orders: ordersToList(orders, listed.orders).map(
      ({ candidate: _candidate, answers: _answers, events: _events, ...shown }) => shown,
    ),
    orderCounts: countStates(orders),
    notFound: orders.filter((order) => order.state === "not-found").map((order) => order.orderNumber),
    rows: rows.slice(0, listed.rows),
    rowCounts: countRowOutcomes(rows),
  };
}

/**
 * Writes down, as cancelled, the batch's jobs that were cancelled at the vendor since (when `client` can ask); the
 * results as they now stand, as the page shows them.
 */
export async function refreshedResultsView(
  deps: { readonly journal: JournalStore; readonly client: VendorClient | undefined; readonly now: () => Date },
  batchId: string,
  listed: ListedLimits,
): Promise<ResultsView | undefined> {
  const { journal, client, now } = deps;
  const batch = await journal.getBatch(batchId);
  if (!batch) return undefined;
  const orders = await journal.ordersOf(batchId);
  const created = new Set(orders.filter((o) => o.state === "created").map((o) => o.orderNumber));
  const noted = client && created.size > 0 ? await noteCancelledJobs(client, journal, orders, now, created) : orders;
  return resultsViewOf({ batch, orders: noted, rows: rowResultsFromJournal(batch, noted) }, listed);
}

/**
 * What a batch's result sheet is written from, when the customer's own file is at hand to write into: its data, with
 * the vendor's word on each job now (when `client` can ask), and the parts of several files dropped together.
 */
export async function resultSheetMessageOf(
  { batch, orders, rows }: BatchResults,
  client: VendorClient | undefined,
): Promise<ResultSheetMessage> {
  const statuses = client ? await fetchJobStatuses(client, shownJobNumbers(orders)) : new Map();
  const several = batch.files && {
    files: batch.files.map((f) => ({
      name: f.fileName,
      sheetName: f.sheetName,
      headerRowNumber: f.headerRowNumber,
    })),
    orderNumbersOf: orderNumbersOfEachFile(rows, batch.files.length),
  };
  return { data: resultSheetData(batch, orders, statuses, auditTrail(batch, orders)), several };
}

/** The batch's audit trail as JSON Lines: the import, every edit and skip, each request and answer. */
export function auditFileOf(
  batch: BatchRecord,
  orders: readonly OrderRecord[],
): { readonly bytes: Uint8Array; readonly fileName: string } {
  const trail = auditJsonLines(auditTrail(batch, orders));
  return { bytes: new TextEncoder().encode(trail), fileName: resultFileName(batch.fileName, "jsonl", "audit") };
}
