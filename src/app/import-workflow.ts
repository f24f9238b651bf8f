import type { VendorClient } from "../api";
import type { FieldId } from "../core/fields";
import { assignColumn, assignField, missingRequiredFields, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { suggestMapping } from "../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate, type MappingTemplate } from "../core/mapping/templates";
import type { RowResult } from "../core/results";
import type { SheetRow, SheetTable } from "../core/sheet-model";
import type { AccountProfile } from "../core/vendor";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import type { ReadProgress } from "../sheet/workbook";
import type { TemplateStore } from "../storage/mapping-templates";
import { checkSheet, submitJobs, type ReviewSession } from "./import-session";
import type { ConnectionInfo, ConnectionsResult } from "./proxy-client";
import { loadReferenceData, vocabularyWords, type ReferenceData } from "./reference-data";
import type { SheetWorkerClient } from "./sheet-worker-client";

export interface Connected {
  readonly connection: ConnectionInfo;
  readonly account: AccountProfile;
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

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | { readonly step: "connect"; readonly connections?: readonly ConnectionInfo[]; readonly error?: string; readonly needsAccessKey?: boolean; readonly busy?: boolean }
  | { readonly step: "upload"; readonly connected: Connected; readonly error?: string }
  | { readonly step: "opening"; readonly connected: Connected; readonly fileName: string; readonly progress: ReadProgress | undefined }
  | { readonly step: "mapping"; readonly connected: Connected; readonly mapping: MappingState; readonly error?: string }
  | { readonly step: "checking"; readonly connected: Connected; readonly fileName: string; readonly progress: string }
  | { readonly step: "review"; readonly connected: Connected; readonly session: ReviewSession }
  | { readonly step: "submitting"; readonly connected: Connected; readonly session: ReviewSession; readonly done: number; readonly total: number }
  | { readonly step: "done"; readonly connected: Connected; readonly session: ReviewSession; readonly results: readonly RowResult[] };

export interface WorkflowDeps {
  readonly fetchConnections: (accessKey?: string) => Promise<ConnectionsResult>;
  readonly clientFor: (connection: string, accessKey?: string) => VendorClient;
  readonly sheets: SheetWorkerClient;
  readonly templates: () => Promise<TemplateStore>;
  readonly now?: () => Date;
}

/** Rows cross from the sheet worker in windows this size, never as one big message. */
export const ROW_CHUNK = 5_000;

/**
 * The import workflow: the state the page renders and the intents it sends. Components
 * subscribe and call actions; nothing here touches the DOM.
 */
export function createImportWorkflow(deps: WorkflowDeps) {
  let state: ImportState = { step: "connect" };
  const listeners = new Set<() => void>();
  let accessKey: string | undefined;
  let reference: Promise<{ ok: true; data: ReferenceData } | { ok: false; message: string }> | undefined;
  let opening: AbortController | undefined;

  const set = (next: ImportState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const client = (connected: Connected) => deps.clientFor(connected.connection.name, accessKey);
  const inMapping = (): (ImportState & { step: "mapping" }) | undefined => (state.step === "mapping" ? state : undefined);

  async function referenceData(connected: Connected) {
    reference ??= loadReferenceData(client(connected));
    const loaded = await reference;
    if (!loaded.ok) reference = undefined;
    return loaded;
  }

  async function mappingFor(connected: Connected, file: WorkbookSummary, sheetName: string, headerRowNumber?: number): Promise<ImportState> {
    const loaded = await referenceData(connected);
    if (!loaded.ok) return { step: "upload", connected, error: loaded.message };
    const preview = await deps.sheets.preview(sheetName, headerRowNumber, vocabularyWords(loaded.data.vocabulary));
    if (!preview.ok) return { step: "upload", connected, error: preview.message };
    const templates = await (await deps.templates()).forHeaders(preview.preview.headers).catch(() => []);
    const [template] = templates;
    return {
      step: "mapping",
      connected,
      mapping: {
        file,
        sheetName,
        preview: preview.preview,
        mapping: template ? applyTemplate(preview.preview.headers, template) : suggestMapping(preview.preview.headers, loaded.data.vocabulary),
        templates,
        appliedTemplate: template?.name,
        attributes: loaded.data.vocabulary.attributes,
        ...(template ? { notice: `Applied your template "${template.name}", saved for sheets with these headers.` } : {}),
      },
    };
  }

  function updateMapping(change: (mapping: SheetMapping) => SheetMapping, extra: Partial<MappingState> = {}) {
    const current = inMapping();
    if (!current) return;
    set({ ...current, mapping: { ...current.mapping, ...extra, mapping: change(current.mapping.mapping) } });
  }

  async function loadTable(preview: SheetPreview): Promise<SheetTable> {
    const rows: SheetRow[] = [];
    for (let start = 0; start < preview.rowCount; start += ROW_CHUNK) {
      rows.push(...(await deps.sheets.rows(preview.sheetName, preview.headerRowNumber, start, ROW_CHUNK)));
    }
    return { sheetName: preview.sheetName, headerRowNumber: preview.headerRowNumber, headers: preview.headers, rows };
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
      reference = undefined;
      const connected = { connection, account: account.value };
      set({ step: "upload", connected });
      void referenceData(connected);
    },

    async openFile(connected: Connected, fileName: string, bytes: Uint8Array): Promise<void> {
      opening?.abort();
      const controller = new AbortController();
      opening = controller;
      set({ step: "opening", connected, fileName, progress: undefined });
      try {
        const loaded = await referenceData(connected);
        const words = loaded.ok ? vocabularyWords(loaded.data.vocabulary) : [];
        const opened = await deps.sheets.open(bytes, fileName, words, (progress) => {
          if (state.step === "opening" && opening === controller) set({ ...state, progress });
        }, controller.signal);
        if (!opened.ok) return set({ step: "upload", connected, error: opened.message });
        set(await mappingFor(connected, opened.summary, opened.summary.defaultSheet));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        set({ step: "upload", connected, error: `${fileName} could not be read: ${(error as Error).message}` });
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
      const template = createTemplate(name, current.mapping.preview.headers, current.mapping.mapping, (deps.now?.() ?? new Date()).toISOString());
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
      const loaded = await referenceData(current.connected);
      const vocabulary = loaded.ok ? loaded.data.vocabulary : undefined;
      set({ ...current, mapping: { ...current.mapping, mapping: suggestMapping(current.mapping.preview.headers, vocabulary), appliedTemplate: undefined, notice: undefined } });
    },

    async check(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const missing = missingRequiredFields(current.mapping.mapping);
      if (missing.length > 0) return set({ ...current, error: `Map a column to ${missing.join(", ")} first.` });
      const { connected } = current;
      const fileName = current.mapping.file.fileName;
      set({ step: "checking", connected, fileName, progress: "Reading the rows" });
      const loaded = await referenceData(connected);
      if (!loaded.ok) return set({ step: "upload", connected, error: loaded.message });
      const table = await loadTable(current.mapping.preview);
      const checked = await checkSheet(client(connected), fileName, table, current.mapping.mapping, loaded.data.priceCodes, (progress) =>
        set({ step: "checking", connected, fileName, progress }),
      );
      set({ step: "review", connected, session: checked });
    },

    async submit(): Promise<void> {
      if (state.step !== "review") return;
      const { connected, session } = state;
      const results = await submitJobs(client(connected), session, (done, total) => set({ step: "submitting", connected, session, done, total }));
      set({ step: "done", connected, session, results });
    },

    resultFile(session: ReviewSession, results: readonly RowResult[]): Promise<Uint8Array> {
      return deps.sheets.resultSheet(session.table.sheetName, session.table.headerRowNumber, results);
    },

    startOver(connected: Connected): void {
      set({ step: "upload", connected });
    },
  };
}

export type ImportWorkflow = ReturnType<typeof createImportWorkflow>;
