import { allActiveJobs, mapWithConcurrency, type ApiProblem, type VendorClient } from "../../api";
import type { JournalStore } from "../../core/journal";
import { recordJobChange } from "../../submit/job-changes";
import { countOf, pluralise } from "../../core/plural";
import type { Job } from "../../core/vendor";
import {
  asClause,
  changedFields,
  dayOf,
  editFieldOf,
  formatDay,
  isIsoDay,
  jobDetailOf,
  journalJobs,
  problemClause,
  trackedJob,
  vendorViewOfActive,
  vendorViewOfJob,
  vendorWords,
  type EditField,
  type JobDetail,
  type JobEdit,
  type JournalJob,
  type TrackedJob,
  type VendorView,
} from "./tracked-jobs";

/** Production is measured in days: polling minutes apart is enough (the spec's Events section). */
export const DEFAULT_POLL_MS = 3 * 60_000;
/** Jobs missing from the vendor's list are looked up one by one, this many at a time. */
const LOOKUP_CONCURRENCY = 4;

export interface JobTrackerDeps {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  /** The proxy connection and the vendor account whose jobs are shown. */
  readonly connection: string;
  readonly accountId: number;
  readonly now?: () => Date;
  /** How often the list is refreshed while the page is visible; 3 minutes unless told. */
  readonly pollMs?: number;
  /** Whether the page is hidden (the component passes the document's visibility). */
  readonly isHidden?: () => boolean;
  /** Calls the listener whenever the page is shown or hidden; returns how to stop. */
  readonly onVisibilityChange?: (listener: () => void) => () => void;
  /** Locale for dates inside messages; the browser's when absent. */
  readonly locale?: string;
}

/** A sentence for the user: `info` goes to a status region, `error` to an alert. */
export interface TrackerMessage {
  readonly tone: "info" | "error";
  readonly text: string;
}

/** The job whose detail panel is open. */
export interface OpenJob {
  readonly jobNumber: number;
  readonly loading: boolean;
  /** Undefined while loading, or when the job could not be read. */
  readonly job: JobDetail | undefined;
  /** YYYY-MM-DD: the earliest date the factory can ship the job's processes, read live (never cached). */
  readonly earliestShipDate: string | undefined;
  readonly busy: "cancelling" | "saving" | undefined;
  readonly message: TrackerMessage | undefined;
  readonly fieldErrors: Partial<Record<EditField, readonly string[]>>;
}

export interface JobTrackerState {
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
  readonly open: OpenJob | undefined;
}

const info = (text: string): TrackerMessage => ({ tone: "info", text });
const error = (text: string): TrackerMessage => ({ tone: "error", text });

/**
 * Calls `poll` every `pollMs` while the page is visible. A poll that falls due while the page
 * is hidden is skipped and run as soon as the page is shown again.
 */
function createPoller(options: {
  readonly pollMs: number;
  readonly isHidden: () => boolean;
  readonly onVisibilityChange: JobTrackerDeps["onVisibilityChange"];
  readonly poll: () => Promise<void>;
  readonly onPausedChange: (paused: boolean) => void;
}) {
  let running = false;
  let missed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;

  const schedule = () => {
    clearTimeout(timer);
    timer = running ? setTimeout(tick, options.pollMs) : undefined;
  };
  const run = async () => {
    missed = false;
    await options.poll();
    schedule();
  };
  function tick(): void {
    timer = undefined;
    if (options.isHidden()) missed = true;
    else void run();
  }
  function visibilityChanged(): void {
    if (!running) return;
    const hidden = options.isHidden();
    options.onPausedChange(hidden);
    if (!hidden && missed) void run();
  }
  return {
    start(): void {
      if (running) return;
      running = true;
      unsubscribe = options.onVisibilityChange?.(visibilityChanged);
      const hidden = options.isHidden();
      options.onPausedChange(hidden);
      if (hidden) missed = true;
      else void run();
    },
    stop(): void {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
    },
    /** After a refresh on demand the next poll is a whole interval later. */
    restart(): void {
      if (running && timer !== undefined) schedule();
    },
  };
}

