import type { ExistingOrder } from "../core/batch-plan";
import { fieldById, type FieldId } from "../core/fields";
import type { Issue, IssueCode } from "../core/issues";
import { questionColumn } from "../core/resolve";
import type { Change, SessionEdits } from "../core/session-edits";
import type { PackedRows } from "../core/row-windows";
import type { CellValue } from "../core/sheet-model";
import { recordEdit, redoEdit, replayEdits, undoEdit } from "./apply-edit";
import { editedCells, editLog, rowDetails, sessionEdits } from "./audit-trail";
import {
  answerChanges,
  cellEditChanges,
  countInColumn,
  fillChanges,
  importedRowsSkipped,
  jobValueChanges,
  orderNumbersAboveChanges,
  questionAsked,
  replaceChanges,
  rowNumbersOfOrder,
  skipChanges,
  suggestionChanges,
  suggestionToAllChanges,
  type AnswerScope,
  type CellEdit,
} from "./edit-commands";
import {
  addPackedRows,
  beginSession,
  createEngineSession,
  startSession,
  type EngineSession,
  type EngineSetup,
} from "./engine-session";
import { createConfirmedPlan } from "./confirmed-plan";
import { problemSheetMessage, type ProblemSheetSource } from "./problem-sheet";
import type { RowFilter } from "./row-filter";
import { settleOrders, settleSession } from "./settle-orders";
import { ordersToLookUp, submissionPlanOf } from "./submission-plan";
import {
  allIssues,
  columnsOf,
  jobViews,
  keepsRow,
  nextProblem,
  orderViewOf,
  payloadsOf,
  rowPosition,
  rowViews,
  rowViewsByNumber,
  rowWindow,
  summaryOf,
  vocabularyOf,
  type EditResult,
  type EngineSummary,
} from "./views";
import type { VendorGateway } from "./vendor-gateway";

/** What a check in progress is about: the artwork links, or the jobs' dry runs. */
export type CheckKind = "artwork" | "jobs";

// The engine's types, for code that imports them from here; each has its home in the module named.
export type { EngineSetup } from "./engine-session";

/**
 * What the page reads of the session: counts, jobs, windows of rows, orders, issues, requests and
 * the submission plan.
 */
function readsOf(session: EngineSession) {
  return {
    summary: (): EngineSummary => summaryOf(session),
    vocabulary: () => vocabularyOf(session),
    /** The columns as the session has them (the sheet's, then any added) and the mapping in force. */
    columns: () => columnsOf(session),
    jobs: () => jobViews(session),
    rows: (start: number, count: number) => rowViews(session, start, count),
    rowsByNumber: (numbers: readonly number[]) => rowViewsByNumber(session, numbers),
    /** The rows a filter keeps, `count` of them from its `start`-th: what a grid shows. */
    view: (filter: RowFilter, start: number, count: number) => rowWindow(session, filter, start, count),
    /** Whether a filter keeps a row. */
    keeps: (filter: RowFilter, rowNumber: number) => keepsRow(session, filter, rowNumber),
    /** Where a row stands among the rows a filter keeps (or where it would be). */
    positionOf: (filter: RowFilter, rowNumber: number) => rowPosition(session, filter, rowNumber),
    /** The next row (or previous, for -1) with an issue of at least `severity`, wrapping around. */
    nextProblem: (rowNumber: number | undefined, direction?: 1 | -1, severity?: "error" | "warning") =>
      nextProblem(session, rowNumber, direction, severity),
    /** One order for the order panel. */
    order: (orderNumber: string) => orderViewOf(session, orderNumber),
    /** Every issue, optionally of one severity, in sheet order. */
    issues: (severity?: Issue["severity"]) => allIssues(session, severity),
    /** Requests of every job with nothing to fix, each line mapped to its row. */
    payloads: () => payloadsOf(session),
    /** What a submission sends now (every job the vendor's dry run accepted) and why each other row stays behind. */
    submissionPlan: () => submissionPlanOf(session),
    /** What the problem sheet is written from, for the sheet worker. */
    problemSheet: (source: ProblemSheetSource) => problemSheetMessage(session, source),
    /**
     * Every cell the edits in effect changed, as the sheet had it and as it is sent; when each skipped row was skipped.
     */
    editedCells: () => editedCells(session),
    /** Every change of the edits in effect, oldest first, for the audit trail. */
    editLog: () => editLog(session),
    /** What the result sheet says of each row beyond its outcome. */
    rowDetails: () => rowDetails(session),
    /** The session's edits, for keeping them across a reload. */
    sessionEdits: () => sessionEdits(session),
  };
}

