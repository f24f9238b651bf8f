import type { FieldId } from "../../core/fields";
import {
  assignColumn,
  assignField,
  missingRequiredFields,
  type MappingTarget,
  type SheetMapping,
} from "../../core/mapping/sheet-mapping";
import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate } from "../../core/mapping/templates";
import type { SheetPreview, WorkbookSummary } from "../../sheet/sheet-preview";
import type { ReadProgress } from "../../sheet/read/workbook";
import type { StartOutcome } from "./review-loading";
import type { ReviewOrigin } from "./review-keeper";
import type { Connected, ImportState, MappingState, WorkflowContext } from "./workflow-state";
import { readingFailed } from "./workflow-words";

/** What the mapping step needs from the rest of the workflow. */
export interface MappingParts {
  /** The catalogue's words, once it is loaded. */
  vocabulary(): Promise<MappingVocabulary | undefined>;
  /** Keeps the dropped file for the review it may become. */
  holdFile(bytes: Uint8Array): void;
  /** Reads and checks the mapped rows, then shows the review; "Stop checking" calls `back`. */
  startReview(
    connected: Connected,
    origin: ReviewOrigin,
    sheet: Pick<SheetPreview, "headers" | "rowCount">,
    back: () => void,
  ): Promise<StartOutcome>;
}

/**
 * The steps before checking: reading the dropped file in the sheet worker (with progress, and
 * a cancel), choosing its sheet and header row, and mapping its columns to the importer's
 * fields, by hand, by a saved template or by the suggestion.
 */