/**
 * The submitted-jobs view: the state the page renders and the intents it sends. The list is
 * the journal's jobs joined with the vendor's `GET /Jobs/active`; a job the list leaves out
 * (a cancelled one, say) is read on its own. Nothing here touches the DOM.
 */
export function createJobTracker(deps: JobTrackerDeps) {
  const { client } = deps;
  const now = () => deps.now?.() ?? new Date();
  const account = { connection: deps.connection, accountId: deps.accountId };
  const day = (value: string) => formatDay(value, deps.locale);
  const listeners = new Set<() => void>();
  let state: JobTrackerState = {
    jobs: [],
    loaded: false,
    refreshing: false,
    lastRefreshedAt: undefined,
    refreshError: undefined,
    paused: false,
    open: undefined,
  };
  let journal: readonly JournalJob[] = [];
  const vendor = new Map<number, VendorView>();
  /** A counter stamped on each job updated on its own, so a refresh that started earlier does not overwrite it. */
  let sequence = 0;
  const touched = new Map<number, number>();
  let refreshing: Promise<void> | undefined;
  let refreshAbort: AbortController | undefined;
  let openToken = 0;
  let detailAbort: AbortController | undefined;

  const set = (patch: Partial<JobTrackerState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const rows = () => journal.map((job) => trackedJob(job, vendor.get(job.jobNumber)));
  const untouchedSince = (jobNumber: number, stamp: number) => (touched.get(jobNumber) ?? 0) <= stamp;

  function recordVendor(jobNumber: number, view: VendorView): void {
    vendor.set(jobNumber, view);
    touched.set(jobNumber, ++sequence);
    set({ jobs: rows() });
  }
  const recordJob = (job: Job) => recordVendor(job.jobNumber, vendorViewOfJob(job));
  const recordNotFound = (jobNumber: number) => recordVendor(jobNumber, { lookup: "not-found", tracking: [] });

  async function readJournal(): Promise<JournalJob[]> {
    const batches = (await deps.journal.listBatches()).filter((b) => b.connection === deps.connection && b.accountId === deps.accountId);
    return journalJobs(await Promise.all(batches.map(async (batch) => ({ batch, orders: await deps.journal.ordersOf(batch.id) }))));
  }

  /**
   * Reads the journal and the vendor. A poll reads singly only the jobs it has not yet had an
   * answer for; a refresh on demand reads every job the vendor's list leaves out again.
   */
  async function readAll(thorough: boolean, signal: AbortSignal): Promise<{ readonly listed: boolean; readonly problem?: string }> {
    const started = sequence;
    try {
      journal = await readJournal();
    } catch {
      return { listed: false, problem: "The submitted jobs kept in this browser could not be read. Reload the page and try again." };
    }
    set({ jobs: rows(), loaded: true });
    if (journal.length === 0) return { listed: true };

    const listed = await allActiveJobs(client, { includeClosedJobs: true }, { signal });
    if (!listed.ok) {
      return { listed: false, problem: `The vendor's job list could not be read: ${problemClause(listed.problem)}. The list shows what was known before.` };
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
    const failures = failed.filter(Boolean).length;
    if (failures === 0) return { listed: true };
    return {
      listed: true,
      problem: `${countOf(failures, "job", "jobs")} could not be read from the vendor just now; ${pluralise(failures, "it shows", "they show")} what was known before.`,
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
    onPausedChange: (paused) => state.paused !== paused && set({ paused }),
  });

  /** Changes the open panel, unless another job (or the same one, afresh) was opened since. */
  function updateOpen(jobNumber: number, token: number, patch: Partial<OpenJob>): void {
    if (token !== openToken || state.open?.jobNumber !== jobNumber) return;
    set({ open: { ...state.open, ...patch } });
  }

  async function readEarliestShipDate(job: JobDetail, signal?: AbortSignal): Promise<{ ok: true; day: string | undefined } | { ok: false; problem: ApiProblem }> {
    const result = await client.getEarliestShipDate(job.processCodes, { signal });
    if (result.ok) return { ok: true, day: dayOf(result.value.shippingDateLocal) };
    // The vendor has no date for these processes: nothing to check a due date against here.
    if (result.problem.status === 404) return { ok: true, day: undefined };
    return { ok: false, problem: result.problem };
  }

  /** Reads the job (and, when it can be edited, its earliest ship date) into the open panel and the list. */
  async function loadJob(jobNumber: number, token: number): Promise<void> {
    const signal = detailAbort?.signal;
    const result = await client.getJob(jobNumber, { signal });
    if (signal?.aborted) return;
    if (!result.ok) {
      if (result.problem.status === 404) {
        recordNotFound(jobNumber);
        updateOpen(jobNumber, token, { loading: false, job: undefined, message: error(`Job ${jobNumber} no longer exists for this account.`) });
      } else {
        updateOpen(jobNumber, token, { loading: false, message: error(`Job ${jobNumber} could not be read: ${problemClause(result.problem)}.`) });
      }
      return;
    }
    recordJob(result.value);
    const job = jobDetailOf(result.value);
    updateOpen(jobNumber, token, { loading: false, job });
    if (!job.canEdit) return;
    const earliest = await readEarliestShipDate(job, signal);
    if (earliest.ok) updateOpen(jobNumber, token, { earliestShipDate: earliest.day });
  }

  async function openJob(jobNumber: number): Promise<void> {
    detailAbort?.abort();
    detailAbort = new AbortController();
    const token = ++openToken;
    set({ open: { jobNumber, loading: true, job: undefined, earliestShipDate: undefined, busy: undefined, message: undefined, fieldErrors: {} } });
    await loadJob(jobNumber, token);
  }

  function closeJob(): void {
    detailAbort?.abort();
    detailAbort = undefined;
    openToken++;
    if (state.open !== undefined) set({ open: undefined });
  }

  /** The open panel of this job, opening it first when another (or none) is open. */
  async function opened(jobNumber: number): Promise<{ readonly token: number; readonly job: JobDetail } | undefined> {
    if (state.open?.jobNumber !== jobNumber || state.open.job === undefined) await openJob(jobNumber);
    const open = state.open;
    return open?.jobNumber === jobNumber && open.job !== undefined && open.busy === undefined ? { token: openToken, job: open.job } : undefined;
  }

  /** Cancels a job whose own flag says the vendor accepts it; resolves true once it is cancelled. */
  async function cancelJob(jobNumber: number): Promise<boolean> {
    const panel = await opened(jobNumber);
    if (panel === undefined) return false;
    const { token, job } = panel;
    const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) => updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
    if (!job.isCancelable) {
      say(error(`Job ${jobNumber} can no longer be cancelled here. Contact the vendor if it must be stopped.`));
      return false;
    }
    updateOpen(jobNumber, token, { busy: "cancelling", message: undefined });
    const result = await client.cancelJob(jobNumber);
    if (result.ok) {
      await recordJobChange(deps.journal, account, jobNumber, { kind: "cancelled" }, now()).catch(() => undefined);
      say(info(`Job ${jobNumber} was cancelled.`));
      await loadJob(jobNumber, token);
      return true;
    }
    const { problem } = result;
    if (problem.status === 409) {
      say(error(`Job ${jobNumber} is already in production and can no longer be cancelled here. Contact the vendor if it must be stopped.`));
      await loadJob(jobNumber, token);
    } else if (problem.status === 404) {
      recordNotFound(jobNumber);
      say(error(`Job ${jobNumber} no longer exists for this account, so there is nothing to cancel.`), { job: undefined });
    } else if (problem.kind === "network") {
      say(error(`No answer came from the vendor, so job ${jobNumber} may or may not be cancelled. Refresh to see its status; asking again is safe.`));
    } else {
      say(error(`The vendor did not cancel job ${jobNumber}: ${problemClause(problem)}.`));
    }
    return false;
  }

  /**
   * Sends the fields of `edit` that differ from the job as last read, when the job's own flag
   * says it may be edited. A new due date is first checked against the live earliest ship
   * date. Resolves true when the vendor's job now has the values asked for.
   */
  async function editJob(jobNumber: number, edit: JobEdit): Promise<boolean> {
    const panel = await opened(jobNumber);
    if (panel === undefined) return false;
    const { token, job } = panel;
    const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) => updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
    if (!job.canEdit) {
      const why = job.lockedReason ? asClause(job.lockedReason) : "the vendor has locked it";
      say(error(`Job ${jobNumber} is locked and can no longer be changed here: ${why}.`), { fieldErrors: {} });
      return false;
    }
    const patch = changedFields(job, edit);
    if (Object.keys(patch).length === 0) {
      say(info(`Nothing to save: no field of job ${jobNumber} was changed.`), { fieldErrors: {} });
      return true;
    }
    updateOpen(jobNumber, token, { busy: "saving", message: undefined, fieldErrors: {} });
    if (patch.dateDue != null) {
      const refuse = (text: string) => {
        say(error(text), { fieldErrors: { dateDue: [text] } });
        return false;
      };
      if (!isIsoDay(patch.dateDue)) return refuse("Choose a due date.");
      const earliest = await readEarliestShipDate(job);
      if (!earliest.ok) return refuse(`The earliest ship date could not be checked, so nothing was sent: ${problemClause(earliest.problem)}.`);
      updateOpen(jobNumber, token, { earliestShipDate: earliest.day });
      if (earliest.day !== undefined && patch.dateDue < earliest.day) {
        return refuse(`The factory cannot ship job ${jobNumber} by ${day(patch.dateDue)}; the earliest possible date is ${day(earliest.day)}.`);
      }
    }

    const result = await client.patchJob(jobNumber, patch);
    if (result.ok) {
      if (patch.orderNumber != null) await recordJobChange(deps.journal, account, jobNumber, { kind: "order-number", orderNumber: patch.orderNumber }, now()).catch(() => undefined);
      recordJob(result.value);
      say(info(`Saved the changes to job ${jobNumber}.`), { job: jobDetailOf(result.value), fieldErrors: {} });
      return true;
    }
    const { problem } = result;
    if (problem.status === 403) {
      const words = vendorWords(problem);
      const why = words.length > 0 ? words.map(asClause).join("; ") : "the vendor did not say why";
      say(error(`Job ${jobNumber} is locked and can no longer be changed here: ${why}.`));
      await loadJob(jobNumber, token);
    } else if (problem.status === 400) {
      const fieldErrors: Partial<Record<EditField, string[]>> = {};
      for (const [key, messages] of Object.entries(problem.errors)) {
        const field = editFieldOf(key);
        if (field !== undefined) (fieldErrors[field] ??= []).push(...messages);
      }
      const words = vendorWords(problem);
      say(error(`The vendor did not accept the changes to job ${jobNumber}: ${words.length > 0 ? words.map(asClause).join("; ") : "it gave no reason"}.`), { fieldErrors });
    } else if (problem.status === 404) {
      recordNotFound(jobNumber);
      say(error(`Job ${jobNumber} no longer exists for this account, so the changes were not saved.`), { job: undefined });
    } else if (problem.kind === "network") {
      say(error(`No answer came from the vendor, so the changes to job ${jobNumber} may or may not have been saved. Open the job again to see.`));
    } else {
      say(error(`The vendor did not save the changes to job ${jobNumber}: ${problemClause(problem)}.`));
    }
    return false;
  }

  return {
    getState: (): JobTrackerState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads the list now and then every poll interval while the page is visible. */
    start: (): void => poller.start(),
    /** Stops polling, closes the open job and drops the reads in flight (writes already sent are left to finish). */
    stop(): void {
      poller.stop();
      refreshAbort?.abort();
      closeJob();
    },
    /** Reads the list now, looking up again every job the vendor's list leaves out. */
    async refresh(): Promise<void> {
      await refreshAll(true);
      poller.restart();
    },
    openJob,
    closeJob,
    cancelJob,
    editJob,
  };
}

export type JobTracker = ReturnType<typeof createJobTracker>;
export type { EditField, JobDetail, JobDetailLine, JobEdit, TrackedJob, TrackingLink, VendorLookup } from "./tracked-jobs";
