import type { FieldId } from "../../core/fields";
import type { IssueCode } from "../../core/issues";
import type { CellValue } from "../../core/sheet-model";
import { editEntries, problemSheetData } from "../../core/result-sheet-data";
import type { EditResult, OrderView, RowWindow } from "../../engine/views";
import type { CellEdit } from "../../engine/edit-commands";
import type { RowFilter } from "../../engine/row-filter";
import type { ResultFile } from "../../sheet/write/write-results";
import { ALL_ROWS } from "../../engine/row-filter";
import { checkWithVendor } from "./vendor-check";
import type { GridFocus, ReviewState, WorkflowContext } from "./workflow-state";

type Engine = Awaited<ReturnType<WorkflowContext["deps"]["engine"]["get"]>>;

/** A request to move the grid to a cell, told apart from the last one. */
const focusAt = (review: ReviewState, rowNumber: number, column: string | undefined): GridFocus => ({
  rowNumber,
  column,
  request: (review.focus?.request ?? 0) + 1,
});

/**
 * The review screen's intents: windows of rows for the grid, edits of every kind, filters,
 * finding problems, the order panel, and dry runs that stream their answers into the grid.
 * Each edit's answer (what changed) updates the summary and bumps the revision; nothing
 * proportional to the sheet crosses to the page.
 */
export function createReviewActions(context: WorkflowContext, onSessionChange: () => void = () => undefined) {
  const { deps } = context;
  const engine = (): Promise<Engine> => deps.engine.get();
  const review = (): ReviewState | undefined => {
    const state = context.getState();
    return state.step === "review" ? state.review : undefined;
  };
  const update = (change: (current: ReviewState) => Partial<ReviewState>) => {
    const state = context.getState();
    if (state.step === "review") context.set({ ...state, review: { ...state.review, ...change(state.review) } });
  };

  async function afterEdit(result: EditResult): Promise<EditResult> {
    const { columns } = result;
    update((current) => ({
      summary: result.summary,
      ...(columns ? { headers: columns.headers, mapping: columns.mapping } : {}),
      revision: current.revision + 1,
    }));
    if (result.changedCells > 0) onSessionChange();
    return result;
  }

  const editWith = async (run: (e: Engine) => Promise<EditResult>): Promise<EditResult | undefined> => {
    if (!review()) return undefined;
    return afterEdit(await run(await engine()));
  };

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

    editCells: (cells: readonly CellEdit[]) => editWith((e) => e.setCells(cells)),
    setCell: (rowNumber: number, column: string, value: CellValue) =>
      editWith((e) => e.setCell(rowNumber, column, value)),
    applySuggestion: (rowNumber: number, code: IssueCode, column?: string) =>
      editWith((e) => e.applySuggestion(rowNumber, code, column)),
    applySuggestionToAll: (rowNumber: number, code: IssueCode, column?: string) =>
      editWith((e) => e.applySuggestionToAll(rowNumber, code, column)),
    fillOrderNumbersFromAbove: () => editWith((e) => e.fillOrderNumbersFromAbove()),
    skipRows: (rowNumbers: readonly number[], skip: boolean) => editWith((e) => e.skipRows(rowNumbers, skip)),
    skipRow: (rowNumber: number, skip: boolean) => editWith((e) => e.skipRows([rowNumber], skip)),
    skipOrder: (orderNumber: string, skip: boolean) => editWith((e) => e.skipOrder(orderNumber, skip)),
    includeImportedBefore: () => editWith((e) => e.includeImportedBefore()),
    setJobValue: (orderNumber: string, field: FieldId, value: string) =>
      editWith((e) => e.setJobValue(orderNumber, field, value)),
    answerAttribute: (
      attribute: string,
      value: string,
      scope: { readonly rowNumber: number } | { readonly code: string },
    ) => editWith((e) => e.answerAttribute(attribute, value, scope)),
    replaceInColumn: (column: string, find: string, replacement: string, matchCase: boolean) =>
      editWith((e) => e.replaceInColumn(column, find, replacement, matchCase)),
    undo: () => editWith((e) => e.undo()),
    redo: () => editWith((e) => e.redo()),

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

    /**
     * The problem sheet, before anything is submitted: the customer's own file with each row's
     * state (ready, or why not) and what was changed in the app appended.
     */
    async problemFile(original: Blob | undefined, options: { readonly utf8?: boolean } = {}): Promise<ResultFile> {
      const current = review();
      if (!current || !original)
        return {
          ok: false,
          reason: "unreadable",
          message: "The sheet is no longer at hand here; drop it again to get its problem sheet.",
        };
      const plan = await (await engine()).submissionPlan();
      const data = problemSheetData(current, plan, editEntries(plan.editLog ?? []));
      const bytes = new Uint8Array(await original.arrayBuffer());
      return deps.sheets.writeResults(bytes, current.fileName, current.sheetName, data, {
        ...options,
        kind: "problems",
      });
    },

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
