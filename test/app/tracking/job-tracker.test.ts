import "fake-indexeddb/auto";
import type { IDBPDatabase } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createVendorClient, type VendorClient } from "../../../src/api";
import {
  createJobTracker,
  type JobTracker,
  type JobTrackerDeps,
  type JobTrackerState,
} from "../../../src/app/tracking/job-tracker";
import { dayOf, formatDay } from "../../../src/app/tracking/tracked-jobs";
import type { BatchRecord, JournalStore, OrderRecord } from "../../../src/core/journal";
import type { JobCandidate } from "../../../src/core/vendor";
import { createAuthorisedFetch } from "../../../src/server/proxy/authorised-fetch";
import { TokenSource } from "../../../src/server/proxy/token-source";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { openImporterDB, type ImporterDB } from "../../../src/storage/database";
import { createIdbJournal } from "../../../src/storage/journal-idb";
import { assetLine, validCandidate } from "../../helpers/job-candidates";
import { SIM_START } from "../../helpers/sim-clock";
import { orderRecord as plannedOrder } from "../../helpers/journal-records";
import { simClient, simCredentials } from "../../helpers/sim-client";
import { unwrap } from "../../helpers/unwrap";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ACCOUNT = 1042;
const CONNECTION = "demo";
const LOCALE = "en-NZ";

let sim: RunningSimulator;
let client: VendorClient;
let db: IDBPDatabase<ImporterDB>;
let journal: JournalStore;
let trackers: JobTracker[];
let databases = 0;

beforeEach(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  client = simClient(sim);
  db = await openImporterDB(`job-tracker-test-${++databases}`);
  journal = createIdbJournal(db);
  trackers = [];
});

afterEach(async () => {
  for (const tracker of trackers) tracker.stop();
  vi.useRealTimers();
  db.close();
  await sim.close();
});

const calls = (endpoint: "listActiveJobs" | "getJob" | "patchJob" | "cancelJob" | "getEarliestShipDate") =>
  sim.simulator.stats.callsByEndpoint[endpoint] ?? 0;
const simNow = () => new Date(sim.simulator.clock.now());

function batchRecord(overrides: Partial<BatchRecord> = {}): BatchRecord {
  return {
    id: `batch-${Math.random().toString(36).slice(2)}`,
    connection: CONNECTION,
    accountId: ACCOUNT,
    accountName: "Kiwi Team Print Ltd",
    fileName: "spring-teams.csv",
    sheetName: "Orders",
    headerRowNumber: 1,
    createdAt: simNow().toISOString(),
    otherRows: [],
    ...overrides,
  };
}

function orderRecord(
  batch: BatchRecord,
  candidate: JobCandidate,
  sequence: number,
  patch: Partial<OrderRecord>,
): OrderRecord {
  return plannedOrder(batch.id, candidate.orderNumber ?? `order-${sequence}`, {
    sequence,
    payloadHash: `hash-${sequence}`,
    candidate,
    lineRows: (candidate.items ?? []).map((_, index) => sequence * 10 + index + 2),
    updatedAt: simNow().toISOString(),
    ...patch,
  });
}

/** Creates the job at the vendor and writes it down as the submission core does. */
async function submitted(batch: BatchRecord, candidate: JobCandidate, sequence: number): Promise<OrderRecord> {
  const created = unwrap(await client.createJob(candidate));
  return orderRecord(batch, candidate, sequence, {
    state: "created",
    jobNumber: created.jobNumber,
    totalJobCost: created.totalJobCost,
    dateDue: created.dateDue ?? undefined,
    attempts: 1,
  });
}

/** One batch of asset reorders (no artwork needed), journalled; returns the job numbers in sheet order. */
async function submitBatch(orderNumbers: readonly string[], overrides: Partial<BatchRecord> = {}): Promise<number[]> {
  const batch = batchRecord(overrides);
  const orders: OrderRecord[] = [];
  for (const [index, orderNumber] of orderNumbers.entries()) {
    orders.push(await submitted(batch, validCandidate({ orderNumber, items: [assetLine()] }), index + 1));
  }
  await journal.putBatch(batch);
  await journal.putOrders(orders);
  return orders.map((order) => order.jobNumber as number);
}

function tracker(deps: Partial<JobTrackerDeps> = {}): JobTracker {
  const created = createJobTracker({
    client,
    journal,
    connection: CONNECTION,
    accountId: ACCOUNT,
    now: simNow,
    locale: LOCALE,
    ...deps,
  });
  trackers.push(created);
  return created;
}

