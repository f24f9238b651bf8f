import { pluralise } from "../core/plural";
import {
  createAdaptiveLimiter,
  DEFAULT_APPLICATION_NAME,
  isTransientProblem,
  mapAdaptively,
  type ApiResult,
  type Pressure,
  pressureOf,
  type VendorClient,
} from "../api";
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
import { createRateMeter, type RateSnapshot } from "../core/rate-meter";
import type { JobCandidate, JobCreateResult } from "../core/vendor";
import { payloadHash } from "./payload-hash";
import { createdLines, messagesOf, problemAuditText, problemText } from "./vendor-answers";
import { settleUnclearOrder } from "./reconcile";
import { submitLockName, type SubmitLocks } from "./submit-lock";
import { findExistingJobs, orderKey } from "./vendor-jobs";

export interface SubmitDeps {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  readonly locks: SubmitLocks;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Pauses between lookups of an order whose creation got no clear answer. */
  readonly recheckDelaysMs?: readonly number[];
  /** How long one creation may take before its outcome counts as unknown. */
  readonly requestTimeoutMs?: number;
  readonly applicationName?: string;
}

export interface BatchPlan extends SubmissionPlan, BatchOrigin {
  /** Send orders the vendor already has a job for (the command line's `--allow-existing`). */
  readonly allowExisting?: boolean;
}

export type SubmitPhase = "reconciling" | "checking" | "sending";

export interface SubmitProgress {
  readonly batchId: string;
  readonly phase: SubmitPhase;
  /** Progress through the current phase, with its rate and time left. */
  readonly rate: RateSnapshot;
  readonly counts: StateCounts;
}

export interface RunOptions {
  /** Calls in flight at most; fewer while the vendor is slowing down. */
  readonly concurrency?: number;
  /** Once aborted no further order is sent; those in flight finish and are written down. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SubmitProgress) => void;
}

export type RunOutcome =
  | { readonly status: "busy" }
  | { readonly status: "missing" }
  | {
      /** finished: nothing left to do; stopped: the user stopped it; incomplete: some orders need another run or a decision. */
      readonly status: "finished" | "stopped" | "incomplete";
      readonly batch: BatchRecord;
      readonly orders: readonly OrderRecord[];
      readonly counts: StateCounts;
      /** Why some orders could not be settled this time (the vendor unreachable, say). */
      readonly problems: readonly string[];
    };

export const DEFAULT_CONCURRENCY = 4;
/** Tries of one creation the vendor keeps refusing with 429 (too many requests). */
const RATE_LIMITED_ATTEMPTS = 4;
const MAX_RATE_LIMIT_WAIT_MS = 30_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 90_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes the batch and its orders down, every order planned, before anything is sent.
 * Returns the batch; {@link runBatch} sends it.
 */
export async function planBatch(deps: Pick<SubmitDeps, "journal" | "now">, plan: BatchPlan, id: string = crypto.randomUUID()): Promise<BatchRecord> {
  const at = (deps.now ?? (() => new Date()))();
  const { orders: _orders, allowExisting: _allow, ...origin } = plan;
  const batch: BatchRecord = { ...origin, id, createdAt: at.toISOString() };
  const orders = await Promise.all(
    plan.orders.map(async (order, sequence): Promise<OrderRecord> => {
      const candidate: JobCandidate = { ...order.candidate, validateOnly: false };
      return {
        batchId: id,
        orderNumber: order.orderNumber,
        sequence,
        payloadHash: await payloadHash(candidate),
        candidate,
        lineRows: order.lineRows,
        notes: order.notes,
        state: "planned",
        allowExisting: plan.allowExisting ?? false,
        existingJobNumbers: [],
        messages: [],
        attempts: 0,
        events: [{ at: at.toISOString(), what: "planned" }],
        updatedAt: at.toISOString(),
      };
    }),
  );
  await deps.journal.putBatch(batch);
  await deps.journal.putOrders(orders);
  return batch;
}

/**
 * Sends a batch, or continues one: first every order whose creation got no clear answer is
 * looked up at the vendor; then every order still to send is checked against the vendor's
 * jobs (an order that already exists is not sent unless the user allowed it); then the rest
 * are created, each written down as sending before its request leaves. Holds the account's
 * submit lock throughout; answers `busy` when another tab or process holds it.
 */
