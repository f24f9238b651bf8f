import { isBundle, unbundleFiles } from "../formats/file-bundle";
import { failure, type SheetReadFailure } from "../read-failure";
import { openWorkbook } from "./open-workbook";
import type { OpenedWorkbook, ReadProgress } from "./workbook";

/** What to do with a file no reader can make sense of, in the user's words. */
export const unreadable = (fileName: string) =>
  failure(
    "CORRUPT",
    `${fileName} could not be read: it is not laid out the way spreadsheet programs save files. ` +
      "Open it in your spreadsheet program, save it again as .xlsx or .csv and drop the new file.",
  );

async function openOne(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ ok: true; workbook: OpenedWorkbook } | SheetReadFailure> {
  try {
    const opened = await openWorkbook(bytes, fileName, onProgress);
    return opened.ok ? { ok: true, workbook: opened.workbook } : opened;
  } catch {
    // Whatever a library threw, its words mean nothing to the user; what to do is the same.
    return unreadable(fileName);
  }
}

/**
 * A dropped file opened, or each of several dropped together (see `formats/file-bundle.ts`), in turn, their progress
 * as one; the first that cannot be read stops it, saying why.
 */
export async function openFiles(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ ok: true; workbooks: OpenedWorkbook[] } | SheetReadFailure> {
  const parts = isBundle(bytes) ? unbundleFiles(bytes) : [{ name: fileName, bytes }];
  if (parts === undefined || parts.length === 0) return unreadable(fileName);
  const workbooks: OpenedWorkbook[] = [];
  for (const [i, part] of parts.entries()) {
    // Each file's progress as its share of the whole.
    const progress =
      onProgress &&
      ((p: ReadProgress) =>
        onProgress({ ...p, ...(p.fraction === undefined ? {} : { fraction: (i + p.fraction) / parts.length }) }));
    const one = await openOne(part.bytes, part.name, progress);
    if (!one.ok) return one;
    workbooks.push(one.workbook);
  }
  return { ok: true, workbooks };
}
