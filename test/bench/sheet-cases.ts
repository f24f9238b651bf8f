import Papa from "papaparse";
import { inferSchema, initParser } from "udsv";
import type { SheetSession } from "../../src/sheet/worker-api";

/** What one read of a benchmark file reports. */
export interface CaseResult {
  readonly ms: number;
  readonly rows: number;
}

/** What the app does up to the table: the file opened, and the table below the header it finds. */
async function openTable(bytes: Uint8Array, fileName: string, session: SheetSession) {
  const opened = await session.open(bytes, fileName);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet);
  if (!preview.ok) throw new Error(preview.message);
  return preview.preview;
}

/** Each case reads the same bytes to rows; ours includes everything the app does up to the table. */
export const SHEET_CASES = {
  async papaparseArrays(bytes: Uint8Array): Promise<CaseResult> {
    const started = performance.now();
    const rows = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
    return { ms: performance.now() - started, rows: rows.length - 1 };
  },
  /** uDSV, every row as an array of strings: the fastest CSV parser we know of, decoding included as for papaparse. */
  async udsvStringArrs(bytes: Uint8Array): Promise<CaseResult> {
    const started = performance.now();
    const text = new TextDecoder().decode(bytes);
    const rows = initParser(inferSchema(text)).stringArrs(text);
    return { ms: performance.now() - started, rows: rows.length };
  },
  async exceljsLoad(bytes: Uint8Array): Promise<CaseResult> {
    const started = performance.now();
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    return { ms: performance.now() - started, rows: (workbook.worksheets[0]?.actualRowCount ?? 1) - 1 };
  },
  async ours(bytes: Uint8Array, fileName: string, session: SheetSession): Promise<CaseResult> {
    const started = performance.now();
    const table = await openTable(bytes, fileName, session);
    return { ms: performance.now() - started, rows: table.rowCount };
  },
  /** Ours, then every row of the table as the page takes them: 5,000 at a time, each window let go once sent. */
  async oursEveryRow(bytes: Uint8Array, fileName: string, session: SheetSession): Promise<CaseResult> {
    const started = performance.now();
    const { sheetName, headerRowNumber, rowCount } = await openTable(bytes, fileName, session);
    let rows = 0;
    for (let start = 0; start < rowCount; start += 5000)
      rows += session.rows(sheetName, headerRowNumber, start, 5000).length;
    return { ms: performance.now() - started, rows };
  },
};
