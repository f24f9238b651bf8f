import { createVendorClient, type VendorClient } from "../api";
import { countStates, isUnfinished, rowResultsFromJournal, type BatchRecord, type JournalStore, type OrderRecord, type StateCounts } from "../core/journal";
import { auditTrail, resultSheetData, shownJobNumbers } from "../core/result-data";
import type { ResultSheetData } from "../core/result-sheet";
import type { RowResult } from "../core/results";
import { fetchJobStatuses } from "./vendor-jobs";
import { allowResend, planBatch, runBatch, type BatchPlan, type RunOutcome, type SubmitProgress } from "./submit-batch";
import { submitLockName, type SubmitLocks } from "./submit-lock";

/** A batch as the page lists it: what it is, how far it got, and whether another tab is sending it now. */
export interface BatchSummary {
  readonly batch: BatchRecord;
  readonly counts: StateCounts;
  readonly unfinished: boolean;
  readonly busyElsewhere: boolean;
}

export interface BatchResults {
  readonly batch: BatchRecord;
  readonly orders: readonly OrderRecord[];
  readonly rows: readonly RowResult[];
}

/**
 * The submit worker's surface: plans a batch into the journal, runs or continues it, stops
 * it, and reads back batches and results. Plain functions over plain data, so they run the
 * same in a worker and on the main thread.
 */
export function createSubmitApi(deps: { readonly journal: JournalStore; readonly locks: SubmitLocks }) {
  let client: VendorClient | undefined;
  /** The runs going on here, each with its own stop; a run told busy adds and removes only its own. */
  const running = new Set<AbortController>();
  const use = (): VendorClient => {
    if (!client) throw new Error("The submitter is not connected");
    return client;
  };
  const submitDeps = () => ({ client: use(), journal: deps.journal, locks: deps.locks });

  async function summaryOf(journal: JournalStore, batch: BatchRecord): Promise<BatchSummary> {
    const orders = await journal.ordersOf(batch.id);
    return {
      batch,
      counts: countStates(orders),
      unfinished: orders.some(isUnfinished),
      busyElsewhere: running.size === 0 && (await deps.locks.isHeld(submitLockName(batch.connection, batch.accountId))),
    };
  }

  return {
    /** Points the submitter at the vendor: the proxy's `/api/{connection}` from a browser. */
    connect(baseUrl: string, headers: Readonly<Record<string, string>>): void {
      client = createVendorClient({ baseUrl, headers });
    },

    async plan(plan: BatchPlan): Promise<BatchRecord> {
      return planBatch({ journal: deps.journal }, plan);
    },

    /** Sends (or continues) a batch; progress is reported as it goes. */
    async run(batchId: string, concurrency: number, onProgress?: (progress: SubmitProgress) => void): Promise<RunOutcome> {
      const stop = new AbortController();
      running.add(stop);
      try {
        return await runBatch(submitDeps(), batchId, { concurrency, signal: stop.signal, onProgress });
      } finally {
        running.delete(stop);
      }
    },

    /** No further order is sent; those in flight finish and are written down. */
    stop(): void {
      for (const stop of running) stop.abort();
    },

    async allowResend(batchId: string, orderNumbers: readonly string[]): Promise<number> {
      return (await allowResend({ journal: deps.journal }, batchId, orderNumbers)).length;
    },

    /** This account's batches, newest first. */
    async batches(connection: string, accountId: number): Promise<BatchSummary[]> {
      const { journal } = deps;
      const mine = (await journal.listBatches()).filter((b) => b.connection === connection && b.accountId === accountId);
      return Promise.all(mine.map((batch) => summaryOf(journal, batch)));
    },

    /** What the result sheet writes back for a batch, from the journal and the vendor's word on each job now. */
    async resultData(batchId: string): Promise<ResultSheetData | undefined> {
      const { journal } = deps;
      const batch = await journal.getBatch(batchId);
      if (!batch) return undefined;
      const orders = await journal.ordersOf(batchId);
      const statuses = client ? await fetchJobStatuses(client, shownJobNumbers(orders)) : new Map();
      return resultSheetData(batch, orders, statuses, auditTrail(batch, orders));
    },

    async results(batchId: string): Promise<BatchResults | undefined> {
      const { journal } = deps;
      const batch = await journal.getBatch(batchId);
      if (!batch) return undefined;
      const orders = await journal.ordersOf(batchId);
      return { batch, orders, rows: rowResultsFromJournal(batch, orders) };
    },
  };
}

export type SubmitApi = ReturnType<typeof createSubmitApi>;
