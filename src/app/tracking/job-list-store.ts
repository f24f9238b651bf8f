import { allActiveJobs, mapWithConcurrency } from "../../api";
import { countOf, pluralise } from "../../core/plural";
import type { Job } from "../../core/vendor";
import { createStore } from "../store";
import type { JobTrackerDeps } from "./job-tracker";
import { createPoller } from "./poller";
import {
  journalJobs,
  problemClause,
  trackedJob,
  vendorViewOfActive,
  vendorViewOfJob,
  type JournalJob,
  type TrackedJob,
  type VendorView,
} from "./tracked-jobs";

/** Production is measured in days: polling minutes apart is enough (the spec's Events section). */
export const DEFAULT_POLL_MS = 3 * 60_000;
/** Jobs missing from the vendor's list are looked up one by one, this many at a time. */
const LOOKUP_CONCURRENCY = 4;

/** The submitted jobs as the list shows them, and how its reading goes. */
export interface JobListState {
  /** The journal's jobs for this connection and account, newest sheet first, joined with the vendor. */
  readonly jobs: readonly TrackedJob[];
  /** Whether the journal has been read at least once. */
  readonly loaded: boolean;
  readonly refreshing: boolean;
  /** When the vendor's job list was last read (ISO instant). */
  readonly lastRefreshedAt: string | undefined;
  /** Why the last refresh failed or was partial, in the user's words. */
  readonly refreshError: string | undefined;
  /** Polling waits while the page is hidden. */
  readonly paused: boolean;
}

/**
 * The submitted jobs as a list: the journal's jobs joined with the vendor's `GET /Jobs/active`;
 * a job the list leaves out (a cancelled one, say) is read on its own. Refreshed every poll
 * interval while the page is visible, and on request. A job read on its own elsewhere (the
 * open job's panel) is recorded here too, and a refresh that started earlier leaves it be.
 */
