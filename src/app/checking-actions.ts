import { countOf, formatCount } from "../core/plural";
import { vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import type { EngineSummary } from "../engine/import-engine";
import { ALL_ROWS } from "../engine/row-filter";
import type { SheetPreview } from "../sheet/sheet-preview";
import type { SavedReview } from "../storage/review-sessions";
import { isEngineStopped } from "./engine-worker-client";
import { navigatorLocale } from "./page-locale";
import type { ReviewActions } from "./review-actions";
import type { ReviewKeeper, ReviewOrigin } from "./review-keeper";
import { formatInstant } from "./tracking/tracked-jobs";
import type { Connected, GridFocus, WorkflowContext } from "./workflow-state";
import { checkFailed, DRY_RUN_FAILED, REVIEW_BROKE } from "./workflow-words";

/** Rows cross between workers in windows this size, never as one big message. */
export const ROW_CHUNK = 1_000;

/** How a check of the rows ended: the review is shown, the user stopped it, or why it could not start. */
export type StartOutcome = "started" | "stopped" | { readonly refused: string };

type Engine = Awaited<ReturnType<WorkflowContext["deps"]["engine"]["get"]>>;

/** What checking needs from the rest of the workflow. */
export interface CheckingParts {
  readonly keeper: ReviewKeeper;
  readonly review: Pick<ReviewActions, "startingFocus" | "dryRun" | "stopChecking">;
  /** The catalogue's words, once it is loaded. */
  vocabulary(): Promise<MappingVocabulary | undefined>;
  /** The upload step, with the account's earlier imports. */
  showUpload(connected: Connected, error?: string): Promise<void>;
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
 * Checking a sheet: its rows read into the engine worker in windows and resolved against the
 * catalogue (saved edits replayed when a review is reopened after a reload), then the review,
 * with the jobs dry-run while the user works. "Stop checking" ends it at any point and goes
 * back to where it started. Reviews are kept as they go, and offered again after a reload.
 */
export function createCheckingActions(context: WorkflowContext, parts: CheckingParts) {
  const { deps } = context;
  const { keeper, review } = parts;
  /** The check in progress (reading, checking and replaying a sheet's rows): stopping it goes back to where it started. */
  let checking: { readonly controller: AbortController; readonly back: () => void } | undefined;

  // The engine worker failing mid-review leaves the grid with nothing to ask: say so, and how to go on.
  deps.engine.onFailed(() => {
    const state = context.getState();
    if (state.step === "review") context.set({ ...state, review: { ...state.review, busy: undefined }, error: REVIEW_BROKE });
  });

  /** The upload step, offering a saved review to continue (left by a stop, another tab or an earlier visit). */
  async function showUploadOffering(connected: Connected, saved: SavedReview | undefined, error?: string): Promise<void> {
    const shown = parts.showUpload(connected, error);
    const state = context.getState();
    if (saved && state.step === "upload") context.set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
    await shown;
  }

  /** Stops any check under way and starts another, which "Stop checking" leaves through `back`. */
  function beginChecking(back: () => void): AbortController {
    checking?.controller.abort();
    const controller = new AbortController();
    checking = { controller, back };
    return controller;
  }

  /** Reads the sheet's rows into the engine a window at a time; false once the check is stopped. */
  async function readRows(engine: Engine, origin: ReviewOrigin, rowCount: number, progress: (message: string) => void, signal: AbortSignal): Promise<boolean> {
    for (let start = 0; start < rowCount; start += ROW_CHUNK) {
      if (signal.aborted) return false;
      progress(`Reading rows ${formatCount(start + 1)}–${formatCount(Math.min(rowCount, start + ROW_CHUNK))} of ${formatCount(rowCount)}`);
      // A read still under way when the check is stopped is left to finish on its own.
      const rows = await untilStopped(deps.sheets.rows(origin.sheetName, origin.headerRowNumber, start, ROW_CHUNK), signal);
      if (signal.aborted) return false;
      await engine.appendRows(rows);
    }
    return true;
  }

  /**
   * Reads the chosen sheet's rows into the engine worker in windows, resolves them (replaying
   * saved edits when reopening), shows the review and dry-runs the jobs while the user works.
   * "Stop checking" ends it at any point: the engine is stopped and `back` shows the step it
   * started from. Answers why it could not start, when it could not, in words for the user.
   */
  async function startReview(
    connected: Connected,
    origin: ReviewOrigin,
    sheet: Pick<SheetPreview, "headers" | "rowCount">,
    back: () => void,
    saved?: SavedReview,
  ): Promise<StartOutcome> {
    const controller = beginChecking(back);
    const stopped = () => controller.signal.aborted;
    const progress = (message: string) => {
      if (!stopped()) context.set({ step: "checking", connected: context.currentConnected() ?? connected, fileName: origin.fileName, progress: message, canStop: true });
    };
    /** The review kept for this check, forgotten again if the check does not finish. */
    let keptId: string | undefined;
    const abandon = (outcome: StartOutcome): StartOutcome => {
      if (keptId !== undefined) void keeper.forget(connected, keptId);
      return outcome;
    };
    let summary: EngineSummary;
    let columns: Awaited<ReturnType<Engine["columns"]>>;
    let focus: GridFocus | undefined;
    try {
      progress("Waiting for your catalogue");
      const snapshot = await untilStopped(context.catalogue(), controller.signal);
      if (stopped()) return "stopped";
      if (!snapshot) return { refused: "The catalogue is not loaded; refresh it and try again." };
      deps.engine.stop();
      const engine = await deps.engine.get();
      const address = context.address(connected);
      await engine.connect(address.baseUrl, address.headers);
      if (!(await readRows(engine, origin, sheet.rowCount, progress, controller.signal))) return "stopped";
      progress(`Checking ${countOf(sheet.rowCount, "row", "rows")} against your catalogue`);
      summary = await engine.start({ headers: sheet.headers, mapping: origin.mapping, snapshot, locale: navigatorLocale() });
      if (saved) {
        progress(`Replaying ${countOf(saved.edits.edits.length, "change", "changes")} you made`);
        summary = await engine.restoreEdits(saved.edits);
        if (stopped()) return "stopped";
        await keeper.reopened(connected, saved);
      } else {
        if (stopped()) return "stopped";
        keptId = await keeper.started(connected, origin);
      }
      columns = await engine.columns();
      focus = await review.startingFocus();
      if (stopped()) return abandon("stopped");
    } catch (error) {
      if (stopped()) return abandon("stopped");
      console.error("Checking the sheet failed", error);
      deps.engine.stop();
      return abandon({ refused: checkFailed(origin.fileName) });
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    context.set({
      step: "review",
      connected: context.currentConnected() ?? connected,
      review: {
        ...origin,
        headers: columns.headers,
        mapping: columns.mapping,
        summary,
        filter: ALL_ROWS,
        revision: 0,
        // The grid has focus from the start, so its keys (F8 to the next problem) work at once.
        focus,
        busy: "Checking the jobs with the vendor",
        notice: saved ? `Reopened your review of ${origin.fileName} as you left it (saved ${formatInstant(saved.savedAt)}).` : undefined,
      },
    });
    await dryRunInReview();
    return "started";
  }

  /** The dry runs go on while the user works; their answers land in the grid as they come. */
  async function dryRunInReview(): Promise<void> {
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
      if (state.step === "review") context.set({ ...state, review: { ...state.review, busy: undefined }, error: DRY_RUN_FAILED });
    }
  }

  /** Reopens a review saved before a reload or a crash, where it was; "Stop checking" goes back to the upload step, where it is offered again. */
  async function reopen(connected: Connected, saved: SavedReview): Promise<void> {
    const back = () => void showUploadOffering(context.currentConnected() ?? connected, saved);
    const controller = beginChecking(back);
    context.set({ step: "checking", connected, fileName: saved.fileName, progress: `Reopening your review of ${saved.fileName}`, canStop: true });
    let preview: Awaited<ReturnType<typeof deps.sheets.preview>> | undefined;
    try {
      const words = vocabularyWords(await parts.vocabulary());
      const bytes = new Uint8Array(await saved.file.arrayBuffer());
      if (controller.signal.aborted) return;
      const opened = await deps.sheets.open(bytes, saved.fileName, words, () => undefined, controller.signal);
      preview = opened.ok ? await deps.sheets.preview(saved.sheetName, saved.headerRowNumber, words) : undefined;
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Reopening the review failed", error);
      const message = `Your review of ${saved.fileName} could not be reopened just now. Try "Continue that review" again, or drop the file again to start over.`;
      return showUploadOffering(context.currentConnected() ?? connected, saved, message);
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    if (controller.signal.aborted) return;
    if (!preview?.ok) {
      await keeper.forget(connected, saved.reviewId);
      return parts.showUpload(connected, `Your review of ${saved.fileName} could not be reopened; drop the file again.`);
    }
    const outcome = await startReview(connected, saved, preview.preview, back, saved);
    if (typeof outcome === "object") await showUploadOffering(context.currentConnected() ?? connected, saved, outcome.refused);
  }

  return {
    startReview,

    /** Once connected: a review this tab left (a reload, a crash) reopens where it was; else the upload step offers one another tab left. */
    async welcome(connected: Connected): Promise<void> {
      const saved = await keeper.saved(connected);
      if (saved && keeper.isThisTab(saved)) return reopen(connected, saved);
      await showUploadOffering(connected, saved);
    },

    /**
     * Stops checking: while the rows are read and checked, the engine is stopped and the page
     * goes back to where it was; during the dry runs, no more are started (and a Submit
     * waiting for them sends nothing).
     */
    async stopChecking(): Promise<void> {
      const state = context.getState();
      if (state.step === "checking" && checking) {
        const { controller, back } = checking;
        checking = undefined;
        controller.abort();
        deps.engine.stop();
        back();
        return;
      }
      if (state.step !== "review") return;
      await review.stopChecking().catch((error: unknown) => {
        if (!isEngineStopped(error)) console.error("Stopping the check failed", error);
      });
    },

    /** Goes back to the upload step, forgetting this review; a review another tab left is offered there. */
    startOver(connected: Connected): void {
      deps.engine.stop();
      const target = context.currentConnected() ?? connected;
      void parts.showUpload(target);
      void keeper
        .forget(connected)
        .then(() => keeper.saved(target))
        .then((saved) => {
          const state = context.getState();
          if (saved && state.step === "upload" && !state.savedReview) context.set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
        });
    },

    /** Reopens the review offered on the upload step (left in another tab or an earlier visit). */
    async reopenSaved(): Promise<void> {
      const connected = context.currentConnected();
      const saved = connected ? await keeper.saved(connected) : undefined;
      if (connected && saved) await reopen(connected, saved);
    },
  };
}

export type CheckingActions = ReturnType<typeof createCheckingActions>;
