import type { ResolvedJob } from "../core/resolve";
import type { SessionState } from "./engine-session";

/**
 * What a job looks like to the review screen: blocked by errors, waiting for facts from the
 * vendor (pending), ready to dry-run, valid (the dry run passed), rejected by the dry run,
 * unverified (the vendor could not check it, or could not give a fact it needs, this time),
 * or existing (valid, but its job is already at the vendor: it is left out).
 */
export type JobState = "ready" | "blocked" | "pending" | "rejected" | "unverified" | "valid" | "existing";

type JobStateSource = Pick<SessionState, "index" | "live" | "dryRuns" | "atVendor">;

/** Whether a job waits for a fact the vendor could not give this time (it is asked again on a retry). */
function waitsOnUnavailable(session: JobStateSource, orderNumber: string, job: ResolvedJob): boolean {
  const { isUnavailable } = session.live;
  if (job.needs.some(isUnavailable)) return true;
  return session.index.rowsOf(orderNumber).some((i) => session.index.line(i)?.needs.some(isUnavailable));
}

/**
 * A job's state, from its own errors, the vendor's dry run, the facts it waits for and what was
 * found at the vendor.
 */
export function jobStateOf(session: JobStateSource, orderNumber: string, job: ResolvedJob): JobState {
  const { dryRuns } = session;
  if (job.hasErrors) return "blocked";
  if (dryRuns.isRecheckable(orderNumber)) return "unverified";
  if (dryRuns.issues(orderNumber).length) return "rejected";
  if (!job.payload) return waitsOnUnavailable(session, orderNumber, job) ? "unverified" : "pending";
  if (!dryRuns.isValidated(orderNumber)) return "ready";
  return session.atVendor.holdsBack(orderNumber) ? "existing" : "valid";
}
