import type { CheckKind } from "../../engine/import-engine";
import { proxy } from "comlink";
import { createRateMeter, describeRate } from "../../core/rate-meter";
import type { ReviewState, WorkflowContext } from "./workflow-state";

/** How often at most the grid is told that dry-run answers have come in. */
const DRY_RUN_REFRESH_MS = 400;

/**
 * The review's check with the vendor: dry-runs the jobs that need it (counts, rate and time
 * left show as it goes, and answers land in the grid as they come), then looks the orders the
 * dry runs passed up among the vendor's jobs and the journal's, so orders already there are
 * marked now, not found while sending.
 */
export async function checkWithVendor(
  context: WorkflowContext,
  update: (change: (current: ReviewState) => Partial<ReviewState>) => void,
  show: (text: string | undefined) => void,
): Promise<void> {
  const engine = await context.deps.engine.get();
  let meter: ReturnType<typeof createRateMeter> | undefined;
  let shownAt = 0;
  // Progress comes through a port of its own, so its last word may arrive after the answer.
  let finished = false;
  let checking: CheckKind | undefined;
  const summary = await engine.validate(
    proxy((done: number, total: number, what: CheckKind) => {
      if (finished) return;
      // Artwork links are checked first, then the jobs: each has its own count and time left.
      if (what !== checking) meter = undefined;
      checking = what;
      meter ??= createRateMeter(total, () => context.now().getTime());
      meter.tick(done - meter.snapshot().done);
      show(
        what === "artwork"
          ? `Checking the artwork links: ${describeRate(meter.snapshot())}`
          : `Checking the jobs with the vendor: ${describeRate(meter.snapshot())}`,
      );
      if (context.now().getTime() - shownAt >= DRY_RUN_REFRESH_MS) {
        shownAt = context.now().getTime();
        void Promise.resolve(engine.summary()).then((latest) =>
          update((current) => ({ summary: latest, revision: current.revision + 1 })),
        );
      }
    }),
  );
  finished = true;
  update((current) => ({ summary, revision: current.revision + 1 }));
  const connected = context.currentConnected();
  if (connected) {
    show("Looking for these orders among the jobs the vendor already has");
    await context.lookUpOrders(connected, false);
  }
  show(undefined);
}
