import {
  createPhasedBudgets,
  describeProblem,
  PATIENT_READS,
  retryTransient,
  type ApiResult,
  type PageAttempt,
  type RetryBudget,
  type Sleep,
} from "../api";

/** A part waiting to be tried again because the vendor failed it for now. */
export interface CatalogueWait {
  readonly part: string;
  readonly delayMs: number;
  /** `busy`: a rate limit or a server error; `no-answer`: nothing came back. */
  readonly because: "busy" | "no-answer";
}

/** Where a load has got to, for a progress bar. */
export interface CatalogueProgress {
  readonly part: string;
  readonly partsDone: number;
  readonly partsTotal: number;
  /** Records of the current part so far (pages of price codes, assets …). */
  readonly records?: number;
  /** The parts waiting, right now, to be tried again. */
  readonly waiting: readonly CatalogueWait[];
}

export class PartFailed extends Error {
  constructor(
    readonly part: string,
    readonly detail: string,
  ) {
    super(`${part}: ${detail}`);
  }
}

/** The answer's value, or the part named as failed in the vendor's words. */
export function partValue<T>(part: string, answer: ApiResult<T>): T {
  if (!answer.ok) throw new PartFailed(part, describeProblem(answer.problem).join("; "));
  return answer.value;
}

const PARTS = [
  "account",
  "processes",
  "process codes",
  "price codes",
  "assets",
  "global assets",
  "stock",
  "delivery options",
  "countries and states",
  "job statuses",
  "size sets",
  "shipment settings",
] as const;
export type PartName = (typeof PARTS)[number];

/**
 * One load's bookkeeping: progress (with the parts waiting to be tried again), the parts that
 * failed, and the retry budget of each line of calls.
 */
export function createPartLoader(options: {
  readonly onProgress?: ((progress: CatalogueProgress) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly sleep?: Sleep | undefined;
}) {
  const { onProgress, signal, sleep } = options;
  const budgets = createPhasedBudgets(PATIENT_READS.budgetMs);
  const waiting = new Set<CatalogueWait>();
  const failures: PartFailed[] = [];
  let done = 0;

  const report = (part: string, records?: number) =>
    onProgress?.({
      part,
      partsDone: done,
      partsTotal: PARTS.length,
      ...(records === undefined ? {} : { records }),
      waiting: [...waiting],
    });

  /** Makes a call of `part`, again after a pause while the vendor fails it for now and the budget lasts. */
  const attemptAlong =
    (part: string, budget: RetryBudget): PageAttempt =>
    (call) => {
      let wait: CatalogueWait | undefined;
      return retryTransient(call, {
        policy: PATIENT_READS,
        budget,
        sleep,
        signal,
        onPause: (pause) => {
          wait = { part, delayMs: pause.delayMs, because: pause.problem.kind === "network" ? "no-answer" : "busy" };
          waiting.add(wait);
          report(part);
        },
        onResume: () => {
          if (wait) waiting.delete(wait);
          report(part);
        },
      });
    };

  return {
    failures,
    report,
    nextPhase: budgets.nextPhase,
    /** Attempts of `part` on a line of their own, alongside the other calls of this phase. */
    attempt: (part: string): PageAttempt => attemptAlong(part, budgets.branch()),
    /** Loads one part: counted when it is done; when it fails, recorded, and undefined. */
    async load<T>(part: PartName, work: (attempt: PageAttempt) => Promise<T>): Promise<T | undefined> {
      try {
        const value = await work(attemptAlong(part, budgets.branch()));
        done++;
        report(part);
        return value;
      } catch (error) {
        // Anything else is a fault of our own; its runtime text would mean nothing to the user.
        failures.push(
          error instanceof PartFailed
            ? error
            : new PartFailed("catalogue", "it could not be read for a reason of the importer's own"),
        );
        return undefined;
      }
    },
  };
}

export type PartLoader = ReturnType<typeof createPartLoader>;
