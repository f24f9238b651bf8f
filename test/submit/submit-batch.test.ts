import { describe, expect, it } from "vitest";
import { rowResultsFromJournal, type JournalStore, type OrderRecord } from "../../src/core/journal";
import type { FaultSettings } from "../../src/server/simulator/simulator";
import { networkProblem } from "../../src/api";
import { allowResend, planBatch, runBatch } from "../../src/submit/submit-batch";
import { validCandidate } from "../helpers/job-candidates";
import {
  planSample,
  submitDeps,
  testBatchOrigin,
  useProxiedAccountAndFolder,
  vendorJobs,
} from "../helpers/submit-session";

const TEAM = "team-orders-winter.xlsx";
const TEAM_ORDERS = ["KTP-27001", "KTP-27002", "KTP-27003", "KTP-27004"];

const session = useProxiedAccountAndFolder();

const faults = (settings: FaultSettings) => {
  const simulator = session.account.app.simulator?.simulator;
  if (simulator) simulator.faults = settings;
};
/**
 * What a crash mid-send leaves in the journal: the order written down as sending, its first attempt begun, after the
 * check for an existing job.
 */
const crashWhileSending = (journal: JournalStore, order: OrderRecord) =>
  journal.putOrders([{ ...order, state: "sending", attempts: 1, checkedExistingAt: new Date().toISOString() }]);
const createCalls = () => session.account.app.simulator?.simulator.stats.callsByEndpoint.createJob ?? 0;

/** Every order exists once at the vendor, and each of its rows carries that job's number. */
function expectOneJobPerOrder(
  orders: readonly OrderRecord[],
  results: ReturnType<typeof rowResultsFromJournal>,
  orderNumbers = TEAM_ORDERS,
): void {
  const held = vendorJobs(session.account);
  for (const orderNumber of orderNumbers) {
    expect(held.get(orderNumber), `jobs for ${orderNumber}`).toHaveLength(1);
    const jobNumber = held.get(orderNumber)?.[0];
    const order = orders.find((o) => o.orderNumber === orderNumber);
    for (const rowNumber of order?.lineRows ?? []) {
      expect(results.find((r) => r.rowNumber === rowNumber)).toMatchObject({ outcome: "created", jobNumber });
    }
  }
}

