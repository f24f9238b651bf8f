import type { CsvRowMeasures } from "./csv/csv-row-measures";
import type { CsvRows } from "./csv/csv-text-rows";
import { readCsv } from "./csv/read-csv";
import { failure, type SheetReadFailure } from "../read-failure";
import { readXlsx } from "./xlsx/read-xlsx";
import { sniffFile } from "../formats/sniff-file";
import type { OpenedWorkbook, RawSheet, ReadProgress } from "./workbook";

/** A CSV's records serve as its rows as they are (a blank line is a row of blank cells), measured as they were read. */
function csvSheet(name: string, rows: CsvRows, measures: CsvRowMeasures): RawSheet {
  return {
    name,
    hidden: false,
    rowCount: rows.length,
    head: (count) => Array.from({ length: Math.min(count, rows.length) }, (_, index) => rows.at(index) ?? []),
    rows: () => ({
      length: rows.length,
      at: (index) => rows.at(index),
      usedWidth: (from) => measures.usedWidth(from),
      longestCell: (from) => measures.longestCell(from),
      filledRowsFrom: (from) => measures.filledRowsFrom(from),
    }),
    hiddenRows: () => [],
  };
}

export function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "") || fileName;
}

/**
 * Opens any file a user may drop: the bytes decide whether it is read as a workbook or as
 * CSV, whatever its name says. Every failure comes back as data with a message for the user.
 */
export async function openWorkbook(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ ok: true; workbook: OpenedWorkbook } | SheetReadFailure> {
  const kind = sniffFile(bytes, fileName);
  if (typeof kind !== "string") return kind;
  if (kind === "zip") {
    const read = await readXlsx(bytes, fileName, onProgress);
    return read.ok ? { ok: true, workbook: { fileName, format: "xlsx", sheets: read.sheets } } : read;
  }
  const read = readCsv(bytes, fileName, onProgress);
  if (!read.ok) return read;
  if (read.measures.usedWidth(0) === 0) return failure("NO_TABLE", `${fileName} has no values in it.`);
  return {
    ok: true,
    workbook: {
      fileName,
      format: "csv",
      sheets: [csvSheet(baseName(fileName), read.rows, read.measures)],
      csv: { encoding: read.encoding, delimiter: read.delimiter },
      csvAsRead: read.asRead,
    },
  };
}
