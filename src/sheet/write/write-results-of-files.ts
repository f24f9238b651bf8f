import { resultFileName, type ResultSheetData } from "../../core/result-sheet-data";
import { resultSheetDataOfFile, type ResultFilePart, type SeveralFiles } from "../../core/source-files";
import { sourcesOf } from "../combined-table";
import { unbundleFiles } from "../formats/file-bundle";
import { zipFiles } from "../zip/zip-files";
import { writeResults, type ResultFile, type WriteResultsOptions } from "./write-results";

/**
 * The result (or problem) sheet of several files dropped together: each file's own rows, messages and jobs written
 * back into that file, and the files zipped as one download. `asRead` says what reading each file found of it (see
 * `writeXlsxResults` and `writeCsvResults`).
 */
export async function writeResultsOfFiles(
  bundle: Uint8Array,
  { files, orderNumbersOf }: SeveralFiles,
  data: ResultSheetData,
  options: WriteResultsOptions & { readonly at: Date },
  asRead: (file: ResultFilePart) => Pick<WriteResultsOptions, "asRead" | "csvAsRead"> = () => ({}),
): Promise<ResultFile> {
  const originals = unbundleFiles(bundle);
  if (!originals || originals.length !== files.length)
    return { ok: false, reason: "unreadable", message: "The files dropped together are no longer at hand." };
  const sources = sourcesOf(files.map((f) => ({ name: f.name, mapping: f.mapping ?? { columns: [] } })));
  const written: { name: string; bytes: Uint8Array }[] = [];
  for (const [index, file] of files.entries()) {
    const own = resultSheetDataOfFile(sources, data, {
      index,
      headerRowNumber: file.headerRowNumber,
      orderNumbers: orderNumbersOf[index] ?? new Set(),
    });
    const original = originals[index];
    if (!original) continue;
    // Each writer takes its bytes over: it is given a copy, the bundle stays whole.
    const result = await writeResults(original.bytes.slice(), file.name, file.sheetName, own, {
      ...options,
      ...asRead(file),
    });
    if (!result.ok) return { ...result, message: `${file.name}: ${result.message}` };
    written.push({ name: result.fileName, bytes: result.bytes });
  }
  return {
    ok: true,
    bytes: await zipFiles(written, options.at),
    fileName: resultFileName(`${files.length} order sheets`, "zip", options.kind ?? "results"),
  };
}
