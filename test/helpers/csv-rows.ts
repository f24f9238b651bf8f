import type { CsvRows } from "../../src/sheet/read/csv/csv-text-rows";
import { readCsv, type CsvReadOptions } from "../../src/sheet/read/csv/read-csv";
import type { ReadProgress } from "../../src/sheet/read/workbook";

/** Every row of a CSV as an array of strings. */
export function rowArrays(rows: CsvRows): (readonly string[])[] {
  return Array.from({ length: rows.length }, (_, index) => rows.at(index) ?? []);
}

/** readCsv with its rows as arrays of strings, so two reads can be compared whole. */
export function readCsvArrays(
  bytes: Uint8Array,
  fileName: string,
  options?: CsvReadOptions,
  onProgress?: (progress: ReadProgress) => void,
) {
  const read = readCsv(bytes, fileName, onProgress, options);
  return read.ok ? { ...read, rows: rowArrays(read.rows) } : read;
}

/** The pieces malformed CSV is made of: quote marks, every delimiter and line break, white space, letters. */
export const CSV_PIECES = ['"', '""', ",", ";", "\t", "|", "\r", "\n", "\r\n", " ", "\u00a0", "a", "7", "x y"] as const;
