import { failure, SheetReadError } from "../read-failure";
import { checkDeclaredSizes, type ZipEntry } from "./zip-guard";

const FORMAT_HINTS: readonly [test: (names: ReadonlySet<string>) => boolean, message: (file: string) => string][] = [
  [
    (n) => n.has("xl/workbook.bin"),
    (f) =>
      `${f} is an Excel binary workbook (.xlsb). Open it in Excel and save it as an Excel Workbook (.xlsx) or as CSV.`,
  ],
  [
    (n) => n.has("content.xml") && n.has("mimetype"),
    (f) => `${f} is an OpenDocument spreadsheet (.ods). Save it as .xlsx or .csv from your spreadsheet program.`,
  ],
  [(n) => n.has("word/document.xml"), (f) => `${f} is a Word document, not a spreadsheet.`],
  [(n) => n.has("ppt/presentation.xml"), (f) => `${f} is a PowerPoint presentation, not a spreadsheet.`],
];

/**
 * Refuses what the zip directory already gives away: a zip that is no Excel workbook (with
 * what it is instead, when that can be told), encrypted parts, parts that would inflate far
 * beyond what workbooks do. Nothing is inflated.
 */
export function checkWorkbookEntries(entries: readonly ZipEntry[], fileName: string): void {
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("xl/workbook.xml")) {
    const hint = FORMAT_HINTS.find(([test]) => test(names));
    throw new SheetReadError(
      failure(
        hint ? "UNSUPPORTED_FORMAT" : "NOT_A_SPREADSHEET",
        hint ? hint[1](fileName) : `${fileName} is a zip file but not an Excel workbook. Drop an .xlsx or .csv file.`,
      ),
    );
  }
  if (entries.some((e) => e.encrypted)) {
    throw new SheetReadError(
      failure("ENCRYPTED", `${fileName} has encrypted parts. Save it again without a password and drop the new file.`),
    );
  }
  checkDeclaredSizes(entries, fileName);
}
