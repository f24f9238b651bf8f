import { buildResultTable, type RowResult } from "../core/results";
import type { SheetTable } from "../core/sheet-model";
import { readCsv, type SheetReadResult } from "./read-csv";
import { writeCsv } from "./write-csv";

/**
 * The sheet worker's surface: plain functions over plain data, so they run the same in the
 * worker, on the main thread as a fallback, and in Node.
 */
export const sheetWorkerApi = {
  readSheet(bytes: Uint8Array, fileName: string): SheetReadResult {
    return readCsv(bytes, fileName);
  },
  writeResultSheet(table: SheetTable, results: readonly RowResult[]): Uint8Array {
    return writeCsv(buildResultTable(table, new Map(results.map((result) => [result.rowNumber, result]))));
  },
};

export type SheetWorkerApi = typeof sheetWorkerApi;