/** Resolves with the first state that satisfies `predicate` (the current one included). */
function until(subject: JobTracker, predicate: (state: JobTrackerState) => boolean): Promise<JobTrackerState> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | undefined;
    let done = false;
    const check = () => {
      const state = subject.getState();
      if (done || !predicate(state)) return;
      done = true;
      unsubscribe?.();
      resolve(state);
    };
    unsubscribe = subject.subscribe(check);
    check();
  });
}

const row = (subject: JobTracker, jobNumber: number) =>
  subject.getState().jobs.find((job) => job.jobNumber === jobNumber);
const openJob = (subject: JobTracker) => {
  const open = subject.getState().open;
  if (open === undefined) throw new Error("No job is open");
  return open;
};
const openDetail = (subject: JobTracker) => {
  const job = openJob(subject).job;
  if (job === undefined) throw new Error("The open job has no detail");
  return job;
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

describe("the submitted-jobs list", () => {
  it(
    "lists this account's journal jobs, " + "joined with the vendor's status, due date and the journal's total",
    async () => {
      const batch = batchRecord({ fileName: "spring-teams.xlsx" });
      const withoutArtwork = validCandidate({ orderNumber: "PO-ART" });
      const reorder = validCandidate({
        orderNumber: "PO-REORDER",
        dateDue: "2027-03-05",
        mustDate: true,
        items: [assetLine()],
      });
      const older = unwrap(await client.createJob(validCandidate({ orderNumber: "PO-OLD", items: [assetLine()] })));
      const orders = [
        await submitted(batch, reorder, 1),
        await submitted(batch, withoutArtwork, 2),
        orderRecord(batch, validCandidate({ orderNumber: "PO-BAD" }), 3, { state: "rejected" }),
        orderRecord(batch, validCandidate({ orderNumber: "PO-OLD" }), 4, {
          state: "existing",
          existingJobNumbers: [older.jobNumber],
        }),
      ];
      await journal.putBatch(batch);
      await journal.putOrders(orders);
      // Jobs journalled for another account and another connection are not this list's.
      await submitBatch(["PO-ELSEWHERE"], { accountId: 2077 });
      await submitBatch(["PO-OTHER-PROXY"], { connection: "staging" });

      const subject = tracker();
      await subject.refresh();

      const state = subject.getState();
      expect(state).toMatchObject({ loaded: true, refreshing: false, refreshError: undefined });
      expect(Date.parse(state.lastRefreshedAt ?? "")).toBeGreaterThanOrEqual(SIM_START);
      expect(
        state.jobs.map((job) => ({
          jobNumber: job.jobNumber,
          origin: job.origin,
          orderNumber: job.orderNumber,
          fileName: job.fileName,
          status: job.status,
          dateDue: job.dateDue && dayOf(job.dateDue),
          mustDate: job.mustDate,
          totalJobCost: job.totalJobCost,
          submitted: job.submittedAt !== undefined,
        })),
      ).toEqual([
        {
          jobNumber: orders[0]?.jobNumber,
          origin: "created",
          orderNumber: "PO-REORDER",
          fileName: "spring-teams.xlsx",
          status: "Received",
          dateDue: "2027-03-05",
          mustDate: true,
          totalJobCost: orders[0]?.totalJobCost,
          submitted: true,
        },
        // The vendor's own name for a job still waiting for its artwork, shown as it comes.
        {
          jobNumber: orders[1]?.jobNumber,
          origin: "created",
          orderNumber: "PO-ART",
          fileName: "spring-teams.xlsx",
          status: "Awaiting Artwork",
          dateDue: "2027-03-01",
          mustDate: false,
          totalJobCost: orders[1]?.totalJobCost,
          submitted: true,
        },
        {
          jobNumber: older.jobNumber,
          origin: "existing",
          orderNumber: "PO-OLD",
          fileName: "spring-teams.xlsx",
          status: "Received",
          dateDue: "2027-03-01",
          mustDate: false,
          totalJobCost: undefined,
          submitted: false,
        },
      ]);
      expect(state.jobs.every((job) => job.vendor === "listed" && job.tracking.length === 0)).toBe(true);
      // Every job was in the vendor's list: none had to be read on its own.
      expect(calls("getJob")).toBe(0);
    },
  );

  it("shows the courier's tracking, the invoice and the lock once the vendor has dispatched a job", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-TRACK"]);
    const subject = tracker();
    await subject.refresh();
    expect(row(subject, jobNumber)?.status).toBe("Received");

    sim.simulator.clock.advance(4 * DAY + HOUR);
    await subject.refresh();
    expect(row(subject, jobNumber)).toMatchObject({
      status: "Dispatched",
      tracking: [
        { trackingNumber: `CP${jobNumber}NZ`, trackingLink: `https://track.courier.example/CP${jobNumber}NZ` },
      ],
    });

    await subject.openJob(jobNumber);
    const detail = openDetail(subject);
    expect(detail).toMatchObject({
      status: "Dispatched",
      isCancelable: false,
      canEdit: false,
      lockedReason: "The job was dispatched",
    });
    expect(detail.invoice?.uri).toMatch(/^https:\/\/files\.vendor\.example\/invoices\//);
    expect(detail.tracking).toEqual([
      { trackingNumber: `CP${jobNumber}NZ`, trackingLink: `https://track.courier.example/CP${jobNumber}NZ` },
    ]);
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ quantity: 30, status: "Dispatched" });
    expect(detail.lines[0]?.unitPrice).toBeGreaterThan(0);
  });

  it("keeps a cancelled job in the list with the vendor's status Cancelled, read on its own", async () => {
    const [kept = 0, cancelled = 0] = await submitBatch(["PO-KEEP", "PO-STOP"]);
    // Cancelled elsewhere (in the vendor's dashboard, say): the active list no longer has it.
    expect((await client.cancelJob(cancelled)).ok).toBe(true);

    const subject = tracker();
    await subject.refresh();
    expect(row(subject, kept)).toMatchObject({ status: "Received", vendor: "listed" });
    expect(row(subject, cancelled)).toMatchObject({ status: "Cancelled", vendor: "fetched", orderNumber: "PO-STOP" });
    expect(calls("getJob")).toBe(1);
  });

  it("says a job the vendor no longer has for this account is not found, without breaking the list", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-HERE"]);
    const batch = batchRecord({ fileName: "old.csv" });
    await journal.putBatch(batch);
    await journal.putOrders([
      orderRecord(batch, validCandidate({ orderNumber: "PO-GONE" }), 1, { state: "created", jobNumber: 999_999 }),
    ]);

    const subject = tracker();
    await subject.refresh();
    expect(subject.getState().refreshError).toBeUndefined();
    expect(row(subject, jobNumber)?.status).toBe("Received");
    expect(row(subject, 999_999)).toMatchObject({ vendor: "not-found", status: undefined });

    await subject.openJob(999_999);
    expect(openJob(subject).message).toEqual({ tone: "error", text: "Job 999999 no longer exists for this account." });
  });

  it("shows a status name it has never seen exactly as the vendor sends it", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-NEW-STATUS"]);
    // The vendor adds statuses over time: here every "Received" comes back under a new name.
    const details = simCredentials(sim, "kiwi-team-print");
    const authorised = createAuthorisedFetch(new TokenSource(details, { now: () => sim.simulator.clock.now() }));
    const renaming = createVendorClient({
      baseUrl: details.baseUrl,
      retryDelayMs: 0,
      fetch: async (input, init) => {
        const response = await authorised(String(input), init);
        if (response.status !== 200) return response;
        const body = (await response.text()).replaceAll('"Received"', '"Awaiting Colour Approval"');
        return new Response(body, { status: 200, headers: response.headers });
      },
    });

    const subject = tracker({ client: renaming });
    await subject.refresh();
    expect(subject.getState().refreshError).toBeUndefined();
    expect(row(subject, jobNumber)?.status).toBe("Awaiting Colour Approval");

    await subject.openJob(jobNumber);
    const detail = openDetail(subject);
    expect(detail.status).toBe("Awaiting Colour Approval");
    expect(detail.lines[0]?.status).toBe("Awaiting Colour Approval");
    // What may be done still comes from the job's own flags.
    expect(detail).toMatchObject({ isCancelable: true, canEdit: true });
  });
});

