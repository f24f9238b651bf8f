import type { VendorClient } from "../api";
import { isStale, type CatalogueStore } from "../catalogue/catalogue-store";
import { catalogueCounts, loadCatalogue, type CatalogueProgress } from "../catalogue/load-catalogue";
import { catalogueVocabulary, type CatalogueSnapshot } from "../core/catalogue";
import type { FieldId } from "../core/fields";
import type { IssueCode } from "../core/issues";
import { assignColumn, assignField, missingRequiredFields, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate, type MappingTemplate } from "../core/mapping/templates";
import { createRateMeter, describeRate, type RateSnapshot } from "../core/rate-meter";
import type { CellValue } from "../core/sheet-model";
import type { AccountProfile } from "../core/vendor";
import type { EngineSummary, JobView, RowView } from "../engine/import-engine";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import type { ReadProgress } from "../sheet/workbook";
import type { TemplateStore } from "../storage/mapping-templates";
import type { EngineWorkerClient } from "./engine-worker-client";
import type { ConnectionInfo, ConnectionsResult } from "./proxy-client";
import type { SheetWorkerClient } from "./sheet-worker-client";
import type { SubmitWorkerClient } from "./submit-worker-client";
import type { BatchResults, BatchSummary } from "../submit/submit-api";
import { isUnfinished } from "../core/journal";
import type { SubmitProgress } from "../submit/submit-batch";
import { proxy } from "comlink";

/** The account's catalogue as the page shows it: loading, ready (with when and how much), or failed. */
export type CatalogueStatus =
  | { readonly state: "loading"; readonly progress: CatalogueProgress | undefined }
  | { readonly state: "ready"; readonly fetchedAt: string; readonly counts: ReturnType<typeof catalogueCounts> }
  | { readonly state: "failed"; readonly message: string };

export interface Connected {
  readonly connection: ConnectionInfo;
  readonly account: AccountProfile;
  readonly catalogue: CatalogueStatus;
}

export interface MappingState {
  readonly file: WorkbookSummary;
  readonly sheetName: string;
  readonly preview: SheetPreview;
  readonly mapping: SheetMapping;
  /** Saved templates whose headers match this sheet's. */
  readonly templates: readonly MappingTemplate[];
  readonly appliedTemplate: string | undefined;
  /** Attribute names and labels the account's price codes ask for, for hand mapping. */
  readonly attributes: readonly string[];
  readonly notice?: string;
}

/** What the review screen shows, asked of the engine after every change. */
export interface ReviewState {
  readonly fileName: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly headers: readonly string[];
  readonly summary: EngineSummary;
  readonly jobs: readonly JobView[];
  /** Rows with issues, and the rows of any order opened. */
  readonly rows: readonly RowView[];
  readonly busy?: string;
}

/** A submission as the page shows it: the batch, where it is, and the review it came from (none after a reload). */
export interface SubmissionView {
  readonly batchId: string;
  readonly fileName: string;
  readonly review: ReviewState | undefined;
  readonly progress: SubmitProgress | undefined;
  readonly stopping: boolean;
}

/** A finished (or stopped) submission: every row's outcome from the journal. */
export interface SubmissionResult {
  readonly results: BatchResults;
  readonly status: "finished" | "stopped" | "incomplete" | "busy";
  readonly problems: readonly string[];
  readonly review: ReviewState | undefined;
}

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | { readonly step: "connect"; readonly connections?: readonly ConnectionInfo[]; readonly error?: string; readonly needsAccessKey?: boolean; readonly busy?: boolean }
  | { readonly step: "upload"; readonly connected: Connected; readonly error?: string; readonly batches?: readonly BatchSummary[] }
  | { readonly step: "opening"; readonly connected: Connected; readonly fileName: string; readonly progress: ReadProgress | undefined }
  | { readonly step: "mapping"; readonly connected: Connected; readonly mapping: MappingState; readonly error?: string }
  | { readonly step: "checking"; readonly connected: Connected; readonly fileName: string; readonly progress: string; readonly canStop?: boolean }
  | { readonly step: "review"; readonly connected: Connected; readonly review: ReviewState; readonly error?: string }
  | { readonly step: "submitting"; readonly connected: Connected; readonly submission: SubmissionView }
  | { readonly step: "done"; readonly connected: Connected; readonly done: SubmissionResult };

