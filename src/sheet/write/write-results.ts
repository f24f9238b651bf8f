import { formatCount } from "../../core/plural";
import { resultFileName, type ResultSheetData } from "../../core/result-sheet-data";
import { writeCsvResults } from "./csv-write-back";
import { SHEET_LIMITS } from "../limits";
import { sniffFile } from "../formats/sniff-file";
import { writeXlsxResults } from "./xlsx/xlsx-write-back";
import type { SheetAsRead } from "./xlsx/order-sheet-rewrite";
import type { ZoneOffset } from "./result-dates";
import type { CsvAsRead } from "../read/csv/csv-as-read";

/**
 * A result sheet written, or why it could not be: a value the file's encoding lacks (UTF-8 can be asked for), or a file
 * that cannot be reopened.
 */
export type ResultFile =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly fileName: string }
  | { readonly ok: false; readonly reason: "unrepresentable"; readonly message: string }
  | { readonly ok: false; readonly reason: "unreadable"; readonly message: string };

/**
 * The result sheet in the customer's own file: a workbook comes back as the same workbook
 * with the result columns and the Jobs and Audit sheets added; a CSV file as the same file,
 * in its own encoding and dialect, with the result fields appended to its lines.
 */
/**
 * `utf8`: a CSV's results in UTF-8 whatever its own encoding; `kind`: what the file is named as; `zoneOffset`: the
 * time zone moments are written in (the machine's own unless told).
 */
export interface WriteResultsOptions {
  readonly utf8?: boolean;
  readonly kind?: "results" | "problems";
  readonly zoneOffset?: ZoneOffset;
  /** What reading a workbook found of its order sheet (see `writeXlsxResults`). */
  readonly asRead?: SheetAsRead;
  /** What reading a CSV file found of it (see `writeCsvResults`). */
  readonly csvAsRead?: CsvAsRead;
}

export async function writeResults(
  original: Uint8Array,
  fileName: string,
  sheetName: string,
  data: ResultSheetData,
  options: WriteResultsOptions = {},
): Promise<ResultFile> {
  try {
    return await writeResultFile(original, fileName, sheetName, data, options);
  } catch (error) {
    // Nothing the user can act on in what went wrong: the message says what it means for them.
    console.error(`Writing the results into ${fileName} failed`, error);
    return {
      ok: false,
      reason: "unreadable",
      message:
        `The results could not be added to ${fileName}: ` +
        "it could not be read again the way it was read when it was imported.",
    };
  }
}

async function writeResultFile(
  original: Uint8Array,
  fileName: string,
  sheetName: string,
  data: ResultSheetData,
  options: WriteResultsOptions,
): Promise<ResultFile> {
  const kind = sniffFile(original, fileName);
  if (typeof kind !== "string") return { ok: false, reason: "unreadable", message: kind.message };
  if (kind === "zip") {
    const { zoneOffset, asRead } = options;
    const written = await writeXlsxResults(original, sheetName, data, { zoneOffset, asRead });
    return written.ok
      ? { ok: true, bytes: written.bytes, fileName: resultFileName(fileName, "xlsx", options.kind) }
      : { ok: false, reason: "unreadable", message: written.message };
  }
  const { utf8, zoneOffset, csvAsRead } = options;
  const written = writeCsvResults(original, data, { utf8, zoneOffset, asRead: csvAsRead });
  if (written.ok)
    return {
      ok: true,
      bytes: written.bytes,
      fileName: resultFileName(
        fileName,
        /\.(tsv|txt)$/i.test(fileName) ? (fileName.split(".").pop() ?? "csv") : "csv",
        options.kind,
      ),
    };
  if (written.reason === "too-wide") {
    return {
      ok: false,
      reason: "unreadable",
      message:
        `The results could not be added to ${fileName}: ` +
        `its table already reaches column ${formatCount(written.tableWidth)}, ` +
        `and ${data.columns.length} result columns after it would go past ` +
        `the ${formatCount(SHEET_LIMITS.maxColumns)} columns a sheet may have here.`,
    };
  }
  const examples = written.examples
    .slice(0, 3)
    .map((e) => `row ${e.rowNumber}, ${e.column}: "${e.text}"`)
    .join("; ");
  return {
    ok: false,
    reason: "unrepresentable",
    message:
      `Some results cannot be written in ${fileName}'s own encoding (${written.encoding}), ` +
      `for example ${examples}. Download the result sheet as UTF-8 instead (Excel and other programs read it).`,
  };
}
