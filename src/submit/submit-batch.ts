import { createAdaptiveLimiter, DEFAULT_APPLICATION_NAME, mapAdaptively, type VendorClient } from "../api";
import {
  advance,
  countStates,
  isUnfinished,
  jobNumbersText,
  type BatchOrigin,
  type BatchRecord,
  type JournalStore,
  type OrderRecord,
  type StateCounts,
} from "../core/journal";
import type { SubmissionPlan } from "../core/batch-plan";
import { pluralise } from "../core/plural";
import { createRateMeter } from "../core/rate-meter";
import type { JobCandidate } from "../core/vendor";
import { startBatchRun, type BatchRun, type SubmitProgress } from "./batch-run";
import { ownJobsOf } from "./own-jobs";
import { payloadHash } from "./payload-hash";
import { lookForDuplicates, reconcile, sendOrder } from "./send-order";
import { keepLease, submitLockName, type LeaseKeeper, type SubmissionLease, type SubmitLocks } from "./submit-lock";
import { findExistingJobs, orderKey } from "./vendor-jobs";

export { PHASE_TEXT, type SubmitPhase, type SubmitProgress } from "./batch-run";

export interface SubmitDeps {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  readonly locks: SubmitLocks;
  /** The account's lease from the proxy, for submitters on other machines or browsers (none from the command line). */
  readonly lease?: SubmissionLease | undefined;
  /** How often a held lease is renewed (every 15 s unless told). */
  readonly leaseRenewMs?: number;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Pauses between lookups of an order whose creation got no clear answer. */
  readonly recheckDelaysMs?: readonly number[];
  /** How long one creation may take before its outcome counts as unknown. */
  readonly requestTimeoutMs?: number;
  readonly applicationName?: string;
}

export type BatchPlan = SubmissionPlan & BatchOrigin;

