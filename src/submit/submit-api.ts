import { firstMessage } from "../core/first-message";
import { createAdaptiveLimiter, createVendorClient, type VendorClient } from "../api";
import type { ExistingOrder } from "../core/batch-plan";
import { countStates, isUnfinished, type BatchRecord, type JournalStore, type StateCounts } from "../core/journal";
import { plainProblemText } from "../core/problem-text";
import type { JobCandidate } from "../core/vendor";
import {
  auditFileOf,
  batchResultsOf,
  resultSheetMessageOf,
  refreshedResultsView,
  resultsViewOf,
  type ListedLimits,
  type ResultsView,
} from "./batch-results";
import { cancelDuplicateJob } from "./duplicate-cancel";
import { findExistingOrders, type OrderToLookUp } from "./existing-orders";
import { ownJobsOf } from "./own-jobs";
import { proxyLease } from "./proxy-lease";
import {
  allowResend,
  runBatch,
  submitPlan,
  type BatchPlan,
  type RunOutcome,
  type SubmitProgress,
} from "./submit-batch";
import { submitLockName, type SubmissionLease, type SubmitLocks } from "./submit-lock";

export type { BatchResults, ListedLimits, ResultsView } from "./batch-results";

/**
 * How a run ended, as the page takes it: without the batch and its orders, which it reads back with the results when it
 * shows them (a batch of thousands of orders is a message the page would spend a long moment reading, twice).
 */
export type RunSummary =
  | Extract<RunOutcome, { readonly status: "busy" | "missing" }>
  | {
      readonly status: "finished" | "stopped" | "incomplete";
      readonly counts: StateCounts;
      readonly problems: readonly string[];
    };

function runSummaryOf(outcome: RunOutcome): RunSummary {
  if (outcome.status === "busy" || outcome.status === "missing") return outcome;
  const { status, counts, problems } = outcome;
  return { status, counts, problems };
}

/** A batch as the page lists it: what it is, how far it got, and whether another tab is sending it now. */
export interface BatchSummary {
  readonly batch: BatchRecord;
  readonly counts: StateCounts;
  readonly unfinished: boolean;
  readonly busyElsewhere: boolean;
  /** How far it has got, as the tab sending it last said. */
  readonly progress?: string | undefined;
}

/**
 * What looking orders up before sending found: those that exist, and those that could not be looked up (with why, in
 * words).
 */
export interface ExistingLookup {
  readonly found: ReadonlyMap<string, ExistingOrder>;
  readonly failed: ReadonlyMap<string, string>;
}

/**
 * Whether another tab here, or another browser or machine through the proxy, is submitting for the account (and since
 * when).
 */
export type BusyState = { readonly busy: false } | { readonly busy: true; readonly since?: string | undefined };

/**
 * Looks orders up before they are sent: in the journal's memory of the jobs it made for the account (whatever their PO
 * number now), then among the vendor's jobs by order number.
 */
async function findExisting(
  journal: JournalStore,
  client: VendorClient,
  account: { readonly connection: string; readonly accountId: number },
  orders: readonly { readonly orderNumber: string; readonly candidate: JobCandidate }[],
  concurrency: number,
): Promise<ExistingLookup> {
  const own = await ownJobsOf(journal, account);
  const found = await findExistingOrders(client, own, orders, { limiter: createAdaptiveLimiter({ max: concurrency }) });
  return {
    found: found.found,
    failed: new Map([...found.failed].map(([orderNumber, problem]) => [orderNumber, plainProblemText(problem)])),
  };
}

/**
 * The submit worker's surface: plans a batch into the journal, runs or continues it, stops
 * it, and reads back batches and results. Plain functions over plain data, so they run the
 * same in a worker and on the main thread.
 */
