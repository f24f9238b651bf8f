import { isTransientProblem, pressureOf, retryWaitMs, type ApiResult, type Pressure } from "../api";
import { advance, jobNumbersText, wasRefusedUnprocessed, type OrderRecord } from "../core/journal";
import { pluralise } from "../core/plural";
import { plainProblemText } from "../core/problem-text";
import type { JobCreateResult } from "../core/vendor";
import type { BatchRun } from "./batch-run";
import { decideDuplicate } from "./duplicates";
import { earlierJob, lookUpOwnJob, recogniseOrder } from "./own-jobs";
import { settleUnclearOrder } from "./reconcile";
import { createdLines, messagesOf, problemAuditText } from "./vendor-answers";
import { findJobsByOrderNumber } from "./vendor-jobs";

/** Tries of one creation the vendor keeps refusing with 429 (too many requests). */
const RATE_LIMITED_ATTEMPTS = 4;

/** How one order's turn ended, for the limiter and for stopping the batch. */
export interface Sent {
  readonly pressure: Pressure;
  /** The vendor refused before doing anything (401, 429 after every try): send no more this run. */
  readonly refused: boolean;
}

const NOTHING_SENT: Sent = { pressure: { kind: "ok" }, refused: false };

/** Settles an order whose creation got no clear answer, from the vendor's own job list. */
export async function reconcile(run: BatchRun, order: OrderRecord): Promise<OrderRecord> {
  const settled = await settleUnclearOrder(run.client, order, {
    delaysMs: run.recheckDelaysMs,
    sleep: run.sleep,
    notOurs: await run.claimedByOthers(order),
    now: run.now,
    applicationName: run.applicationName,
  });
  if (settled.problem) run.problems.push(settled.problem);
  return settled.order;
}

/**
 * Whether a request to create this order may have made a job: one was sent (or was about to
 * be) and the vendor did not clearly refuse it unprocessed (401, 429) before doing anything.
 */
export function mayHaveMadeJob(order: OrderRecord): boolean {
  const refused = (order.answers ?? []).filter((a) => wasRefusedUnprocessed(a.status)).length;
  return order.attempts > refused;
}

/**
 * One order's turn: looked up right before it is sent (in the journal's memory and at the
 * vendor), then created, written down as sending first; once created, looked up again for a
 * job someone else made for it meanwhile. Leaves the order as it stands in `run.orders`.
 */
export async function sendOrder(run: BatchRun, planned: OrderRecord): Promise<Sent> {
  // Every order's turn counts once towards the progress shown, sent or found to exist, as soon as its
  // outcome is written down (the look for a duplicate after a creation does not hold the count back).
  let counted = false;
  const count = () => {
    if (!counted) run.tick();
    counted = true;
  };
  try {
    const order = await checkBeforeSending(run, planned);
    if (order === undefined || order.state !== "planned" || run.stopped()) return NOTHING_SENT;
    if (run.lease && !run.lease.stillHeld()) {
      leaseLost(run);
      return NOTHING_SENT;
    }
    const sent = await createOrder(run, order);
    count();
    const now = run.orders.get(order.orderNumber);
    if (now?.state === "created") await lookForDuplicates(run, now);
    return sent;
  } finally {
    count();
  }
}

function leaseLost(run: BatchRun): void {
  const text =
    "Another browser or computer took over submitting for this account, so no more orders were sent from here. " +
    "Continue when it has finished; nothing is sent twice.";
  if (!run.problems.includes(text)) run.problems.push(text);
}

/**
 * The order as a last look before sending leaves it: still planned, or existing (this journal
 * made it in an earlier batch, or a job appeared under its number), or being looked up as
 * possibly its own (an earlier request of it got no clear answer). Undefined when it could
 * not be looked up: it waits for the next run.
 */
async function checkBeforeSending(run: BatchRun, order: OrderRecord): Promise<OrderRecord | undefined> {
  const mine = recogniseOrder(await run.ownJobsElsewhere(), order);
  if (mine) {
    const state = await lookUpOwnJob(run.client, mine.jobNumber);
    if (state.state === "failed") return cannotLookUp(run, order, state.problem);
    if (state.state === "live") {
      const createdEarlier = earlierJob(mine, state.orderNumber);
      const existing = advance(
        order,
        "existing",
        run.now(),
        `created earlier by this importer as job ${mine.jobNumber}; not sent again`,
        { createdEarlier, existingJobNumbers: [mine.jobNumber] },
      );
      await run.save(existing);
      return existing;
    }
  }
  const listed = await findJobsByOrderNumber(run.client, order.orderNumber);
  if (!listed.ok) return cannotLookUp(run, order, listed.problem);
  const at = run.now();
  const known = new Set(order.existingJobNumbers);
  const appeared = listed.value.map((job) => job.jobNumber).filter((n) => !known.has(n));
  if (appeared.length === 0) {
    const checked = { ...order, checkedExistingAt: at.toISOString() };
    run.orders.set(order.orderNumber, checked);
    return checked;
  }
  if (mayHaveMadeJob(order)) return settleAppeared(run, order, appeared);
  const what = `the vendor already has ${jobNumbersText(appeared)} for this order number; not sent`;
  const existing = advance(order, "existing", at, what, {
    existingJobNumbers: [...known, ...appeared],
    checkedExistingAt: at.toISOString(),
  });
  await run.save(existing);
  return existing;
}

