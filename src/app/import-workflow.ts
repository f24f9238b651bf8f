import type { VendorClient } from "../api";
import { isStale, type CatalogueStore } from "../catalogue/catalogue-store";
import { catalogueCounts, loadCatalogue, type CatalogueProgress } from "../catalogue/load-catalogue";
import { catalogueVocabulary, type CatalogueSnapshot } from "../core/catalogue";
import type { FieldId } from "../core/fields";
import type { IssueCode } from "../core/issues";
import { assignColumn, assignField, missingRequiredFields, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate, type MappingTemplate } from "../core/mapping/templates";
import type { RowResult } from "../core/results";
import type { CellValue } from "../core/sheet-model";
import type { AccountProfile } from "../core/vendor";
import type { EngineSummary, JobView, RowView } from "../engine/import-engine";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import type { ReadProgress } from "../sheet/workbook";
import type { TemplateStore } from "../storage/mapping-templates";
import type { EngineWorkerClient } from "./engine-worker-client";
import type { ConnectionInfo, ConnectionsResult } from "./proxy-client";
import type { SheetWorkerClient } from "./sheet-worker-client";
import { submitJobs } from "./submit-jobs";

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

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | { readonly step: "connect"; readonly connections?: readonly ConnectionInfo[]; readonly error?: string; readonly needsAccessKey?: boolean; readonly busy?: boolean }
  | { readonly step: "upload"; readonly connected: Connected; readonly error?: string }
  | { readonly step: "opening"; readonly connected: Connected; readonly fileName: string; readonly progress: ReadProgress | undefined }
  | { readonly step: "mapping"; readonly connected: Connected; readonly mapping: MappingState; readonly error?: string }
  | { readonly step: "checking"; readonly connected: Connected; readonly fileName: string; readonly progress: string }
  | { readonly step: "review"; readonly connected: Connected; readonly review: ReviewState; readonly error?: string }
  | { readonly step: "submitting"; readonly connected: Connected; readonly review: ReviewState; readonly done: number; readonly total: number }
  | { readonly step: "done"; readonly connected: Connected; readonly review: ReviewState; readonly results: readonly RowResult[] };

export interface WorkflowDeps {
  readonly fetchConnections: (accessKey?: string) => Promise<ConnectionsResult>;
  readonly clientFor: (connection: string, accessKey?: string) => VendorClient;
  readonly proxyAddress: (connection: string, accessKey?: string) => { baseUrl: string; headers: Record<string, string> };
  readonly sheets: SheetWorkerClient;
  readonly engine: EngineWorkerClient;
  readonly templates: () => Promise<TemplateStore>;
  readonly catalogues: () => Promise<CatalogueStore>;
  readonly now?: () => Date;
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

  return {
    getState: () => state,
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
      set({ step: "upload", connected: { connection, account: account.value, catalogue: { state: "loading", progress: undefined } } });
      catalogue = loadSnapshot(connection, account.value, false);
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
      progress("Checking the jobs with the vendor");
      await engine.validate();
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

    /** Dry-runs the jobs that changed since the last check. */
    async revalidate(): Promise<void> {
      if (state.step !== "review") return;
      await refreshReview("Checking the jobs with the vendor");
      await (await deps.engine.get()).validate();
      await refreshReview();
    },

    async submit(): Promise<void> {
      if (state.step !== "review") return;
      const { connected, review } = state;
      const engine = await deps.engine.get();
      // Jobs changed since the last dry run are checked again before anything is created.
      await engine.validate();
      const [payloads, jobs, issues] = await Promise.all([engine.payloads(), engine.jobs(), engine.issues()]);
      const sendable = new Set(jobs.filter((j) => j.state === "valid").map((j) => j.orderNumber));
      const rows: { rowNumber: number; orderNumber: string | undefined }[] = [];
      for (let start = 0; start < review.summary.rows + review.summary.skippedRows; start += ROW_CHUNK) {
        for (const row of await engine.rows(start, ROW_CHUNK)) rows.push({ rowNumber: row.rowNumber, orderNumber: row.orderNumber });
      }
      const results = await submitJobs(client(connected), payloads.filter((p) => sendable.has(p.orderNumber)), rows, issues, (done, total) =>
        set({ step: "submitting", connected: currentConnected() ?? connected, review, done, total }),
      );
      set({ step: "done", connected: currentConnected() ?? connected, review, results });
    },

    resultFile(review: ReviewState, results: readonly RowResult[]): Promise<Uint8Array> {
      return deps.sheets.resultSheet(review.sheetName, review.headerRowNumber, results);
    },

    startOver(connected: Connected): void {
      deps.engine.stop();
      set({ step: "upload", connected: currentConnected() ?? connected });
    },
  };
}

/** The page's locale for money, where there is a page. */
function navigatorLocale(): string {
  return typeof navigator !== "undefined" && navigator.language ? navigator.language : "en-NZ";
}

export type ImportWorkflow = ReturnType<typeof createImportWorkflow>;
