import { vocabularyWords } from "../../core/mapping/suggest-mapping";
import { applyTemplate } from "../../core/mapping/templates";
import { bundleFiles, bundleName, type BundledFile } from "../../sheet/formats/file-bundle";
import type { WorkbookSummary } from "../../sheet/sheet-preview";
import type { ReadProgress } from "../../sheet/read/workbook";
import { mappingForFiles } from "./files-mapping";
import { inMapping, suggestedMapping, type MappingParts } from "./mapping-actions";
import type { Connected, ImportState, MappingState, WorkflowContext } from "./workflow-state";
import { readingFailed } from "./workflow-words";

/** What opening a file needs from the rest of the workflow. */
export interface FileOpeningParts extends Pick<MappingParts, "vocabulary"> {
  /** Keeps the dropped file for the review it may become. */
  holdFile(bytes: Uint8Array): void;
}

/**
 * Reading the dropped file in the sheet worker (with progress, and a cancel) and choosing its
 * sheet and header row; each choice reads the sheet again and starts its mapping step.
 */
export function createFileOpening(context: WorkflowContext, parts: FileOpeningParts) {
  const { deps } = context;
  let opening: AbortController | undefined;

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
        mapping: template
          ? applyTemplate(preview.preview.headers, template)
          : await suggestedMapping(context, parts, preview.preview),
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

  async function openFile(connected: Connected, fileName: string, bytes: Uint8Array): Promise<void> {
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
      context.set(
        opened.summary.files
          ? await mappingForFiles(context, parts, connected, opened.summary)
          : await mappingFor(connected, opened.summary, opened.summary.defaultSheet),
      );
      // Checking the rows comes next: the engine's worker starts while the user looks over the mapping.
      if (context.getState().step === "mapping") deps.engine.warm();
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
  }

  return {
    openFile,

    /** One file dropped, or several dropped together: read as one sheet, one review and one batch. */
    openFiles(connected: Connected, files: readonly BundledFile[]): Promise<void> {
      const [only] = files;
      if (files.length === 1 && only) return openFile(connected, only.name, only.bytes);
      return openFile(connected, bundleName(files.map((f) => f.name)), bundleFiles(files));
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

    /** Several files dropped together: one of them read from another sheet or header row; the others stay. */
    async chooseFileSheet(file: number, sheetName: string, headerRowNumber?: number): Promise<void> {
      const current = inMapping(context);
      if (!current?.mapping.files) return;
      const next = await mappingForFiles(
        context,
        parts,
        current.connected,
        current.mapping.file,
        { file, sheetName, headerRowNumber },
        current.mapping.files,
      );
      // A sheet or header row that cannot be read leaves the step as it was, saying why.
      context.set(next.step === "upload" ? { ...current, error: next.error } : next);
    },

    async selectSheet(sheetName: string): Promise<void> {
      const current = inMapping(context);
      if (current) context.set(await mappingFor(current.connected, current.mapping.file, sheetName));
    },

    async setHeaderRow(headerRowNumber: number): Promise<void> {
      const current = inMapping(context);
      if (current)
        context.set(
          await mappingFor(current.connected, current.mapping.file, current.mapping.sheetName, headerRowNumber),
        );
    },
  };
}

export type FileOpening = ReturnType<typeof createFileOpening>;