export async function runBatch(deps: SubmitDeps, batchId: string, options: RunOptions = {}): Promise<RunOutcome> {
  const batch = await deps.journal.getBatch(batchId);
  if (!batch) return { status: "missing" };
  const held = await deps.locks.withLock(submitLockName(batch.connection, batch.accountId), () => runLocked(deps, batch, options));
  return held.acquired ? held.value : { status: "busy" };
}

async function runLocked(deps: SubmitDeps, batch: BatchRecord, options: RunOptions): Promise<RunOutcome> {
  const { client, journal } = deps;
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? defaultSleep;
  const timeoutMs = deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const applicationName = deps.applicationName ?? DEFAULT_APPLICATION_NAME;
  const limiter = createAdaptiveLimiter({ max: options.concurrency ?? DEFAULT_CONCURRENCY });
  const orders = new Map((await journal.ordersOf(batch.id)).map((o) => [o.orderNumber, o]));
  const problems: string[] = [];
  const stopped = () => options.signal?.aborted === true;

  let phase: SubmitPhase = "reconciling";
  let meter = createRateMeter(0, () => now().getTime());
  const report = () => options.onProgress?.({ batchId: batch.id, phase, rate: meter.snapshot(), counts: countStates([...orders.values()]) });
  const startPhase = (next: SubmitPhase, total: number) => {
    phase = next;
    meter = createRateMeter(total, () => now().getTime());
    report();
  };
  const save = async (order: OrderRecord) => {
    orders.set(order.orderNumber, order);
    await journal.putOrders([order]);
    report();
  };
  /** Job numbers the account's other batches in this journal account for (read once, when first needed). */
  let claimedElsewhere: Promise<ReadonlySet<number>> | undefined;
  /** Job numbers other orders already account for: of this batch, or of any other batch of the account. */
  const claimedByOthers = async (order: OrderRecord) =>
    new Set([
      ...(await (claimedElsewhere ??= jobsOfOtherBatches(journal, batch))),
      ...[...orders.values()].filter((o) => o !== order && o.jobNumber !== undefined).map((o) => o.jobNumber as number),
    ]);

  /** Settles an order whose creation got no clear answer, from the vendor's own job list. */
  async function reconcile(order: OrderRecord): Promise<OrderRecord> {
    const settled = await settleUnclearOrder(client, order, { delaysMs: deps.recheckDelaysMs, sleep, notOurs: await claimedByOthers(order), now, applicationName });
    if (settled.problem) problems.push(settled.problem);
    return settled.order;
  }

  /**
   * Creates one order, written down as sending first. A 429 says the vendor refused the
   * request unprocessed, so it is sent again after the pause asked for, a few times at most.
   * An answer asking to slow down (a 429, a 503 or a Retry-After) is told to the limiter at
   * once, so the other orders wait out the pause too rather than when this one is done.
   */
  async function send(order: OrderRecord): Promise<{ readonly result: ApiResult<JobCreateResult>; readonly pressure: Pressure }> {
    let current = order;
    for (let attempt = 1; ; attempt++) {
      const sending = advance(current, "sending", now(), `sending (attempt ${current.attempts + 1})`, { attempts: current.attempts + 1 });
      await save(sending);
      const result = await client.createJob(sending.candidate, applicationName, { signal: AbortSignal.timeout(timeoutMs) });
      let pressure = pressureOf(result);
      if (pressure.kind === "slow-down") {
        limiter.tell(pressure);
        pressure = { kind: "told" };
      }
      if (!result.ok && result.problem.status === 429 && attempt < RATE_LIMITED_ATTEMPTS && !stopped()) {
        const wait = Math.min(MAX_RATE_LIMIT_WAIT_MS, result.problem.retryAfterMs ?? 1_000 * 2 ** attempt);
        const answer = { at: now().toISOString(), status: result.problem.status, body: result.problem };
        current = advance({ ...sending, answers: [...(sending.answers ?? []), answer] }, "planned", now(), `refused for now (too many requests); nothing was created; sending again in ${Math.ceil(wait / 1000)} s`);
        await save(current);
        await sleep(wait);
        continue;
      }
      await save(await settleAnswer(sending, result));
      meter.tick();
      report();
      return { result, pressure };
    }
  }

  /** The order as the vendor's answer to its creation leaves it. */
  async function settleAnswer(sent: OrderRecord, result: ApiResult<JobCreateResult>): Promise<OrderRecord> {
    const answer = result.ok
      ? { at: now().toISOString(), status: result.status, body: result.value }
      : { at: now().toISOString(), status: result.problem.status, body: result.problem };
    const sending: OrderRecord = { ...sent, answers: [...(sent.answers ?? []), answer] };
    if (result.ok) {
      return advance(sending, "created", now(), `created job ${result.value.jobNumber}`, {
        jobNumber: result.value.jobNumber,
        totalJobCost: result.value.totalJobCost,
        dateDue: result.value.dateDue ?? undefined,
        createdLines: createdLines(sending, result.value),
        messages: [],
      });
    }
    const { problem } = result;
    if (problem.status === 401 || problem.status === 429) {
      // Refused before anything was done: the order was not created and may be sent later.
      problems.push(`The vendor refused order ${sending.orderNumber} before doing anything (${problemText(problem)}); nothing was created. Continue later to send it.`);
      return advance(sending, "planned", now(), `refused: ${problemAuditText(problem)}; nothing was created`);
    }
    if (problem.kind === "http" && !isTransientProblem(problem)) {
      return advance(sending, "rejected", now(), `rejected: ${problemAuditText(problem)}`, { messages: messagesOf(sending, problem) });
    }
    const unknown = advance(sending, "unknown", now(), `no clear answer: ${problemAuditText(problem)}`);
    await save(unknown);
    return reconcile(unknown);
  }

  /** Settles each of these orders from the vendor's job list, several at once. */
  async function reconcileAll(unclear: readonly OrderRecord[]): Promise<void> {
    startPhase("reconciling", unclear.length);
    await mapAdaptively(
      unclear,
      limiter,
      async (order) => {
        await save(await reconcile(order));
        meter.tick();
        report();
        return order;
      },
      () => ({ kind: "ok" }),
    );
  }

  // 1. Orders whose creation got no clear answer (in an earlier run, a crash or a reload).
  const unclear = [...orders.values()].filter((o) => o.state === "sending" || o.state === "unknown");
  if (unclear.length > 0) await reconcileAll(unclear);

  // 2. Every order still to send is looked for among the vendor's jobs.
  const toCheck = [...orders.values()].filter((o) => o.state === "planned").sort((a, b) => a.sequence - b.sequence);
  const checked: OrderRecord[] = [];
  if (toCheck.length > 0 && !stopped()) {
    startPhase("checking", toCheck.length);
    const existing = await findExistingJobs(
      client,
      toCheck.map((o) => o.orderNumber),
      {
        limiter,
        signal: options.signal,
        onSearched: () => {
          meter.tick();
          report();
        },
      },
    );
    const at = now();
    const updates: OrderRecord[] = [];
    /** Orders with jobs listed since an earlier request of theirs got no clear answer, and those jobs. */
    const appearedSince = new Map<string, readonly number[]>();
    for (const order of toCheck) {
      const key = orderKey(order.orderNumber);
      const failure = existing.failed.get(key);
      const jobNumbers = existing.byOrder.get(key);
      if (failure || jobNumbers === undefined) {
        // A lookup cut short by a stop is no problem: the order is simply not sent yet.
        if (failure && !(failure.kind === "aborted" && stopped())) problems.push(`Order ${order.orderNumber} could not be checked for an existing job: ${problemText(failure)}.`);
        continue;
      }
      const known = new Set(order.existingJobNumbers);
      if (mayHaveMadeJob(order)) {
        // An earlier request of this very order may have made a job the vendor did not list in
        // time. The jobs known before it was sent stay as they were; a job listed since is taken
        // for someone else's only when another order of the journal accounts for it, and any
        // other is looked up as possibly this order's own: never sent again beside it.
        const claimed = await claimedByOthers(order);
        const appeared = jobNumbers.filter((n) => !known.has(n) && !claimed.has(n));
        if (appeared.length > 0) {
          const update = advance(
            order,
            "unknown",
            at,
            `the vendor now lists ${jobNumbersText(appeared)} for this order number, not known before an earlier request of it got no clear answer; looked up as possibly this order's`,
            { checkedExistingAt: at.toISOString() },
          );
          updates.push(update);
          appearedSince.set(order.orderNumber, appeared);
          continue;
        }
      }
      const update =
        jobNumbers.length > 0 && !order.allowExisting
          ? advance(order, "existing", at, `the vendor already has ${jobNumbersText(jobNumbers)} for this order number; not sent`, { existingJobNumbers: jobNumbers, checkedExistingAt: at.toISOString() })
          : { ...order, existingJobNumbers: [...new Set([...known, ...jobNumbers])], checkedExistingAt: at.toISOString() };
      updates.push(update);
      if (update.state === "planned") checked.push(update);
    }
    for (const update of updates) orders.set(update.orderNumber, update);
    await journal.putOrders(updates);
    meter.tick(toCheck.length - meter.snapshot().done);
    report();

    if (appearedSince.size > 0 && !stopped()) {
      await reconcileAll(updates.filter((o) => appearedSince.has(o.orderNumber)));
      for (const [orderNumber, appeared] of appearedSince) {
        const settled = orders.get(orderNumber);
        if (settled?.state !== "not-found") continue;
        // Compared line by line and not this order's: someone else's job with its number, so
        // the order is not sent unless the user decides again, knowing of that job.
        const what = `${jobNumbersText(appeared)}, listed since, ${pluralise(appeared.length, "does", "do")} not match this order's request line for line; not sent`;
        await save(advance(settled, "existing", now(), what, { existingJobNumbers: [...new Set([...settled.existingJobNumbers, ...appeared])] }));
      }
    }
  }

  // 3. Creation, with limited concurrency; a stop lets what is in flight finish.
  if (checked.length > 0 && !stopped()) {
    startPhase("sending", checked.length);
    let refused = false;
    await mapAdaptively(
      checked,
      limiter,
      async (order) => {
        if (refused) return undefined;
        const sent = await send(order);
        if (!sent.result.ok && (sent.result.problem.status === 401 || sent.result.problem.status === 429)) refused = true;
        return sent;
      },
      (sent) => (sent === undefined ? { kind: "ok" } : sent.pressure),
      options.signal,
    );
  }

  const all = [...orders.values()].sort((a, b) => a.sequence - b.sequence);
  const counts = countStates(all);
  const finished = !all.some(isUnfinished);
  const settled: BatchRecord = finished && !batch.finishedAt ? { ...batch, finishedAt: now().toISOString() } : batch;
  if (settled !== batch) await journal.putBatch(settled);
  return { status: finished ? "finished" : stopped() ? "stopped" : "incomplete", batch: settled, orders: all, counts, problems };
}

