import type { ApiProblem } from "../../api";
import { recordJobChange } from "../../submit/job-changes";
import type { JobListRecords, OpenJob, TrackerMessage } from "./job-detail-store";
import type { JobTrackerDeps } from "./job-tracker";
import {
  asClause,
  changedFields,
  editFieldOf,
  formatDay,
  isIsoDay,
  jobDetailOf,
  problemClause,
  vendorWords,
  type EditField,
  type JobDetail,
  type JobEdit,
} from "./tracked-jobs";

/** What changing the open job needs of its panel. */
export interface OpenJobPanel {
  readonly deps: JobTrackerDeps;
  readonly list: JobListRecords;
  /** The open panel of this job (opened first when another, or none, is open), unless it is busy. */
  opened(jobNumber: number): Promise<{ readonly token: number; readonly job: JobDetail } | undefined>;
  /** Changes the open panel, unless another job (or the same one, afresh) was opened since. */
  updateOpen(jobNumber: number, token: number, patch: Partial<OpenJob>): void;
  /** Reads the job again into the panel and the list. */
  loadJob(jobNumber: number, token: number): Promise<void>;
  readEarliestShipDate(
    job: JobDetail,
    signal?: AbortSignal,
  ): Promise<{ ok: true; day: string | undefined } | { ok: false; problem: ApiProblem }>;
}

const info = (text: string): TrackerMessage => ({ tone: "info", text });
const error = (text: string): TrackerMessage => ({ tone: "error", text });
const nowOf = (deps: JobTrackerDeps) => deps.now?.() ?? new Date();
const accountOf = (deps: JobTrackerDeps) => ({ connection: deps.connection, accountId: deps.accountId });

/** The vendor's reasons in its own words, as one clause; `none` when it gave none. */
const reasonsOf = (problem: ApiProblem, none: string) => {
  const words = vendorWords(problem);
  return words.length > 0 ? words.map(asClause).join("; ") : none;
};

/** Cancels a job whose own flag says the vendor accepts it; resolves true once it is cancelled. */
export async function cancelOpenJob(panel: OpenJobPanel, jobNumber: number): Promise<boolean> {
  const { deps, list, opened, updateOpen, loadJob } = panel;
  const shown = await opened(jobNumber);
  if (shown === undefined) return false;
  const { token, job } = shown;
  const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) =>
    updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
  if (!job.isCancelable) {
    say(error(`Job ${jobNumber} can no longer be cancelled here. Contact the vendor if it must be stopped.`));
    return false;
  }
  updateOpen(jobNumber, token, { busy: "cancelling", message: undefined });
  const result = await deps.client.cancelJob(jobNumber);
  if (result.ok) {
    await recordJobChange(deps.journal, accountOf(deps), jobNumber, { kind: "cancelled" }, nowOf(deps)).catch(
      () => undefined,
    );
    say(info(`Job ${jobNumber} was cancelled.`));
    await loadJob(jobNumber, token);
    return true;
  }
  const { problem } = result;
  if (problem.status === 409) {
    say(
      error(
        `Job ${jobNumber} is already in production and can no longer be cancelled here. ` +
          "Contact the vendor if it must be stopped.",
      ),
    );
    await loadJob(jobNumber, token);
  } else if (problem.status === 404) {
    list.recordNotFound(jobNumber);
    say(error(`Job ${jobNumber} no longer exists for this account, so there is nothing to cancel.`), {
      job: undefined,
    });
  } else if (problem.kind === "network") {
    say(
      error(
        `No answer came from the vendor, so job ${jobNumber} may or may not be cancelled. Refresh to see its status; ` +
          "asking again is safe.",
      ),
    );
  } else {
    say(error(`The vendor did not cancel job ${jobNumber}: ${problemClause(problem)}.`));
  }
  return false;
}

/** Says why the vendor did not take the changes to the open job (reading it again when it is now locked). */
async function explainRefusedEdit(
  panel: OpenJobPanel,
  jobNumber: number,
  token: number,
  problem: ApiProblem,
): Promise<void> {
  const { list, updateOpen, loadJob } = panel;
  const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) =>
    updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
  if (problem.status === 403) {
    say(
      error(
        `Job ${jobNumber} is locked and can no longer be changed here: ` +
          `${reasonsOf(problem, "the vendor did not say why")}.`,
      ),
    );
    await loadJob(jobNumber, token);
  } else if (problem.status === 400) {
    const fieldErrors: Partial<Record<EditField, string[]>> = {};
    for (const [key, messages] of Object.entries(problem.errors)) {
      const field = editFieldOf(key);
      if (field !== undefined) (fieldErrors[field] ??= []).push(...messages);
    }
    say(
      error(`The vendor did not accept the changes to job ${jobNumber}: ${reasonsOf(problem, "it gave no reason")}.`),
      { fieldErrors },
    );
  } else if (problem.status === 404) {
    list.recordNotFound(jobNumber);
    say(error(`Job ${jobNumber} no longer exists for this account, so the changes were not saved.`), {
      job: undefined,
    });
  } else if (problem.kind === "network") {
    say(
      error(
        `No answer came from the vendor, so the changes to job ${jobNumber} may or may not have been saved. ` +
          "Open the job again to see.",
      ),
    );
  } else {
    say(error(`The vendor did not save the changes to job ${jobNumber}: ${problemClause(problem)}.`));
  }
}

/**
 * Sends the fields of `edit` that differ from the job as last read, when the job's own flag
 * says it may be edited. A new due date is first checked against the live earliest ship
 * date. Resolves true when the vendor's job now has the values asked for.
 */
export async function editOpenJob(panel: OpenJobPanel, jobNumber: number, edit: JobEdit): Promise<boolean> {
  const { deps, list, opened, updateOpen, readEarliestShipDate } = panel;
  const shown = await opened(jobNumber);
  if (shown === undefined) return false;
  const { token, job } = shown;
  const say = (message: TrackerMessage, patch: Partial<OpenJob> = {}) =>
    updateOpen(jobNumber, token, { busy: undefined, message, ...patch });
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
    if (!earliest.ok)
      return refuse(
        `The earliest ship date could not be checked, so nothing was sent: ${problemClause(earliest.problem)}.`,
      );
    updateOpen(jobNumber, token, { earliestShipDate: earliest.day });
    if (earliest.day !== undefined && patch.dateDue < earliest.day) {
      return refuse(
        `The factory cannot ship job ${jobNumber} by ${formatDay(patch.dateDue, deps.locale)}; ` +
          `the earliest possible date is ${formatDay(earliest.day, deps.locale)}.`,
      );
    }
  }

  const result = await deps.client.patchJob(jobNumber, patch);
  if (!result.ok) {
    await explainRefusedEdit(panel, jobNumber, token, result.problem);
    return false;
  }
  if (patch.orderNumber != null)
    await recordJobChange(
      deps.journal,
      accountOf(deps),
      jobNumber,
      { kind: "order-number", orderNumber: patch.orderNumber },
      nowOf(deps),
    ).catch(() => undefined);
  list.recordJob(result.value);
  say(info(`Saved the changes to job ${jobNumber}.`), { job: jobDetailOf(result.value), fieldErrors: {} });
  return true;
}