async function cannotLookUp(
  run: BatchRun,
  order: OrderRecord,
  problem: Parameters<typeof plainProblemText>[0],
): Promise<undefined> {
  // A lookup cut short by a stop is no problem: the order is simply not sent yet.
  if (!(problem.kind === "aborted" && run.stopped()))
    run.problems.push(
      `Order ${order.orderNumber} could not be checked for an existing job: ${plainProblemText(problem)}. ` +
        "It was not sent; continue to try again.",
    );
  return undefined;
}

/**
 * An earlier request of this very order may have made a job the vendor did not list in time.
 * A job listed since is taken for someone else's only when another order of the journal
 * accounts for it; any other is looked up as possibly this order's own, never sent beside it.
 */
async function settleAppeared(run: BatchRun, order: OrderRecord, appeared: readonly number[]): Promise<OrderRecord> {
  const claimed = await run.claimedByOthers(order);
  const unclaimed = appeared.filter((n) => !claimed.has(n));
  if (unclaimed.length === 0) {
    const existing = advance(
      order,
      "existing",
      run.now(),
      `the vendor has ${jobNumbersText(appeared)} for this order number, made by other orders; not sent`,
      { existingJobNumbers: [...order.existingJobNumbers, ...appeared] },
    );
    await run.save(existing);
    return existing;
  }
  const unknown = advance(
    order,
    "unknown",
    run.now(),
    `the vendor now lists ${jobNumbersText(unclaimed)} for this order number, ` +
      "not known before an earlier request of it got no clear answer; looked up as possibly this order's",
  );
  await run.save(unknown);
  const settled = await reconcile(run, unknown);
  if (settled.state !== "not-found") {
    await run.save(settled);
    return settled;
  }
  // Compared line by line and not this order's: someone else's job with its number, so the
  // order is not sent unless the user decides again, knowing of that job.
  const what =
    `${jobNumbersText(unclaimed)}, listed since, ${pluralise(unclaimed.length, "does", "do")} not match ` +
    "this order's request line for line; not sent";
  const existing = advance(settled, "existing", run.now(), what, {
    existingJobNumbers: [...new Set([...settled.existingJobNumbers, ...unclaimed])],
  });
  await run.save(existing);
  return existing;
}

/**
 * Creates one order, written down as sending first. A 429 says the vendor refused the
 * request unprocessed, so it is sent again after the pause `retryWaitMs` decides, a few times at most.
 * An answer asking to slow down (a 429, a 503 or a Retry-After) is told to the limiter at
 * once, so the other orders wait out the pause too rather than when this one is done.
 */
async function createOrder(run: BatchRun, order: OrderRecord): Promise<Sent> {
  let current = order;
  for (let attempt = 1; ; attempt++) {
    const sending = advance(current, "sending", run.now(), `sending (attempt ${current.attempts + 1})`, {
      attempts: current.attempts + 1,
    });
    await run.save(sending);
    const result = await run.client.createJob(sending.candidate, run.applicationName, {
      signal: AbortSignal.timeout(run.requestTimeoutMs),
    });
    let pressure = pressureOf(result);
    if (pressure.kind === "slow-down") {
      run.limiter.tell(pressure);
      pressure = { kind: "told" };
    }
    const rateLimited =
      !result.ok && result.problem.status === 429 && attempt < RATE_LIMITED_ATTEMPTS && !run.stopped();
    // Sent again after the pause asked for, at least a doubling back-off; a longer ask leaves the order for later.
    const wait = rateLimited ? retryWaitMs(result.problem, 1_000 * 2 ** attempt) : undefined;
    if (!result.ok && wait !== undefined) {
      const answer = { at: run.now().toISOString(), status: result.problem.status, body: result.problem };
      current = advance(
        { ...sending, answers: [...(sending.answers ?? []), answer] },
        "planned",
        run.now(),
        `refused for now (too many requests); nothing was created; sending again in ${Math.ceil(wait / 1000)} s`,
      );
      await run.save(current);
      await run.sleep(wait);
      continue;
    }
    await run.save(await settleAnswer(run, sending, result));
    return { pressure, refused: !result.ok && wasRefusedUnprocessed(result.problem.status) };
  }
}

