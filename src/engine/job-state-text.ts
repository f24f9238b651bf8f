import type { JobState } from "./job-state";

/** A job's state in a few words, as the order panel and the command line's check show it. */
export const JOB_STATE_TEXT: Readonly<Record<JobState, string>> = {
  valid: "Ready: the vendor's check passed",
  ready: "Ready, to check with the vendor",
  pending: "Waiting for the vendor",
  blocked: "Needs fixing",
  rejected: "Rejected by the vendor",
  unverified: "Not checked: the vendor did not answer",
  existing: "Already at the vendor: left out",
};
