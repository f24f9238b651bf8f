import { countOf, formatCount } from "../../core/plural";
import { ROWS_PER_WINDOW } from "../../core/row-windows";
import type { EngineSummary } from "../../engine/views";
import type { SheetPreview } from "../../sheet/sheet-preview";
import type { SavedReview } from "../../storage/review-sessions";
import { isEngineStopped } from "../engine-worker-client";
import { navigatorLocale } from "../page-locale";
import { moveRows } from "../row-channel";
import type { ReviewActions } from "./review-actions";
import type { ReviewKeeper, ReviewOrigin } from "./review-keeper";
import type { Connected, GridFocus, WorkflowContext } from "./workflow-state";
import { checkFailed, DRY_RUN_FAILED } from "./workflow-words";

/** How a check of the rows ended: the review is shown, the user stopped it, or why it could not start. */
export type StartOutcome = "started" | "stopped" | { readonly refused: string };

type Engine = Awaited<ReturnType<WorkflowContext["deps"]["engine"]["get"]>>;

/**
 * A sheet's rows checked in the engine, ready to review: the session's counts and columns, and where the grid starts.
 */
export interface LoadedReview {
  readonly summary: EngineSummary;
  readonly columns: Awaited<ReturnType<Engine["columns"]>>;
  readonly focus: GridFocus | undefined;
}

/** What a check of a sheet's rows reads, and the review it reopens, if any. */
export interface ReviewRequest {
  readonly connected: Connected;
  readonly origin: ReviewOrigin;
  readonly sheet: Pick<SheetPreview, "headers" | "rowCount">;
  readonly saved?: SavedReview | undefined;
}

/** The work's answer, or an AbortError as soon as the signal is aborted (the work itself goes on). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException("Stopped", "AbortError"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Reads the chosen sheet's rows into a new engine session in windows and resolves them
 * (replaying saved edits when reopening), keeping the review as it starts. Until `signal` is
 * aborted, the page shows how far it got; once it is, "stopped" (and a review kept for it is
 * forgotten). Answers why it could not start, when it could not, in words for the user.
 */
export async function loadReview(
  context: WorkflowContext,
  parts: { readonly keeper: ReviewKeeper; readonly review: Pick<ReviewActions, "startingFocus"> },
  { connected, origin, sheet, saved }: ReviewRequest,
  signal: AbortSignal,
): Promise<LoadedReview | Exclude<StartOutcome, "started">> {
  const { deps } = context;
  const { keeper, review } = parts;
  const stopped = () => signal.aborted;
  const progress = (message: string) => {
    if (!stopped())
      context.set({
        step: "checking",
        connected: context.currentConnected() ?? connected,
        fileName: origin.fileName,
        progress: message,
        canStop: true,
      });
  };
  /** The review kept for this check (its id once written), forgotten again if the check does not finish. */
  let keeping: Promise<string> | undefined;
  const abandon = async <T>(outcome: T): Promise<T> => {
    // Forgotten before the check ends, so a reload a moment later does not offer to reopen it.
    await keeping?.then((id) => keeper.forget(connected, id)).catch(() => undefined);
    return outcome;
  };
  try {
    progress("Waiting for your catalogue");
    const snapshot = await untilStopped(context.catalogue(), signal);
    if (stopped()) return "stopped";
    if (!snapshot) return { refused: "The catalogue is not loaded; refresh it and try again." };
    const engine = await deps.engine.fresh();
    const address = context.address(connected);
    await engine.connect(address.baseUrl, address.headers);
    await engine.begin({
      headers: sheet.headers,
      mapping: origin.mapping,
      snapshot,
      locale: navigatorLocale(),
      ...(origin.files ? { options: { fileNames: origin.files.map((f) => f.name) } } : {}),
    });
    // A new review's file is written while its rows are checked: a big file takes a while, and need not be waited for.
    if (!saved) {
      keeping = keeper.started(connected, origin);
      // Its failure is answered where it is awaited, below, not as a rejection no one handled meanwhile.
      keeping.catch(() => undefined);
    }
    const reading = (received: number) =>
      progress(`Reading rows: ${formatCount(received)} of ${formatCount(sheet.rowCount)}`);
    reading(0);
    // A move still under way when the check is stopped ends with the engine, which is stopped.
    await untilStopped(moveRows(deps.sheets, engine, origin, ROWS_PER_WINDOW, reading), signal);
    if (stopped()) return abandon("stopped");
    progress(`Checking ${countOf(sheet.rowCount, "row", "rows")} against your catalogue`);
    let summary = await engine.finish();
    if (saved) {
      progress(`Replaying ${countOf(saved.edits.edits.length, "change", "changes")} you made`);
      summary = await engine.restoreEdits(saved.edits);
      if (stopped()) return "stopped";
      await keeper.reopened(connected, saved);
    } else await keeping;
    const [columns, focus] = await Promise.all([engine.columns(), review.startingFocus()]);
    if (stopped()) return abandon("stopped");
    return { summary, columns, focus };
  } catch (error) {
    if (stopped()) return abandon("stopped");
    console.error("Checking the sheet failed", error);
    deps.engine.stop();
    return abandon({ refused: checkFailed(origin.fileName) });
  }
}

/** The dry runs, going on while the user works; their answers land in the grid as they come. */
export async function dryRunWhileReviewing(
  context: WorkflowContext,
  review: Pick<ReviewActions, "dryRun">,
): Promise<void> {
  try {
    await review.dryRun((busy) => {
      const state = context.getState();
      if (state.step === "review") context.set({ ...state, review: { ...state.review, busy } });
    });
  } catch (error) {
    // Another sheet was chosen meanwhile (nothing is wrong), or the worker failed (already said).
    if (isEngineStopped(error)) return;
    console.error("Checking the jobs with the vendor failed", error);
    const state = context.getState();
    if (state.step === "review")
      context.set({ ...state, review: { ...state.review, busy: undefined }, error: DRY_RUN_FAILED });
  }
}
