import { createAdaptiveLimiter, mapAdaptively, pressureOf } from "../api/adaptive-limiter";
import { catalogueVocabulary, indexCatalogue, type CatalogueSnapshot } from "../core/catalogue";
import { dateOrderFor } from "../core/dates";
import { formatMoney } from "../core/estimate";
import type { FieldId } from "../core/fields";
import { groupOf } from "../core/group";
import { RECHECKABLE_CODES, type Issue, type IssueCode } from "../core/issues";
import { columnForField, type SheetMapping } from "../core/mapping/sheet-mapping";
import { orderRowReader, type OrderRow } from "../core/order-rows";
import {
  distinctNeeds,
  needKey,
  processCodesOf,
  resolveJob,
  resolveRow,
  processSetKey,
  type FactRequest,
  type JobPayload,
  type LiveFacts,
  type ResolveContext,
  type ResolveOptions,
  type ResolvedJob,
  type ResolvedLine,
} from "../core/resolve";
import type { PriceBand, PriceCode, PromoValidationResult } from "../core/vendor";
import { cellText, type CellValue, type SheetRow } from "../core/sheet-model";
import { issuesFromServerProblem } from "../core/server-issues";
import { planSubmission, type PlanRow, type SubmissionPlan } from "../core/batch-plan";
import type { VendorGateway } from "./vendor-gateway";

/**
 * What a job looks like to the review screen: blocked by errors, waiting for facts from the
 * vendor (pending), ready to dry-run, valid (the dry run passed), rejected by the dry run, or
 * unverified (the vendor could not check it this time).
 */
export type JobState = "ready" | "blocked" | "pending" | "rejected" | "unverified" | "valid";

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
}

