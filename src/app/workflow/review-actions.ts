import { transfer } from "comlink";
import type { OrderView, RowWindow } from "../../engine/views";
import type { RowFilter } from "../../engine/row-filter";
import type { ResultFile } from "../../sheet/write/write-results";
import { ALL_ROWS } from "../../engine/row-filter";
import { checkWithVendor } from "./vendor-check";
import type { GridFocus, ReviewState, WorkflowContext } from "./workflow-state";

export type Engine = Awaited<ReturnType<WorkflowContext["deps"]["engine"]["get"]>>;

/** The review the page shows, when it shows one. */
export function currentReview(context: WorkflowContext): ReviewState | undefined {
  const state = context.getState();
  return state.step === "review" ? state.review : undefined;
}

/** Changes the review the page shows, if it still shows one. */
export function updateReview(context: WorkflowContext, change: (current: ReviewState) => Partial<ReviewState>): void {
  const state = context.getState();
  if (state.step === "review") context.set({ ...state, review: { ...state.review, ...change(state.review) } });
}

/** A request to move the grid to a cell, told apart from the last one. */
const focusAt = (review: ReviewState, rowNumber: number, column: string | undefined): GridFocus => ({
  rowNumber,
  column,
  request: (review.focus?.request ?? 0) + 1,
});

/**
 * The problem sheet, before anything is submitted: the customer's own file with each row's
 * state (ready, or why not) and what was changed in the app appended.
 */
async function problemSheet(
  context: WorkflowContext,
  original: Blob | undefined,
  options: { readonly utf8?: boolean },
): Promise<ResultFile> {
  const current = currentReview(context);
  if (!current || !original)
    return {
      ok: false,
      reason: "unreadable",
      message: "The sheet is no longer at hand here; drop it again to get its problem sheet.",
    };
  // The sheet worker gets ready to write while the engine's worker gathers the problems.
  context.deps.sheets.prepareWrite();
  // What the sheet is written from goes from the engine's worker to the sheet worker; the page only joins them.
  const { port1, port2 } = new MessageChannel();
  // Each file with its own mapping: messages name its columns by its own headers.
  await (await context.deps.engine.get()).sendProblemSheet(transfer(port1, [port1]), {
    headerRowNumber: current.headerRowNumber,
    files: current.files,
  });
  return context.deps.sheets.writeResultsFrom(
    port2,
    new Uint8Array(await original.arrayBuffer()),
    current.fileName,
    current.sheetName,
    { ...options, kind: "problems" },
  );
}

/** How long what an artwork link was found to be is trusted: checked again before sending once older. */
const ARTWORK_CHECK_LIFETIME_MS = 60 * 60_000;

/**
 * The review screen's intents besides its edits (see the review edits): windows of rows for
 * the grid, filters, finding problems, the order panel, the problem sheet, and dry runs that
 * stream their answers into the grid. Nothing proportional to the sheet crosses to the page.
 */
export function createReviewActions(context: WorkflowContext) {
  const { deps } = context;
  const engine = (): Promise<Engine> => deps.engine.get();
  const review = (): ReviewState | undefined => currentReview(context);
  const update = (change: (current: ReviewState) => Partial<ReviewState>) => updateReview(context, change);

  const dryRun = (show: (text: string | undefined) => void) => checkWithVendor(context, update, show);
  /**
   * How many times the user has stopped the dry runs: Submit sends nothing when they were stopped while it waited for
   * them.
   */
  let checksStopped = 0;

  return {
    dryRun,

    /** The rows a filter keeps, `count` from `start`: what the grid shows. */
    async gridWindow(filter: RowFilter, start: number, count: number): Promise<RowWindow> {
      return (await engine()).view(filter, start, count);
    },

    /** How many cells of a column hold the text, shown before replacing. */
    async countInColumn(column: string, find: string, matchCase: boolean): Promise<number> {
      return (await engine()).countInColumn(column, find, matchCase);
    },

    async order(orderNumber: string): Promise<OrderView | undefined> {
      return (await engine()).order(orderNumber);
    },

    setFilter(filter: RowFilter): void {
      update((current) => ({ filter, revision: current.revision + 1 }));
    },

    /** Moves the grid to the next (or previous) row with a problem, among all rows. */
    async goToProblem(fromRowNumber: number | undefined, direction: 1 | -1): Promise<boolean> {
      const e = await engine();
      const found = await e.nextProblem(fromRowNumber, direction);
      const current = review();
      if (!found || !current) return false;
      // A problem outside the filter is shown with every row; one inside it keeps the filter.
      const shown = current.filter.kind === "all" || (await e.keeps(current.filter, found.rowNumber));
      update((latest) => ({
        filter: shown ? latest.filter : { kind: "all" },
        focus: focusAt(latest, found.rowNumber, found.column),
      }));
      return true;
    },

    /**
     * Gives the grid focus at a cell: the one the user was on, after an action beside the grid,
     * so its keys (F8 to the next problem) work at once. A row the filter no longer keeps gives
     * way to the row now in its place.
     */
    focusGrid(rowNumber: number, column: string | undefined): void {
      update((latest) => ({ focus: focusAt(latest, rowNumber, column) }));
    },

    /** Where the grid starts when the review opens: at the first problem, or the first cell when there is none. */
    async startingFocus(): Promise<GridFocus | undefined> {
      const e = await engine();
      const problem = await e.nextProblem(undefined, 1);
      const rowNumber = problem?.rowNumber ?? (await e.view(ALL_ROWS, 0, 1)).rows[0]?.rowNumber;
      return rowNumber === undefined ? undefined : { rowNumber, column: problem?.column, request: 1 };
    },

    /** The problem sheet of the review shown, written into `original`, the customer's file. */
    problemFile: (original: Blob | undefined, options: { readonly utf8?: boolean } = {}): Promise<ResultFile> =>
      problemSheet(context, original, options),

    /** Where a row stands among the rows a filter keeps, for scrolling to it. */
    async positionOf(filter: RowFilter, rowNumber: number): Promise<number> {
      return (await engine()).positionOf(filter, rowNumber);
    },

    /**
     * Asks the vendor again for what it could not look up last time (a ship date, a price),
     * then dry-runs the jobs that changed since the last check, or that the vendor could not check.
     */
    async revalidate(): Promise<void> {
      const current = review();
      if (!current) return;
      if (current.summary.unavailableFacts.length > 0) {
        update(() => ({ busy: "Asking the vendor again for what it could not look up" }));
        const summary = await (await engine()).retryFacts();
        update((latest) => ({ summary, busy: undefined, revision: latest.revision + 1 }));
      }
      // Links not answered are checked again, and links checked over an hour ago (a file can be moved or deleted).
      (await engine()).forgetArtworkChecks({
        unanswered: true,
        before: new Date(context.now().getTime() - ARTWORK_CHECK_LIFETIME_MS).toISOString(),
      });
      await dryRun((busy) => update(() => ({ busy })));
    },

    /** Stops the dry runs from starting more; those in flight finish. */
    async stopChecking(): Promise<void> {
      checksStopped++;
      (await engine()).stopValidation();
    },

    checksStopped: (): number => checksStopped,

    /** The user's choice to send an order although the vendor has a job under its number (never one made here). */
    async sendAnyway(orderNumber: string, yes: boolean): Promise<void> {
      const summary = await (await engine()).sendAnyway(orderNumber, yes);
      update((current) => ({ summary, revision: current.revision + 1 }));
    },
  };
}

export type ReviewActions = ReturnType<typeof createReviewActions>;
