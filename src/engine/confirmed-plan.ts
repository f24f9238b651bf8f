import type { SubmissionPlan } from "../core/batch-plan";
import type { BatchOrigin } from "../core/journal-records";
import { batchPlanOf, type PlanFiles } from "../core/source-files";
import { summariseSubmission, type SubmissionSummary } from "../core/submission-summary";
import type { SessionState } from "./engine-session";
import { submissionPlanOf } from "./submission-plan";
import { ordersArtworkOf, type OrderArtwork } from "./views";

/** What the page shows before money is spent: the plan's summary and artwork, not the plan itself. */
export interface Confirmation {
  /** The plan's handle: "Create" sends the plan of this handle, and no other. */
  readonly planId: number;
  readonly summary: SubmissionSummary;
  /** How many orders the plan holds, and how many of them it creates (the rest are at the vendor already). */
  readonly orders: number;
  readonly creates: number;
  /** Each order to be created that has artwork, with its artwork as checked. */
  readonly artwork: readonly OrderArtwork[];
}

/**
 * The plan shown for confirmation, kept here until it is sent: at tens of thousands of orders, a plan crossing the
 * page kept it busy for half a second, twice (once shown, once sent). The page holds a handle; the plan goes from
 * this worker to the submit worker on a channel of their own.
 */
export function createConfirmedPlan(session: SessionState) {
  let kept: { readonly planId: number; readonly plan: SubmissionPlan } | undefined;
  let lastId = 0;
  return {
    /** What a submission would send now, worked out and kept; the page is told its summary and handle. */
    confirmationPlan(): Confirmation {
      const plan = submissionPlanOf(session);
      kept = { planId: ++lastId, plan };
      const toCreate = plan.orders.filter((order) => order.existing === undefined);
      return {
        planId: kept.planId,
        summary: summariseSubmission(plan.orders, plan.otherRows),
        orders: plan.orders.length,
        creates: toCreate.length,
        artwork: ordersArtworkOf(
          session,
          toCreate.map((order) => order.orderNumber),
        ),
      };
    },

    /**
     * The kept plan as the journal writes it down, with where it comes from; undefined when `planId` is not the plan
     * last shown (another confirmation has been worked out since, or this worker was started again).
     */
    confirmedBatchPlan(
      planId: number,
      origin: Omit<BatchOrigin, "files">,
      files?: PlanFiles,
    ): (SubmissionPlan & BatchOrigin) | undefined {
      if (kept?.planId !== planId) return undefined;
      return batchPlanOf(kept.plan, origin, files);
    },
  };
}