export interface RowView {
  readonly rowNumber: number;
  readonly cells: readonly string[];
  readonly orderNumber: string | undefined;
  readonly itemType: string | undefined;
  readonly skipped: boolean;
  readonly estimateText: string | undefined;
  readonly issues: readonly Issue[];
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

type Change =
  | { readonly kind: "cell"; readonly index: number; readonly column: number; readonly before: CellValue; readonly after: CellValue }
  | { readonly kind: "skip"; readonly index: number; readonly before: boolean; readonly after: boolean };

export interface EditResult {
  readonly changedCells: number;
  readonly summary: EngineSummary;
}

const MAX_FACT_ROUNDS = 3;
/** Dry runs in flight at most; fewer while the vendor is slowing down. */
export const VALIDATION_CONCURRENCY = 4;
const HISTORY_LIMIT = 200;

/**
 * The import session: the sheet's rows (with the user's edits), the mapping, the catalogue
 * snapshot, each row resolved and each order resolved as a job. An edit re-resolves only the
 * rows it touched and the jobs they belong to (or belonged to); undo and redo replay edits.
 */
export function createImportEngine(gateway: VendorGateway) {
  let headers: readonly string[] = [];
  let mapping: SheetMapping = { columns: [] };
  let snapshot: CatalogueSnapshot | undefined;
  let context: ResolveContext | undefined;
  let read: (row: SheetRow) => OrderRow | undefined = () => undefined;
  let locale = "en-NZ";

  let rowNumbers: number[] = [];
  let cells: CellValue[][] = [];
  const indexOf = new Map<number, number>();
  const skipped = new Set<number>();
  let lines: (ResolvedLine | undefined)[] = [];
  const jobRows = new Map<string, number[]>();
  const jobs = new Map<string, ResolvedJob>();
  const serverIssues = new Map<string, Issue[]>();
  const validated = new Set<string>();
  const facts = { shipDates: new Map<string, string | null>(), promos: new Map<string, PromoValidationResult>(), metadataCodes: new Map<string, PriceCode | null>(), customBands: new Map<string, readonly PriceBand[] | null>() };
  const unavailable = new Map<string, string>();
  let validation: AbortController | undefined;
  const undoStack: Change[][] = [];
  const redoStack: Change[][] = [];
  /** Issue counts and the estimate, kept up to date as rows and jobs change, so a summary costs nothing. */
  const tally = { error: 0, warning: 0, info: 0, byCode: new Map<IssueCode, number>(), estimate: 0 };

  function count(issues: readonly Issue[] | undefined, sign: 1 | -1): void {
    for (const issue of issues ?? []) {
      tally[issue.severity] += sign;
      tally.byCode.set(issue.code, (tally.byCode.get(issue.code) ?? 0) + sign);
    }
  }

  function setJob(orderNumber: string, job: ResolvedJob | undefined): void {
    const old = jobs.get(orderNumber);
    if (old) {
      count(old.issues, -1);
      tally.estimate -= old.estimate;
    }
    setServerIssues(orderNumber, undefined);
    validated.delete(orderNumber);
    if (job) {
      jobs.set(orderNumber, job);
      count(job.issues, 1);
      tally.estimate += job.estimate;
    } else jobs.delete(orderNumber);
  }

  function setServerIssues(orderNumber: string, issues: Issue[] | undefined): void {
    count(serverIssues.get(orderNumber), -1);
    if (issues) {
      serverIssues.set(orderNumber, issues);
      count(issues, 1);
    } else serverIssues.delete(orderNumber);
  }

  const liveFacts: LiveFacts = facts;
  const currency = () => snapshot?.account.currency ?? "NZD";
  const money = (amount: number) => formatMoney(amount, currency(), locale);

  function requireContext(): ResolveContext {
    if (!context) throw new Error("The engine has no session: call start first");
    return context;
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
    return skipped.has(index) ? undefined : read({ rowNumber: rowNumbers[index] ?? 0, cells: cells[index] ?? [] });
  }

  function resolveIndex(index: number): void {
    const orderRow = orderRowAt(index);
    count(lines[index]?.issues, -1);
    lines[index] = orderRow ? resolveRow(orderRow, requireContext()) : undefined;
    count(lines[index]?.issues, 1);
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
    for (const orderNumber of orders) {
      const job = jobs.get(orderNumber);
      if (job) needs.push(...job.needs.filter((n) => !unavailable.has(needKey(n))));
    }
    return distinctNeeds(needs);
  }

  /** Asks the vendor for facts and records the answers (or that none came). */
  async function fetchFacts(needs: readonly FactRequest[]): Promise<void> {
    if (needs.length === 0) return;
    for (const answer of await gateway.fetchFacts(needs)) {
      const { request } = answer;
      if ("failed" in answer) {
        unavailable.set(needKey(request), `${request.kind} ${request.key}: ${answer.failed}`);
        continue;
      }
      if (request.kind === "shipDate") facts.shipDates.set(request.key, answer.value as string | null);
      else if (request.kind === "promo") facts.promos.set(request.key, answer.value as PromoValidationResult);
      else if (request.kind === "metadataCode") facts.metadataCodes.set(request.key, answer.value as PriceCode | null);
      else facts.customBands.set(request.key, answer.value as readonly PriceBand[] | null);
    }
  }

  /** Fetches what resolution asked for, then resolves again what depended on it. */
  async function settle(orders: Set<string>): Promise<void> {
    for (let round = 0; round < MAX_FACT_ROUNDS; round++) {
      const needs = pendingNeeds(orders);
      if (needs.length === 0) return;
      await fetchFacts(needs);
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

  function jobState(orderNumber: string, job: ResolvedJob): JobState {
    if (job.hasErrors) return "blocked";
    if (isRecheckable(orderNumber)) return "unverified";
    if (serverIssues.get(orderNumber)?.length) return "rejected";
    if (!job.payload) return "pending";
    return validated.has(orderNumber) ? "valid" : "ready";
  }

  function summary(): EngineSummary {
    const byCode: Partial<Record<IssueCode, number>> = {};
    for (const [code, n] of tally.byCode) if (n > 0) byCode[code] = n;
    const jobCounts: Record<JobState, number> = { ready: 0, blocked: 0, pending: 0, rejected: 0, unverified: 0, valid: 0 };
    for (const [orderNumber, job] of jobs) jobCounts[jobState(orderNumber, job)]++;
    const total = Math.round(tally.estimate * 100) / 100;
    return {
      rows: rowNumbers.length - skipped.size,
      skippedRows: skipped.size,
      jobs: { ...jobCounts, total: jobs.size },
      issues: { error: tally.error, warning: tally.warning, info: tally.info, byCode },
      estimate: { total, text: money(total), currency: currency() },
      unavailableFacts: [...unavailable.values()],
      canUndo: undoStack.length > 0,
      canRedo: redoStack.length > 0,
    };
  }

  function issuesOfRow(index: number): Issue[] {
    const line = lines[index];
    const rowNumber = rowNumbers[index];
    const own = [...(line?.issues ?? [])];
    const orderNumber = line?.orderNumber;
    if (orderNumber !== undefined) {
      for (const issue of jobs.get(orderNumber)?.issues ?? []) if (issue.rowNumber === rowNumber) own.push(issue);
      for (const issue of serverIssues.get(orderNumber) ?? []) if (issue.rowNumber === rowNumber) own.push(issue);
    }
    return own;
  }

  function rowView(index: number): RowView {
    const line = lines[index];
    return {
      rowNumber: rowNumbers[index] ?? 0,
      cells: headers.map((_h, column) => cellText(cells[index]?.[column] ?? null)),
      orderNumber: line?.orderNumber,
      itemType: line?.itemType,
      skipped: skipped.has(index),
      estimateText: line?.estimate ? money(line.estimate.total) : undefined,
      issues: issuesOfRow(index),
    };
  }

  function jobView(orderNumber: string, job: ResolvedJob): JobView {
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
      issues: [...job.issues.filter((i) => i.rowNumber === null), ...(serverIssues.get(orderNumber) ?? []).filter((i) => i.rowNumber === null)],
    };
  }

  /** Applies changes (an edit, or an undo's reversal) and re-resolves what they touched. */
  async function apply(changes: readonly Change[], direction: "after" | "before"): Promise<number> {
    const touchedRows = new Set<number>();
    for (const change of changes) {
      if (change.kind === "cell") {
        const row = [...(cells[change.index] ?? [])];
        while (row.length <= change.column) row.push(null);
        row[change.column] = direction === "after" ? change.after : change.before;
        cells[change.index] = row;
      } else if ((direction === "after" ? change.after : change.before)) skipped.add(change.index);
      else skipped.delete(change.index);
      touchedRows.add(change.index);
    }
    const orders = refresh(touchedRows);
    await settle(orders);
    return changes.length;
  }

  async function edit(changes: Change[]): Promise<EditResult> {
    const real = changes.filter((c) => (c.kind === "cell" ? cellText(c.before) !== cellText(c.after) || c.before !== c.after : c.before !== c.after));
    if (real.length > 0) {
      undoStack.push(real);
      if (undoStack.length > HISTORY_LIMIT) undoStack.shift();
      redoStack.length = 0;
    }
    const changedCells = await apply(real, "after");
    return { changedCells, summary: summary() };
  }

  function indexFor(rowNumber: number): number {
    const index = indexOf.get(rowNumber);
    if (index === undefined) throw new Error(`No row ${rowNumber} in the session`);
    return index;
  }

  function columnIndex(column: number | string): number {
    const index = typeof column === "number" ? column : headers.indexOf(column);
    if (index < 0 || index >= headers.length) throw new Error(`No column ${String(column)} in the session`);
    return index;
  }

  const cellChange = (index: number, column: number, value: CellValue): Change => ({
    kind: "cell",
    index,
    column,
    before: cells[index]?.[column] ?? null,
    after: value,
  });

  function findIssue(rowNumber: number, code: IssueCode, column?: string): Issue | undefined {
    return issuesOfRow(indexFor(rowNumber)).find((i) => i.code === code && (column === undefined || i.column === column));
  }

  return {
    /** Starts a session: resolves every row, groups the jobs, and fetches the live facts they need. */
    async start(setup: EngineSetup): Promise<EngineSummary> {
      headers = setup.headers;
      mapping = setup.mapping;
      snapshot = setup.snapshot;
      locale = setup.locale ?? "en-NZ";
      const catalogue = indexCatalogue(setup.snapshot);
      context = {
        catalogue,
        facts: liveFacts,
        columnOf: (field: FieldId) => columnForField(mapping, field)?.header,
        dateOrder: dateOrderFor(setup.snapshot.account.entityAddress?.countryCode),
        options: { eachRowOwnJob: setup.options?.eachRowOwnJob ?? false },
      };
      read = orderRowReader(headers, mapping);
      rowNumbers = setup.rows.map((row) => row.rowNumber);
      cells = setup.rows.map((row) => row.cells as CellValue[]);
      indexOf.clear();
      rowNumbers.forEach((n, i) => indexOf.set(n, i));
      skipped.clear();
      jobRows.clear();
      jobs.clear();
      serverIssues.clear();
      validated.clear();
      Object.assign(tally, { error: 0, warning: 0, info: 0, estimate: 0 });
      tally.byCode.clear();
      undoStack.length = 0;
      redoStack.length = 0;
      lines = new Array(rowNumbers.length);
      for (let i = 0; i < rowNumbers.length; i++) resolveIndex(i);
      // Facts the lines and their process sets need are fetched before any job is resolved,
      // so each job is resolved once rather than once without them and once with.
      await fetchFacts(distinctNeeds(lines.flatMap((line) => line?.needs ?? [])));
      const waiting: number[] = [];
      lines.forEach((line, i) => {
        if (line?.needs.length) waiting.push(i);
      });
      for (const i of waiting) resolveIndex(i);
      const processSets = new Map<string, FactRequest>();
      for (let i = 0; i < rowNumbers.length; i++) {
        const orderNumber = lines[i]?.orderNumber;
        if (orderNumber === undefined) continue;
        const members = jobRows.get(orderNumber);
        if (members) members.push(i);
        else jobRows.set(orderNumber, [i]);
      }
      for (const members of jobRows.values()) {
        const processCodes = processCodesOf(members.map((i) => lines[i] as ResolvedLine));
        const key = processSetKey(processCodes);
        if (processCodes.length > 0 && !facts.shipDates.has(key)) processSets.set(key, { kind: "shipDate", key, processCodes });
      }
      await fetchFacts([...processSets.values()]);
      for (const orderNumber of jobRows.keys()) resolveOrder(orderNumber);
      await settle(new Set(jobRows.keys()));
      return summary();
    },

    summary,
    vocabulary: () => (snapshot ? catalogueVocabulary(snapshot) : { attributes: [], sizes: [] }),

    jobs(): JobView[] {
      return [...jobs].map(([orderNumber, job]) => jobView(orderNumber, job));
    },

    rows(start: number, count: number): RowView[] {
      const views: RowView[] = [];
      for (let i = Math.max(0, start); i < Math.min(rowNumbers.length, start + count); i++) views.push(rowView(i));
      return views;
    },

    rowsByNumber(numbers: readonly number[]): RowView[] {
      return numbers.filter((n) => indexOf.has(n)).map((n) => rowView(indexFor(n)));
    },

    /** Every issue, optionally of one severity, in sheet order. */
    issues(severity?: Issue["severity"]): Issue[] {
      const all: Issue[] = [];
      for (let i = 0; i < lines.length; i++) all.push(...issuesOfRow(i));
      for (const [orderNumber, job] of jobs) {
        all.push(...job.issues.filter((issue) => issue.rowNumber === null));
        all.push(...(serverIssues.get(orderNumber) ?? []).filter((issue) => issue.rowNumber === null));
      }
      return severity ? all.filter((issue) => issue.severity === severity) : all;
    },

    /** Requests of every job with nothing to fix, each line mapped to its row. */
    payloads(): JobPayload[] {
      return [...jobs.values()].flatMap((job) => (job.payload ? [job.payload] : []));
    },

    /** What a submission sends now (every job the vendor's dry run accepted) and why each other row stays behind. */
    submissionPlan(): SubmissionPlan {
      const ready = new Map<string, JobPayload>();
      for (const [orderNumber, job] of jobs) if (job.payload && jobState(orderNumber, job) === "valid") ready.set(orderNumber, job.payload);
      const rows: PlanRow[] = [];
      for (let i = 0; i < rowNumbers.length; i++) {
        const rowNumber = rowNumbers[i] ?? 0;
        // A skipped row has no line; it is read again for its order number.
        const orderNumber = skipped.has(i) ? read({ rowNumber, cells: cells[i] ?? [] })?.values.orderNumber : lines[i]?.orderNumber;
        if (!lines[i] && !skipped.has(i)) continue;
        rows.push({ rowNumber, orderNumber, skipped: skipped.has(i), issues: skipped.has(i) ? [] : issuesOfRow(i) });
      }
      const jobIssues = (orderNumber: string) => {
        const job = jobs.get(orderNumber);
        return job ? jobView(orderNumber, job).issues : [];
      };
      return planSubmission(rows, ready, jobIssues);
    },

    setCell(rowNumber: number, column: number | string, value: CellValue): Promise<EditResult> {
      return edit([cellChange(indexFor(rowNumber), columnIndex(column), value)]);
    },

    /** The same value into a column, on the given rows or on every row of the sheet. */
    fillColumn(column: number | string, value: CellValue, rows?: readonly number[]): Promise<EditResult> {
      const c = columnIndex(column);
      const indexes = rows ? rows.map(indexFor) : rowNumbers.map((_n, i) => i).filter((i) => lines[i] !== undefined);
      return edit(indexes.map((i) => cellChange(i, c, value)));
    },

    /** Replaces text in one column, everywhere it occurs (case-sensitively unless told). */
    replaceInColumn(column: number | string, find: string, replacement: string, matchCase = true): Promise<EditResult> {
      const c = columnIndex(column);
      if (find === "") return edit([]);
      const pattern = new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), matchCase ? "g" : "gi");
      const changes: Change[] = [];
      cells.forEach((row, i) => {
        const text = cellText(row[c] ?? null);
        if (pattern.test(text)) changes.push(cellChange(i, c, text.replace(pattern, replacement)));
        pattern.lastIndex = 0;
      });
      return edit(changes);
    },

    /** Puts an issue's suggestion into the cell it names. */
    applySuggestion(rowNumber: number, code: IssueCode, column?: string): Promise<EditResult> {
      const issue = findIssue(rowNumber, code, column);
      if (!issue?.suggestion || !issue.column || issue.rowNumber === null) return edit([]);
      return edit([cellChange(indexFor(issue.rowNumber), columnIndex(issue.column), issue.suggestion)]);
    },

    /**
     * Puts an issue's suggestion into every cell with the same issue and the same value
     * (every "cotton" in the Fabric column, say), as one edit.
     */
    applySuggestionToAll(rowNumber: number, code: IssueCode, column?: string): Promise<EditResult> {
      const issue = findIssue(rowNumber, code, column);
      if (!issue?.suggestion || !issue.column || issue.rowNumber === null) return edit([]);
      const c = columnIndex(issue.column);
      const original = cellText(cells[indexFor(issue.rowNumber)]?.[c] ?? null);
      const changes: Change[] = [];
      for (let i = 0; i < rowNumbers.length; i++) {
        if (cellText(cells[i]?.[c] ?? null) !== original) continue;
        if (issuesOfRow(i).some((other) => other.code === code && other.column === issue.column)) changes.push(cellChange(i, c, issue.suggestion));
      }
      return edit(changes);
    },

    /** Leaves a row out of the import (or brings it back); it stays in the result sheet. */
    skipRow(rowNumber: number, skip = true): Promise<EditResult> {
      const index = indexFor(rowNumber);
      return edit([{ kind: "skip", index, before: skipped.has(index), after: skip }]);
    },

    async undo(): Promise<EditResult> {
      const changes = undoStack.pop();
      if (!changes) return { changedCells: 0, summary: summary() };
      redoStack.push(changes);
      return { changedCells: await apply([...changes].reverse(), "before"), summary: summary() };
    },

    async redo(): Promise<EditResult> {
      const changes = redoStack.pop();
      if (!changes) return { changedCells: 0, summary: summary() };
      undoStack.push(changes);
      return { changedCells: await apply(changes, "after"), summary: summary() };
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
      const limiter = createAdaptiveLimiter({ max: VALIDATION_CONCURRENCY });
      await mapAdaptively(
        due,
        limiter,
        async ([orderNumber, job]) => {
          const payload = job.payload as JobPayload;
          const answer = await gateway.validateJob(payload.candidate);
          // An edit may have replaced the job meanwhile: then this answer is about a request no longer meant.
          if (jobs.get(orderNumber) === job) {
            if (answer.ok) {
              setServerIssues(orderNumber, undefined);
              validated.add(orderNumber);
            } else setServerIssues(orderNumber, issuesFromServerProblem(payload, answer.problem));
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

    /** Stops a running `validate` from starting more dry runs. */
    stopValidation(): void {
      validation?.abort();
    },

    /** Tries again the facts the vendor could not give. */
    async retryFacts(): Promise<EngineSummary> {
      unavailable.clear();
      await settle(new Set(jobRows.keys()));
      return summary();
    },
  };
}

export type ImportEngine = ReturnType<typeof createImportEngine>;
