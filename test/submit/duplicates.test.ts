import { describe, expect, it } from "vitest";
import { rowResultsFromJournal } from "../../src/core/journal";
import type { Job, JobCandidate } from "../../src/core/vendor";
import { decideDuplicate } from "../../src/submit/duplicates";
import { planBatch, runBatch, submitPlan, type SubmitDeps } from "../../src/submit/submit-batch";
import { priceCodeLine, validCandidate } from "../helpers/job-candidates";
import { submitDeps, testBatchOrigin, useProxiedAccountAndFolder } from "../helpers/submit-session";

const session = useProxiedAccountAndFolder();

const job = (
  jobNumber: number,
  dateIn: string | null,
  lines: readonly { customerReference: string; quantity: number }[],
  isCancelable = true,
): Job =>
  ({
    jobNumber,
    dateIn,
    isCancelable,
    lines: lines.map((l, i) => ({ jobLineId: i, quantity: l.quantity, customerReference: l.customerReference })),
  }) as unknown as Job;

const CANDIDATE: JobCandidate = validCandidate({
  orderNumber: "RACE-1",
  items: [priceCodeLine({ customerReference: "r1", quantity: 20 })],
});
const SAME = [{ customerReference: "r1", quantity: 20 }];
const OTHER = [{ customerReference: "x9", quantity: 5 }];

describe("deciding between our job and another made for the same order at the same time", () => {
  it.each([
    {
      description: "ours is the later of two alike: cancel ours, keep theirs",
      ours: job(12, "2026-11-20T10:00:02Z", SAME),
      others: [job(11, "2026-11-20T10:00:01Z", SAME)],
      expected: { action: "cancel-ours", keep: 11 },
    },
    {
      description: "ours came first: keep it and name theirs as the later",
      ours: job(11, "2026-11-20T10:00:01Z", SAME),
      others: [job(12, "2026-11-20T10:00:02Z", SAME)],
      expected: { action: "report", others: [12], later: 12 },
    },
    {
      description: "the same instant: the lower job number counts as first",
      ours: job(12, "2026-11-20T10:00:01Z", SAME),
      others: [job(11, "2026-11-20T10:00:01Z", SAME)],
      expected: { action: "cancel-ours", keep: 11 },
    },
    {
      description: "no creation times: job numbers decide",
      ours: job(12, null, SAME),
      others: [job(11, null, SAME)],
      expected: { action: "cancel-ours", keep: 11 },
    },
    {
      description: "theirs has other lines: someone else's order with this number, named only",
      ours: job(12, "2026-11-20T10:00:02Z", SAME),
      others: [job(11, "2026-11-20T10:00:01Z", OTHER)],
      expected: { action: "report", others: [11], later: undefined },
    },
    {
      description: "ours may not be cancelled any more: named only",
      ours: job(12, "2026-11-20T10:00:02Z", SAME, false),
      others: [job(11, "2026-11-20T10:00:01Z", SAME)],
      expected: { action: "report", others: [11], later: 12 },
    },
  ])("$description", ({ ours, others, expected }) => {
    expect(decideDuplicate(ours, others, CANDIDATE)).toEqual(expected);
  });

  it("comes to the same answer on both sides of a race, so exactly one of two importers cancels", () => {
    const first = job(11, "2026-11-20T10:00:01Z", SAME);
    const second = job(12, "2026-11-20T10:00:02Z", SAME);
    expect(
      [decideDuplicate(first, [second], CANDIDATE).action, decideDuplicate(second, [first], CANDIDATE).action].sort(),
    ).toEqual(["cancel-ours", "report"]);
  });
});

/**
 * A batch of one order whose creation is raced by another submitter making the same order just before or just after
 * ours.
 */
async function raceOneOrder(deps: SubmitDeps, when: "before" | "after", theirs: JobCandidate) {
  const batch = await planBatch(deps, {
    orders: [{ orderNumber: "RACE-1", candidate: CANDIDATE, lineRows: [2], notes: [] }],
    otherRows: [],
    ...testBatchOrigin(session.account),
  });
  let other: number | undefined;
  const makeTheirs = async () => {
    const made = await deps.client.createJob({ ...theirs, validateOnly: false });
    if (made.ok) other = made.value.jobNumber;
  };
  const client = {
    ...deps.client,
    createJob: async (...args: Parameters<typeof deps.client.createJob>) => {
      if (when === "before") await makeTheirs();
      const answer = await deps.client.createJob(...args);
      if (when === "after") await makeTheirs();
      return answer;
    },
  };
  const outcome = await runBatch({ ...deps, client }, batch.id);
  if (outcome.status === "busy" || outcome.status === "missing") throw new Error(outcome.status);
  const [order] = outcome.orders;
  return { batch, outcome, order, other };
}

const isCancelled = (jobNumber: number | undefined) =>
  session.account.app.simulator?.simulator.findJob(jobNumber ?? 0)?.cancelledAt !== null;