export function createMappingActions(context: WorkflowContext, parts: MappingParts) {
  const { deps } = context;
  let opening: AbortController | undefined;

  const inMapping = (): (ImportState & { step: "mapping" }) | undefined => {
    const state = context.getState();
    return state.step === "mapping" ? state : undefined;
  };

  /** The suggested mapping, worked out in the sheet worker (a long header must not hold up the page), else here. */
  async function suggested(preview: SheetPreview, known?: MappingVocabulary): Promise<SheetMapping> {
    const vocabulary = known ?? (await parts.vocabulary());
    const fromWorker = await deps.sheets
      .suggestMapping(preview.sheetName, preview.headerRowNumber, vocabulary)
      .catch(() => undefined);
    return fromWorker ?? suggestMapping(preview.headers, vocabulary, preview.sampleRows);
  }

  /** The mapping step for a sheet of the open file: a template saved for its headers applied, else the suggestion. */
  async function mappingFor(
    connected: Connected,
    file: WorkbookSummary,
    sheetName: string,
    headerRowNumber?: number,
  ): Promise<ImportState> {
    try {
      const known = await parts.vocabulary();
      const preview = await deps.sheets.preview(sheetName, headerRowNumber, vocabularyWords(known));
      if (!preview.ok) return { step: "upload", connected, error: preview.message };
      const templates = await (await deps.templates()).forHeaders(preview.preview.headers).catch(() => []);
      const [template] = templates;
      const mapping: MappingState = {
        file,
        sheetName,
        preview: preview.preview,
        mapping: template ? applyTemplate(preview.preview.headers, template) : await suggested(preview.preview),
        templates,
        appliedTemplate: template?.name,
        attributes: known?.attributes ?? [],
        ...(template
          ? { notice: `Applied your template "${template.name}", saved for sheets with these headers.` }
          : {}),
      };
      return { step: "mapping", connected: context.currentConnected() ?? connected, mapping };
    } catch (error) {
      // The sheet worker failed, and the file it held went with it.
      console.error(`Reading ${file.fileName} failed`, error);
      return {
        step: "upload",
        connected: context.currentConnected() ?? connected,
        error: readingFailed(file.fileName),
      };
    }
  }

  function updateMapping(change: (mapping: SheetMapping) => SheetMapping, extra: Partial<MappingState> = {}): void {
    const current = inMapping();
    if (current)
      context.set({ ...current, mapping: { ...current.mapping, ...extra, mapping: change(current.mapping.mapping) } });
  }

  return {
    async openFile(connected: Connected, fileName: string, bytes: Uint8Array): Promise<void> {
      opening?.abort();
      const controller = new AbortController();
      opening = controller;
      context.set({ step: "opening", connected, fileName, progress: undefined });
      parts.holdFile(bytes);
      try {
        const known = await parts.vocabulary();
        const onProgress = (progress: ReadProgress) => {
          const state = context.getState();
          if (state.step === "opening" && opening === controller) context.set({ ...state, progress });
        };
        const opened = await deps.sheets.open(bytes, fileName, vocabularyWords(known), onProgress, controller.signal);
        if (!opened.ok)
          return context.set({
            step: "upload",
            connected: context.currentConnected() ?? connected,
            error: opened.message,
          });
        context.set(await mappingFor(connected, opened.summary, opened.summary.defaultSheet));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        console.error(`Reading ${fileName} failed`, error);
        context.set({
          step: "upload",
          connected: context.currentConnected() ?? connected,
          error: readingFailed(fileName),
        });
      } finally {
        if (opening === controller) opening = undefined;
      }
    },

    cancelOpening(): void {
      const current = context.getState();
      opening?.abort();
      if (current.step === "opening")
        context.set({
          step: "upload",
          connected: current.connected,
          error: `Reading ${current.fileName} was cancelled.`,
        });
    },

    async selectSheet(sheetName: string): Promise<void> {
      const current = inMapping();
      if (current) context.set(await mappingFor(current.connected, current.mapping.file, sheetName));
    },

    async setHeaderRow(headerRowNumber: number): Promise<void> {
      const current = inMapping();
      if (current)
        context.set(
          await mappingFor(current.connected, current.mapping.file, current.mapping.sheetName, headerRowNumber),
        );
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
      const template = createTemplate(
        name,
        current.mapping.preview.headers,
        current.mapping.mapping,
        context.now().toISOString(),
      );
      await (await deps.templates()).save(template);
      const templates = [template, ...current.mapping.templates.filter((t) => t.name !== template.name)];
      context.set({
        ...current,
        mapping: {
          ...current.mapping,
          templates,
          appliedTemplate: template.name,
          notice: `Saved the mapping as "${template.name}".`,
        },
      });
    },

    applyTemplate(name: string): void {
      const current = inMapping();
      const template = current?.mapping.templates.find((t) => t.name === name);
      if (!current || !template) return;
      context.set({
        ...current,
        mapping: {
          ...current.mapping,
          mapping: applyTemplate(current.mapping.preview.headers, template),
          appliedTemplate: name,
          notice: undefined,
        },
      });
    },

    async applySuggestedMapping(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const known = await parts.vocabulary();
      context.set({
        ...current,
        mapping: {
          ...current.mapping,
          mapping: await suggested(current.mapping.preview, known),
          appliedTemplate: undefined,
          notice: undefined,
        },
      });
    },

    /** Hands the mapped rows to the engine, which resolves them, then dry-runs the jobs. */
    async check(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const missing = missingRequiredFields(current.mapping.mapping);
      if (missing.length > 0) return context.set({ ...current, error: `Map a column to ${missing.join(", ")} first.` });
      const { preview } = current.mapping;
      const origin = {
        fileName: current.mapping.file.fileName,
        sheetName: preview.sheetName,
        headerRowNumber: preview.headerRowNumber,
        mapping: current.mapping.mapping,
      };
      const { error: _shown, ...mapping } = current;
      const back = () => context.set({ ...mapping, connected: context.currentConnected() ?? current.connected });
      const outcome = await parts.startReview(current.connected, origin, preview, back);
      if (typeof outcome === "object")
        context.set({ ...mapping, connected: context.currentConnected() ?? current.connected, error: outcome.refused });
    },
  };
}

export type MappingActions = ReturnType<typeof createMappingActions>;
