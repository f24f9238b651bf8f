/**
 * One benchmark read in a fresh Node process, so its peak memory is its own:
 * `tsx node-sheet-case.ts <case> <file>` prints `{ ms, rows, peakBytes }` as JSON.
 */
import { createReadStream, readFileSync } from "node:fs";
import { basename } from "node:path";
import ExcelJS from "exceljs";
import { createSheetSession } from "../../src/sheet/worker-api";
import { SHEET_CASES, type CaseResult } from "./sheet-cases";

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

const [caseName, file] = process.argv.slice(2);
if (!caseName || !file) throw new Error("usage: node-sheet-case <case> <file>");
const bytes = new Uint8Array(readFileSync(file));
const before = residentBytes();
let result: CaseResult;
switch (caseName) {
  case "papaparseArrays":
  case "udsvStringArrs":
    result = await SHEET_CASES[caseName](bytes);
    break;
  case "exceljsLoad":
    result = await SHEET_CASES.exceljsLoad(bytes);
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
process.stdout.write(JSON.stringify({ ...result, peakBytes: highWaterBytes() - before }));