describe("cancelling a job", () => {
  it("cancels a job whose own flag says it may be, and shows it as Cancelled", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-CANCEL"]);
    const subject = tracker();
    await subject.refresh();
    await subject.openJob(jobNumber);
    expect(openDetail(subject).isCancelable).toBe(true);

    expect(await subject.cancelJob(jobNumber)).toBe(true);
    expect(openJob(subject).message).toEqual({ tone: "info", text: `Job ${jobNumber} was cancelled.` });
    expect(openDetail(subject)).toMatchObject({ status: "Cancelled", isCancelable: false, canEdit: false });
    expect(row(subject, jobNumber)?.status).toBe("Cancelled");
    expect(unwrap(await client.getJob(jobNumber)).jobStatus).toBe("Cancelled");

    // The cancelled job stays in the list on the next refresh.
    await subject.refresh();
    expect(row(subject, jobNumber)?.status).toBe("Cancelled");
  });

  it("explains in plain words that a job in production can no longer be cancelled", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-LATE"]);
    const subject = tracker();
    await subject.refresh();
    await subject.openJob(jobNumber);
    expect(openDetail(subject).isCancelable).toBe(true);

    // The panel stayed open while the factory started on the job.
    sim.simulator.clock.advance(2 * DAY + HOUR);
    expect(await subject.cancelJob(jobNumber)).toBe(false);
    expect(calls("cancelJob")).toBe(1);
    const { message } = openJob(subject);
    expect(message?.tone).toBe("error");
    expect(message?.text).toBe(
      `Job ${jobNumber} is already in production and can no longer be cancelled here. ` +
        "Contact the vendor if it must be stopped.",
    );
    // The job was read again: the vendor no longer offers the cancel.
    expect(openDetail(subject)).toMatchObject({ status: "In Production", isCancelable: false, canEdit: true });
    expect(row(subject, jobNumber)?.status).toBe("In Production");

    // Asked again, the tracker goes by the job's flag and sends nothing.
    expect(await subject.cancelJob(jobNumber)).toBe(false);
    expect(calls("cancelJob")).toBe(1);
    expect(openJob(subject).message?.text).toMatch(/can no longer be cancelled here/);
  });
});

