/**
 * One benchmark read in a fresh Node process, so its peak memory is its own:
 * `tsx node-sheet-case.ts <case> <file>` prints `{ ms, rows, peakBytes }` as JSON.
 */
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { inflateRawSync } from "node:zlib";
import { zlibCodecs } from "../../src/cli/zlib-codecs";
import { createSheetSession } from "../../src/sheet/worker-api";
import { piecesOf, useZipCodecs } from "../../src/sheet/zip/zip-codecs";
import { loadPeerOf, partsToInflate, peer, SHEET_CASES, type CaseResult } from "./sheet-cases";

// As the command line reads sheets.
useZipCodecs(zlibCodecs);

/** Resident memory high-water mark of this process, from Linux's /proc. */
function highWaterBytes(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}
function residentBytes(): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

async function exceljsStreaming(file: string): Promise<CaseResult> {
  const ExcelJS = await peer("exceljs");
  const started = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    worksheets: "emit",
  });
  for await (const worksheet of reader) for await (const _row of worksheet) rows++;
  return { ms: performance.now() - started, rows: rows - 1 };
}

/**
 * The sheet and shared strings through zlib's streaming inflater (as the write-back inflates), in megabyte pieces, each
 * dropped as it comes: its peak is the pieces zlib made and the runtime has not yet collected, which a read through it
 * would add to what it keeps.
 */
async function inflateStreamed(bytes: Uint8Array): Promise<CaseResult> {
  const started = performance.now();
  for (const { packed } of partsToInflate(bytes)) {
    const { writable, readable } = zlibCodecs.inflater();
    const fed = piecesOf(packed).pipeTo(writable);
    for await (const _piece of readable);
    await fed;
  }
  return { ms: performance.now() - started, rows: 0 };
}

/**
 * What ours keeps of a read, with no garbage: the heap and array buffers in use after a full collection, before and
 * after the read (the session still open), as its `peakBytes`. Needs `--expose-gc`.
 */
async function oursKept(bytes: Uint8Array, fileName: string): Promise<CaseResult & { peakBytes: number }> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("oursKept needs node --expose-gc");
  const inUse = () => {
    collect();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const session = createSheetSession();
  const before = inUse();
  const result = await SHEET_CASES.ours(bytes, fileName, session);
  const kept = inUse() - before;
  session.close();
  return { ...result, peakBytes: kept };
}

/** The floor in Node: the sheet and shared strings inflated by zlib in one call each, nothing read. */
function inflateFloor(bytes: Uint8Array): CaseResult {
  const started = performance.now();
  const parts = partsToInflate(bytes);
  for (const { packed } of parts) inflateRawSync(packed);
  return { ms: performance.now() - started, rows: 0 };
}

const [caseName, file] = process.argv.slice(2);
if (!caseName || !file) throw new Error("usage: node-sheet-case <case> <file>");
const bytes = new Uint8Array(readFileSync(file));
await loadPeerOf(caseName);
// Loading the modules and reading the file may have peaked above where they left the process: that peak is forgotten
// (Linux resets the high-water mark to the present size), so that only the case's own counts.
writeFileSync("/proc/self/clear_refs", "5");
const before = residentBytes();
/** A case that measures its memory otherwise than by the process's high-water mark says so in `peakBytes`. */
let result: CaseResult & { peakBytes?: number };
switch (caseName) {
  case "papaparseArrays":
  case "udsvStringArrs":
  case "inflateOurs":
    result = await SHEET_CASES[caseName](bytes);
    break;
  case "exceljsLoad":
  case "sheetjs":
  case "readExcelFile":
    result = await SHEET_CASES[caseName](bytes);
    break;
  case "inflateFloor":
    result = inflateFloor(bytes);
    break;
  case "inflateStreamed":
    result = await inflateStreamed(bytes);
    break;
  case "oursKept":
    result = await oursKept(bytes, basename(file));
    break;
  case "exceljsStreaming":
    result = await exceljsStreaming(file);
    break;
  case "ours":
  case "oursEveryRow":
    result = await SHEET_CASES[caseName](bytes, basename(file), createSheetSession());
    break;
  default:
    throw new Error(`unknown case ${caseName}`);
}
process.stdout.write(JSON.stringify({ ...result, peakBytes: result.peakBytes ?? highWaterBytes() - before }));
