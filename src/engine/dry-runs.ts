import { createAdaptiveLimiter, mapAdaptively, pressureOf } from "../api/adaptive-limiter";
import { RECHECKABLE_CODES, type Issue } from "../core/issues";
import type { JobPayload, ResolvedJob } from "../core/resolve";
import { issuesFromServerProblem } from "../core/server-issues";
import type { IssueTally } from "./issue-tally";
import type { VendorGateway } from "./vendor-gateway";

/** Dry runs in flight at most; fewer while the vendor is slowing down. */
export const VALIDATION_CONCURRENCY = 4;

const NO_ISSUES: readonly Issue[] = [];

/**
 * The vendor's dry runs (`validateOnly`) of the jobs: which passed, what the vendor said of
 * those that did not (counted in the tally), and the loop that runs them. What is known of a
 * job lasts until the job is resolved again.
 */
export function createDryRuns(gateway: VendorGateway, tally: IssueTally) {
  const serverIssues = new Map<string, Issue[]>();
  const validated = new Set<string>();
  let running: AbortController | undefined;

  function setServerIssues(orderNumber: string, issues: Issue[] | undefined): void {
    tally.count(serverIssues.get(orderNumber), -1);
    if (issues) {
      serverIssues.set(orderNumber, issues);
      tally.count(issues, 1);
    } else serverIssues.delete(orderNumber);
  }

  /** Whether the vendor's last answer was only that it could not check the job. */
  function isRecheckable(orderNumber: string): boolean {
    const issues = serverIssues.get(orderNumber) ?? NO_ISSUES;
    return issues.length > 0 && issues.every((issue) => RECHECKABLE_CODES.has(issue.code));
  }

  /** Whether a job is to be dry-run: it is ready, and not checked yet or not checkable last time. */
  function isDue(orderNumber: string, job: ResolvedJob): boolean {
    return (
      !!job.payload &&
      !validated.has(orderNumber) &&
      (!serverIssues.get(orderNumber)?.length || isRecheckable(orderNumber))
    );
  }

  return {
    /** What the vendor's last dry run of the job said was wrong (none when it passed or has not run). */
    issues: (orderNumber: string): readonly Issue[] => serverIssues.get(orderNumber) ?? NO_ISSUES,
    /** Whether the vendor's dry run accepted the job as it stands. */
    isValidated: (orderNumber: string): boolean => validated.has(orderNumber),
    isRecheckable,

    /** The job changed: what the vendor said of it no longer holds. */
    forget(orderNumber: string): void {
      setServerIssues(orderNumber, undefined);
      validated.delete(orderNumber);
    },

    /** Forgets every answer, uncounted: for a new session, whose tally starts again. */
    clear(): void {
      serverIssues.clear();
      validated.clear();
    },

    /**
     * Dry-runs every job that is due, a few at a time (fewer while the vendor slows down),
     * recording each answer unless an edit replaced the job meanwhile; `onAnswer` is told of
     * each answer recorded. `stop` stops it starting more; the dry runs in flight finish.
     */
    async run(
      jobs: ReadonlyMap<string, ResolvedJob>,
      onAnswer: () => void,
      onProgress?: (done: number, total: number) => void,
    ): Promise<void> {
      const due = [...jobs].filter(([orderNumber, job]) => isDue(orderNumber, job));
      const stop = new AbortController();
      running = stop;
      let done = 0;
      onProgress?.(done, due.length);
      await mapAdaptively(
        due,
        createAdaptiveLimiter({ max: VALIDATION_CONCURRENCY }),
        async ([orderNumber, job]) => {
          const payload = job.payload as JobPayload;
          const answer = await gateway.validateJob(payload.candidate);
          // An edit may have replaced the job meanwhile: then this answer is about a request no longer meant.
          if (jobs.get(orderNumber) === job) {
            if (answer.ok) {
              setServerIssues(orderNumber, undefined);
              validated.add(orderNumber);
            } else setServerIssues(orderNumber, issuesFromServerProblem(payload, answer.problem));
            onAnswer();
          }
          onProgress?.(++done, due.length);
          return answer;
        },
        pressureOf,
        stop.signal,
      );
      if (running === stop) running = undefined;
    },

    /** Stops a running `run` from starting more dry runs. */
    stop(): void {
      running?.abort();
    },
  };
}

export type DryRuns = ReturnType<typeof createDryRuns>;