/** The user's edits: each re-resolves the rows it touches and their orders, and can be undone. */
function editsOf(session: EngineSession, now: () => Date) {
  const edit = (changes: readonly Change[]) => recordEdit(session, changes, now().toISOString());
  const skipRows = (rowNumbers: readonly number[], skip = true): Promise<EditResult> =>
    edit(skipChanges(session, rowNumbers, skip));
  return {
    setCell: (rowNumber: number, column: number | string, value: CellValue) =>
      edit(cellEditChanges(session, [{ rowNumber, column, value }])),
    /** Several cells as one edit (a paste, a fill, a clear), undone together. */
    setCells: (cells: readonly CellEdit[]) => edit(cellEditChanges(session, cells)),
    /** The same value into a column, on the given rows or on every row of the sheet. */
    fillColumn: (column: number | string, value: CellValue, rows?: readonly number[]) =>
      edit(fillChanges(session, column, value, rows)),
    /** How many cells of a column contain the text, for a count before replacing. */
    countInColumn: (column: number | string, find: string, matchCase?: boolean) =>
      countInColumn(session, column, find, matchCase),
    /** Replaces text in one column, everywhere it occurs (case-sensitively unless told). */
    replaceInColumn: (column: number | string, find: string, replacement: string, matchCase?: boolean) =>
      edit(replaceChanges(session, column, find, replacement, matchCase)),
    /** Puts an issue's suggestion into the cell it names. */
    applySuggestion: (rowNumber: number, code: IssueCode, column?: string) =>
      edit(suggestionChanges(session, rowNumber, code, column)),
    /** Puts an issue's suggestion into every cell with the same issue and the same value, as one edit. */
    applySuggestionToAll: (rowNumber: number, code: IssueCode, column?: string) =>
      edit(suggestionToAllChanges(session, rowNumber, code, column)),
    /** In a sheet giving order numbers on each order's first row only, the number above into every row lacking one. */
    fillOrderNumbersFromAbove: () => edit(orderNumbersAboveChanges(session)),
    /** Leaves a row out of the import (or brings it back); it stays in the grid and the result sheet. */
    skipRow: (rowNumber: number, skip = true) => skipRows([rowNumber], skip),
    skipRows,
    /** Brings back the rows an earlier import created (a result sheet imported again), to send them again. */
    includeImportedBefore: () => skipRows(importedRowsSkipped(session), false),
    /** Skips (or brings back) every row of an order. */
    skipOrder: (orderNumber: string, skip = true) => skipRows(rowNumbersOfOrder(session, orderNumber), skip),
    /**
     * Sets a job-level value (delivery method, address, due date…) of one order, or of every
     * order: where the order gives it already, else on its first row, in the field's column
     * (added when the sheet has none).
     */
    setJobValue(orderNumber: string | "all orders", field: FieldId, value: string): Promise<EditResult> {
      const orders = orderNumber === "all orders" ? session.index.orderNumbers() : [orderNumber];
      // With no order to set it on, no column is added for the value either.
      if (orders.length === 0) return edit([]);
      const column = session.columns.columnFor({ kind: "field", field }, fieldById(field).label);
      return edit(jobValueChanges(session, orders, column, value));
    },
    /**
     * Answers a price code's question left unanswered: on one row, or on every row of that
     * price code. The answers go in the sheet's column for the question (mapped to its name or
     * its label); only when there is none is a column added, headed by the question's label.
     */
    answerAttribute(attribute: string, value: string, scope: AnswerScope): Promise<EditResult> {
      const question = questionAsked(session, attribute, scope);
      const label = question.label || question.name;
      const column =
        questionColumn(session.columns.mapping, question)?.column ??
        session.columns.columnFor({ kind: "attribute", attribute: label }, label);
      return edit(answerChanges(session, column, value, scope));
    },
    undo: () => undoEdit(session),
    redo: () => redoEdit(session),
    /** Replays edits saved from an earlier session of the same sheet and mapping. */
    async restoreEdits(saved: SessionEdits): Promise<EngineSummary> {
      await replayEdits(session, saved);
      return summaryOf(session);
    },
  };
}