export function createJobList(deps: JobTrackerDeps) {
  const { client } = deps;
  const now = () => deps.now?.() ?? new Date();
  const store = createStore<JobListState>({
    jobs: [],
    loaded: false,
    refreshing: false,
    lastRefreshedAt: undefined,
    refreshError: undefined,
    paused: false,
  });
  const set = (patch: Partial<JobListState>) => store.set({ ...store.getState(), ...patch });
  let journal: readonly JournalJob[] = [];
  const vendor = new Map<number, VendorView>();
  /** A counter stamped on each job updated on its own, so a refresh that started earlier does not overwrite it. */
  let sequence = 0;
  const touched = new Map<number, number>();
  let refreshing: Promise<void> | undefined;
  let refreshAbort: AbortController | undefined;

  const rows = () => journal.map((job) => trackedJob(job, vendor.get(job.jobNumber)));
  const untouchedSince = (jobNumber: number, stamp: number) => (touched.get(jobNumber) ?? 0) <= stamp;

  function recordVendor(jobNumber: number, view: VendorView): void {
    vendor.set(jobNumber, view);
    touched.set(jobNumber, ++sequence);
    set({ jobs: rows() });
  }

  async function readJournal(): Promise<JournalJob[]> {
    const batches = (await deps.journal.listBatches()).filter(
      (b) => b.connection === deps.connection && b.accountId === deps.accountId,
    );
    return journalJobs(
      await Promise.all(batches.map(async (batch) => ({ batch, orders: await deps.journal.ordersOf(batch.id) }))),
    );
  }

  /** Reads singly the jobs the vendor's list left out; answers how many could not be read. */
  async function readMissing(missing: readonly number[], started: number, signal: AbortSignal): Promise<number> {
    const failed = await mapWithConcurrency(
      missing,
      LOOKUP_CONCURRENCY,
      async (jobNumber) => {
        const result = await client.getJob(jobNumber, { signal });
        if (signal.aborted || !untouchedSince(jobNumber, started)) return false;
        if (result.ok) vendor.set(jobNumber, vendorViewOfJob(result.value));
        else if (result.problem.status === 404) vendor.set(jobNumber, { lookup: "not-found", tracking: [] });
        else {
          vendor.set(jobNumber, { ...(vendor.get(jobNumber) ?? { tracking: [] }), lookup: "failed" });
          return true;
        }
        return false;
      },
      signal,
    );
    return failed.filter(Boolean).length;
  }

  /**
   * Reads the journal and the vendor. A poll reads singly only the jobs it has not yet had an
   * answer for; a refresh on demand reads every job the vendor's list leaves out again.
   */
  async function readAll(
    thorough: boolean,
    signal: AbortSignal,
  ): Promise<{ readonly listed: boolean; readonly problem?: string }> {
    const started = sequence;
    try {
      journal = await readJournal();
    } catch {
      return {
        listed: false,
        problem: "The submitted jobs kept in this browser could not be read. Reload the page and try again.",
      };
    }
    set({ jobs: rows(), loaded: true });
    if (journal.length === 0) return { listed: true };

    const listed = await allActiveJobs(client, { includeClosedJobs: true }, { signal });
    if (!listed.ok) {
      return {
        listed: false,
        problem:
          `The vendor's job list could not be read: ${problemClause(listed.problem)}. ` +
          "The list shows what was known before.",
      };
    }
    const active = new Map(listed.value.map((job) => [job.jobNumber, job]));
    const missing: number[] = [];
    for (const { jobNumber } of journal) {
      const job = active.get(jobNumber);
      const settled = ["fetched", "not-found"].includes(vendor.get(jobNumber)?.lookup ?? "");
      if (job !== undefined) {
        if (untouchedSince(jobNumber, started)) vendor.set(jobNumber, vendorViewOfActive(job));
      } else if (thorough || !settled) {
        missing.push(jobNumber);
      }
    }
    const failures = await readMissing(missing, started, signal);
    if (failures === 0) return { listed: true };
    return {
      listed: true,
      problem:
        `${countOf(failures, "job", "jobs")} could not be read from the vendor just now; ` +
        `${pluralise(failures, "it shows", "they show")} what was known before.`,
    };
  }

  function refreshAll(thorough: boolean): Promise<void> {
    refreshing ??= (async () => {
      const controller = new AbortController();
      refreshAbort = controller;
      set({ refreshing: true });
      const outcome = await readAll(thorough, controller.signal);
      if (refreshAbort === controller) refreshAbort = undefined;
      if (controller.signal.aborted) return set({ refreshing: false, jobs: rows() });
      set({
        refreshing: false,
        jobs: rows(),
        refreshError: outcome.problem,
        ...(outcome.listed ? { lastRefreshedAt: now().toISOString() } : {}),
      });
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  const poller = createPoller({
    pollMs: deps.pollMs ?? DEFAULT_POLL_MS,
    isHidden: () => deps.isHidden?.() ?? false,
    onVisibilityChange: deps.onVisibilityChange,
    poll: () => refreshAll(false),
    onPausedChange: (paused) => store.getState().paused !== paused && set({ paused }),
  });

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    /** A job read on its own: its row shows what the vendor said. */
    recordJob: (job: Job): void => recordVendor(job.jobNumber, vendorViewOfJob(job)),
    /** A job the vendor no longer has for this account. */
    recordNotFound: (jobNumber: number): void => recordVendor(jobNumber, { lookup: "not-found", tracking: [] }),
    /** Reads the list now and then every poll interval while the page is visible. */
    start: (): void => poller.start(),
    /** Stops polling and drops the reads in flight. */
    stop(): void {
      poller.stop();
      refreshAbort?.abort();
    },
    /** Reads the list now, looking up again every job the vendor's list leaves out. */
    async refresh(): Promise<void> {
      await refreshAll(true);
      poller.restart();
    },
  };
}

export type JobList = ReturnType<typeof createJobList>;
