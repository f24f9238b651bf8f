import type { Job, JobCandidate } from "../core/vendor";
import { jobMatchesRequest } from "./vendor-jobs";

/**
 * What to do about another live job for an order we have just created (two submitters raced
 * for it): cancel ours when it is the later of jobs with the same lines and the vendor lets
 * us; otherwise say which job is the duplicate, so the user can cancel it.
 */
export type DuplicateDecision =
  | { readonly action: "cancel-ours"; readonly keep: number }
  | { readonly action: "report"; readonly others: readonly number[]; readonly later: number | undefined };

/** Jobs in the order they were made: by creation time where the vendor gives one, then by number. */
function madeBefore(a: Pick<Job, "jobNumber" | "dateIn">, b: Pick<Job, "jobNumber" | "dateIn">): number {
  const at = (job: Pick<Job, "dateIn">) => (job.dateIn ? Date.parse(job.dateIn) : Number.NaN);
  const [ta, tb] = [at(a), at(b)];
  if (!Number.isNaN(ta) && !Number.isNaN(tb) && ta !== tb) return ta - tb;
  return a.jobNumber - b.jobNumber;
}

/**
 * Decides between our job and the others the vendor holds for its order number. Every
 * submitter that sees the same jobs comes to the same answer: the earliest of those with
 * the same lines is kept, so of two importers racing, exactly one cancels.
 */
export function decideDuplicate(ours: Job, others: readonly Job[], candidate: JobCandidate): DuplicateDecision {
  const alike = others.filter((job) => jobMatchesRequest(job, candidate));
  const [first] = [ours, ...alike].sort(madeBefore);
  if (first && first.jobNumber !== ours.jobNumber && ours.isCancelable)
    return { action: "cancel-ours", keep: first.jobNumber };
  const later = alike.length > 0 ? [ours, ...alike].sort(madeBefore).at(-1)?.jobNumber : undefined;
  return { action: "report", others: others.map((job) => job.jobNumber), later };
}
