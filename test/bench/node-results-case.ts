/**
 * One result-sheet benchmark case in a fresh Node process, so its peak memory is its own:
 * `tsx node-results-case.ts <read|write|alone|floor|streams> <file>` prints `{ ms, cpuMs, rows, peakBytes }` as JSON:
 * `cpuMs` is the process's CPU time over the case, on every thread.
 * - `read`: the importer reading the file;
 * - `write`: a result written on every order row;
 * - `alone`: the same with a deflater that hands nothing on (this thread's share, zlib's deflating taken out);
 * - `floor`, for a workbook: inflating the order sheet's part and deflating the part written (at the level the command
 *   line writes at), with zlib's one-shot calls and nothing else;
 * - `streams`, for a workbook: the write with its rewriting taken out, the order sheet's part inflated through the
 *   command line's inflater as the write inflates it, while the part a write made is fed to its deflater in step.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { basename } from "node:path";
import { createSheetSession } from "../../src/sheet/worker-api";
import { zlibCodecs } from "../../src/cli/zlib-codecs";
import { piecesOf, useZipCodecs } from "../../src/sheet/zip/zip-codecs";
import { PACK_BATCH_BYTES } from "../../src/sheet/zip/part-text";
import { dataStartOf } from "../../src/sheet/zip/zip-guard";
import { benchResults, deflatingNothing, orderSheetEntry, readTable } from "./result-data";

const [mode, file] = process.argv.slice(2);
const MODES = ["read", "write", "alone", "floor", "streams"] as const;
if (!MODES.includes(mode as never) || !file)
  throw new Error("usage: node-results-case <read|write|alone|floor|streams> <file>");
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
/**
 * The part `written` deflated by the command line's deflater while the part `packed` is inflated by its inflater, fed
 * in step with it in batches the deflater gives back, as the write feeds it: what the write's streams take, nothing
 * rewritten.
 */
async function streamsOnly(packed: Uint8Array, inflatedSize: number, written: Uint8Array): Promise<void> {
  const given: Uint8Array<ArrayBuffer>[] = [];
  const deflater = zlibCodecs.deflater(written.length, (batch) => given.push(new Uint8Array(batch.buffer)));
  const drained = (async () => {
    for await (const _ of deflater.readable);
  })();
  const writer = deflater.writable.getWriter();
  let fed = 0;
  /** Feeds the written part up to `target`, a batch at a time. */
  const feedUpTo = async (target: number) => {
    while (fed < target) {
      const to = Math.min(target, fed + PACK_BATCH_BYTES);
      const batch = given.pop() ?? new Uint8Array(PACK_BATCH_BYTES);
      batch.set(written.subarray(fed, to));
      await writer.write(batch.subarray(0, to - fed));
      fed = to;
    }
  };
  let inflated = 0;
  for await (const piece of piecesOf(packed).pipeThrough(zlibCodecs.inflater())) {
    inflated += piece.length;
    await feedUpTo(Math.floor((written.length * inflated) / inflatedSize));
  }
  await feedUpTo(written.length);
  await writer.close();
  await drained;
}

// The floor's and the streams' written part comes from a write done before the clock starts.
const writtenSheet = mode === "floor" || mode === "streams" ? inflateRawSync(sheetPart(await writeAll())) : undefined;
// The peak of the set-up above is forgotten (Linux resets VmHWM to the present size): only the case's own counts.
writeFileSync("/proc/self/clear_refs", "5");
const before = residentBytes();
const cpu = process.cpuUsage();
const started = performance.now();
if (mode === "floor" && writtenSheet) {
  inflateRawSync(sheetPart(bytes));
  deflateRawSync(writtenSheet, { level: 2 });
} else if (mode === "streams" && writtenSheet) {
  await streamsOnly(sheetPart(bytes), orderSheetEntry(bytes, name).uncompressedSize, writtenSheet);
} else await writeAll();
const ms = performance.now() - started;
process.stdout.write(
  JSON.stringify({ ms, cpuMs: cpuMsSince(cpu), rows: rowNumbers.length, peakBytes: highWaterBytes() - before }),
);