/**
 * Whether a request to create this order may have made a job: one was sent (or was about to
 * be) and the vendor did not clearly refuse it unprocessed (401, 429) before doing anything.
 */
function mayHaveMadeJob(order: OrderRecord): boolean {
  const refused = (order.answers ?? []).filter((a) => a.status === 401 || a.status === 429).length;
  return order.attempts > refused;
}

/**
 * The jobs the account's other batches in this journal have made (or found as theirs): the
 * same sheet imported again makes a job that matches an unclear order of an earlier batch
 * line for line, and must not be taken for that order's.
 */
async function jobsOfOtherBatches(journal: JournalStore, batch: BatchRecord): Promise<ReadonlySet<number>> {
  const others = (await journal.listBatches()).filter((b) => b.id !== batch.id && b.connection === batch.connection && b.accountId === batch.accountId);
  const claimed = new Set<number>();
  for (const other of others) {
    for (const order of await journal.ordersOf(other.id)) if (order.jobNumber !== undefined) claimed.add(order.jobNumber);
  }
  return claimed;
}

/**
 * The user's decision to send orders again: one the vendor already had (it will be sent
 * although a job with its number exists), or one not found after an unclear answer.
 */
export async function allowResend(deps: Pick<SubmitDeps, "journal" | "now">, batchId: string, orderNumbers: readonly string[]): Promise<OrderRecord[]> {
  const at = (deps.now ?? (() => new Date()))();
  const wanted = new Set(orderNumbers);
  const updates = (await deps.journal.ordersOf(batchId))
    .filter((o) => wanted.has(o.orderNumber) && (o.state === "existing" || o.state === "not-found"))
    .map((o) =>
      o.state === "existing"
        ? advance(o, "planned", at, `to be sent again at the user's request, although ${jobNumbersText(o.existingJobNumbers)} ${pluralise(o.existingJobNumbers.length, "exists", "exist")}`, { allowExisting: true, messages: [] })
        : advance(o, "planned", at, "to be sent again at the user's request", { messages: [] }),
    );
  await deps.journal.putOrders(updates);
  return updates;
}