export interface WorkflowDeps {
  readonly fetchConnections: (accessKey?: string) => Promise<ConnectionsResult>;
  readonly clientFor: (connection: string, accessKey?: string) => VendorClient;
  readonly proxyAddress: (connection: string, accessKey?: string) => { baseUrl: string; headers: Record<string, string> };
  readonly sheets: SheetWorkerClient;
  readonly engine: EngineWorkerClient;
  readonly templates: () => Promise<TemplateStore>;
  readonly catalogues: () => Promise<CatalogueStore>;
  readonly submitter: SubmitWorkerClient;
  readonly now?: () => Date;
}

/** Requests in flight at most while submitting; fewer while the vendor is slowing down. */
export const SUBMIT_CONCURRENCY = 4;

/** "Creating jobs: 12 of 40 · 35 a minute · about 1 minute left" */
export function describeSubmitProgress(progress: SubmitProgress): string {
  const label = { reconciling: "Looking up orders that got no clear answer", checking: "Looking for orders the vendor already has", sending: "Creating jobs" }[progress.phase];
  return `${label}: ${describeRate(progress.rate)}`;
}

/** "Dry runs: 120 of 400 · 95 a minute · about 3 minutes left" */
function dryRunText(rate: RateSnapshot): string {
  return `Checking the jobs with the vendor: ${describeRate(rate)}`;
}

/** Rows cross between workers in windows this size, never as one big message. */
export const ROW_CHUNK = 5_000;
/** Issue rows the review screen lists at once. */
export const REVIEW_ROWS = 500;

/**
 * The import workflow: the state the page renders and the intents it sends. Components
 * subscribe and call actions; nothing here touches the DOM.
 */
