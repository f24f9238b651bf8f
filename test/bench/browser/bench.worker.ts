/** Transport only: the benchmark cases and a sheet session, in a worker like the app's. */
import { expose } from "comlink";
import type { SheetRow } from "../../../src/core/sheet-model";
import { createSheetSession } from "../../../src/sheet/worker-api";
import type { CatalogueSnapshot } from "../../../src/core/catalogue";
import { runEngineCase, syntheticSnapshot, type EngineFigures } from "../engine-data";
import { loadPeerOf, SHEET_CASES, type CaseResult } from "../sheet-cases";
import { benchResults, deflatingNothing, orderSheetEntry, readTable } from "../result-data";
import { useDeflateHelper } from "../../../workers/use-deflate-helper";
import { countingDeflater } from "../../../src/sheet/zip/counting-deflater";
import { inflateEntry } from "../../../src/sheet/zip/zip-guard";
import { useZipCodecs, zipCodecs } from "../../../src/sheet/zip/zip-codecs";

/** The session of the last engine case, kept alive so its memory can be measured. */
let heldSession: unknown;

useDeflateHelper();
const session = createSheetSession();
let table: { sheetName: string; headerRowNumber: number; rowCount: number } | undefined;
let loaded: { bytes: Uint8Array; fileName: string } | undefined;

const api = {
  /**
   * Keeps a file for `run`, so that what a case's read takes is measured from when the file is here, in memory: its
   * pages are touched, as Node's are once it has read a file, so that none is first brought in by the case. The library
   * case `caseName` reads with is loaded now, not by the case.
   */
  async load(bytes: Uint8Array, fileName: string, caseName: string): Promise<number> {
    await loadPeerOf(caseName);
    let touched = 0;
    for (let at = 0; at < bytes.length; at += 4096) touched += bytes[at] as number;
    loaded = { bytes, fileName };
    return touched;
  },
  async run(caseName: keyof typeof SHEET_CASES): Promise<CaseResult> {
    if (!loaded) throw new Error("no file loaded");
    const { bytes, fileName } = loaded;
    loaded = undefined;
    return SHEET_CASES[caseName](bytes, fileName, session);
  },
  /** Opens the file and keeps it, for the page to pull its rows. */
  async open(bytes: Uint8Array, fileName: string): Promise<number> {
    const opened = await session.open(bytes, fileName);
    if (!opened.ok) throw new Error(opened.message);
    const preview = session.preview(opened.summary.defaultSheet);
    if (!preview.ok) throw new Error(preview.message);
    table = preview.preview;
    return table.rowCount;
  },
  rows(start: number, count: number): SheetRow[] {
    return table ? session.rows(table.sheetName, table.headerRowNumber, start, count) : [];
  },
  /** An engine session on synthetic rows, in this worker like the app's engine worker. */
  async engineCase(template: CatalogueSnapshot, rows: number): Promise<EngineFigures> {
    heldSession = undefined;
    return runEngineCase(syntheticSnapshot(template, 5_000, 20_000), rows, (engine) => (heldSession = engine));
  },
  /**
   * The file read from a fresh session, then a result written on every row back into it, as the app's sheet worker
   * writes them (our WebAssembly inflater and deflater, the deflating in a helper worker): each timed.
   */
  async writeBack(
    bytes: Uint8Array,
    fileName: string,
    deflatesNothing = false,
  ): Promise<{ readMs: number; writeMs: number; inflateMs?: number; deflateMs?: number }> {
    const codecs = zipCodecs();
    if (deflatesNothing) useZipCodecs(deflatingNothing(codecs));
    const reader = createSheetSession();
    let started = performance.now();
    const { sheetName, headerRowNumber, rowNumbers } = await readTable(reader, bytes.slice(), fileName);
    const readMs = performance.now() - started;
    // As the page asks: the worker gets ready to write while the results are gathered (here made up; in the app read
    // from the journal by the submit worker, this one waiting idle meanwhile).
    const ready = reader.prepareWrite();
    const results = benchResults(headerRowNumber, rowNumbers);
    await ready;
    // Marks a trace of the browser can be cut at, to the write alone.
    performance.mark("write-start");
    started = performance.now();
    // Through the session that read the file, with it still open, as the app writes.
    const written = await reader.writeResults(bytes, fileName, sheetName, results).finally(() => useZipCodecs(codecs));
    if (!written.ok) throw new Error(written.message);
    const writeMs = performance.now() - started;
    performance.mark("write-end");
    reader.close();
    if (deflatesNothing) return { readMs, writeMs };
    const isWorkbook = fileName.toLowerCase().endsWith(".xlsx");
    return { readMs, writeMs, ...(isWorkbook ? await writeFloor(bytes, written.bytes, fileName) : {}) };
  },
  allRows(): SheetRow[] {
    return table ? session.rows(table.sheetName, table.headerRowNumber, 0, table.rowCount) : [];
  },
};
export type BenchWorkerApi = typeof api;

/**
 * What writing a workbook back can never go below in this browser, each on one thread as the app runs them: inflating
 * the order sheet's part (as the sheet worker does) and deflating the part written with its CRC-32 (as the helper
 * does), a megabyte at a time.
 */
async function writeFloor(original: Uint8Array, written: Uint8Array, fileName: string) {
  const sheetPart = (workbook: Uint8Array) => orderSheetEntry(workbook, fileName);
  const inflated = async (workbook: Uint8Array) => {
    const chunks: Uint8Array[] = [];
    await inflateEntry(workbook, sheetPart(workbook), fileName, Infinity, (chunk) => chunks.push(chunk.slice()));
    return chunks;
  };
  let started = performance.now();
  await inflateEntry(original, sheetPart(original), fileName, Infinity);
  const inflateMs = performance.now() - started;
  const xml = await inflated(written);
  const deflater = await countingDeflater();
  started = performance.now();
  for (const chunk of xml) deflater.push(chunk);
  deflater.finish();
  if (deflater.counted().crc32 === 0 && xml.length > 0) throw new Error("the part written counts no CRC");
  return { inflateMs, deflateMs: performance.now() - started };
}
expose(api);
