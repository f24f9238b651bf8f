import { basename } from "node:path";
import { vocabularyWords, type MappingVocabulary } from "../core/mapping";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import { createSheetSession, type SheetSession } from "../sheet/worker-api";
import type { SheetFile } from "./read-sheet-file";

export interface SheetChoice {
  readonly sheet?: string | undefined;
  readonly headerRow?: number | undefined;
  /** What the account's catalogue names, for finding the header row. */
  readonly vocabulary?: MappingVocabulary | undefined;
}

export type OpenedSheetFile =
  | {
      readonly ok: true;
      readonly file: WorkbookSummary;
      readonly preview: SheetPreview;
      readonly session: SheetSession;
      readonly bytes: Uint8Array;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Opens a file read from disk with the page's own reader and previews the chosen sheet (or the one that looks like
 * orders).
 */
export async function openSheetFile({ path, bytes }: SheetFile, choice: SheetChoice): Promise<OpenedSheetFile> {
  const session = createSheetSession();
  const words = vocabularyWords(choice.vocabulary);
  const opened = await session.open(bytes, basename(path), undefined, words);
  if (!opened.ok) return { ok: false, message: opened.message };
  const preview = session.preview(choice.sheet ?? opened.summary.defaultSheet, choice.headerRow, words);
  if (!preview.ok) {
    return {
      ok: false,
      message: `${preview.message} Sheets: ${opened.summary.sheets.map((s) => `"${s.name}"`).join(", ")}.`,
    };
  }
  return { ok: true, file: opened.summary, preview: preview.preview, session, bytes };
}