export function createImportWorkflow(deps: WorkflowDeps) {
  let state: ImportState = { step: "connect" };
  const listeners = new Set<() => void>();
  let accessKey: string | undefined;
  let catalogue: Promise<CatalogueSnapshot | undefined> | undefined;
  let opening: AbortController | undefined;
  let openOrders = new Set<string>();
  /** SHA-256 of the file being imported, recorded with its batch so a re-import is recognised. */
  let fileSha256: string | undefined;
  const now = () => deps.now?.() ?? new Date();

  const set = (next: ImportState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const client = (connected: Pick<Connected, "connection">) => deps.clientFor(connected.connection.name, accessKey);
  const inMapping = (): (ImportState & { step: "mapping" }) | undefined => (state.step === "mapping" ? state : undefined);

  /** Updates the catalogue shown in whatever step the page is in. */
  function showCatalogue(status: CatalogueStatus): void {
    if (state.step !== "connect") set({ ...state, connected: { ...state.connected, catalogue: status } } as ImportState);
  }

  /** The account's snapshot: from IndexedDB when fresh and this account's, else loaded and stored. */
  function loadSnapshot(connection: ConnectionInfo, account: AccountProfile, force: boolean): Promise<CatalogueSnapshot | undefined> {
    return (async () => {
      const store = await deps.catalogues().catch(() => undefined);
      const stored = force ? undefined : await store?.get(connection.name, account.id).catch(() => undefined);
      let snapshot = stored && !isStale(stored, now()) ? stored : undefined;
      if (!snapshot) {
        showCatalogue({ state: "loading", progress: undefined });
        const loaded = await loadCatalogue(client({ connection }), connection.name, { now, onProgress: (progress) => showCatalogue({ state: "loading", progress }) });
        if (!loaded.ok) {
          showCatalogue({ state: "failed", message: loaded.message });
          return undefined;
        }
        snapshot = loaded.snapshot;
        await store?.put(snapshot).catch(() => undefined);
      }
      showCatalogue({ state: "ready", fetchedAt: snapshot.fetchedAt, counts: catalogueCounts(snapshot) });
      return snapshot;
    })();
  }

  async function vocabulary(): Promise<MappingVocabulary | undefined> {
    const snapshot = await catalogue;
    return snapshot ? catalogueVocabulary(snapshot) : undefined;
  }

  async function mappingFor(connected: Connected, file: WorkbookSummary, sheetName: string, headerRowNumber?: number): Promise<ImportState> {
    const known = await vocabulary();
    const preview = await deps.sheets.preview(sheetName, headerRowNumber, vocabularyWords(known));
    if (!preview.ok) return { step: "upload", connected, error: preview.message };
    const templates = await (await deps.templates()).forHeaders(preview.preview.headers).catch(() => []);
    const [template] = templates;
    return {
      step: "mapping",
      connected: currentConnected() ?? connected,
      mapping: {
        file,
        sheetName,
        preview: preview.preview,
        mapping: template ? applyTemplate(preview.preview.headers, template) : suggestMapping(preview.preview.headers, known),
        templates,
        appliedTemplate: template?.name,
        attributes: known?.attributes ?? [],
        ...(template ? { notice: `Applied your template "${template.name}", saved for sheets with these headers.` } : {}),
      },
    };
  }

  const currentConnected = () => (state.step === "connect" ? undefined : state.connected);

  function updateMapping(change: (mapping: SheetMapping) => SheetMapping, extra: Partial<MappingState> = {}) {
    const current = inMapping();
    if (!current) return;
    set({ ...current, mapping: { ...current.mapping, ...extra, mapping: change(current.mapping.mapping) } });
  }

  /** Asks the engine for what the review screen shows now. */
  async function reviewOf(base: Omit<ReviewState, "summary" | "jobs" | "rows">): Promise<ReviewState> {
    const engine = await deps.engine.get();
    const [summary, jobs, issues] = await Promise.all([engine.summary(), engine.jobs(), engine.issues()]);
    const rowNumbers = new Set<number>();
    for (const issue of issues) if (issue.rowNumber !== null && rowNumbers.size < REVIEW_ROWS) rowNumbers.add(issue.rowNumber);
    for (const job of jobs) if (openOrders.has(job.orderNumber)) for (const n of job.rowNumbers) rowNumbers.add(n);
    const rows = await engine.rowsByNumber([...rowNumbers].sort((a, b) => a - b));
    return { ...base, summary, jobs, rows };
  }

  async function refreshReview(busy?: string): Promise<void> {
    if (state.step !== "review") return;
    const current = state;
    if (busy) set({ ...current, review: { ...current.review, busy } });
    const { summary: _s, jobs: _j, rows: _r, busy: _b, ...base } = current.review;
    const review = await reviewOf(base);
    set({ step: "review", connected: currentConnected() ?? current.connected, review });
  }

  /** Runs an edit in the engine, then refreshes the screen. */
  async function editWith(run: (engine: Awaited<ReturnType<EngineWorkerClient["get"]>>) => Promise<unknown>): Promise<void> {
    if (state.step !== "review") return;
    const engine = await deps.engine.get();
    await run(engine);
    await refreshReview();
  }

  /** Dry-runs the jobs that need it, showing counts, rate and time left as it goes. */
  async function dryRun(show: (text: string) => void): Promise<void> {
    const engine = await deps.engine.get();
    let meter: ReturnType<typeof createRateMeter> | undefined;
    await engine.validate(
      proxy((done: number, total: number) => {
        meter ??= createRateMeter(total, () => now().getTime());
        meter.tick(done - meter.snapshot().done);
        show(dryRunText(meter.snapshot()));
      }),
    );
  }

  /** The submitter, pointed at this connection through the proxy. */
  async function submitterFor(connected: Connected) {
    const submitter = await deps.submitter.get();
    const address = deps.proxyAddress(connected.connection.name, accessKey);
    await submitter.connect(address.baseUrl, address.headers);
    return submitter;
  }

  /** This account's submissions in this browser: unfinished ones are offered again after a reload, and every one's results stay at hand. */
  async function accountBatches(connected: Connected): Promise<BatchSummary[]> {
    try {
      const submitter = await submitterFor(connected);
      return await submitter.batches(connected.connection.name, connected.account.id);
    } catch {
      return [];
    }
  }

  async function showUpload(connected: Connected, error?: string): Promise<void> {
    set({ step: "upload", connected, ...(error ? { error } : {}) });
    const batches = await accountBatches(connected);
    if (state.step === "upload" && batches.length > 0) set({ ...state, batches });
  }

  /** Runs (or continues) a batch to its end or a stop, then shows every row's outcome. */
  async function runSubmission(connected: Connected, batchId: string, fileName: string, review: ReviewState | undefined): Promise<void> {
    const submitter = await submitterFor(connected);
    const view: SubmissionView = { batchId, fileName, review, progress: undefined, stopping: false };
    set({ step: "submitting", connected, submission: view });
    let status: SubmissionResult["status"] = "incomplete";
    let problems: readonly string[] = [];
    try {
      const outcome = await submitter.run(
        batchId,
        SUBMIT_CONCURRENCY,
        proxy((progress: SubmitProgress) => {
          if (state.step === "submitting" && state.submission.batchId === batchId) set({ ...state, submission: { ...state.submission, progress } });
        }),
      );
      if (outcome.status === "busy") status = "busy";
      else if (outcome.status !== "missing") ({ status, problems } = outcome);
    } catch (error) {
      problems = [`The submission stopped unexpectedly (${(error as Error).message}); continue it to settle what is left. Nothing is sent twice.`];
    }
    const results = await submitter.results(batchId);
    if (!results) return showUpload(currentConnected() ?? connected, "The submission's journal could not be read back.");
    set({ step: "done", connected: currentConnected() ?? connected, done: { results, status, problems, review } });
  }

  return {
    getState: () => state,
    /** The vendor client of the connection in use, for views beside the import (submitted jobs). */
    vendorClient: (): VendorClient | undefined => {
      const connected = currentConnected();
      return connected ? client(connected) : undefined;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async loadConnections(key?: string): Promise<void> {
      if (key !== undefined) accessKey = key;
      const result = await deps.fetchConnections(accessKey);
      set(result.ok ? { step: "connect", connections: result.connections } : { step: "connect", error: result.message, needsAccessKey: result.needsAccessKey });
    },

    async connect(connection: ConnectionInfo): Promise<void> {
      const before = state;
      if (before.step === "connect") set({ ...before, busy: true });
      const account = await deps.clientFor(connection.name, accessKey).getAccount();
      if (!account.ok) {
        set({ ...(before.step === "connect" ? before : { step: "connect" }), busy: false, error: `Could not open ${connection.name}: ${account.problem.title}` });
        return;
      }
      const connected: Connected = { connection, account: account.value, catalogue: { state: "loading", progress: undefined } };
      catalogue = loadSnapshot(connection, account.value, false);
      await showUpload(connected);
    },

    /** Loads the catalogue again from the vendor, whatever its age. */
    async refreshCatalogue(): Promise<void> {
      const connected = currentConnected();
      if (!connected) return;
      catalogue = loadSnapshot(connected.connection, connected.account, true);
      await catalogue;
    },

    async openFile(connected: Connected, fileName: string, bytes: Uint8Array): Promise<void> {
      opening?.abort();
      const controller = new AbortController();
      opening = controller;
      set({ step: "opening", connected, fileName, progress: undefined });
      fileSha256 = undefined;
      void crypto.subtle.digest("SHA-256", bytes.slice().buffer).then((digest) => {
        if (opening === controller) fileSha256 = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
      });
      try {
        const known = await vocabulary();
        const opened = await deps.sheets.open(bytes, fileName, vocabularyWords(known), (progress) => {
          if (state.step === "opening" && opening === controller) set({ ...state, progress });
        }, controller.signal);
        if (!opened.ok) return set({ step: "upload", connected: currentConnected() ?? connected, error: opened.message });
        set(await mappingFor(connected, opened.summary, opened.summary.defaultSheet));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        set({ step: "upload", connected: currentConnected() ?? connected, error: `${fileName} could not be read: ${(error as Error).message}` });
      } finally {
        if (opening === controller) opening = undefined;
      }
    },

    cancelOpening(): void {
      const current = state;
      opening?.abort();
      if (current.step === "opening") set({ step: "upload", connected: current.connected, error: `Reading ${current.fileName} was cancelled.` });
    },

    async selectSheet(sheetName: string): Promise<void> {
      const current = inMapping();
      if (current) set(await mappingFor(current.connected, current.mapping.file, sheetName));
    },

    async setHeaderRow(headerRowNumber: number): Promise<void> {
      const current = inMapping();
      if (current) set(await mappingFor(current.connected, current.mapping.file, current.mapping.sheetName, headerRowNumber));
    },

    assignField(field: FieldId, column: number | null): void {
      updateMapping((mapping) => assignField(mapping, field, column));
    },

    assignColumn(column: number, target: MappingTarget | null): void {
      updateMapping((mapping) => assignColumn(mapping, column, target));
    },

    async saveTemplate(name: string): Promise<void> {
      const current = inMapping();
      if (!current || name.trim() === "") return;
      const template = createTemplate(name, current.mapping.preview.headers, current.mapping.mapping, now().toISOString());
      await (await deps.templates()).save(template);
      const templates = [template, ...current.mapping.templates.filter((t) => t.name !== template.name)];
      set({ ...current, mapping: { ...current.mapping, templates, appliedTemplate: template.name, notice: `Saved the mapping as "${template.name}".` } });
    },

    applyTemplate(name: string): void {
      const current = inMapping();
      const template = current?.mapping.templates.find((t) => t.name === name);
      if (!current || !template) return;
      set({ ...current, mapping: { ...current.mapping, mapping: applyTemplate(current.mapping.preview.headers, template), appliedTemplate: name, notice: undefined } });
    },

    async useSuggestedMapping(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const known = await vocabulary();
      set({ ...current, mapping: { ...current.mapping, mapping: suggestMapping(current.mapping.preview.headers, known), appliedTemplate: undefined, notice: undefined } });
    },

    /** Hands the mapped rows to the engine, which resolves them, then dry-runs the jobs. */
    async check(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const missing = missingRequiredFields(current.mapping.mapping);
      if (missing.length > 0) return set({ ...current, error: `Map a column to ${missing.join(", ")} first.` });
      const { preview } = current.mapping;
      const fileName = current.mapping.file.fileName;
      const progress = (message: string) => set({ step: "checking", connected: currentConnected() ?? current.connected, fileName, progress: message });
      progress("Waiting for your catalogue");
      const snapshot = await catalogue;
      if (!snapshot) return set({ ...current, error: "The catalogue is not loaded; refresh it and try again." });
      deps.engine.stop();
      const engine = await deps.engine.get();
      const address = deps.proxyAddress(current.connected.connection.name, accessKey);
      await engine.connect(address.baseUrl, address.headers);
      for (let start = 0; start < preview.rowCount; start += ROW_CHUNK) {
        progress(`Reading rows ${start + 1}–${Math.min(preview.rowCount, start + ROW_CHUNK)} of ${preview.rowCount}`);
        await engine.appendRows(await deps.sheets.rows(preview.sheetName, preview.headerRowNumber, start, ROW_CHUNK));
      }
      progress("Checking every row against your catalogue");
      await engine.start({ headers: preview.headers, mapping: current.mapping.mapping, snapshot, locale: navigatorLocale() });
      set({ step: "checking", connected: currentConnected() ?? current.connected, fileName, progress: "Checking the jobs with the vendor", canStop: true });
      await dryRun((text) => state.step === "checking" && set({ ...state, progress: text }));
      openOrders = new Set();
      const review = await reviewOf({ fileName, sheetName: preview.sheetName, headerRowNumber: preview.headerRowNumber, headers: preview.headers });
      set({ step: "review", connected: currentConnected() ?? current.connected, review });
    },

    setCell: (rowNumber: number, column: string, value: CellValue) => editWith((engine) => engine.setCell(rowNumber, column, value)),
    applySuggestion: (rowNumber: number, code: IssueCode, column?: string) => editWith((engine) => engine.applySuggestion(rowNumber, code, column)),
    applySuggestionToAll: (rowNumber: number, code: IssueCode, column?: string) => editWith((engine) => engine.applySuggestionToAll(rowNumber, code, column)),
    skipRow: (rowNumber: number, skip: boolean) => editWith((engine) => engine.skipRow(rowNumber, skip)),
    undo: () => editWith((engine) => engine.undo()),
    redo: () => editWith((engine) => engine.redo()),

    async toggleOrder(orderNumber: string): Promise<void> {
      if (openOrders.has(orderNumber)) openOrders.delete(orderNumber);
      else openOrders.add(orderNumber);
      await refreshReview();
    },

    /** Dry-runs the jobs that changed since the last check, or that the vendor could not check. */
    async revalidate(): Promise<void> {
      if (state.step !== "review") return;
      await refreshReview("Checking the jobs with the vendor");
      await dryRun((text) => state.step === "review" && set({ ...state, review: { ...state.review, busy: text } }));
      await refreshReview();
    },

    /** Stops the dry runs from starting more; those in flight finish. */
    async stopChecking(): Promise<void> {
      (await deps.engine.get()).stopValidation();
    },

    /**
     * Checks what changed since the last dry run, writes the batch to the journal and sends
     * it. Only jobs the vendor's dry run accepted are sent; every other row is written down
     * with why, for the result sheet.
     */
    async submit(): Promise<void> {
      if (state.step !== "review") return;
      const { connected } = state;
      const engine = await deps.engine.get();
      await refreshReview("Checking the jobs with the vendor");
      await dryRun((text) => state.step === "review" && set({ ...state, review: { ...state.review, busy: text } }));
      await refreshReview();
      if (state.step !== "review") return;
      const { review } = state;
      const plan = await engine.submissionPlan();
      if (plan.orders.length === 0) return set({ ...state, error: "No job is ready to send: fix the problems shown, then check again." });
      const submitter = await submitterFor(connected);
      const batch = await submitter.plan({
        ...plan,
        connection: connected.connection.name,
        accountId: connected.account.id,
        accountName: connected.account.name ?? "",
        fileName: review.fileName,
        sheetName: review.sheetName,
        headerRowNumber: review.headerRowNumber,
        fileSha256,
      });
      await runSubmission(currentConnected() ?? connected, batch.id, review.fileName, review);
    },

    /** Continues a batch left unfinished (a reload, a crash, a stop): in-flight orders are looked up first. */
    async resume(batchId: string): Promise<void> {
      const connected = currentConnected();
      if (!connected) return;
      const submitter = await submitterFor(connected);
      const results = await submitter.results(batchId);
      if (!results) return showUpload(connected, "That submission is no longer in this browser's journal.");
      await runSubmission(connected, batchId, results.batch.fileName, state.step === "done" ? state.done.review : undefined);
    },

    /** Shows a batch's results (every row's outcome) without sending anything. */
    async showResults(batchId: string): Promise<void> {
      const connected = currentConnected();
      if (!connected) return;
      const results = await (await submitterFor(connected)).results(batchId);
      if (!results) return;
      const finished = !results.orders.some(isUnfinished);
      set({ step: "done", connected, done: { results, status: finished ? "finished" : "incomplete", problems: [], review: undefined } });
    },

    /** Stops sending: the orders in flight finish and are written down; the rest wait for "Continue". */
    async stopSubmitting(): Promise<void> {
      if (state.step !== "submitting") return;
      set({ ...state, submission: { ...state.submission, stopping: true } });
      await (await deps.submitter.get()).stop();
    },

    /** The user's decision to send orders again (already existing, or not found after an unclear answer), then sends them. */
    async sendAgain(orderNumbers: readonly string[]): Promise<void> {
      if (state.step !== "done") return;
      const { connected, done } = state;
      const submitter = await submitterFor(connected);
      await submitter.allowResend(done.results.batch.id, orderNumbers);
      await runSubmission(connected, done.results.batch.id, done.results.batch.fileName, done.review);
    },

    /**
     * The result sheet, from the journal: the user's own sheet with the result columns when
     * it is still open here, else the results alone (after a reload, say).
     */
    async resultFile(done: SubmissionResult): Promise<{ readonly bytes: Uint8Array; readonly withSheet: boolean }> {
      const { batch } = done.results;
      if (done.review && done.review.sheetName === batch.sheetName && done.review.fileName === batch.fileName) {
        // The sheet worker lets go of the file when idle for long; then the results come alone.
        const bytes = await deps.sheets.resultSheet(batch.sheetName, batch.headerRowNumber, done.results.rows).catch(() => undefined);
        if (bytes) return { bytes, withSheet: true };
      }
      return { bytes: await deps.sheets.resultsOnlySheet(done.results.rows), withSheet: false };
    },

    startOver(connected: Connected): void {
      deps.engine.stop();
      void showUpload(currentConnected() ?? connected);
    },
  };
}

/** The page's locale for money, where there is a page. */
function navigatorLocale(): string {
  return typeof navigator !== "undefined" && navigator.language ? navigator.language : "en-NZ";
}

export type ImportWorkflow = ReturnType<typeof createImportWorkflow>;