describe("changing a job", () => {
  it("saves description, PO number and comments, sending only the fields that changed", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-EDIT"]);
    const subject = tracker();
    await subject.refresh();
    await subject.openJob(jobNumber);
    const before = openDetail(subject);
    const shipDateChecks = calls("getEarliestShipDate");

    const saved = await subject.editJob(jobNumber, {
      description: "Karori seniors, home kit",
      orderNumber: "PO-EDIT-2",
      comments: "Pack by team, please",
      dateDue: dayOf(before.dateDue),
      mustDate: before.mustDate,
    });
    expect(saved).toBe(true);
    expect(calls("patchJob")).toBe(1);
    // The due date did not change, so it was neither checked nor sent.
    expect(calls("getEarliestShipDate")).toBe(shipDateChecks);
    expect(openJob(subject).message).toEqual({ tone: "info", text: `Saved the changes to job ${jobNumber}.` });

    const vendorJob = unwrap(await client.getJob(jobNumber));
    expect(vendorJob).toMatchObject({
      description: "Karori seniors, home kit",
      orderNumber: "PO-EDIT-2",
      comments: "Pack by team, please",
      dateDue: before.dateDue,
      mustDate: before.mustDate,
    });
    expect(openDetail(subject)).toMatchObject({
      description: "Karori seniors, home kit",
      orderNumber: "PO-EDIT-2",
      comments: "Pack by team, please",
    });
    expect(row(subject, jobNumber)?.orderNumber).toBe("PO-EDIT-2");

    // The same values again: nothing to send.
    expect(
      await subject.editJob(jobNumber, { description: "Karori seniors, home kit", orderNumber: "PO-EDIT-2" }),
    ).toBe(true);
    expect(calls("patchJob")).toBe(1);
    expect(openJob(subject).message?.text).toMatch(/^Nothing to save/);
  });

  it(
    "refuses a due date before the live earliest ship date " + "without sending it, and saves one the factory can meet",
    async () => {
      const [jobNumber = 0] = await submitBatch(["PO-DATE"]);
      const subject = tracker();
      await subject.refresh();
      await subject.openJob(jobNumber);
      const earliest = openJob(subject).earliestShipDate ?? "";
      expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const live = unwrap(await client.getEarliestShipDate(openDetail(subject).processCodes));
      expect(earliest).toBe(dayOf(live.shippingDateLocal));

      const tooSoon = dayBefore(earliest);
      expect(await subject.editJob(jobNumber, { dateDue: tooSoon, description: "Rushed" })).toBe(false);
      expect(calls("patchJob")).toBe(0);
      const refused = openJob(subject);
      expect(refused.message?.tone).toBe("error");
      expect(refused.message?.text).toContain(formatDay(earliest, LOCALE));
      expect(refused.fieldErrors.dateDue?.[0]).toContain(
        `the earliest possible date is ${formatDay(earliest, LOCALE)}`,
      );
      expect(unwrap(await client.getJob(jobNumber)).description).toBe("Karori seniors");

      expect(await subject.editJob(jobNumber, { dateDue: earliest, mustDate: true })).toBe(true);
      expect(calls("patchJob")).toBe(1);
      expect(unwrap(await client.getJob(jobNumber))).toMatchObject({ dateDue: earliest, mustDate: true });
      expect(row(subject, jobNumber)).toMatchObject({ dateDue: earliest, mustDate: true });
      expect(openJob(subject).fieldErrors).toEqual({});
    },
  );

  it("will not change a dispatched job, and explains the lock when it came after the job was opened", async () => {
    const [stale = 0, fresh = 0] = await submitBatch(["PO-STALE", "PO-FRESH"]);
    const subject = tracker();
    await subject.openJob(stale);
    expect(openDetail(subject).canEdit).toBe(true);

    sim.simulator.clock.advance(4 * DAY + HOUR);

    // The panel still shows the job as editable: the vendor's 403 is explained, and the job read again.
    expect(await subject.editJob(stale, { description: "Too late" })).toBe(false);
    expect(calls("patchJob")).toBe(1);
    expect(openJob(subject).message).toEqual({
      tone: "error",
      text: `Job ${stale} is locked and can no longer be changed here: the job was dispatched.`,
    });
    expect(openDetail(subject)).toMatchObject({ canEdit: false, lockedReason: "The job was dispatched" });

    // Read afresh, the job's own flag says it is locked: nothing is sent.
    expect(await subject.editJob(fresh, { description: "Too late as well" })).toBe(false);
    expect(openJob(subject).jobNumber).toBe(fresh);
    expect(calls("patchJob")).toBe(1);
    expect(openJob(subject).message).toEqual({
      tone: "error",
      text: `Job ${fresh} is locked and can no longer be changed here: the job was dispatched.`,
    });
    expect(unwrap(await client.getJob(fresh)).description).toBe("Karori seniors");
  });
});

