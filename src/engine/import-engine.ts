import { createAdaptiveLimiter, mapAdaptively, pressureOf } from "../api/adaptive-limiter";
import { planSubmission, type ExistingOrder, type PlanRow, type SubmissionPlan } from "../core/batch-plan";
import { catalogueVocabulary, indexCatalogue, priceCodeKey, type CatalogueSnapshot } from "../core/catalogue";
import { dateOrderFor } from "../core/dates";
import { formatMoney } from "../core/estimate";
import { fieldById, type FieldId } from "../core/fields";
import { groupOf, JOB_FIELD_IDS } from "../core/group";
import { RECHECKABLE_CODES, type Issue, type IssueCode } from "../core/issues";
import { columnForField, sameTarget, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { orderRowReader, type OrderRow } from "../core/order-rows";
import {
  distinctNeeds,
  needKey,
  processCodesOf,
  processSetKey,
  resolveJob,
  resolveRow,
  type FactRequest,
  type JobPayload,
  type ResolveContext,
  type ResolveOptions,
  type ResolvedJob,
  type ResolvedLine,
} from "../core/resolve";
import { issuesFromServerProblem } from "../core/server-issues";
import { rowsImportedBefore } from "../core/result-rows";
import { cellText, type CellValue, type SheetRow } from "../core/sheet-model";
import type { AddedColumn, Change, EditLogEntry, RowDetail, SentValue, SessionEdits } from "../core/session-edits";
import { createEditHistory } from "./edit-history";
import { createIssueTally } from "./issue-tally";
import { createLiveFacts } from "./live-facts";
import { createOrdersAtVendor } from "./orders-at-vendor";
import { ALL_ROWS, createFilterCache, rowMatches, type RowFilter } from "./row-filter";
import { createSessionRows } from "./session-rows";
import type { VendorGateway } from "./vendor-gateway";

/**
 * What a job looks like to the review screen: blocked by errors, waiting for facts from the
 * vendor (pending), ready to dry-run, valid (the dry run passed), rejected by the dry run,
 * unverified (the vendor could not check it, or could not give a fact it needs, this time),
 * or existing (valid, but its job is already at the vendor: it is left out).
 */
export type JobState = "ready" | "blocked" | "pending" | "rejected" | "unverified" | "valid" | "existing";

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

/** One order for the order panel: the job, its job-level values as the sheet gives them, and which column holds each. */
export interface OrderView {
  readonly orderNumber: string;
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
  readonly itemType: string | undefined;
  readonly skipped: boolean;
  readonly estimateText: string | undefined;
  readonly issues: readonly Issue[];
  /** How many issues concern the row's order as a whole: counted on the order's first row only (they show in the order panel). */
  readonly orderIssues: number;
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
  readonly issues: { readonly error: number; readonly warning: number; readonly info: number; readonly byCode: Readonly<Partial<Record<IssueCode, number>>> };
  readonly estimate: { readonly total: number; readonly text: string; readonly currency: string };
  /** Facts the vendor could not give this time (the check is incomplete until they can). */
  readonly unavailableFacts: readonly string[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Rows an earlier import created (a result sheet imported again), skipped unless brought back. */
  readonly importedBefore: { readonly rows: number; readonly jobs: number };
}

export interface EngineSetup {
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly mapping: SheetMapping;
  readonly snapshot: CatalogueSnapshot;
  readonly options?: Partial<ResolveOptions>;
  /** Locale for money; the account's country decides day/month order in dates. */
  readonly locale?: string;
}

/** What an edit changed: the rows whose view changed and the orders re-resolved, so a view refreshes only what it shows. */
export interface EditResult {
  readonly changedCells: number;
  readonly summary: EngineSummary;
  readonly changedRows: readonly number[];
  readonly changedOrders: readonly string[];
  /** The columns, when the edit added one (a job value or an answer the sheet had no column for). */
  readonly columns?: { readonly headers: readonly string[]; readonly mapping: SheetMapping } | undefined;
}

/** A cell to set, by row number and column (position or header). */
export interface CellEdit {
  readonly rowNumber: number;
  readonly column: number | string;
  readonly value: CellValue;
}

export type { AddedColumn, SessionEdits };

const MAX_FACT_ROUNDS = 3;
/** Dry runs in flight at most; fewer while the vendor is slowing down. */
export const VALIDATION_CONCURRENCY = 4;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The import session: the sheet's rows (with the user's edits), the mapping, the catalogue
 * snapshot, each row resolved and each order resolved as a job. An edit re-resolves only the
 * rows it touched and the jobs they belong to (or belonged to); undo and redo replay edits.
 * Composed of the rows, the edit history, the issue tally and the live facts; what is here
 * is resolution state and the views over it.
 */
export function createImportEngine(gateway: VendorGateway, options: { readonly now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const sheet = createSessionRows();
  const history = createEditHistory();
  const tally = createIssueTally();
  const live = createLiveFacts(gateway, (code) => context?.catalogue.process(code)?.description);
  let mapping: SheetMapping = { columns: [] };
  let addedColumns: AddedColumn[] = [];
  /** Columns added since the last edit's answer, so that answer can say so. */
  let columnsAdded = false;
  let snapshot: CatalogueSnapshot | undefined;
  let context: ResolveContext | undefined;
  let read: (row: SheetRow) => OrderRow | undefined = () => undefined;
  let locale = "en-NZ";

  let lines: (ResolvedLine | undefined)[] = [];
  const jobRows = new Map<string, number[]>();
  const jobs = new Map<string, ResolvedJob>();
  const serverIssues = new Map<string, Issue[]>();
  const validated = new Set<string>();
  const atVendor = createOrdersAtVendor((before, after) => {
    tally.count(before ? [before] : undefined, -1);
    tally.count(after ? [after] : undefined, 1);
  });
  let validation: AbortController | undefined;
  /** Rows of a result sheet imported again that an earlier import created, with their jobs. */
  let importedBefore = new Map<number, number>();
  const filterable = (index: number) => ({ orderNumber: orderNumberAt(index), skipped: sheet.isSkipped(index), issues: problemsOfRow(index) });
  const filters = createFilterCache(() => sheet.count, filterable);

  const currency = () => snapshot?.account.currency ?? "NZD";
  const money = (amount: number) => formatMoney(amount, currency(), locale);

  function requireContext(): ResolveContext {
    if (!context) throw new Error("The engine has no session: call start first");
    return context;
  }

  function setJob(orderNumber: string, job: ResolvedJob | undefined): void {
    const old = jobs.get(orderNumber);
    if (old) {
      tally.count(old.issues, -1);
      tally.addEstimate(-old.estimate);
    }
    setServerIssues(orderNumber, undefined);
    validated.delete(orderNumber);
    atVendor.forget(orderNumber);
    if (job) {
      jobs.set(orderNumber, job);
      tally.count(job.issues, 1);
      tally.addEstimate(job.estimate);
    } else jobs.delete(orderNumber);
  }

  function setServerIssues(orderNumber: string, issues: Issue[] | undefined): void {
    tally.count(serverIssues.get(orderNumber), -1);
    if (issues) {
      serverIssues.set(orderNumber, issues);
      tally.count(issues, 1);
    } else serverIssues.delete(orderNumber);
  }

  /** Adds a row to its order's list, keeping the sheet's order. */
  function joinOrder(orderNumber: string, index: number): void {
    const members = jobRows.get(orderNumber);
    if (!members) return void jobRows.set(orderNumber, [index]);
    let at = members.length;
    while (at > 0 && (members[at - 1] ?? 0) > index) at--;
    members.splice(at, 0, index);
  }

  function leaveOrder(orderNumber: string, index: number): void {
    const members = jobRows.get(orderNumber);
    if (!members) return;
    const at = members.indexOf(index);
    if (at >= 0) members.splice(at, 1);
    if (members.length === 0) {
      jobRows.delete(orderNumber);
      setJob(orderNumber, undefined);
    }
  }

  /** A row read through the mapping; undefined when it is blank or skipped. */
  function orderRowAt(index: number): OrderRow | undefined {
    return sheet.isSkipped(index) ? undefined : read(sheet.sheetRow(index));
  }

  /** A row's order number, skipped or not (a skipped row has no line, so it is read again). */
  function orderNumberAt(index: number): string | undefined {
    return sheet.isSkipped(index) ? read(sheet.sheetRow(index))?.values.orderNumber : lines[index]?.orderNumber;
  }

  function resolveIndex(index: number): void {
    const orderRow = orderRowAt(index);
    tally.count(lines[index]?.issues, -1);
    lines[index] = orderRow ? resolveRow(orderRow, requireContext()) : undefined;
    tally.count(lines[index]?.issues, 1);
  }

  function resolveOrder(orderNumber: string): void {
    const members = jobRows.get(orderNumber);
    if (!members || members.length === 0) return;
    // Rows are read again rather than kept: a session of 100,000 rows is not held twice.
    const rows = members.map((i) => orderRowAt(i) as OrderRow);
    const group = groupOf(orderNumber, rows, requireContext().columnOf);
    setJob(orderNumber, resolveJob(group, members.map((i) => lines[i] as ResolvedLine), requireContext()));
  }

  /** Re-resolves rows, moves them between orders, then re-resolves every order touched. */
  function refresh(indexes: Iterable<number>): Set<string> {
    const touched = new Set<string>();
    for (const index of indexes) {
      const before = lines[index]?.orderNumber;
      resolveIndex(index);
      const after = lines[index]?.orderNumber;
      if (before !== after) {
        if (before !== undefined) leaveOrder(before, index);
        if (after !== undefined) joinOrder(after, index);
      }
      if (before !== undefined) touched.add(before);
      if (after !== undefined) touched.add(after);
    }
    for (const orderNumber of touched) resolveOrder(orderNumber);
    return touched;
  }

  function pendingNeeds(orders: Iterable<string>): FactRequest[] {
    const needs: FactRequest[] = [];
    for (const orderNumber of orders) needs.push(...(jobs.get(orderNumber)?.needs ?? []));
    return live.pending(needs);
  }

  /** Fetches what resolution asked for, then resolves again what depended on it. */
  async function settle(orders: Set<string>): Promise<void> {
    for (let round = 0; round < MAX_FACT_ROUNDS; round++) {
      const needs = pendingNeeds(orders);
      if (needs.length === 0) return;
      await live.fetch(needs);
      const answered = new Set(needs.map(needKey));
      const rowsToRedo: number[] = [];
      const ordersToRedo = new Set<string>();
      for (const orderNumber of orders) {
        for (const index of jobRows.get(orderNumber) ?? []) {
          if (lines[index]?.needs.some((n) => answered.has(needKey(n)))) rowsToRedo.push(index);
        }
        if (jobs.get(orderNumber)?.needs.some((n) => answered.has(needKey(n)))) ordersToRedo.add(orderNumber);
      }
      for (const orderNumber of refresh(rowsToRedo)) ordersToRedo.delete(orderNumber);
      for (const orderNumber of ordersToRedo) resolveOrder(orderNumber);
    }
  }

  /** Whether the vendor's last answer was only that it could not check the job. */
  function isRecheckable(orderNumber: string): boolean {
    const issues = serverIssues.get(orderNumber) ?? [];
    return issues.length > 0 && issues.every((issue) => RECHECKABLE_CODES.has(issue.code));
  }

  /** Whether a job waits for a fact the vendor could not give this time (it is asked again on a retry). */
  function waitsOnUnavailable(orderNumber: string, job: ResolvedJob): boolean {
    if (job.needs.some(live.isUnavailable)) return true;
    return (jobRows.get(orderNumber) ?? []).some((i) => lines[i]?.needs.some(live.isUnavailable));
  }

  function jobState(orderNumber: string, job: ResolvedJob): JobState {
    if (job.hasErrors) return "blocked";
    if (isRecheckable(orderNumber)) return "unverified";
    if (serverIssues.get(orderNumber)?.length) return "rejected";
    if (!job.payload) return waitsOnUnavailable(orderNumber, job) ? "unverified" : "pending";
    if (!validated.has(orderNumber)) return "ready";
    return atVendor.holdsBack(orderNumber) ? "existing" : "valid";
  }

  function summary(): EngineSummary {
    const counts = tally.snapshot();
    const jobCounts: Record<JobState, number> = { ready: 0, blocked: 0, pending: 0, rejected: 0, unverified: 0, valid: 0, existing: 0 };
    for (const [orderNumber, job] of jobs) jobCounts[jobState(orderNumber, job)]++;
    return {
      rows: sheet.count - sheet.skippedCount,
      skippedRows: sheet.skippedCount,
      jobs: { ...jobCounts, total: jobs.size },
      issues: { error: counts.error, warning: counts.warning, info: counts.info, byCode: counts.byCode },
      estimate: { total: counts.estimate, text: money(counts.estimate), currency: currency() },
      unavailableFacts: live.unavailable(),
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      importedBefore: importedSummary(),
    };
  }

  /** How many rows an earlier import created are still left out, and how many jobs they make. */
  function importedSummary(): EngineSummary["importedBefore"] {
    const jobNumbers = new Set<number>();
    let rows = 0;
    for (const [rowNumber, jobNumber] of importedBefore) {
      const index = sheet.indexOf(rowNumber);
      if (index === undefined || !sheet.isSkipped(index)) continue;
      rows++;
      jobNumbers.add(jobNumber);
    }
    return { rows, jobs: jobNumbers.size };
  }

  function issuesOfRow(index: number): Issue[] {
    const line = lines[index];
    const rowNumber = sheet.rowNumberAt(index);
    const own = [...(line?.issues ?? [])];
    const orderNumber = line?.orderNumber;
    if (orderNumber !== undefined) {
      for (const issue of jobs.get(orderNumber)?.issues ?? []) if (issue.rowNumber === rowNumber) own.push(issue);
      for (const issue of serverIssues.get(orderNumber) ?? []) if (issue.rowNumber === rowNumber) own.push(issue);
    }
    return own;
  }

  /**
   * A row's issues and, on the first row of its order, the issues about the order as a whole
   * (a vendor's rejection naming no line, say): what filters and "next problem" look at, so
   * every problem counted can be reached from the grid.
   */
  function problemsOfRow(index: number): Issue[] {
    const problems = issuesOfRow(index);
    problems.push(...orderIssuesOn(index));
    return problems;
  }

  /** On the first row of an order, the issues about the order as a whole; none on any other row. */
  function orderIssuesOn(index: number): Issue[] {
    const orderNumber = lines[index]?.orderNumber;
    if (orderNumber === undefined || jobRows.get(orderNumber)?.[0] !== index) return [];
    return wholeOrderIssues(orderNumber);
  }

  function rowView(index: number): RowView {
    const line = lines[index];
    return {
      rowNumber: sheet.rowNumberAt(index),
      cells: sheet.headers.map((_h, column) => cellText(sheet.cellAt(index, column))),
      orderNumber: orderNumberAt(index),
      itemType: line?.itemType,
      skipped: sheet.isSkipped(index),
      estimateText: line?.estimate ? money(line.estimate.total) : undefined,
      issues: issuesOfRow(index),
      orderIssues: orderIssuesOn(index).length,
    };
  }

  /** The issues about an order as a whole: its own, the vendor's answer naming no line, and its job found at the vendor. */
  function wholeOrderIssues(orderNumber: string): Issue[] {
    const whole: Issue[] = [];
    for (const issue of jobs.get(orderNumber)?.issues ?? []) if (issue.rowNumber === null) whole.push(issue);
    for (const issue of serverIssues.get(orderNumber) ?? []) if (issue.rowNumber === null) whole.push(issue);
    const found = atVendor.issue(orderNumber);
    if (found) whole.push(found);
    return whole;
  }

  function jobView(orderNumber: string, job: ResolvedJob): JobView {
    const existing = atVendor.existing(orderNumber);
    return {
      orderNumber,
      rowNumbers: job.rowNumbers,
      state: jobState(orderNumber, job),
      lineCount: job.rowNumbers.length,
      estimate: job.estimate,
      estimateText: money(job.estimate),
      processCodes: job.processCodes,
      dateDue: job.dateDue,
      deliveryMethod: job.deliveryMethod,
      issues: wholeOrderIssues(orderNumber),
      ...(existing ? { atVendor: existing, sendingAnyway: atVendor.allowed(orderNumber) !== undefined } : {}),
    };
  }

  /** Applies changes (an edit, or an undo's reversal) and re-resolves what they touched. */
  async function apply(changes: readonly Change[], direction: "after" | "before"): Promise<EditResult> {
    const touchedRows = new Set<number>();
    for (const change of changes) {
      const index = sheet.indexOf(change.rowNumber);
      if (index === undefined) continue;
      const value = direction === "after" ? change.after : change.before;
      if (change.kind === "cell") sheet.setCell(index, change.column, value as CellValue);
      else sheet.setSkipped(index, value as boolean);
      touchedRows.add(index);
    }
    const orders = refresh(touchedRows);
    await settle(orders);
    filters.invalidate();
    // Rows of re-resolved orders may show new job-level issues too.
    const changedRows = new Set([...touchedRows].map((i) => sheet.rowNumberAt(i)));
    for (const orderNumber of orders) for (const i of jobRows.get(orderNumber) ?? []) changedRows.add(sheet.rowNumberAt(i));
    const columns = columnsAdded ? { headers: [...sheet.headers], mapping } : undefined;
    columnsAdded = false;
    return { changedCells: changes.length, summary: summary(), changedRows: [...changedRows].sort((a, b) => a - b), changedOrders: [...orders], columns };
  }

  const isRealChange = (c: Change) => (c.kind === "cell" ? cellText(c.before) !== cellText(c.after) || c.before !== c.after : c.before !== c.after);

  async function edit(changes: readonly Change[], at = now().toISOString()): Promise<EditResult> {
    const real = changes.filter(isRealChange);
    history.record(real, at);
    return apply(real, "after");
  }

  function indexFor(rowNumber: number): number {
    const index = sheet.indexOf(rowNumber);
    if (index === undefined) throw new Error(`No row ${rowNumber} in the session`);
    return index;
  }

  const cellChange = (index: number, column: number, value: CellValue): Change => ({
    kind: "cell",
    rowNumber: sheet.rowNumberAt(index),
    column,
    before: sheet.cellAt(index, column),
    after: value,
  });

  /**
   * Whether a row's code reads as this price code, as resolution reads it: exactly, written
   * with other case, spacing or quotes ("dtf 4x4" for "DTF 4x4"), or as a code fetched by name.
   * `key` is the price code's priceCodeKey, worked out once for a pass over every row.
   */
  function isRowOfPriceCode(index: number, priceCode: string, key: string): boolean {
    const text = orderRowAt(index)?.values.code;
    if (text === undefined) return false;
    if (text === priceCode || priceCodeKey(text) === key) return true;
    const { catalogue, facts } = requireContext();
    return (catalogue.priceCode(text) ?? catalogue.priceCodeLoosely(text) ?? facts.metadataCodes.get(text))?.priceCode === priceCode;
  }

  function findIssue(rowNumber: number, code: IssueCode, column?: string): Issue | undefined {
    return issuesOfRow(indexFor(rowNumber)).find((i) => i.code === code && (column === undefined || i.column === column));
  }

  /** The mapping's column for a target, adding a blank one (named `header`) when the sheet has none. */
  function columnFor(target: MappingTarget, header: string): number {
    const existing = mapping.columns.find((c) => sameTarget(c.target, target));
    if (existing) return existing.column;
    return addColumn({ header, target });
  }

  function addColumn(added: AddedColumn): number {
    let header = added.header;
    for (let n = 2; sheet.headers.includes(header); n++) header = `${added.header} (${n})`;
    const column = sheet.addColumn(header);
    addedColumns.push({ header, target: added.target });
    columnsAdded = true;
    mapping = { columns: [...mapping.columns, { column, header, target: added.target, confidence: 1, reason: "manual" }] };
    read = orderRowReader(sheet.headers, mapping);
    return column;
  }

  /** The cells to set so an order's job-level field says `value`: where the order gives it, or its first row. */
  function jobValueChanges(orderNumber: string, field: FieldId, value: string): Change[] {
    const members = jobRows.get(orderNumber) ?? [];
    const column = columnFor({ kind: "field", field }, fieldById(field).label);
    const holding = members.filter((i) => cellText(sheet.cellAt(i, column)) !== "");
    const targets = holding.length > 0 ? holding : members.slice(0, 1);
    return targets.map((i) => cellChange(i, column, value));
  }

  /**
   * Every cell the edits in effect changed, as the sheet had it and as it stands (what is
   * sent), with when it last changed; and when each skipped row was skipped.
   */
  function editedCells(): { readonly cells: readonly SentValue[]; readonly skippedAt: ReadonlyMap<number, string> } {
    const cells = new Map<string, { rowNumber: number; column: number; sheet: CellValue; sent: CellValue; at: string }>();
    const skippedAt = new Map<number, string>();
    for (const record of history.applied()) {
      for (const change of record.changes) {
        if (change.kind === "skip") {
          if (change.after) skippedAt.set(change.rowNumber, record.at);
          else skippedAt.delete(change.rowNumber);
          continue;
        }
        const key = `${change.rowNumber}:${change.column}`;
        const first = cells.get(key);
        cells.set(key, { rowNumber: change.rowNumber, column: change.column, sheet: first ? first.sheet : change.before, sent: change.after, at: record.at });
      }
    }
    const changed = [...cells.values()]
      .filter((c) => cellText(c.sheet) !== cellText(c.sent))
      .map((c) => ({ rowNumber: c.rowNumber, column: sheet.headers[c.column] ?? "", sheet: cellText(c.sheet), sent: cellText(c.sent), at: c.at }));
    return { cells: changed.sort((a, b) => a.rowNumber - b.rowNumber), skippedAt };
  }

  /** Every change of the edits in effect, oldest first, for the audit trail. */
  function editLog(): EditLogEntry[] {
    return history.applied().flatMap((record) =>
      record.changes.map((change): EditLogEntry =>
        change.kind === "skip"
          ? { at: record.at, kind: change.after ? "skip" : "include", rowNumber: change.rowNumber }
          : { at: record.at, kind: "cell", rowNumber: change.rowNumber, column: sheet.headers[change.column] ?? "", old: cellText(change.before), new: cellText(change.after) },
      ),
    );
  }

  /** What the result sheet says of each row beyond its outcome: its estimate, values sent instead of the sheet's, when it was skipped. */
  function rowDetails(): RowDetail[] {
    const { cells, skippedAt } = editedCells();
    const sentByRow = new Map<number, SentValue[]>();
    for (const cell of cells) sentByRow.set(cell.rowNumber, [...(sentByRow.get(cell.rowNumber) ?? []), cell]);
    const details: RowDetail[] = [];
    for (let i = 0; i < sheet.count; i++) {
      const rowNumber = sheet.rowNumberAt(i);
      const estimate = lines[i]?.estimate?.total;
      const sent = sentByRow.get(rowNumber);
      const skipped = skippedAt.get(rowNumber);
      if (estimate === undefined && !sent && !skipped) continue;
      details.push({ rowNumber, ...(estimate !== undefined ? { lineEstimate: estimate } : {}), ...(sent ? { sent } : {}), ...(skipped ? { skippedAt: skipped } : {}) });
    }
    return details;
  }

  function skipRows(rowNumbers: readonly number[], skip = true): Promise<EditResult> {
    return edit(rowNumbers.map((rowNumber): Change => ({ kind: "skip", rowNumber, before: sheet.isSkipped(indexFor(rowNumber)), after: skip })));
  }

  return {
    /** Starts a session: resolves every row, groups the jobs, and fetches the live facts they need. */
    async start(setup: EngineSetup): Promise<EngineSummary> {
      sheet.load(setup.headers, setup.rows);
      mapping = setup.mapping;
      addedColumns = [];
      snapshot = setup.snapshot;
      locale = setup.locale ?? "en-NZ";
      context = {
        catalogue: indexCatalogue(setup.snapshot),
        facts: live.facts,
        columnOf: (field: FieldId) => columnForField(mapping, field)?.header,
        dateOrder: dateOrderFor(setup.snapshot.account.entityAddress?.countryCode),
        options: { eachRowOwnJob: setup.options?.eachRowOwnJob ?? false },
      };
      read = orderRowReader(sheet.headers, mapping);
      jobRows.clear();
      jobs.clear();
      serverIssues.clear();
      validated.clear();
      tally.reset();
      history.clear();
      filters.invalidate();
      // A result sheet imported again: the rows created then are left out (they can be brought back).
      importedBefore = rowsImportedBefore(setup.headers, setup.rows);
      for (const rowNumber of importedBefore.keys()) sheet.setSkipped(sheet.indexOf(rowNumber) ?? -1, true);
      lines = new Array(sheet.count);
      for (let i = 0; i < sheet.count; i++) resolveIndex(i);
      // Facts the lines and their process sets need are fetched before any job is resolved,
      // so each job is resolved once rather than once without them and once with.
      await live.fetch(distinctNeeds(lines.flatMap((line) => line?.needs ?? [])));
      lines.forEach((line, i) => {
        if (line?.needs.length) resolveIndex(i);
      });
      for (let i = 0; i < sheet.count; i++) {
        const orderNumber = lines[i]?.orderNumber;
        if (orderNumber === undefined) continue;
        const members = jobRows.get(orderNumber);
        if (members) members.push(i);
        else jobRows.set(orderNumber, [i]);
      }
      const processSets = new Map<string, FactRequest>();
      for (const members of jobRows.values()) {
        const processCodes = processCodesOf(members.map((i) => lines[i] as ResolvedLine));
        const key = processSetKey(processCodes);
        if (processCodes.length > 0 && !live.hasShipDate(key)) processSets.set(key, { kind: "shipDate", key, processCodes });
      }
      await live.fetch([...processSets.values()]);
      for (const orderNumber of jobRows.keys()) resolveOrder(orderNumber);
      await settle(new Set(jobRows.keys()));
      return summary();
    },

    summary,
    vocabulary: () => (snapshot ? catalogueVocabulary(snapshot) : { attributes: [], sizes: [] }),
    /** The columns as the session has them (the sheet's, then any added) and the mapping in force. */
    columns: () => ({ headers: [...sheet.headers], mapping }),

    jobs(): JobView[] {
      return [...jobs].map(([orderNumber, job]) => jobView(orderNumber, job));
    },

    rows(start: number, count: number): RowView[] {
      const views: RowView[] = [];
      for (let i = Math.max(0, start); i < Math.min(sheet.count, start + count); i++) views.push(rowView(i));
      return views;
    },

    rowsByNumber(numbers: readonly number[]): RowView[] {
      return numbers.filter((n) => sheet.indexOf(n) !== undefined).map((n) => rowView(indexFor(n)));
    },

    /** The rows a filter keeps, `count` of them from its `start`-th: what a grid shows. */
    view(filter: RowFilter, start: number, count: number): RowWindow {
      const total = filters.size(filter);
      const rows: RowView[] = [];
      for (let at = Math.max(0, start); at < Math.min(total, start + count); at++) {
        const index = filters.indexAt(filter, at);
        if (index !== undefined) rows.push(rowView(index));
      }
      return { total, start, rows };
    },

    /** Whether a filter keeps a row. */
    keeps(filter: RowFilter, rowNumber: number): boolean {
      const index = sheet.indexOf(rowNumber);
      return index !== undefined && rowMatches(filter, filterable(index));
    },

    /** Where a row stands among the rows a filter keeps (or where it would be). */
    positionOf(filter: RowFilter, rowNumber: number): number {
      return filters.positionOf(filter, indexFor(rowNumber));
    },

    /**
     * The next row (or previous, for -1) after `rowNumber` with an issue of at least warning
     * severity, wrapping around; undefined when there is none. An issue about a whole order
     * is found on the order's first row.
     */
    nextProblem(rowNumber: number | undefined, direction: 1 | -1 = 1, severity: "error" | "warning" = "warning"): { rowNumber: number; column: string | undefined } | undefined {
      const count = sheet.count;
      if (count === 0) return undefined;
      const from = rowNumber === undefined ? (direction === 1 ? -1 : count) : indexFor(rowNumber);
      const wanted = (issue: Issue) => issue.severity === "error" || (severity === "warning" && issue.severity === "warning");
      for (let step = 1; step <= count; step++) {
        const index = (((from + direction * step) % count) + count) % count;
        const issue = problemsOfRow(index).find(wanted);
        if (issue) return { rowNumber: sheet.rowNumberAt(index), column: issue.column };
      }
      return undefined;
    },

    /** One order for the order panel. */
    order(orderNumber: string): OrderView | undefined {
      const job = jobs.get(orderNumber);
      const members = jobRows.get(orderNumber) ?? [];
      let skippedRows = 0;
      for (let i = 0; i < sheet.count; i++) if (sheet.isSkipped(i) && orderNumberAt(i) === orderNumber) skippedRows++;
      if (!job && skippedRows === 0) return undefined;
      const group = groupOf(orderNumber, members.map((i) => orderRowAt(i) as OrderRow), requireContext().columnOf);
      const columns: Partial<Record<FieldId, string>> = {};
      for (const field of JOB_FIELD_IDS) {
        const header = columnForField(mapping, field)?.header;
        if (header) columns[field] = header;
      }
      return { orderNumber, job: job ? jobView(orderNumber, job) : undefined, values: group.jobValues, columns, skippedRows };
    },

    /** Every issue, optionally of one severity, in sheet order. */
    issues(severity?: Issue["severity"]): Issue[] {
      const all: Issue[] = [];
      for (let i = 0; i < lines.length; i++) all.push(...issuesOfRow(i));
      for (const orderNumber of jobs.keys()) all.push(...wholeOrderIssues(orderNumber));
      return severity ? all.filter((issue) => issue.severity === severity) : all;
    },

    /** Requests of every job with nothing to fix, each line mapped to its row. */
    payloads(): JobPayload[] {
      return [...jobs.values()].flatMap((job) => (job.payload ? [job.payload] : []));
    },

    /** What a submission sends now (every job the vendor's dry run accepted) and why each other row stays behind. */
    submissionPlan(): SubmissionPlan {
      const ready = new Map<string, JobPayload & { estimate: number; allowExisting?: readonly number[]; existing?: ExistingOrder }>();
      const unchecked = new Set<string>();
      for (const [orderNumber, job] of jobs) {
        const state = jobState(orderNumber, job);
        const allowed = atVendor.allowed(orderNumber);
        const found = state === "existing" ? atVendor.existing(orderNumber) : undefined;
        if (job.payload && (state === "valid" || found)) ready.set(orderNumber, { ...job.payload, estimate: job.estimate, ...(allowed ? { allowExisting: allowed } : {}), ...(found ? { existing: found } : {}) });
        else if (state === "unverified") unchecked.add(orderNumber);
      }
      const rows: PlanRow[] = [];
      for (let i = 0; i < sheet.count; i++) {
        if (!lines[i] && !sheet.isSkipped(i)) continue;
        const rowNumber = sheet.rowNumberAt(i);
        rows.push({ rowNumber, orderNumber: orderNumberAt(i), skipped: sheet.isSkipped(i), importedAs: importedBefore.get(rowNumber), issues: sheet.isSkipped(i) ? [] : issuesOfRow(i) });
      }
      const jobIssues = (orderNumber: string) => {
        const job = jobs.get(orderNumber);
        return job ? jobView(orderNumber, job).issues : [];
      };
      return { ...planSubmission(rows, { ready, issues: jobIssues, unchecked }), rowDetails: rowDetails(), editLog: editLog() };
    },

    setCell(rowNumber: number, column: number | string, value: CellValue): Promise<EditResult> {
      return edit([cellChange(indexFor(rowNumber), sheet.columnIndex(column), value)]);
    },

    /** Several cells as one edit (a paste, a fill, a clear), undone together. */
    setCells(cells: readonly CellEdit[]): Promise<EditResult> {
      return edit(cells.map((cell) => cellChange(indexFor(cell.rowNumber), sheet.columnIndex(cell.column), cell.value)));
    },

    /** The same value into a column, on the given rows or on every row of the sheet. */
    fillColumn(column: number | string, value: CellValue, rows?: readonly number[]): Promise<EditResult> {
      const c = sheet.columnIndex(column);
      const indexes = rows ? rows.map(indexFor) : lines.map((line, i) => (line ? i : -1)).filter((i) => i >= 0);
      return edit(indexes.map((i) => cellChange(i, c, value)));
    },

    /** How many cells of a column contain the text, for a count before replacing. */
    countInColumn(column: number | string, find: string, matchCase = true): number {
      const c = sheet.columnIndex(column);
      if (find === "") return 0;
      const needle = matchCase ? find : find.toLowerCase();
      let count = 0;
      for (let i = 0; i < sheet.count; i++) {
        const text = cellText(sheet.cellAt(i, c));
        if ((matchCase ? text : text.toLowerCase()).includes(needle)) count++;
      }
      return count;
    },

    /** Replaces text in one column, everywhere it occurs (case-sensitively unless told). */
    replaceInColumn(column: number | string, find: string, replacement: string, matchCase = true): Promise<EditResult> {
      const c = sheet.columnIndex(column);
      if (find === "") return edit([]);
      const pattern = new RegExp(escapeRegExp(find), matchCase ? "g" : "gi");
      const changes: Change[] = [];
      for (let i = 0; i < sheet.count; i++) {
        const text = cellText(sheet.cellAt(i, c));
        // A function, so "$&" or "$$" in the replacement are put in as typed.
        if (pattern.test(text)) changes.push(cellChange(i, c, text.replace(pattern, () => replacement)));
        pattern.lastIndex = 0;
      }
      return edit(changes);
    },

    /** Puts an issue's suggestion into the cell it names. */
    applySuggestion(rowNumber: number, code: IssueCode, column?: string): Promise<EditResult> {
      const issue = findIssue(rowNumber, code, column);
      if (!issue?.suggestion || !issue.column || issue.rowNumber === null) return edit([]);
      return edit([cellChange(indexFor(issue.rowNumber), sheet.columnIndex(issue.column), issue.suggestion)]);
    },

    /**
     * Puts an issue's suggestion into every cell with the same issue and the same value
     * (every "cotton" in the Fabric column, say), as one edit.
     */
    applySuggestionToAll(rowNumber: number, code: IssueCode, column?: string): Promise<EditResult> {
      const issue = findIssue(rowNumber, code, column);
      if (!issue?.suggestion || !issue.column || issue.rowNumber === null) return edit([]);
      const c = sheet.columnIndex(issue.column);
      const original = cellText(sheet.cellAt(indexFor(issue.rowNumber), c));
      const changes: Change[] = [];
      for (let i = 0; i < sheet.count; i++) {
        if (cellText(sheet.cellAt(i, c)) !== original) continue;
        if (issuesOfRow(i).some((other) => other.code === code && other.column === issue.column)) changes.push(cellChange(i, c, issue.suggestion));
      }
      return edit(changes);
    },

    /** Leaves a row out of the import (or brings it back); it stays in the grid and the result sheet. */
    skipRow: (rowNumber: number, skip = true): Promise<EditResult> => skipRows([rowNumber], skip),
    skipRows,

    /** Brings back the rows an earlier import created (a result sheet imported again), to send them again. */
    includeImportedBefore: (): Promise<EditResult> => skipRows([...importedBefore.keys()].filter((n) => sheet.isSkipped(sheet.indexOf(n) ?? -1)), false),

    /** Skips (or brings back) every row of an order. */
    skipOrder(orderNumber: string, skip = true): Promise<EditResult> {
      const rowNumbers: number[] = [];
      for (let i = 0; i < sheet.count; i++) if (orderNumberAt(i) === orderNumber) rowNumbers.push(sheet.rowNumberAt(i));
      return skipRows(rowNumbers, skip);
    },

    /**
     * Sets a job-level value (delivery method, address, due date…) of one order, or of every
     * order: where the order gives it already, else on its first row, in the field's column
     * (added when the sheet has none).
     */
    setJobValue(orderNumber: string | "all orders", field: FieldId, value: string): Promise<EditResult> {
      const orders = orderNumber === "all orders" ? [...jobRows.keys()] : [orderNumber];
      return edit(orders.flatMap((order) => jobValueChanges(order, field, value)));
    },

    /**
     * Answers a price code's question the sheet has no column for: on one row, or on every
     * row of that price code. The answers go in a column of their own.
     */
    answerAttribute(attribute: string, value: string, scope: { readonly rowNumber: number } | { readonly code: string }): Promise<EditResult> {
      const column = columnFor({ kind: "attribute", attribute }, attribute);
      if ("rowNumber" in scope) return edit([cellChange(indexFor(scope.rowNumber), column, value)]);
      const changes: Change[] = [];
      const key = priceCodeKey(scope.code);
      for (let i = 0; i < sheet.count; i++) if (isRowOfPriceCode(i, scope.code, key)) changes.push(cellChange(i, column, value));
      return edit(changes);
    },

    async undo(): Promise<EditResult> {
      const changes = history.undo();
      return apply(changes ?? [], "before");
    },

    async redo(): Promise<EditResult> {
      const changes = history.redo();
      return apply(changes ?? [], "after");
    },

    editedCells,
    editLog,
    rowDetails,

    /** The session's edits, for keeping them across a reload. */
    sessionEdits(): SessionEdits {
      return { addedColumns: [...addedColumns], edits: history.applied() };
    },

    /** Replays edits saved from an earlier session of the same sheet and mapping. */
    async restoreEdits(saved: SessionEdits): Promise<EngineSummary> {
      for (const added of saved.addedColumns) columnFor(added.target, added.header);
      for (const record of saved.edits) await edit(record.changes.filter((c) => sheet.indexOf(c.rowNumber) !== undefined), record.at);
      return summary();
    },

    /**
     * Dry-runs with `validateOnly` every job that is ready, or that the vendor could not check
     * last time; the vendor's messages land on their rows. `stopValidation` stops it starting
     * more; the dry runs in flight finish.
     */
    async validate(onProgress?: (done: number, total: number) => void): Promise<EngineSummary> {
      const due = [...jobs].filter(([orderNumber, job]) => job.payload && !validated.has(orderNumber) && (!serverIssues.get(orderNumber)?.length || isRecheckable(orderNumber)));
      const stop = new AbortController();
      validation = stop;
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
            filters.invalidate();
          }
          onProgress?.(++done, due.length);
          return answer;
        },
        pressureOf,
        stop.signal,
      );
      if (validation === stop) validation = undefined;
      return summary();
    },

    /** Orders the dry run accepted that have not been looked up at the vendor since (every one when `all`): are their jobs there already? */
    ordersToLookUp(all = false): { orderNumber: string; candidate: JobPayload["candidate"] }[] {
      const due: { orderNumber: string; candidate: JobPayload["candidate"] }[] = [];
      for (const [orderNumber, job] of jobs) if (job.payload && validated.has(orderNumber) && (all || !atVendor.isLookedUp(orderNumber))) due.push({ orderNumber, candidate: job.payload.candidate });
      return due;
    },

    /** What the vendor (and the journal of earlier imports) said of the orders looked up: those found are left out of the submission. */
    recordOrdersAtVendor(lookedUp: readonly string[], found: ReadonlyMap<string, ExistingOrder>): EngineSummary {
      // An order changed while it was looked up is looked up again after its next dry run.
      atVendor.record(lookedUp.filter((orderNumber) => validated.has(orderNumber)), found);
      filters.invalidate();
      return summary();
    },

    /** The user's choice to send an order although the vendor has a job under its number (never one made here). */
    sendAnyway(orderNumber: string, yes: boolean): EngineSummary {
      atVendor.setSendAnyway(orderNumber, yes);
      filters.invalidate();
      return summary();
    },

    /** Stops a running `validate` from starting more dry runs. */
    stopValidation(): void {
      validation?.abort();
    },

    /** Tries again the facts the vendor could not give. */
    async retryFacts(): Promise<EngineSummary> {
      live.retryUnavailable();
      await settle(new Set(jobRows.keys()));
      filters.invalidate();
      return summary();
    },
  };
}

export type ImportEngine = ReturnType<typeof createImportEngine>;
export { ALL_ROWS, type RowFilter };