describe("submitting a batch through the shared core, over the real proxy and simulator", () => {
  it("writes every order down before sending, creates each once and gives every row its job number", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    const planned = await deps.journal.ordersOf(batch.id);
    expect(planned.map((o) => [o.orderNumber, o.state])).toEqual(TEAM_ORDERS.map((n) => [n, "planned"]));
    expect(planned[0]?.payloadHash).toMatch(/^[0-9a-f]{64}$/);

    const progress: string[] = [];
    const outcome = await runBatch(deps, batch.id, { onProgress: (p) => progress.push(p.phase) });
    if (outcome.status !== "finished") throw new Error(`ended ${outcome.status}`);
    expect(outcome.counts.created).toBe(4);
    expect(progress).toContain("sending");
    const orders = await deps.journal.ordersOf(batch.id);
    expect(orders.every((o) => o.events.some((e) => e.what.startsWith("sending")))).toBe(true);
    // Each order was looked up at the vendor right before it was sent.
    expect(
      orders.every(
        (o) =>
          o.checkedExistingAt !== undefined &&
          o.checkedExistingAt <= (o.events.find((e) => e.what.startsWith("sending"))?.at ?? ""),
      ),
    ).toBe(true);
    const results = rowResultsFromJournal(batch, orders);
    expectOneJobPerOrder(orders, results);
    // Price-code lines made new assets, and their tags are in the results.
    expect(
      results.some((r) => r.outcome === "created" && typeof r.newAssetSku === "string" && r.newAssetSku.length > 0),
    ).toBe(true);
    await deps.journal.close();
  });

  it("sends nothing when run again with the same journal, even from a fresh process", async () => {
    const first = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, first, TEAM);
    await runBatch(first, batch.id);
    await first.journal.close();
    const before = createCalls();

    const again = await submitDeps(session.account, session.folder.path);
    const outcome = await runBatch(again, batch.id);
    expect(outcome.status).toBe("finished");
    expect(createCalls()).toBe(before);
    expectOneJobPerOrder(
      await again.journal.ordersOf(batch.id),
      rowResultsFromJournal(batch, await again.journal.ordersOf(batch.id)),
    );
    await again.journal.close();
  });

  it(
    "finds every order of a re-imported sheet among the " + "vendor's jobs and skips it, unless told to send it again",
    async () => {
      const first = await submitDeps(session.account, session.folder.path, "first.jsonl");
      await runBatch(first, (await planSample(session.account, first, TEAM)).id);
      const jobsBefore = vendorJobs(session.account);

      // Another machine, or a lost journal: a fresh journal knows nothing of the first import.
      const second = await submitDeps(session.account, session.folder.path, "second.jsonl");
      const batch = await planSample(session.account, second, TEAM);
      const outcome = await runBatch(second, batch.id);
      expect(outcome.status).toBe("finished");
      const orders = await second.journal.ordersOf(batch.id);
      expect(orders.map((o) => [o.orderNumber, o.state, o.existingJobNumbers])).toEqual(
        TEAM_ORDERS.map((n) => [n, "existing", jobsBefore.get(n)]),
      );
      expect(vendorJobs(session.account)).toEqual(jobsBefore);
      const row = rowResultsFromJournal(batch, orders).find((r) => r.rowNumber === orders[0]?.lineRows[0]);
      expect(row).toMatchObject({ outcome: "existing", jobNumber: jobsBefore.get("KTP-27001")?.[0] });
      expect(row?.messages.join(" ")).toContain(
        `already has order KTP-27001 as job ${jobsBefore.get("KTP-27001")?.[0]}`,
      );

      // The user's explicit choice, for one order only.
      await allowResend(second, batch.id, ["KTP-27003"]);
      await runBatch(second, batch.id);
      expect(vendorJobs(session.account).get("KTP-27003")).toHaveLength(2);
      expect(vendorJobs(session.account).get("KTP-27001")).toHaveLength(1);

      // Imported once more: an order with two jobs names both, in the plural.
      const third = await submitDeps(session.account, session.folder.path, "third.jsonl");
      const again = await planSample(session.account, third, TEAM);
      await runBatch(third, again.id);
      const twice = (await third.journal.ordersOf(again.id)).find((o) => o.orderNumber === "KTP-27003");
      expect([...(twice?.existingJobNumbers ?? [])].sort()).toEqual(
        vendorJobs(session.account).get("KTP-27003")?.sort(),
      );
      const both = twice?.existingJobNumbers.join(", ");
      expect(twice?.events.at(-1)?.what).toBe(`the vendor already has jobs ${both} for this order number; not sent`);
      const rows = rowResultsFromJournal(again, await third.journal.ordersOf(again.id));
      expect(rows.find((r) => r.rowNumber === twice?.lineRows[0])?.messages[0]).toBe(
        `Not sent: the vendor already has order KTP-27003 as jobs ${both}.`,
      );
      const [resent] = await allowResend(third, again.id, ["KTP-27003"]);
      expect(resent?.events.at(-1)?.what).toBe(`to be sent again at the user's request, although jobs ${both} exist`);
      await first.journal.close();
      await second.journal.close();
      await third.journal.close();
    },
  );

  it("searches the vendor's jobs for several orders at once when its whole job list is too long to read", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    let searching = 0;
    let most = 0;
    const client = {
      ...deps.client,
      listActiveJobs: async (...args: Parameters<typeof deps.client.listActiveJobs>) => {
        const [query] = args;
        if (!query?.searchText) {
          // An account with years of jobs: its whole list runs to more pages than there are orders.
          const page = await deps.client.listActiveJobs(...args);
          return page.ok ? { ...page, value: { ...page.value, totalPages: 500, hasNextPage: true } } : page;
        }
        most = Math.max(most, ++searching);
        try {
          return await deps.client.listActiveJobs(...args);
        } finally {
          searching--;
        }
      },
    };
    faults({ delayMs: 20, endpoints: ["listActiveJobs"] });
    const outcome = await runBatch({ ...deps, client }, batch.id, { concurrency: 4 });
    faults({});
    expect(outcome.status).toBe("finished");
    expect(most).toBe(4);
    const orders = await deps.journal.ordersOf(batch.id);
    expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
    await deps.journal.close();
  });

  it("does not let a cancelled job block the order", async () => {
    const first = await submitDeps(session.account, session.folder.path, "first.jsonl");
    await runBatch(first, (await planSample(session.account, first, TEAM)).id);
    const cancelled = vendorJobs(session.account).get("KTP-27002")?.[0] as number;
    expect((await session.account.client.cancelJob(cancelled)).ok).toBe(true);

    const second = await submitDeps(session.account, session.folder.path, "second.jsonl");
    const batch = await planSample(session.account, second, TEAM);
    await runBatch(second, batch.id);
    const orders = await second.journal.ordersOf(batch.id);
    expect(orders.find((o) => o.orderNumber === "KTP-27002")?.state).toBe("created");
    expect(orders.filter((o) => o.state === "existing")).toHaveLength(3);
    await first.journal.close();
    await second.journal.close();
  });

  it.each([
    ["the connection is dropped after each job is stored", { dropAfterCreateRate: 1, endpoints: ["createJob"] }],
    ["the vendor answers 500 after storing each job", { fail500AfterCreateRate: 1, endpoints: ["createJob"] }],
  ] as const)("when %s, every order is found at the vendor and none is created twice", async (_name, settings) => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    faults(settings);
    const outcome = await runBatch(deps, batch.id);
    faults({});
    expect(outcome.status).toBe("finished");
    const orders = await deps.journal.ordersOf(batch.id);
    expect(orders.map((o) => o.state)).toEqual(["created", "created", "created", "created"]);
    expect(
      orders.every(
        (o) =>
          o.events.some((e) => e.what.startsWith("no clear answer")) &&
          o.events.some((e) => e.what.includes("found as job")),
      ),
    ).toBe(true);
    expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
    await deps.journal.close();
  });

  it(
    "under random 500s and latency nothing is created twice, " + "and what was not found is sent again only when asked",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planSample(session.account, deps, TEAM);
      faults({ rate500: 0.5, delayMs: [5, 40], endpoints: ["createJob"] });
      const first = await runBatch(deps, batch.id, { concurrency: 4 });
      faults({});
      if (first.status === "busy" || first.status === "missing") throw new Error(first.status);
      for (const [orderNumber, jobs] of vendorJobs(session.account)) expect(jobs, orderNumber).toHaveLength(1);
      const waiting = first.orders
        .filter((o) => o.state === "not-found" || o.state === "rejected")
        .map((o) => o.orderNumber);

      // A run on its own sends nothing the vendor might already have: not-found orders wait for the user. Each
      // planned order is created; each left unclear (its check again answered 500 too) is looked up and dry-run
      // again (a POST /Jobs with validateOnly), and then waits too.
      const before = createCalls();
      await runBatch(deps, batch.id);
      const stateCount = (state: string) => first.orders.filter((o) => o.state === state).length;
      expect(createCalls() - before).toBe(stateCount("planned") + stateCount("unknown"));
      await allowResend(deps, batch.id, waiting);
      const last = await runBatch(deps, batch.id);
      if (last.status === "busy" || last.status === "missing") throw new Error(last.status);
      expect(last.orders.filter((o) => o.state !== "created").map((o) => o.orderNumber)).toEqual([]);
      expectOneJobPerOrder(last.orders, rowResultsFromJournal(batch, last.orders));
      await deps.journal.close();
    },
  );

  it(
    "sends again after the pause a 429 asks for, since nothing was made, " +
      "and leaves the order for later when refusals go on",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planSample(session.account, deps, TEAM);
      faults({ rate429: 1, endpoints: ["createJob"] });
      const refused = await runBatch(deps, batch.id);
      faults({});
      if (refused.status === "busy" || refused.status === "missing") throw new Error(refused.status);
      expect(refused.status).toBe("incomplete");
      expect(refused.counts.planned).toBe(4);
      expect(refused.problems.length).toBeGreaterThan(0);
      const refusedForNow = new RegExp(
        "^The vendor refused order KTP-2700\\d before doing anything " +
          "\\(the vendor asked for fewer requests for a while\\); nothing was created\\. Continue later to send it\\.$",
      );
      for (const problem of refused.problems) {
        expect(problem).toMatch(refusedForNow);
      }
      const first = refused.orders.find((o) => o.attempts > 0);
      expect(first?.events.filter((e) => e.what.startsWith("refused for now"))).toHaveLength(3);
      expect(vendorJobs(session.account).size).toBe(0);

      const later = await runBatch(deps, batch.id);
      expect(later.status).toBe("finished");
      const orders = await deps.journal.ordersOf(batch.id);
      expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
      await deps.journal.close();
    },
  );

  it("starts no other order while one waits out a 429's Retry-After", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    // The run's clock is simulated, a hundred times faster than the wall clock: a pause moves it
    // on by all it asked for once a hundredth of that has passed, so pauses end in their order.
    let clock = Date.now();
    const now = () => new Date(clock);
    const sleep = async (ms: number) => {
      const until = clock + Math.max(0, ms);
      await new Promise((resolve) => setTimeout(resolve, ms / 100));
      clock = Math.max(clock, until);
    };
    const firstSent = new Map<string, number>();
    let refusedAt: number | undefined;
    // The vendor answers the first request before it takes any other, so an order sent beside it is not refused.
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const client = {
      ...deps.client,
      createJob: async (...args: Parameters<typeof deps.client.createJob>) => {
        const orderNumber = args[0].orderNumber ?? "";
        const isFirst = firstSent.size === 0;
        if (!firstSent.has(orderNumber)) firstSent.set(orderNumber, clock);
        if (!isFirst) await firstAnswered;
        const result = await deps.client.createJob(...args);
        if (!result.ok && result.problem.status === 429 && refusedAt === undefined) {
          refusedAt = clock;
          faults({});
        }
        answerFirst();
        return result;
      },
    };
    // The vendor refuses the first request with "Retry-After: 1", then accepts everything.
    faults({ rate429: 1, endpoints: ["createJob"] });
    const outcome = await runBatch({ ...deps, client, now, sleep }, batch.id, { concurrency: 2 });
    faults({});
    expect(outcome.status).toBe("finished");
    const third = [...firstSent.values()].sort((a, b) => a - b)[2];
    expect(refusedAt).toBeDefined();
    expect((third ?? 0) - (refusedAt ?? 0)).toBeGreaterThanOrEqual(900);
    const orders = await deps.journal.ordersOf(batch.id);
    expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
    await deps.journal.close();
  });

  it("after a crash between writing 'sending' and the answer, finds the job the request made", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    const [first, ...rest] = await deps.journal.ordersOf(batch.id);
    if (!first) throw new Error("no orders");
    // What a crash leaves behind: the journal says sending, and the vendor made the job.
    await crashWhileSending(deps.journal, first);
    const made = await session.account.client.createJob(first.candidate);
    if (!made.ok) throw new Error(made.problem.title);

    const outcome = await runBatch(deps, batch.id);
    expect(outcome.status).toBe("finished");
    const orders = await deps.journal.ordersOf(batch.id);
    expect(orders.find((o) => o.orderNumber === first.orderNumber)).toMatchObject({
      state: "created",
      jobNumber: made.value.jobNumber,
    });
    expect(rest.length).toBe(3);
    expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
    await deps.journal.close();
  });

  it("after a crash before the request left, offers the order again instead of sending it blindly", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    const [first] = await deps.journal.ordersOf(batch.id);
    if (!first) throw new Error("no orders");
    await crashWhileSending(deps.journal, first);

    const outcome = await runBatch(deps, batch.id);
    expect(outcome.status).toBe("incomplete");
    const order = (await deps.journal.ordersOf(batch.id)).find((o) => o.orderNumber === first.orderNumber);
    expect(order?.state).toBe("not-found");
    expect(order?.events.at(-1)?.what).toContain("a fresh dry run passed");
    expect(vendorJobs(session.account).get(first.orderNumber)).toBeUndefined();
    await deps.journal.close();
  });

  it(
    "when the journal cannot be written, starts no further order and " +
      "gives the lock up only once every request in flight has its answer",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planSample(session.account, deps, TEAM);
      let inFlight = 0;
      const sent: string[] = [];
      // Explicit hand-shakes instead of timing: the first order is answered only once the second
      // is in flight, and the second only once writing the first one's answer down has failed.
      let secondSent!: () => void;
      const secondInFlight = new Promise<void>((resolve) => (secondSent = resolve));
      let diskFull!: () => void;
      const writeFailed = new Promise<void>((resolve) => (diskFull = resolve));
      let inFlightAtFailure: number | undefined;
      const client = {
        ...deps.client,
        createJob: async (...args: Parameters<typeof deps.client.createJob>) => {
          inFlight++;
          sent.push(args[0].orderNumber ?? "");
          try {
            if (args[0].orderNumber === TEAM_ORDERS[0]) await secondInFlight;
            if (args[0].orderNumber === TEAM_ORDERS[1]) {
              secondSent();
              await writeFailed;
            }
            return await deps.client.createJob(...args);
          } finally {
            inFlight--;
          }
        },
      };
      // The disk fills up just as the first created job is to be written down.
      const journal = {
        ...deps.journal,
        putOrders: async (orders: readonly OrderRecord[]) => {
          if (orders.some((o) => o.orderNumber === TEAM_ORDERS[0] && o.state === "created")) {
            inFlightAtFailure = inFlight;
            diskFull();
            throw new Error("ENOSPC: no space left on device");
          }
          return deps.journal.putOrders(orders);
        },
      };
      let inFlightAtRelease: number | undefined;
      const locks = {
        ...deps.locks,
        withLock: <T>(name: string, work: () => Promise<T>) =>
          deps.locks.withLock(name, async () => {
            try {
              return await work();
            } finally {
              inFlightAtRelease = inFlight;
            }
          }),
      };
      await expect(runBatch({ ...deps, client, journal, locks }, batch.id, { concurrency: 2 })).rejects.toThrow(
        "ENOSPC",
      );
      // The second order was still waiting for its answer when the write failed.
      expect(inFlightAtFailure).toBe(1);
      expect(inFlightAtRelease).toBe(0);
      expect(sent).toEqual(TEAM_ORDERS.slice(0, 2));
      const orders = await deps.journal.ordersOf(batch.id);
      expect(orders.map((o) => o.state)).toEqual(["sending", "created", "planned", "planned"]);
      await deps.journal.close();
    },
  );

  it(
    "tells the user what went wrong in plain words, " +
      "and keeps the vendor's codes and the runtime's text for the audit trail",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planBatch(deps, {
        orders: [
          {
            orderNumber: "PLAIN-1",
            candidate: validCandidate({ orderNumber: "PLAIN-1", deliveryAddress: { deliveryMethod: "NOPE" } }),
            lineRows: [2],
            notes: [],
          },
          { orderNumber: "PLAIN-2", candidate: validCandidate({ orderNumber: "PLAIN-2" }), lineRows: [3], notes: [] },
        ],
        otherRows: [],
        ...testBatchOrigin(session.account),
      });
      // Once the second job has been asked for, the vendor's job list can no longer be reached.
      let created = false;
      const client = {
        ...deps.client,
        createJob: (...args: Parameters<typeof deps.client.createJob>) => {
          if (args[0].orderNumber === "PLAIN-2") created = true;
          return deps.client.createJob(...args);
        },
        listActiveJobs: async (...args: Parameters<typeof deps.client.listActiveJobs>) =>
          created
            ? { ok: false as const, problem: networkProblem(new TypeError("fetch failed")) }
            : deps.client.listActiveJobs(...args),
      };
      faults({ fail500AfterCreateRate: 1, endpoints: ["createJob"] });
      const outcome = await runBatch({ ...deps, client }, batch.id, { concurrency: 1 });
      faults({});
      if (outcome.status === "busy" || outcome.status === "missing") throw new Error(outcome.status);
      const [rejected, unclear] = outcome.orders;
      expect([rejected?.state, unclear?.state]).toEqual(["rejected", "unknown"]);

      expect(outcome.problems).toEqual([
        "Order PLAIN-2 could not be looked up at the vendor: the vendor did not answer. " +
          "Continue to try again; nothing is sent until it is.",
      ]);
      const rows = rowResultsFromJournal(batch, outcome.orders);
      const rejectedText = rows.find((r) => r.rowNumber === 2)?.messages.join(" ") ?? "";
      expect(rejectedText).toContain('The vendor says: Delivery method "NOPE" is not a delivery option code.');
      expect(rejectedText).not.toContain("DELIVERY_METHOD_INVALID");
      expect(rows.find((r) => r.rowNumber === 3)?.messages.join(" ")).not.toContain("fetch failed");

      // The audit trail keeps what came back as it came.
      expect(rejected?.answers?.at(-1)?.body).toMatchObject({
        validationMessages: [expect.objectContaining({ errorCode: "DELIVERY_METHOD_INVALID" })],
      });
      expect(unclear?.events.at(-1)?.what).toContain("fetch failed");
      await deps.journal.close();
    },
  );

  it(
    "takes a job listed only after an allowed order's unclear " +
      "request for that order's own, and never sends it twice",
    async () => {
      // An earlier import, from another machine, made every order; this one is allowed to send them again.
      const first = await submitDeps(session.account, session.folder.path, "first.jsonl");
      await runBatch(first, (await planSample(session.account, first, TEAM)).id);
      const earlier = new Set([...vendorJobs(session.account).values()].flat());
      const deps = await submitDeps(session.account, session.folder.path, "second.jsonl");
      const batch = await planSample(session.account, deps, TEAM, { allowExisting: true });

      // The vendor's job list lags behind: the jobs made now are not listed until it catches up.
      let lagging = true;
      const client = {
        ...deps.client,
        listActiveJobs: async (...args: Parameters<typeof deps.client.listActiveJobs>) => {
          const page = await deps.client.listActiveJobs(...args);
          if (!lagging || !page.ok) return page;
          return {
            ...page,
            value: { ...page.value, items: page.value.items.filter((job) => earlier.has(job.jobNumber)) },
          };
        },
      };
      faults({ fail500AfterCreateRate: 1, endpoints: ["createJob"] });
      const unclear = await runBatch({ ...deps, client }, batch.id);
      faults({});
      if (unclear.status === "busy" || unclear.status === "missing") throw new Error(unclear.status);
      expect(unclear.orders.map((o) => o.state)).toEqual(["not-found", "not-found", "not-found", "not-found"]);
      const made = vendorJobs(session.account);
      for (const orderNumber of TEAM_ORDERS) expect(made.get(orderNumber)).toHaveLength(2);

      // The list catches up; the user asks for the orders to be sent again.
      lagging = false;
      await allowResend(deps, batch.id, TEAM_ORDERS);
      const outcome = await runBatch({ ...deps, client }, batch.id);
      expect(outcome.status).toBe("finished");
      expect(vendorJobs(session.account)).toEqual(made);
      for (const order of await deps.journal.ordersOf(batch.id)) {
        const own = made.get(order.orderNumber)?.find((n) => !earlier.has(n));
        expect(order).toMatchObject({ state: "created", jobNumber: own });
        expect(order.existingJobNumbers.every((n) => earlier.has(n))).toBe(true);
      }
      await first.journal.close();
      await deps.journal.close();
    },
  );

  it(
    "asks again before sending an order whose number a " + "job unlike it has taken since its unclear request",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planSample(session.account, deps, TEAM);
      const [order] = await deps.journal.ordersOf(batch.id);
      if (!order) throw new Error("no orders");
      // A crash just before the request left, and the user chose to send it again.
      await crashWhileSending(deps.journal, order);
      await runBatch(deps, batch.id);
      expect((await deps.journal.ordersOf(batch.id))[0]?.state).toBe("not-found");
      await allowResend(deps, batch.id, [order.orderNumber]);
      // Meanwhile someone else made a job with the same order number and other lines.
      const other = await session.account.client.createJob({
        ...order.candidate,
        items: order.candidate.items?.slice(0, 1).map((line) => ({ ...line, customerReference: "someone-else" })),
      });
      if (!other.ok) throw new Error(other.problem.title);

      const outcome = await runBatch(deps, batch.id);
      if (outcome.status === "busy" || outcome.status === "missing") throw new Error(outcome.status);
      const settled = outcome.orders[0];
      expect(settled).toMatchObject({ state: "existing", existingJobNumbers: [other.value.jobNumber] });
      expect(settled?.events.map((e) => e.what).join("\n")).toContain("looked up as possibly this order's");
      expect(vendorJobs(session.account).get(order.orderNumber)).toEqual([other.value.jobNumber]);

      // Told of that job, the user sends the order anyway.
      await allowResend(deps, batch.id, [order.orderNumber]);
      await runBatch(deps, batch.id);
      expect(vendorJobs(session.account).get(order.orderNumber)).toHaveLength(2);
      await deps.journal.close();
    },
  );

  it(
    "does not take the job a later import of the same " + "sheet made for an order an earlier batch left unclear",
    async () => {
      const deps = await submitDeps(session.account, session.folder.path);
      const earlier = await planSample(session.account, deps, TEAM);
      const [unclear] = await deps.journal.ordersOf(earlier.id);
      if (!unclear) throw new Error("no orders");
      // A crash just before the request left: the order is unclear, and the vendor has no job for it.
      await crashWhileSending(deps.journal, unclear);

      // The same sheet imported again, into the same journal, creates every order.
      const later = await planSample(session.account, deps, TEAM);
      expect((await runBatch(deps, later.id)).status).toBe("finished");
      const made = (await deps.journal.ordersOf(later.id)).find(
        (o) => o.orderNumber === unclear.orderNumber,
      )?.jobNumber;
      expect(made).toBeDefined();

      // Continuing the earlier batch finds that job line for line like its own request, but it is the later batch's.
      const outcome = await runBatch(deps, earlier.id);
      if (outcome.status === "busy" || outcome.status === "missing") throw new Error(outcome.status);
      const settled = outcome.orders.find((o) => o.orderNumber === unclear.orderNumber);
      expect(settled?.state).toBe("not-found");
      expect(settled?.jobNumber).toBeUndefined();
      expect(vendorJobs(session.account).get(unclear.orderNumber)).toEqual([made]);
      await deps.journal.close();
    },
  );

  it("lets one submitter at a time send for an account; the other is told it is busy", async () => {
    const a = await submitDeps(session.account, session.folder.path, "a.jsonl");
    const b = await submitDeps(session.account, session.folder.path, "b.jsonl");
    const batchA = await planSample(session.account, a, TEAM);
    const batchB = await planSample(session.account, b, TEAM);
    faults({ delayMs: 30, endpoints: ["createJob"] });
    const [first, second] = await Promise.all([runBatch(a, batchA.id), runBatch(b, batchB.id)]);
    faults({});
    expect([first.status, second.status].sort()).toEqual(["busy", "finished"]);
    for (const orderNumber of TEAM_ORDERS) expect(vendorJobs(session.account).get(orderNumber)).toHaveLength(1);
    await a.journal.close();
    await b.journal.close();
  });

  it("stops sending when asked; what was in flight finishes and is written down", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const batch = await planSample(session.account, deps, TEAM);
    const stop = new AbortController();
    faults({ delayMs: 20, endpoints: ["createJob"] });
    const outcome = await runBatch(deps, batch.id, {
      concurrency: 1,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.phase === "sending" && p.counts.created === 1) stop.abort();
      },
    });
    faults({});
    if (outcome.status !== "stopped") throw new Error(`ended ${outcome.status}`);
    expect(outcome.counts).toMatchObject({ created: 1, planned: 3, sending: 0, unknown: 0 });
    const resumed = await runBatch(deps, batch.id);
    expect(resumed.status).toBe("finished");
    const orders = await deps.journal.ordersOf(batch.id);
    expectOneJobPerOrder(orders, rowResultsFromJournal(batch, orders));
    await deps.journal.close();
  });
});
