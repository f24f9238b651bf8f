import type { ApiProblem } from "../../api";
import type { Job } from "../../core/vendor";
import { createStore } from "../store";
import type { JobTrackerDeps } from "./job-tracker";
import { cancelOpenJob, editOpenJob, type OpenJobPanel } from "./open-job-changes";
import { dayOf, jobDetailOf, problemClause, type EditField, type JobDetail, type JobEdit } from "./tracked-jobs";

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

const error = (text: string): TrackerMessage => ({ tone: "error", text });

/** What the open job tells the list: a job read again, or one the vendor no longer has. */
export interface JobListRecords {
  recordJob(job: Job): void;
  recordNotFound(jobNumber: number): void;
}

/**
 * The open job's panel: the job with its lines read on opening (and its earliest ship date
 * when it can be changed), cancelling it when the vendor says it may be, and changing its
 * fields while it is editable (see open-job-changes), each answer said in the user's words.
 * Another job opened meanwhile is never written over by an answer about the one before.
 */
export function createJobDetail(deps: JobTrackerDeps, list: JobListRecords) {
  const { client } = deps;
  const store = createStore<OpenJob | undefined>(undefined);
  let openToken = 0;
  let detailAbort: AbortController | undefined;

  /** Changes the open panel, unless another job (or the same one, afresh) was opened since. */
  function updateOpen(jobNumber: number, token: number, patch: Partial<OpenJob>): void {
    const open = store.getState();
    if (token !== openToken || open?.jobNumber !== jobNumber) return;
    store.set({ ...open, ...patch });
  }

  async function readEarliestShipDate(
    job: JobDetail,
    signal?: AbortSignal,
  ): Promise<{ ok: true; day: string | undefined } | { ok: false; problem: ApiProblem }> {
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
        list.recordNotFound(jobNumber);
        updateOpen(jobNumber, token, {
          loading: false,
          job: undefined,
          message: error(`Job ${jobNumber} no longer exists for this account.`),
        });
      } else {
        updateOpen(jobNumber, token, {
          loading: false,
          message: error(`Job ${jobNumber} could not be read: ${problemClause(result.problem)}.`),
        });
      }
      return;
    }
    list.recordJob(result.value);
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
    store.set({
      jobNumber,
      loading: true,
      job: undefined,
      earliestShipDate: undefined,
      busy: undefined,
      message: undefined,
      fieldErrors: {},
    });
    await loadJob(jobNumber, token);
  }

  function closeJob(): void {
    detailAbort?.abort();
    detailAbort = undefined;
    openToken++;
    if (store.getState() !== undefined) store.set(undefined);
  }

  /** The open panel of this job, opening it first when another (or none) is open. */
  async function opened(jobNumber: number): Promise<{ readonly token: number; readonly job: JobDetail } | undefined> {
    const before = store.getState();
    if (before?.jobNumber !== jobNumber || before.job === undefined) await openJob(jobNumber);
    const open = store.getState();
    return open?.jobNumber === jobNumber && open.job !== undefined && open.busy === undefined
      ? { token: openToken, job: open.job }
      : undefined;
  }

  const panel: OpenJobPanel = { deps, list, opened, updateOpen, loadJob, readEarliestShipDate };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    openJob,
    closeJob,
    /** Cancels a job whose own flag says the vendor accepts it; resolves true once it is cancelled. */
    cancelJob: (jobNumber: number): Promise<boolean> => cancelOpenJob(panel, jobNumber),
    /** Sends the changed fields of a job the vendor lets be edited; resolves true when the job has them. */
    editJob: (jobNumber: number, edit: JobEdit): Promise<boolean> => editOpenJob(panel, jobNumber, edit),
  };
}

export type JobDetailStore = ReturnType<typeof createJobDetail>;
