/**
 * One result-sheet benchmark case in a fresh Node process, so its peak memory is its own:
 * `tsx node-results-case.ts <read|write|alone|floor> <file>` prints `{ ms, cpuMs, rows, peakBytes }` as JSON: `cpuMs`
 * is the process's CPU time over the case, on every thread. `read` is the importer reading the file; `write` writes a
 * result on every order row; `alone` the same with a deflater that hands nothing on (this thread's share, zlib's
 * deflating taken out); `floor`, for a workbook, is what writing can never go below: inflating the order sheet's part
 * and deflating the part written (at the level the command line writes at), with zlib's one-shot calls and nothing
 * else.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { basename } from "node:path";
import { createSheetSession } from "../../src/sheet/worker-api";
import { zlibCodecs } from "../../src/cli/zlib-codecs";
import { useZipCodecs } from "../../src/sheet/zip/zip-codecs";
import { dataStartOf } from "../../src/sheet/zip/zip-guard";
import { benchResults, deflatingNothing, orderSheetEntry, readTable } from "./result-data";

const [mode, file] = process.argv.slice(2);
if ((mode !== "read" && mode !== "write" && mode !== "alone" && mode !== "floor") || !file)
  throw new Error("usage: node-results-case <read|write|alone|floor> <file>");
// As the command line reads and writes sheets.
useZipCodecs(mode === "alone" ? deflatingNothing(zlibCodecs) : zlibCodecs);

const highWaterBytes = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
const residentBytes = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const bytes = new Uint8Array(readFileSync(file));
const name = basename(file);
const readFile = () => {
  const session = createSheetSession();
  return readTable(session, bytes.slice(), name).finally(() => session.close());
};

if (mode === "read") {
  const before = residentBytes();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { rowNumbers } = await readFile();
  const ms = performance.now() - started;
  process.stdout.write(
    JSON.stringify({ ms, cpuMs: cpuMsSince(cpu), rows: rowNumbers.length, peakBytes: highWaterBytes() - before }),
  );
  process.exit(0);
}

// The rows to write come from a read done before the clock starts: only the writing is measured. It writes through the
// session that read the file, still open, as the app does.
const session = createSheetSession();
const { sheetName, headerRowNumber, rowNumbers } = await readTable(session, bytes.slice(), name);
const results = benchResults(headerRowNumber, rowNumbers);
const writeAll = async () => {
  const written = await session.writeResults(bytes, name, sheetName, results);
  if (!written.ok) throw new Error(written.message);
  return written.bytes;
};
/** The order sheet's part (the largest) of a workbook, still packed. */
const sheetPart = (workbook: Uint8Array) => {
  const entry = orderSheetEntry(workbook, name);
  const start = dataStartOf(workbook, entry);
  return workbook.subarray(start, start + entry.compressedSize);
};
// The floor's written part comes from a write done before the clock starts.
const writtenSheet = mode === "floor" ? inflateRawSync(sheetPart(await writeAll())) : undefined;
// The peak of the set-up above is forgotten (Linux resets VmHWM to the present size): only the case's own counts.
writeFileSync("/proc/self/clear_refs", "5");
const before = residentBytes();
const cpu = process.cpuUsage();
const started = performance.now();
if (writtenSheet) {
  inflateRawSync(sheetPart(bytes));
  deflateRawSync(writtenSheet, { level: 2 });
} else await writeAll();
const ms = performance.now() - started;
process.stdout.write(
  JSON.stringify({ ms, cpuMs: cpuMsSince(cpu), rows: rowNumbers.length, peakBytes: highWaterBytes() - before }),
);
