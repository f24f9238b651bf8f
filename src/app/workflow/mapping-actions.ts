import type { FieldId } from "../../core/fields";
import {
  assignColumn,
  assignField,
  missingRequiredFields,
  type MappingTarget,
  type SheetMapping,
} from "../../core/mapping/sheet-mapping";
import { suggestMapping, type MappingVocabulary } from "../../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate } from "../../core/mapping/templates";
import type { SheetPreview } from "../../sheet/sheet-preview";
import type { StartOutcome } from "./review-loading";
import type { ReviewOrigin } from "./review-keeper";
import type { Connected, ImportState, MappingState, WorkflowContext } from "./workflow-state";

/** What the mapping step needs from the rest of the workflow. */
export interface MappingParts {
  /** The catalogue's words, once it is loaded. */
  vocabulary(): Promise<MappingVocabulary | undefined>;
  /** Reads and checks the mapped rows, then shows the review; "Stop checking" calls `back`. */
  startReview(
    connected: Connected,
    origin: ReviewOrigin,
    sheet: Pick<SheetPreview, "headers" | "rowCount">,
    back: () => void,
  ): Promise<StartOutcome>;
}

/** The page, when it is on the mapping step. */
export function inMapping(context: WorkflowContext): (ImportState & { step: "mapping" }) | undefined {
  const state = context.getState();
  return state.step === "mapping" ? state : undefined;
}

/** The suggested mapping, worked out in the sheet worker (a long header must not hold up the page), else here. */
export async function suggestedMapping(
  context: WorkflowContext,
  parts: Pick<MappingParts, "vocabulary">,
  preview: SheetPreview,
  known?: MappingVocabulary,
  file = 0,
): Promise<SheetMapping> {
  const vocabulary = known ?? (await parts.vocabulary());
  const fromWorker = await context.deps.sheets
    .suggestMapping(preview.sheetName, preview.headerRowNumber, vocabulary, file)
    .catch(() => undefined);
  return fromWorker ?? suggestMapping(preview.headers, vocabulary, preview.sampleRows);
}

/**
 * The mapping step, once a sheet of the dropped file is read (see the file opening): its
 * columns mapped to the importer's fields, by hand, by a saved template or by the suggestion,
 * then checked.
 */
export function createMappingActions(context: WorkflowContext, parts: MappingParts) {
  const { deps } = context;

  function updateMapping(change: (mapping: SheetMapping) => SheetMapping, extra: Partial<MappingState> = {}): void {
    const current = inMapping(context);
    if (current)
      context.set({ ...current, mapping: { ...current.mapping, ...extra, mapping: change(current.mapping.mapping) } });
  }

  return {
    assignField(field: FieldId, column: number | null): void {
      updateMapping((mapping) => assignField(mapping, field, column));
    },

    assignColumn(column: number, target: MappingTarget | null): void {
      updateMapping((mapping) => assignColumn(mapping, column, target));
    },

    async saveTemplate(name: string): Promise<void> {
      const current = inMapping(context);
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
      const current = inMapping(context);
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
      const current = inMapping(context);
      if (!current) return;
      const known = await parts.vocabulary();
      context.set({
        ...current,
        mapping: {
          ...current.mapping,
          mapping: await suggestedMapping(context, parts, current.mapping.preview, known),
          appliedTemplate: undefined,
          notice: undefined,
        },
      });
    },

    /** Hands the mapped rows to the engine, which resolves them, then dry-runs the jobs. */
    async check(): Promise<void> {
      const current = inMapping(context);
      if (!current) return;
      const missing = missingRequiredFields(current.mapping.mapping);
      if (missing.length > 0) return context.set({ ...current, error: `Map a column to ${missing.join(", ")} first.` });
      const { preview } = current.mapping;
      const origin = {
        fileName: current.mapping.file.fileName,
        sheetName: preview.sheetName,
        headerRowNumber: preview.headerRowNumber,
        mapping: current.mapping.mapping,
        ...(current.mapping.files ? { files: current.mapping.files } : {}),
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