/** The order as the vendor's answer to its creation leaves it. */
async function settleAnswer(
  run: BatchRun,
  sent: OrderRecord,
  result: ApiResult<JobCreateResult>,
): Promise<OrderRecord> {
  const at = run.now();
  const answer = result.ok
    ? { at: at.toISOString(), status: result.status, body: result.value }
    : { at: at.toISOString(), status: result.problem.status, body: result.problem };
  const sending: OrderRecord = { ...sent, answers: [...(sent.answers ?? []), answer] };
  if (result.ok) {
    return advance(sending, "created", at, `created job ${result.value.jobNumber}`, {
      jobNumber: result.value.jobNumber,
      totalJobCost: result.value.totalJobCost,
      dateDue: result.value.dateDue ?? undefined,
      createdLines: createdLines(sending, result.value),
      messages: [],
    });
  }
  const { problem } = result;
  if (wasRefusedUnprocessed(problem.status)) {
    // Refused before anything was done: the order was not created and may be sent later.
    run.problems.push(
      `The vendor refused order ${sending.orderNumber} before doing anything (${plainProblemText(problem)}); ` +
        "nothing was created. Continue later to send it.",
    );
    return advance(sending, "planned", at, `refused: ${problemAuditText(problem)}; nothing was created`);
  }
  if (problem.kind === "http" && !isTransientProblem(problem)) {
    return advance(sending, "rejected", at, `rejected: ${problemAuditText(problem)}`, {
      messages: messagesOf(sending, problem),
    });
  }
  const unknown = advance(sending, "unknown", at, `no clear answer: ${problemAuditText(problem)}`);
  await run.save(unknown);
  return reconcile(run, unknown);
}

/** Cancelling one of our duplicate jobs: the call is safe to repeat, so an unclear answer is simply asked again. */
const CANCEL_TRIES = 3;

/**
 * After creating an order: another live job for its number that this batch did not make and
 * that was not known before is a duplicate made elsewhere at the same time. Ours is cancelled
 * when it is the later of the two with the same lines (and the vendor lets us); otherwise both
 * are named on the order's rows so the user can cancel one.
 */
export async function lookForDuplicates(
  run: BatchRun,
  order: OrderRecord,
  listedNow?: readonly number[],
): Promise<void> {
  const ours = order.jobNumber;
  if (ours === undefined) return;
  let listed = listedNow;
  if (listed === undefined) {
    const found = await findJobsByOrderNumber(run.client, order.orderNumber);
    if (!found.ok) {
      run.problems.push(
        `Order ${order.orderNumber} was created as job ${ours}, ` +
          `but could not be checked for a duplicate made elsewhere (${plainProblemText(found.problem)}); ` +
          "look for it in Submitted jobs.",
      );
      return;
    }
    listed = found.value.map((job) => job.jobNumber);
  }
  const known = new Set([ours, ...order.existingJobNumbers, ...(order.duplicateJobNumbers ?? [])]);
  const others = listed.filter((n) => !known.has(n));
  if (others.length === 0) return;
  const details = await Promise.all([ours, ...others].map((n) => run.client.getJob(n)));
  const [mine, ...theirs] = details;
  if (!mine?.ok) return markDuplicate(run, order, others);
  const decision = decideDuplicate(
    mine.value,
    theirs.flatMap((d) => (d.ok ? [d.value] : [])),
    order.candidate,
  );
  if (decision.action === "report") return markDuplicate(run, order, others);
  const cancelling = advance(
    order,
    "created",
    run.now(),
    `cancelling job ${ours}: job ${decision.keep}, made elsewhere at the same time, has the same lines`,
    { duplicateJobNumbers: others },
  );
  await run.save(cancelling);
  for (let attempt = 1; attempt <= CANCEL_TRIES; attempt++) {
    const answer = await run.client.cancelJob(ours);
    if (answer.ok) {
      await run.save(
        advance(cancelling, "cancelled", run.now(), `cancelled job ${ours} as a duplicate of job ${decision.keep}`, {
          duplicateOf: decision.keep,
        }),
      );
      return;
    }
    if (!isTransientProblem(answer.problem)) break;
    await run.sleep(1_000 * attempt);
  }
  await markDuplicate(run, cancelling, others);
}

async function markDuplicate(run: BatchRun, order: OrderRecord, others: readonly number[]): Promise<void> {
  const duplicateJobNumbers = [...new Set([...(order.duplicateJobNumbers ?? []), ...others])];
  const marked = advance(
    order,
    "created",
    run.now(),
    `possible duplicate: the vendor also has ${jobNumbersText(others)} for this order number, made elsewhere`,
    { duplicateJobNumbers },
  );
  await run.save(marked);
  run.problems.push(
    `Possible duplicate: order ${order.orderNumber} was created as job ${order.jobNumber ?? ""}, ` +
      `and ${jobNumbersText(others)} ${pluralise(others.length, "was", "were")} made for it elsewhere ` +
      "at the same time. Cancel the one you do not want in Submitted jobs.",
  );
}
