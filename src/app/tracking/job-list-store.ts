import { allActiveJobs } from "../../api";
import { countOf, pluralise } from "../../core/plural";
import type { Job } from "../../core/vendor";
import { createStore } from "../store";
import type { JobTrackerDeps } from "./job-tracker";
import { createPoller } from "./poller";
import {
  journalJobs,
  problemClause,
  trackedJob,
  vendorViewOfJob,
  type JournalJob,
  type TrackedJob,
  type VendorView,
} from "./tracked-jobs";
import { createVendorViews } from "./vendor-views";

/** Production is measured in days: polling minutes apart is enough (the spec's Events section). */
export const DEFAULT_POLL_MS = 3 * 60_000;

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

/** The journal's jobs for the connection and account followed. */
async function readJournal(deps: JobTrackerDeps): Promise<JournalJob[]> {
  const batches = (await deps.journal.listBatches()).filter(
    (b) => b.connection === deps.connection && b.accountId === deps.accountId,
  );
  return journalJobs(
    await Promise.all(batches.map(async (batch) => ({ batch, orders: await deps.journal.ordersOf(batch.id) }))),
  );
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
  const vendor = createVendorViews(client);
  let refreshing: Promise<void> | undefined;
  let refreshAbort: AbortController | undefined;

  const rows = () => journal.map((job) => trackedJob(job, vendor.get(job.jobNumber)));

  function recordVendor(jobNumber: number, view: VendorView): void {
    vendor.record(jobNumber, view);
    set({ jobs: rows() });
  }

  /**
   * Reads the journal and the vendor. A poll reads singly only the jobs it has not yet had an
   * answer for; a refresh on demand reads every job the vendor's list leaves out again.
   */
  async function readAll(
    thorough: boolean,
    signal: AbortSignal,
  ): Promise<{ readonly listed: boolean; readonly problem?: string }> {
    const started = vendor.stamp();
    try {
      journal = await readJournal(deps);
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
    const jobNumbers = journal.map((job) => job.jobNumber);
    const failures = await vendor.readFromList(jobNumbers, listed.value, { started, thorough, signal });
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