export function createSubmitApi(deps: {
  readonly journal: JournalStore;
  readonly locks: SubmitLocks;
  readonly now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let client: VendorClient | undefined;
  let lease: SubmissionLease | undefined;
  /** The runs going on here, each with its own stop; a run told busy adds and removes only its own. */
  const running = new Set<AbortController>();
  const use = (): VendorClient => {
    if (!client) throw new Error("The submitter is not connected");
    return client;
  };
  const submitDeps = () => ({ client: use(), journal: deps.journal, locks: deps.locks, lease });
  /** Runs a submission with its own stop, so "Stop sending" reaches it. */
  async function withStop<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    running.add(stop);
    try {
      return await work(stop.signal);
    } finally {
      running.delete(stop);
    }
  }

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
    /**
     * Points the submitter at the vendor: the proxy's `/api/{connection}` from a browser.
     * `holder` names this tab to the proxy's lease, the same across its reloads, so a reloaded
     * tab takes up its own lease again at once rather than waiting for it to lapse.
     */
    connect(baseUrl: string, headers: Readonly<Record<string, string>>, holder: string = crypto.randomUUID()): void {
      client = createVendorClient({ baseUrl, headers });
      lease = proxyLease(baseUrl, headers, holder);
    },

    /** Looks orders up before they are sent, among the jobs made here for the account and the vendor's. */
    findExisting: async (
      connection: string,
      accountId: number,
      orders: readonly { readonly orderNumber: string; readonly candidate: JobCandidate }[],
      concurrency: number,
    ): Promise<ExistingLookup> => findExisting(deps.journal, use(), { connection, accountId }, orders, concurrency),

    /** As `findExisting`, for the orders the engine sends down `port` (see its `sendOrdersToLookUp`). */
    async findExistingFrom(
      port: MessagePort,
      connection: string,
      accountId: number,
      concurrency: number,
    ): Promise<ExistingLookup> {
      const orders = await firstMessage<OrderToLookUp[]>(port);
      return findExisting(deps.journal, use(), { connection, accountId }, orders, concurrency);
    },

    /**
     * Writes down a new batch of the plan the engine sends down `port` (see its `sendConfirmedPlan`), the plan
     * confirmed, and sends it; the plan never passes through the page. Under the account's lock and lease: when another
     * tab, browser or machine is submitting for the account it answers busy and writes nothing.
     */
    async submitFrom(
      port: MessagePort,
      batchId: string,
      concurrency: number,
      onProgress?: (progress: SubmitProgress) => void,
    ): Promise<RunSummary> {
      const plan = await firstMessage<BatchPlan>(port);
      return runSummaryOf(
        await withStop((signal) => submitPlan(submitDeps(), plan, { concurrency, signal, onProgress }, batchId)),
      );
    },

    /** Sends (or continues) a batch; progress is reported as it goes. */
    async run(
      batchId: string,
      concurrency: number,
      onProgress?: (progress: SubmitProgress) => void,
    ): Promise<RunSummary> {
      return runSummaryOf(
        await withStop((signal) => runBatch(submitDeps(), batchId, { concurrency, signal, onProgress })),
      );
    },

    /** Whether another tab here, or another browser or machine through the proxy, is submitting for the account now. */
    async busy(connection: string, accountId: number): Promise<BusyState> {
      if (running.size > 0 || (await deps.locks.isHeld(submitLockName(connection, accountId)))) return { busy: true };
      const answer = await lease?.take().catch(() => undefined);
      if (answer?.held === false) return { busy: true, since: answer.since };
      if (answer?.held) await lease?.release().catch(() => undefined);
      return { busy: false };
    },

    /**
     * Writes down, as cancelled, the batch's jobs that were cancelled at the vendor since; answers the results as they
     * now stand, as many orders and rows listed as `listed` says.
     */
    refreshResults: (batchId: string, listed: ListedLimits): Promise<ResultsView | undefined> =>
      refreshedResultsView({ journal: deps.journal, client, now }, batchId, listed),

    /**
     * Cancels one job of a possible duplicate, as the user chose on the results: the order's own
     * job (then written down as cancelled in favour of the other) or the other one.
     */
    async cancelDuplicate(
      batchId: string,
      orderNumber: string,
      jobNumber: number,
    ): Promise<{ readonly ok: boolean; readonly message: string }> {
      return cancelDuplicateJob({ journal: deps.journal, client: use(), now }, batchId, orderNumber, jobNumber);
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
      const mine = (await journal.listBatches()).filter(
        (b) => b.connection === connection && b.accountId === accountId,
      );
      return Promise.all(mine.map((batch) => summaryOf(journal, batch)));
    },

    /**
     * Sends what the batch's result sheet is written from down `port` to the sheet worker (see its `writeResultsFrom`
     * and `resultsOnlySheetFrom`): its data with several files' parts (a `ResultSheetMessage`) when the customer's own
     * file is at hand to write into, else its rows' results alone. Thousands of orders never pass through the page.
     * Answers the file's name and sheet, or undefined (sending nothing) when the batch is no longer in the journal.
     */
    async sendResultSheet(
      port: MessagePort,
      batchId: string,
      intoOwnFile: boolean,
    ): Promise<{ readonly fileName: string; readonly sheetName: string } | undefined> {
      const results = await batchResultsOf(deps.journal, batchId);
      if (!results) {
        port.close();
        return undefined;
      }
      port.postMessage(intoOwnFile ? await resultSheetMessageOf(results, client) : results.rows);
      return { fileName: results.batch.fileName, sheetName: results.batch.sheetName };
    },

    /** The batch's audit trail as JSON Lines, made here: the import, every edit and skip, each request and answer. */
    async auditFile(batchId: string): Promise<{ readonly bytes: Uint8Array; readonly fileName: string } | undefined> {
      const batch = await deps.journal.getBatch(batchId);
      return batch && auditFileOf(batch, await deps.journal.ordersOf(batchId));
    },

    /** A batch's results whole: what the files made from them need. */
    results: (batchId: string) => batchResultsOf(deps.journal, batchId),

    /** The batch's results as the page shows them, as many orders and rows listed as `listed` says. */
    async resultsView(batchId: string, listed: ListedLimits): Promise<ResultsView | undefined> {
      const results = await batchResultsOf(deps.journal, batchId);
      return results && resultsViewOf(results, listed);
    },
  };
}

export type SubmitApi = ReturnType<typeof createSubmitApi>;