export interface RunOptions {
  /** Calls in flight at most; fewer while the vendor is slowing down. */
  readonly concurrency?: number;
  /** Once aborted no further order is sent; those in flight finish and are written down. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SubmitProgress) => void;
}

export type RunOutcome =
  /** Another tab or process here holds the account's lock, or another browser or machine its lease (since when). */
  | { readonly status: "busy"; readonly since?: string | undefined }
  | { readonly status: "missing" }
  | {
      /**
       * finished: nothing left to do; stopped: the user stopped it; incomplete: some orders need another run or a
       * decision.
       */
      readonly status: "finished" | "stopped" | "incomplete";
      readonly batch: BatchRecord;
      readonly orders: readonly OrderRecord[];
      readonly counts: StateCounts;
      /** Why some orders could not be settled this time (the vendor unreachable, say). */
      readonly problems: readonly string[];
    };

export const DEFAULT_CONCURRENCY = 4;
const DEFAULT_REQUEST_TIMEOUT_MS = 90_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The records of a batch, every order planned, as written down before anything is sent. */
async function batchRecords(
  plan: BatchPlan,
  id: string,
  at: Date,
): Promise<{ batch: BatchRecord; orders: OrderRecord[] }> {
  const { orders: _orders, ...origin } = plan;
  const batch: BatchRecord = { ...origin, id, createdAt: at.toISOString() };
  const orders = await Promise.all(plan.orders.map((order, sequence) => plannedOrder(id, order, sequence, at)));
  return { batch, orders };
}

async function plannedOrder(
  batchId: string,
  order: SubmissionPlan["orders"][number],
  sequence: number,
  at: Date,
): Promise<OrderRecord> {
  const candidate: JobCandidate = { ...order.candidate, validateOnly: false };
  const allowed = order.allowExisting ?? [];
  const record: OrderRecord = {
    batchId,
    orderNumber: order.orderNumber,
    sequence,
    payloadHash: await payloadHash(candidate),
    candidate,
    lineRows: order.lineRows,
    notes: order.notes,
    state: "planned",
    allowExisting: allowed.length > 0,
    existingJobNumbers: [...allowed],
    messages: [],
    attempts: 0,
    events: [
      {
        at: at.toISOString(),
        what:
          allowed.length > 0
            ? `planned, to be sent although ${jobNumbersText(allowed)} ` +
              `${pluralise(allowed.length, "exists", "exist")}, at the user's request`
            : "planned",
      },
    ],
    updatedAt: at.toISOString(),
    ...(order.estimate !== undefined ? { estimate: order.estimate } : {}),
  };
  const { existing } = order;
  if (existing?.kind === "earlier") {
    return advance(
      record,
      "existing",
      at,
      `created earlier by this importer as job ${existing.job.jobNumber}; not sent again`,
      { createdEarlier: existing.job, existingJobNumbers: [existing.job.jobNumber] },
    );
  }
  if (existing?.kind === "vendor") {
    return advance(
      record,
      "existing",
      at,
      `the vendor already has ${jobNumbersText(existing.jobNumbers)} for this order number; not sent`,
      { existingJobNumbers: existing.jobNumbers, checkedExistingAt: at.toISOString() },
    );
  }
  return record;
}

/** The run's clock: the one given (a simulated one in tests), else the system's. */
const clockOf = (deps: Pick<SubmitDeps, "now">): (() => Date) => deps.now ?? (() => new Date());

/**
 * Writes the batch and its orders down together, every order planned, before anything is sent.
 * Returns the batch; {@link runBatch} sends it.
 */
export async function planBatch(
  deps: Pick<SubmitDeps, "journal" | "now">,
  plan: BatchPlan,
  id: string = crypto.randomUUID(),
): Promise<BatchRecord> {
  return (await writePlannedBatch(deps, plan, id)).batch;
}

/** As {@link planBatch}, answering the orders written too; `onWritten` is told how many are written so far. */
async function writePlannedBatch(
  deps: Pick<SubmitDeps, "journal" | "now">,
  plan: BatchPlan,
  id: string,
  onWritten?: (written: number) => void,
): Promise<{ batch: BatchRecord; orders: OrderRecord[] }> {
  // Told at once: making each order's record (its request's SHA-256) takes a while for thousands of orders.
  onWritten?.(0);
  const records = await batchRecords(plan, id, clockOf(deps)());
  await deps.journal.putNewBatch(records.batch, records.orders, onWritten);
  return records;
}

/** How often, in orders, the writing of a new batch is reported: about a hundred times whatever its size. */
const writingReportEvery = (orders: number) => Math.max(50, Math.ceil(orders / 100));

/** Progress while a new batch is written down: the orders written so far, planned. */
function writingProgress(
  batchId: string,
  total: number,
  now: () => Date,
  onProgress: ((progress: SubmitProgress) => void) | undefined,
): ((written: number) => void) | undefined {
  if (!onProgress) return undefined;
  const meter = createRateMeter(total, () => now().getTime());
  const every = writingReportEvery(total);
  let counted = 0;
  return (written) => {
    // A journal may tell of several orders at once.
    meter.tick(written - counted);
    counted = written;
    if (written % every !== 0 && written !== total) return;
    onProgress({ batchId, phase: "writing", rate: meter.snapshot(), counts: { ...countStates([]), planned: written } });
  };
}

/**
 * Adds orders to a batch that were not ready when it was planned (the vendor could not check
 * them then), so a later run sends them; their rows leave the batch's unsent rows.
 */
export async function addToBatch(
  deps: Pick<SubmitDeps, "journal" | "now">,
  batch: BatchRecord,
  orders: SubmissionPlan["orders"],
): Promise<BatchRecord> {
  if (orders.length === 0) return batch;
  const at = clockOf(deps)();
  const present = await deps.journal.ordersOf(batch.id);
  const start = present.reduce((max, o) => Math.max(max, o.sequence + 1), 0);
  const added = await Promise.all(orders.map((order, i) => plannedOrder(batch.id, order, start + i, at)));
  const rows = new Set(added.flatMap((o) => o.lineRows));
  const { finishedAt: _finished, ...open } = batch;
  const updated: BatchRecord = { ...open, otherRows: batch.otherRows.filter((row) => !rows.has(row.rowNumber)) };
  await deps.journal.putOrders(added);
  await deps.journal.putBatch(updated);
  return updated;
}

/**
 * Plans a batch and sends it, under the account's lock and lease: when another tab, process,
 * browser or machine is submitting for the account, nothing is written down or sent.
 */
export async function submitPlan(
  deps: SubmitDeps,
  plan: BatchPlan,
  options: RunOptions = {},
  id: string = crypto.randomUUID(),
): Promise<RunOutcome> {
  const onWritten = writingProgress(id, plan.orders.length, clockOf(deps), options.onProgress);
  const held = await deps.locks.withLock(submitLockName(plan.connection, plan.accountId), () =>
    withLease(deps, async (lease) => {
      const { batch, orders } = await writePlannedBatch(deps, plan, id, onWritten);
      return runLocked(deps, batch, lease, options, orders);
    }),
  );
  return held.acquired ? held.value : { status: "busy" };
}

/**
 * Sends a batch, or continues one: first every order whose creation got no clear answer is
 * looked up at the vendor; then the rest are sent one by one, each looked up right before it
 * is sent (an order that already exists is not sent unless the user allowed it) and again
 * after it was created (a duplicate made elsewhere meanwhile is cancelled or named). Holds
 * the account's submit lock and lease throughout; answers `busy` when another holds either.
 */
export async function runBatch(deps: SubmitDeps, batchId: string, options: RunOptions = {}): Promise<RunOutcome> {
  const batch = await deps.journal.getBatch(batchId);
  if (!batch) return { status: "missing" };
  const held = await deps.locks.withLock(submitLockName(batch.connection, batch.accountId), () =>
    withLease(deps, (lease) => runLocked(deps, batch, lease, options)),
  );
  return held.acquired ? held.value : { status: "busy" };
}

/** Runs `work` holding the account's lease, when there is one to hold; answers busy when another holds it. */
async function withLease(
  deps: SubmitDeps,
  work: (lease: LeaseKeeper | undefined) => Promise<RunOutcome>,
): Promise<RunOutcome> {
  if (!deps.lease) return work(undefined);
  const taken = await deps.lease.take();
  if (!taken.held) return { status: "busy", since: taken.since };
  const keeper = keepLease(deps.lease, {
    now: () => clockOf(deps)().getTime(),
    renewMs: deps.leaseRenewMs,
  });
  try {
    return await work(keeper);
  } finally {
    await keeper.stop();
  }
}

/** Runs a batch holding its lock and lease; `written`, the orders of a batch just written down, are not read back. */
async function runLocked(
  deps: SubmitDeps,
  batch: BatchRecord,
  lease: LeaseKeeper | undefined,
  options: RunOptions,
  written?: readonly OrderRecord[],
): Promise<RunOutcome> {
  const now = clockOf(deps);
  const sleep = deps.sleep ?? defaultSleep;
  const run = startBatchRun({
    client: deps.client,
    journal: deps.journal,
    batch,
    orders: written ?? (await deps.journal.ordersOf(batch.id)),
    // Its pauses run on the run's own clock, so a Retry-After is waited out as every other pause is.
    limiter: createAdaptiveLimiter({
      max: options.concurrency ?? DEFAULT_CONCURRENCY,
      now: () => now().getTime(),
      sleep,
    }),
    applicationName: deps.applicationName ?? DEFAULT_APPLICATION_NAME,
    requestTimeoutMs: deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    recheckDelaysMs: deps.recheckDelaysMs,
    lease,
    now,
    sleep,
    signal: options.signal,
    onProgress: options.onProgress,
    ownJobs: () => ownJobsOf(deps.journal, batch, batch.id),
  });

  // 1. Orders whose creation got no clear answer (in an earlier run, a crash or a reload).
  const unclear = [...run.orders.values()].filter((o) => o.state === "sending" || o.state === "unknown");
  if (unclear.length > 0) await reconcileAll(run, unclear);

  // 2. Every order still to send, each looked up right before it goes; a stop lets what is in flight finish.
  const toSend = [...run.orders.values()].filter((o) => o.state === "planned").sort((a, b) => a.sequence - b.sequence);
  const createdBefore = new Set(
    [...run.orders.values()].filter((o) => o.state === "created").map((o) => o.orderNumber),
  );
  if (toSend.length > 0 && !run.stopped()) {
    run.startPhase("sending", toSend.length);
    let refused = false;
    await mapAdaptively(
      toSend,
      run.limiter,
      async (order) => {
        if (refused) return undefined;
        const sent = await sendOrder(run, order);
        refused ||= sent.refused;
        return sent;
      },
      (sent) => (sent === undefined ? { kind: "ok" } : sent.pressure),
      options.signal,
    );
  }

  // 3. One more look at every order created this run: a duplicate made elsewhere may have been listed only since.
  await sweepForDuplicates(
    run,
    [...run.orders.values()].filter((o) => o.state === "created" && !createdBefore.has(o.orderNumber)),
  );

  const all = [...run.orders.values()].sort((a, b) => a.sequence - b.sequence);
  const counts = countStates(all);
  const finished = !all.some(isUnfinished);
  const settled: BatchRecord = finished && !batch.finishedAt ? { ...batch, finishedAt: now().toISOString() } : batch;
  if (settled !== batch) await deps.journal.putBatch(settled);
  return {
    status: finished ? "finished" : run.stopped() ? "stopped" : "incomplete",
    batch: settled,
    orders: all,
    counts,
    problems: run.problems,
  };
}

/** Settles each of these orders from the vendor's job list, several at once. */
async function reconcileAll(run: BatchRun, unclear: readonly OrderRecord[]): Promise<void> {
  run.startPhase("reconciling", unclear.length);
  await mapAdaptively(
    unclear,
    run.limiter,
    async (order) => {
      await run.save(await reconcile(run, order));
      run.tick();
      return order;
    },
    () => ({ kind: "ok" }),
  );
}

/** Looks the vendor's job list over once more for the orders just created, in as few requests as it can. */
async function sweepForDuplicates(run: BatchRun, created: readonly OrderRecord[]): Promise<void> {
  if (created.length === 0) return;
  const listed = await findExistingJobs(
    run.client,
    created.map((o) => o.orderNumber),
    { limiter: run.limiter },
  );
  for (const order of created) {
    const jobNumbers = listed.byOrder.get(orderKey(order.orderNumber));
    const current = run.orders.get(order.orderNumber);
    if (jobNumbers && current?.state === "created") await lookForDuplicates(run, current, jobNumbers);
  }
}

/**
 * The user's decision to send orders again: one the vendor already had (it will be sent
 * although a job with its number exists), or one not found after an unclear answer.
 */
export async function allowResend(
  deps: Pick<SubmitDeps, "journal" | "now">,
  batchId: string,
  orderNumbers: readonly string[],
): Promise<OrderRecord[]> {
  const at = clockOf(deps)();
  const wanted = new Set(orderNumbers);
  const updates = (await deps.journal.ordersOf(batchId))
    .filter((o) => wanted.has(o.orderNumber) && (o.state === "existing" || o.state === "not-found"))
    .map((o) =>
      o.state === "existing"
        ? advance(
            o,
            "planned",
            at,
            `to be sent again at the user's request, although ${jobNumbersText(o.existingJobNumbers)} ` +
              `${pluralise(o.existingJobNumbers.length, "exists", "exist")}`,
            { allowExisting: true, messages: [] },
          )
        : advance(o, "planned", at, "to be sent again at the user's request", { messages: [] }),
    );
  await deps.journal.putOrders(updates);
  return updates;
}
