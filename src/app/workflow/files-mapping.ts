import { vocabularyWords } from "../../core/mapping/suggest-mapping";
import { applyTemplate } from "../../core/mapping/templates";
import { pluralise } from "../../core/plural";
import type { WorkbookSummary } from "../../sheet/sheet-preview";
import type { ReviewFile } from "../../storage/review-sessions";
import type { FileOpeningParts } from "./file-opening";
import { suggestedMapping } from "./mapping-actions";
import type { Connected, ImportState, MappingState, WorkflowContext } from "./workflow-state";
import { readingFailed } from "./workflow-words";

/**
 * The mapping step for several files dropped together: each file's order sheet read below its header row and mapped
 * (by a template saved for its headers, else the suggestion), then all of them combined as one sheet to check. With
 * `change`, one file is read again from another sheet or header row and the others are kept as `earlier` had them.
 */
export async function mappingForFiles(
  context: WorkflowContext,
  parts: Pick<FileOpeningParts, "vocabulary">,
  connected: Connected,
  bundle: WorkbookSummary,
  change?: { readonly file: number; readonly sheetName: string; readonly headerRowNumber?: number | undefined },
  earlier?: readonly ReviewFile[],
): Promise<ImportState> {
  const after = () => context.currentConnected() ?? connected;
  try {
    const known = await parts.vocabulary();
    const words = vocabularyWords(known);
    const templates = await context.deps.templates();
    const choices: ReviewFile[] = [];
    const applied: string[] = [];
    for (const [file, summary] of (bundle.files ?? []).entries()) {
      const kept = earlier?.[file];
      if (kept && change?.file !== file) {
        choices.push(kept);
        continue;
      }
      const sheetName = change?.file === file ? change.sheetName : summary.defaultSheet;
      const headerRowNumber = change?.file === file ? change.headerRowNumber : undefined;
      const preview = await context.deps.sheets.preview(sheetName, headerRowNumber, words, file);
      if (!preview.ok) return { step: "upload", connected: after(), error: preview.message };
      const [template] = await templates.forHeaders(preview.preview.headers).catch(() => []);
      if (template) applied.push(`"${template.name}" for ${summary.fileName}`);
      choices.push({
        name: summary.fileName,
        sheetName: preview.preview.sheetName,
        headerRowNumber: preview.preview.headerRowNumber,
        mapping: template
          ? applyTemplate(preview.preview.headers, template)
          : await suggestedMapping(context, parts, preview.preview, known, file),
      });
    }
    const combined = await context.deps.sheets.combine(choices);
    if (!combined.ok) return { step: "upload", connected: after(), error: combined.message };
    const read = `Read ${choices.length} files as one order sheet: ${choices.map((c) => c.name).join(", ")}.`;
    const mapping: MappingState = {
      file: bundle,
      sheetName: combined.preview.sheetName,
      preview: combined.preview,
      mapping: combined.columns.mapping,
      templates: [],
      appliedTemplate: undefined,
      attributes: known?.attributes ?? [],
      files: choices,
      notice:
        (change
          ? `Read ${choices[change.file]?.name ?? "the file"} again and mapped the columns again.`
          : `${read} The File column says which file each row is from; each file gets its own results.`) +
        (applied.length > 0
          ? ` Applied your ${pluralise(applied.length, "template", "templates")} ${applied.join(", ")}.`
          : ""),
    };
    return { step: "mapping", connected: after(), mapping };
  } catch (error) {
    console.error(`Reading ${bundle.fileName} failed`, error);
    return { step: "upload", connected: after(), error: readingFailed(bundle.fileName) };
  }
}