describe("polling", () => {
  it("refreshes on its interval while visible, waits while hidden and catches up when shown again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await submitBatch(["PO-POLL"]);
    let hidden = false;
    const visibility = new Set<() => void>();
    const setHidden = (value: boolean) => {
      hidden = value;
      for (const listener of visibility) listener();
    };
    const subject = tracker({
      pollMs: 60_000,
      isHidden: () => hidden,
      onVisibilityChange: (listener) => {
        visibility.add(listener);
        return () => visibility.delete(listener);
      },
    });
    const settled = () => until(subject, (state) => !state.refreshing);

    subject.start();
    await until(subject, (state) => state.lastRefreshedAt !== undefined && !state.refreshing);
    expect(calls("listActiveJobs")).toBe(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(subject.getState().refreshing).toBe(true);
    await settled();
    expect(calls("listActiveJobs")).toBe(2);

    setHidden(true);
    expect(subject.getState().paused).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(subject.getState().refreshing).toBe(false);
    expect(calls("listActiveJobs")).toBe(2);

    // The poll missed while hidden runs as soon as the page shows again, then the interval resumes.
    setHidden(false);
    expect(subject.getState()).toMatchObject({ paused: false, refreshing: true });
    await settled();
    expect(calls("listActiveJobs")).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    await settled();
    expect(calls("listActiveJobs")).toBe(4);

    // Hidden and shown again before a poll fell due: nothing extra is asked.
    setHidden(true);
    setHidden(false);
    expect(subject.getState().refreshing).toBe(false);
    expect(calls("listActiveJobs")).toBe(4);

    subject.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls("listActiveJobs")).toBe(4);
  });

  it("says when the vendor's list could not be read and keeps what was known", async () => {
    const [jobNumber = 0] = await submitBatch(["PO-OFFLINE"]);
    const subject = tracker();
    await subject.refresh();
    const firstRefresh = subject.getState().lastRefreshedAt;

    await sim.close();
    await subject.refresh();
    const state = subject.getState();
    expect(state.refreshError).toBe(
      "The vendor's job list could not be read: the vendor did not answer. The list shows what was known before.",
    );
    expect(state.lastRefreshedAt).toBe(firstRefresh);
    expect(row(subject, jobNumber)?.status).toBe("Received");
    sim = await startSimulator({ startAt: SIM_START });
  });
});