/** The vendor's side of the review: dry runs, the orders found at the vendor, and facts it could not give. */
function checksOf(session: EngineSession) {
  const { dryRuns, atVendor, filters } = session;
  /** How many times the checks were stopped: a stop during the artwork checks starts no dry runs after them. */
  let stops = 0;
  return {
    /**
     * Dry-runs with `validateOnly` every job that is ready, or that the vendor could not check
     * last time; the vendor's messages land on their rows. `stopValidation` stops it starting
     * more; the dry runs in flight finish.
     */
    async validate(onProgress?: (done: number, total: number, what: CheckKind) => void): Promise<EngineSummary> {
      // Artwork first: what a link is found to be can stop its order, and a dry run of it would be wasted.
      const stopsBefore = stops;
      await session.artwork.run(session, (done, total) => onProgress?.(done, total, "artwork"));
      if (stops !== stopsBefore) return summaryOf(session);
      await dryRuns.run(
        session.index.jobs(),
        () => filters.invalidate(),
        (done, total) => onProgress?.(done, total, "jobs"),
      );
      return summaryOf(session);
    },
    /** Stops a running `validate` from starting more artwork checks or dry runs. */
    stopValidation: (): void => {
      stops++;
      session.artwork.stop();
      dryRuns.stop();
    },
    /**
     * Forgets what artwork checks found (those with no answer, or every one made before `before`, an ISO instant), so
     * the next `validate` checks those links again.
     */
    forgetArtworkChecks(which: { readonly unanswered?: boolean; readonly before?: string }): void {
      session.live.forgetArtwork(which);
    },
    /** Orders the dry run accepted that have not been looked up at the vendor since (every one when `all`). */
    ordersToLookUp: (all?: boolean) => ordersToLookUp(session, all),
    /**
     * What the vendor (and the journal of earlier imports) said of the orders looked up: those
     * found are left out of the submission.
     */
    recordOrdersAtVendor(lookedUp: readonly string[], found: ReadonlyMap<string, ExistingOrder>): EngineSummary {
      // An order changed while it was looked up is looked up again after its next dry run.
      atVendor.record(
        lookedUp.filter((orderNumber) => dryRuns.isValidated(orderNumber)),
        found,
      );
      filters.invalidate();
      return summaryOf(session);
    },
    /** The user's choice to send an order although the vendor has a job under its number (never one made here). */
    sendAnyway(orderNumber: string, yes: boolean): EngineSummary {
      atVendor.setSendAnyway(orderNumber, yes);
      filters.invalidate();
      return summaryOf(session);
    },
    /** Tries again the facts the vendor could not give. */
    async retryFacts(): Promise<EngineSummary> {
      session.live.retryUnavailable();
      await settleOrders(session, new Set(session.index.orderNumbers()));
      filters.invalidate();
      return summaryOf(session);
    },
  };
}

/**
 * The import session: the sheet's rows (with the user's edits), the mapping, the catalogue
 * snapshot, each row resolved and each order resolved as a job. An edit re-resolves only the
 * rows it touched and the jobs they belong to (or belonged to); undo and redo replay edits.
 * Composed of the session's parts (engine-session.ts) and what reads and changes them: the
 * views, the edit commands, the audit trail and the submission plan, and the dry runs.
 */
export function createImportEngine(gateway: VendorGateway, options: { readonly now?: () => Date } = {}) {
  const session = createEngineSession(gateway);
  return {
    /** Starts a session: resolves every row, groups the jobs, and fetches the live facts they need. */
    async start(setup: EngineSetup): Promise<EngineSummary> {
      await startSession(session, setup);
      return summaryOf(session);
    },
    /** Starts a session whose rows arrive afterwards (`addPackedRows`), each resolved as it comes; `finish` ends it. */
    begin(setup: Omit<EngineSetup, "rows">): void {
      beginSession(session, setup);
    },
    /** Adds a packed window of rows (as they cross between workers), resolving each; answers how many rows it has. */
    addPackedRows(rows: PackedRows): number {
      addPackedRows(session, rows);
      return session.rows.count;
    },
    /** Once every row has been added: groups the jobs, fetches the live facts they need, and resolves them. */
    async finish(): Promise<EngineSummary> {
      await settleSession(session);
      return summaryOf(session);
    },
    ...readsOf(session),
    ...createConfirmedPlan(session),
    ...editsOf(session, options.now ?? (() => new Date())),
    ...checksOf(session),
  };
}

export type ImportEngine = ReturnType<typeof createImportEngine>;
