import { artworkPreviewOf, type ArtworkPreview } from "../core/artwork/artwork-check";
import type { ExistingOrder } from "../core/batch-plan";
import { catalogueVocabulary } from "../core/catalogue";
import { formatMoney } from "../core/estimate";
import type { FieldId } from "../core/fields";
import { groupOf, JOB_FIELD_IDS } from "../core/group";
import type { Issue, IssueCode } from "../core/issues";
import { columnForField, type SheetMapping } from "../core/mapping/sheet-mapping";
import type { OrderRow } from "../core/order-rows";
import type { JobPayload, ResolvedJob } from "../core/resolve";
import type { LineType } from "../core/resolve/item-type";
import { cellText } from "../core/sheet-model";
import type { SessionState } from "./engine-session";
import { jobStateOf, type JobState } from "./job-state";
import { rowMatches, type RowFilter } from "./row-filter";
import { rowsTakingOrderNumberAbove, withOrderNumberAbove } from "./order-number-above";
import { filterableRow, issuesOfRow, orderIssuesOn, problemsOfRow, wholeOrderIssues } from "./row-issues";
import type { SessionColumnsView } from "./session-columns";

export type { JobState };

export interface JobView {
  readonly orderNumber: string;
  readonly rowNumbers: readonly number[];
  readonly state: JobState;
  readonly lineCount: number;
  readonly estimate: number;
  readonly estimateText: string;
  readonly processCodes: readonly string[];
  readonly dateDue: string | undefined;
  readonly deliveryMethod: string | undefined;
  /** Issues about the job as a whole (those on a row are in the row's view). */
  readonly issues: readonly Issue[];
  /** Whether every row of the order is skipped. */
  readonly skipped?: boolean;
  /** Its job at the vendor, when it was found there after its dry run. */
  readonly atVendor?: ExistingOrder | undefined;
  /** Whether the user chose to send it although the vendor has a job under its number. */
  readonly sendingAnyway?: boolean;
}

/**
 * One order for the order panel: the job, its job-level values as the sheet gives them, and which
 * column holds each.
 */
export interface OrderView {
  readonly orderNumber: string;
  /** Its rows' artwork, once checked: each distinct link once. */
  readonly artwork: OrderArtwork["artwork"];
  /** Undefined when every row of the order is skipped. */
  readonly job: JobView | undefined;
  readonly values: Readonly<Partial<Record<FieldId, string>>>;
  readonly columns: Readonly<Partial<Record<FieldId, string>>>;
  readonly skippedRows: number;
}

export interface RowView {
  readonly rowNumber: number;
  readonly cells: readonly string[];
  readonly orderNumber: string | undefined;
  readonly itemType: LineType | undefined;
  readonly skipped: boolean;
  readonly estimateText: string | undefined;
  readonly issues: readonly Issue[];
  /**
   * How many issues concern the row's order as a whole: counted on the order's first row only (they
   * show in the order panel).
   */
  readonly orderIssues: number;
  /** What its artwork link was found to be, to show beside it (once checked). */
  readonly artwork?: ArtworkPreview | undefined;
}

/** A window of the rows a filter keeps: how many there are, and the rows from `start`. */
export interface RowWindow {
  readonly total: number;
  readonly start: number;
  readonly rows: readonly RowView[];
}

