import type { ApiProblem } from "../../api";
import type { Job } from "../../core/vendor";
import { recordJobChange } from "../../submit/job-changes";
import { createStore } from "../store";
import type { JobTrackerDeps } from "./job-tracker";
import { asClause, changedFields, dayOf, editFieldOf, formatDay, isIsoDay, jobDetailOf, problemClause, vendorWords, type EditField, type JobDetail, type JobEdit } from "./tracked-jobs";

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

const info = (text: string): TrackerMessage => ({ tone: "info", text });
const error = (text: string): TrackerMessage => ({ tone: "error", text });

/** What the open job tells the list: a job read again, or one the vendor no longer has. */
export interface JobListRecords {
  recordJob(job: Job): void;
  recordNotFound(jobNumber: number): void;
}

/** The vendor's reasons in its own words, as one clause; `none` when it gave none. */
const reasonsOf = (problem: ApiProblem, none: string) => {
  const words = vendorWords(problem);
  return words.length > 0 ? words.map(asClause).join("; ") : none;
};

/**
 * The open job's panel: the job with its lines read on opening (and its earliest ship date
 * when it can be changed), cancelling it when the vendor says it may be, and changing its
 * fields while it is editable, each answer said in the user's words. Another job opened
 * meanwhile is never written over by an answer about the one before.
 */
export function createJobDetail(deps: JobTrackerDeps, list: JobListRecords) {
  const { client } = deps;
  const now = () => deps.now?.() ?? new Date();
  const account = { connection: deps.connection, accountId: deps.accountId };
  const day = (value: string) => formatDay(value, deps.locale);
  const store = createStore<OpenJob | undefined>(undefined);
  let openToken = 0;
  let detailAbort: AbortController | undefined;

  /** Changes the open panel, unless another job (or the same one, afresh) was opened since. */
  function updateOpen(jobNumber: number, token: number, patch: Partial<OpenJob>): void {
    const open = store.getState();
    if (token !== openToken || open?.jobNumber !== jobNumber) return;
    store.set({ ...open, ...patch });
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
        list.recordNotFound(jobNumber);
        updateOpen(jobNumber, token, { loading: false, job: undefined, message: error(`Job ${jobNumber} no longer exists for this account.`) });
      } else {
        updateOpen(jobNumber, token, { loading: false, message: error(`Job ${jobNumber} could not be read: ${problemClause(result.problem)}.`) });
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
    store.set({ jobNumber, loading: true, job: undefined, earliestShipDate: undefined, busy: undefined, message: undefined, fieldErrors: {} });
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
      list.recordNotFound(jobNumber);
      say(error(`Job ${jobNumber} no longer exists for this account, so there is nothing to cancel.`), { job: undefined });
    } else if (problem.kind === "network") {
      say(error(`No answer came from the vendor, so job ${jobNumber} may or may not be cancelled. Refresh to see its status; asking again is safe.`));
    } else {
      say(error(`The vendor did not cancel job ${jobNumber}: ${problemClause(problem)}.`));
    }
    return false;
  }

  /** Says why the vendor did not take the changes to the open job (reading it again when it is now locked). */
  async function explainRefusedEdit(jobNumber: number, token: number, problem: ApiProblem): Promise<void> {
    const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) => updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
    if (problem.status === 403) {
      say(error(`Job ${jobNumber} is locked and can no longer be changed here: ${reasonsOf(problem, "the vendor did not say why")}.`));
      await loadJob(jobNumber, token);
    } else if (problem.status === 400) {
      const fieldErrors: Partial<Record<EditField, string[]>> = {};
      for (const [key, messages] of Object.entries(problem.errors)) {
        const field = editFieldOf(key);
        if (field !== undefined) (fieldErrors[field] ??= []).push(...messages);
      }
      say(error(`The vendor did not accept the changes to job ${jobNumber}: ${reasonsOf(problem, "it gave no reason")}.`), { fieldErrors });
    } else if (problem.status === 404) {
      list.recordNotFound(jobNumber);
      say(error(`Job ${jobNumber} no longer exists for this account, so the changes were not saved.`), { job: undefined });
    } else if (problem.kind === "network") {
      say(error(`No answer came from the vendor, so the changes to job ${jobNumber} may or may not have been saved. Open the job again to see.`));
    } else {
      say(error(`The vendor did not save the changes to job ${jobNumber}: ${problemClause(problem)}.`));
    }
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
    if (!result.ok) {
      await explainRefusedEdit(jobNumber, token, result.problem);
      return false;
    }
    if (patch.orderNumber != null) await recordJobChange(deps.journal, account, jobNumber, { kind: "order-number", orderNumber: patch.orderNumber }, now()).catch(() => undefined);
    list.recordJob(result.value);
    say(info(`Saved the changes to job ${jobNumber}.`), { job: jobDetailOf(result.value), fieldErrors: {} });
    return true;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    openJob,
    closeJob,
    cancelJob,
    editJob,
  };
}

export type JobDetailStore = ReturnType<typeof createJobDetail>;