describe("a job made for the same order elsewhere while ours was being created", () => {
  it("cancels ours when theirs was made first with the same lines, and writes it down", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const { batch, outcome, order, other } = await raceOneOrder(deps, "before", CANDIDATE);
    expect(order).toMatchObject({ state: "cancelled", duplicateOf: other });
    expect(isCancelled(order?.jobNumber)).toBe(true);
    expect(isCancelled(other)).toBe(false);
    expect(order?.events.map((e) => e.what)).toEqual(
      expect.arrayContaining([
        `cancelling job ${order?.jobNumber}: job ${other}, made elsewhere at the same time, has the same lines`,
        `cancelled job ${order?.jobNumber} as a duplicate of job ${other}`,
      ]),
    );
    const [row] = rowResultsFromJournal(batch, outcome.orders);
    expect(row).toMatchObject({ outcome: "cancelled", jobNumber: order?.jobNumber });
    expect(row?.messages.join(" ")).toContain(
      `job ${other}, made elsewhere at the same time, has the same lines and is kept`,
    );
    expect(outcome.status).toBe("finished");
    await deps.journal.close();
  });

  it("keeps ours when it was first, and names both jobs on its rows", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const { batch, outcome, order, other } = await raceOneOrder(deps, "after", CANDIDATE);
    expect(order).toMatchObject({ state: "created", duplicateJobNumbers: [other] });
    expect(isCancelled(order?.jobNumber)).toBe(false);
    expect(isCancelled(other)).toBe(false);
    const [row] = rowResultsFromJournal(batch, outcome.orders);
    expect(row?.messages.join(" ")).toContain(
      `Possible duplicate: jobs ${order?.jobNumber}, ${other} were created for order RACE-1`,
    );
    expect(outcome.problems.join(" ")).toContain("Possible duplicate: order RACE-1");
    await deps.journal.close();
  });

  it("cancels nothing when the other job has other lines, and names it", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const theirs = validCandidate({
      orderNumber: "RACE-1",
      items: [priceCodeLine({ customerReference: "theirs", quantity: 40 })],
    });
    const { order, other } = await raceOneOrder(deps, "before", theirs);
    expect(order).toMatchObject({ state: "created", duplicateJobNumbers: [other] });
    expect(isCancelled(order?.jobNumber)).toBe(false);
    await deps.journal.close();
  });
});

describe("a page that loses the account's lease mid-batch", () => {
  it("stops before its next creation and says why; what it made stays written down", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const orders = ["LEASE-1", "LEASE-2", "LEASE-3", "LEASE-4"].map((orderNumber, i) => ({
      orderNumber,
      candidate: validCandidate({ orderNumber, items: [priceCodeLine({ customerReference: `l${i}` })] }),
      lineRows: [i + 2],
      notes: [],
    }));
    const batch = await planBatch(deps, { orders, otherRows: [], ...testBatchOrigin(session.account) });
    let takenElsewhere = false;
    let renewed = 0;
    const lease = {
      take: async () => {
        renewed++;
        return takenElsewhere ? { held: false as const, since: "2026-11-20T10:00:00Z" } : { held: true as const };
      },
      release: async () => undefined,
    };
    // Another browser takes the lease while the first job is being created; the page hears so at its next renewal.
    const client = {
      ...deps.client,
      createJob: async (...args: Parameters<typeof deps.client.createJob>) => {
        const answer = await deps.client.createJob(...args);
        takenElsewhere = true;
        const seen = renewed;
        await expect.poll(() => renewed).toBeGreaterThan(seen);
        return answer;
      },
    };
    // The clock stands still, so the lease is lost only by being taken, never by a renewal that a loaded machine runs
    // late.
    const still = new Date("2026-11-20T10:00:00Z");
    const outcome = await runBatch({ ...deps, client, lease, leaseRenewMs: 5, now: () => still }, batch.id, {
      concurrency: 1,
    });
    if (outcome.status === "busy" || outcome.status === "missing") throw new Error(outcome.status);
    expect(outcome.orders.map((o) => o.state)).toEqual(["created", "planned", "planned", "planned"]);
    expect(outcome.status).toBe("incomplete");
    expect(outcome.problems.join(" ")).toContain("Another browser or computer took over submitting for this account");
    await deps.journal.close();
  });

  it("does not start when another holds the lease, and writes nothing down", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const lease = {
      take: async () => ({ held: false as const, since: "2026-11-20T14:02:00Z" }),
      release: async () => undefined,
    };
    const outcome = await submitPlan(
      { ...deps, lease },
      {
        orders: [
          { orderNumber: "LEASE-9", candidate: validCandidate({ orderNumber: "LEASE-9" }), lineRows: [2], notes: [] },
        ],
        otherRows: [],
        ...testBatchOrigin(session.account),
      },
    );
    expect(outcome).toEqual({ status: "busy", since: "2026-11-20T14:02:00Z" });
    expect(await deps.journal.listBatches()).toEqual([]);
    await deps.journal.close();
  });
});