export interface EngineSummary {
  readonly rows: number;
  readonly skippedRows: number;
  readonly jobs: Readonly<Record<JobState, number>> & { readonly total: number };
  readonly issues: {
    readonly error: number;
    readonly warning: number;
    readonly info: number;
    readonly byCode: Readonly<Partial<Record<IssueCode, number>>>;
  };
  readonly estimate: { readonly total: number; readonly text: string; readonly currency: string };
  /** Facts the vendor could not give this time (the check is incomplete until they can). */
  readonly unavailableFacts: readonly string[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Rows an earlier import created (a result sheet imported again), skipped unless brought back. */
  readonly importedBefore: { readonly rows: number; readonly jobs: number };
  /** Rows lacking an order number that would take the one above (a sheet giving it on each order's first row). */
  readonly rowsTakingOrderNumberAbove: number;
}

/**
 * What an edit changed: the rows whose view changed and the orders re-resolved, so a view refreshes
 * only what it shows.
 */
export interface EditResult {
  readonly changedCells: number;
  readonly summary: EngineSummary;
  readonly changedRows: readonly number[];
  readonly changedOrders: readonly string[];
  /** The columns, when the edit added one (a job value or an answer the sheet had no column for). */
  readonly columns?: { readonly headers: readonly string[]; readonly mapping: SheetMapping } | undefined;
}

const currencyOf = (session: SessionState) => session.settings.snapshot?.account.currency ?? "NZD";
const moneyText = (session: SessionState, amount: number) =>
  formatMoney(amount, currencyOf(session), session.settings.locale);

/** How many rows an earlier import created are still left out, and how many jobs they make. */
function importedSummary(session: SessionState): EngineSummary["importedBefore"] {
  const jobNumbers = new Set<number>();
  let rows = 0;
  for (const [rowNumber, jobNumber] of session.settings.importedBefore) {
    const index = session.rows.indexOf(rowNumber);
    if (index === undefined || !session.rows.isSkipped(index)) continue;
    rows++;
    jobNumbers.add(jobNumber);
  }
  return { rows, jobs: jobNumbers.size };
}

/** The session in counts: rows, jobs by state, issues by severity and code, the estimate. */
export function summaryOf(session: SessionState): EngineSummary {
  const counts = session.tally.snapshot();
  const jobCounts: Record<JobState, number> = {
    ready: 0,
    blocked: 0,
    pending: 0,
    rejected: 0,
    unverified: 0,
    valid: 0,
    existing: 0,
  };
  const jobs = session.index.jobs();
  for (const [orderNumber, job] of jobs) jobCounts[jobStateOf(session, orderNumber, job)]++;
  return {
    rows: session.rows.count - session.rows.skippedCount,
    skippedRows: session.rows.skippedCount,
    jobs: { ...jobCounts, total: jobs.size },
    issues: { error: counts.error, warning: counts.warning, info: counts.info, byCode: counts.byCode },
    estimate: { total: counts.estimate, text: moneyText(session, counts.estimate), currency: currencyOf(session) },
    unavailableFacts: session.live.unavailable(),
    canUndo: session.history.canUndo,
    canRedo: session.history.canRedo,
    importedBefore: importedSummary(session),
    // A pass over every row, made only when some row lacks its order number.
    rowsTakingOrderNumberAbove: counts.byCode.ORDER_NUMBER_MISSING ? rowsTakingOrderNumberAbove(session).length : 0,
  };
}

export function jobViewOf(session: SessionState, orderNumber: string, job: ResolvedJob): JobView {
  const existing = session.atVendor.existing(orderNumber);
  return {
    orderNumber,
    rowNumbers: job.rowNumbers,
    state: jobStateOf(session, orderNumber, job),
    lineCount: job.rowNumbers.length,
    estimate: job.estimate,
    estimateText: moneyText(session, job.estimate),
    processCodes: job.processCodes,
    dateDue: job.dateDue,
    deliveryMethod: job.deliveryMethod,
    issues: wholeOrderIssues(session, orderNumber),
    ...(existing ? { atVendor: existing, sendingAnyway: session.atVendor.allowed(orderNumber) !== undefined } : {}),
  };
}

/** Every job, in the order each was first resolved. */
export function jobViews(session: SessionState): JobView[] {
  return [...session.index.jobs()].map(([orderNumber, job]) => jobViewOf(session, orderNumber, job));
}

function rowViewOf(session: SessionState, index: number): RowView {
  const { rows } = session;
  const line = session.index.line(index);
  return {
    rowNumber: rows.rowNumberAt(index),
    cells: rows.headers.map((_h, column) => cellText(rows.cellAt(index, column))),
    orderNumber: session.index.orderNumberAt(index),
    itemType: line?.itemType,
    skipped: rows.isSkipped(index),
    estimateText: line?.estimate ? moneyText(session, line.estimate.total) : undefined,
    issues: withOrderNumberAbove(session, index, issuesOfRow(session, index)),
    orderIssues: orderIssuesOn(session, index).length,
    ...artworkOfRow(session, index),
  };
}

/** A row's artwork link and what to show beside it, once the link is checked. */
function artworkAt(session: SessionState, index: number): (ArtworkPreview & { readonly link: string }) | undefined {
  const link = session.index.valuesAt(index)?.artworkUrl?.trim();
  const preview = link ? artworkPreviewOf(link, session.live.facts.artwork.get(link)) : undefined;
  return link && preview ? { ...preview, link } : undefined;
}

/** A row's artwork preview, as a part of its view (none before its link is checked). */
function artworkOfRow(session: SessionState, index: number): { artwork?: ArtworkPreview } {
  const artwork = artworkAt(session, index);
  return artwork ? { artwork } : {};
}

/** `count` rows from the `start`-th, as the sheet has them. */
export function rowViews(session: SessionState, start: number, count: number): RowView[] {
  const views: RowView[] = [];
  for (let i = Math.max(0, start); i < Math.min(session.rows.count, start + count); i++)
    views.push(rowViewOf(session, i));
  return views;
}

/** The rows with these numbers; a number the session does not have is left out. */
export function rowViewsByNumber(session: SessionState, numbers: readonly number[]): RowView[] {
  const { rows } = session;
  return numbers.filter((n) => rows.indexOf(n) !== undefined).map((n) => rowViewOf(session, rows.indexFor(n)));
}

/** The rows a filter keeps, `count` of them from its `start`-th: what a grid shows. */
export function rowWindow(session: SessionState, filter: RowFilter, start: number, count: number): RowWindow {
  const total = session.filters.size(filter);
  const rows: RowView[] = [];
  for (let at = Math.max(0, start); at < Math.min(total, start + count); at++) {
    const index = session.filters.indexAt(filter, at);
    if (index !== undefined) rows.push(rowViewOf(session, index));
  }
  return { total, start, rows };
}

/** Whether a filter keeps a row. */
export function keepsRow(session: SessionState, filter: RowFilter, rowNumber: number): boolean {
  const index = session.rows.indexOf(rowNumber);
  return index !== undefined && rowMatches(filter, filterableRow(session, index));
}

/** Where a row stands among the rows a filter keeps (or where it would be). */
export function rowPosition(session: SessionState, filter: RowFilter, rowNumber: number): number {
  return session.filters.positionOf(filter, session.rows.indexFor(rowNumber));
}

/**
 * The next row (or previous, for -1) after `rowNumber` with an issue of at least warning
 * severity, wrapping around; undefined when there is none. An issue about a whole order
 * is found on the order's first row.
 */
export function nextProblem(
  session: SessionState,
  rowNumber: number | undefined,
  direction: 1 | -1 = 1,
  severity: "error" | "warning" = "warning",
): { rowNumber: number; column: string | undefined } | undefined {
  const { rows } = session;
  const count = rows.count;
  if (count === 0) return undefined;
  const from = rowNumber === undefined ? (direction === 1 ? -1 : count) : rows.indexFor(rowNumber);
  const wanted = (issue: Issue) =>
    issue.severity === "error" || (severity === "warning" && issue.severity === "warning");
  for (let step = 1; step <= count; step++) {
    const index = (((from + direction * step) % count) + count) % count;
    const issue = problemsOfRow(session, index).find(wanted);
    if (issue) return { rowNumber: rows.rowNumberAt(index), column: issue.column };
  }
  return undefined;
}

/** An order's rows' artwork, once checked: each distinct link once. */
function orderArtworkOf(session: SessionState, orderNumber: string): OrderArtwork["artwork"] {
  const artwork = new Map<string, ArtworkPreview & { readonly link: string }>();
  for (const i of session.index.rowsOf(orderNumber)) {
    const found = artworkAt(session, i);
    if (found && !artwork.has(found.link)) artwork.set(found.link, found);
  }
  return [...artwork.values()];
}

/** An order's artwork as checked. */
export interface OrderArtwork {
  readonly orderNumber: string;
  readonly artwork: readonly (ArtworkPreview & { readonly link: string })[];
}

/** The checked artwork of each of the orders that has some, in the order given: the pictures to see before sending. */
export function ordersArtworkOf(session: SessionState, orderNumbers: readonly string[]): OrderArtwork[] {
  const found: OrderArtwork[] = [];
  for (const orderNumber of orderNumbers) {
    const artwork = orderArtworkOf(session, orderNumber);
    if (artwork.length > 0) found.push({ orderNumber, artwork });
  }
  return found;
}

/** One order for the order panel; undefined when the session has no such order. */
export function orderViewOf(session: SessionState, orderNumber: string): OrderView | undefined {
  const { rows, index } = session;
  const job = index.job(orderNumber);
  let skippedRows = 0;
  // The skipped rows are looked through, not every row: this runs each time the user moves to another row.
  for (const i of rows.skippedIndexes()) if (index.orderNumberAt(i) === orderNumber) skippedRows++;
  if (!job && skippedRows === 0) return undefined;
  const group = groupOf(
    orderNumber,
    index.rowsOf(orderNumber).map((i) => index.orderRowAt(i) as OrderRow),
    index.context().columnOf,
  );
  const columns: Partial<Record<FieldId, string>> = {};
  for (const field of JOB_FIELD_IDS) {
    const header = columnForField(session.columns.mapping, field)?.header;
    if (header) columns[field] = header;
  }
  return {
    orderNumber,
    artwork: orderArtworkOf(session, orderNumber),
    job: job ? jobViewOf(session, orderNumber, job) : undefined,
    values: group.jobValues,
    columns,
    skippedRows,
  };
}

/** Every issue, optionally of one severity, in sheet order, then those about whole orders. */
export function allIssues(session: SessionState, severity?: Issue["severity"]): Issue[] {
  const all: Issue[] = [];
  for (let i = 0; i < session.index.lineCount; i++) all.push(...issuesOfRow(session, i));
  for (const orderNumber of session.index.jobs().keys()) all.push(...wholeOrderIssues(session, orderNumber));
  return severity ? all.filter((issue) => issue.severity === severity) : all;
}

/** Requests of every job with nothing to fix, each line mapped to its row. */
export function payloadsOf(session: SessionState): JobPayload[] {
  return [...session.index.jobs().values()].flatMap((job) => (job.payload ? [job.payload] : []));
}

/** The columns as the session has them (the sheet's, then any added) and the mapping in force. */
export function columnsOf(session: SessionState): SessionColumnsView {
  return { headers: [...session.rows.headers], mapping: session.columns.mapping };
}

/** The catalogue's words a mapping recognises: attribute names and labels, and sizes. */
export function vocabularyOf(session: SessionState): ReturnType<typeof catalogueVocabulary> {
  const { snapshot } = session.settings;
  return snapshot ? catalogueVocabulary(snapshot) : { attributes: [], sizes: [] };
}
