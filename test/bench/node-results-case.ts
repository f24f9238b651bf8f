/**
 * One result-sheet benchmark case in a fresh Node process, so its peak memory is its own:
 * `tsx node-results-case.ts <read|write> <file>` prints `{ ms, rows, peakBytes }` as JSON.
 * `read` is the importer reading the file; `write` writes a result on every order row.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { RESULT_COLUMNS } from "../../src/core/result-rows";
import type { ResultCell } from "../../src/core/result-sheet-data";
import { createSheetSession } from "../../src/sheet/worker-api";
import { writeResults } from "../../src/sheet/write/write-results";
import { zlibCodecs } from "../../src/cli/zlib-codecs";
import { useZipCodecs } from "../../src/sheet/zip/zip-codecs";

// As the command line reads and writes sheets.
useZipCodecs(zlibCodecs);

const highWaterBytes = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
const residentBytes = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

const [mode, file] = process.argv.slice(2);
if ((mode !== "read" && mode !== "write") || !file) throw new Error("usage: node-results-case <read|write> <file>");
const bytes = new Uint8Array(readFileSync(file));
const name = basename(file);
// The rows to write come from a read done before the clock starts: only the writing is measured.
const session = createSheetSession();
const opened = await session.open(bytes.slice(), name);
if (!opened.ok) throw new Error(opened.message);
const preview = session.preview(opened.summary.defaultSheet);
if (!preview.ok) throw new Error(preview.message);
const { sheetName, headerRowNumber, rowCount } = preview.preview;
const rowNumbers = session.rows(sheetName, headerRowNumber, 0, rowCount).map((row) => row.rowNumber);
session.close();
// The results to write: a status, a job, money and a date on every row, a warning on every seventh.
const results = new Map<number, ResultCell[]>(
  rowNumbers.map((rowNumber, i) => [
    rowNumber,
    [
      "Created",
      300_000 + Math.floor(i / 3),
      "Received",
      "Created",
      `A1042${i}`,
      null,
      12.5,
      37.5,
      i % 7 === 0 ? "warning: due date moved to the earliest ship date" : "",
      "2026-11-20T10:00:00.000Z",
    ],
  ]),
);
const before = residentBytes();
const started = performance.now();
if (mode === "read") {
  const again = createSheetSession();
  const read = await again.open(bytes, name);
  if (!read.ok) throw new Error(read.message);
  const table = again.preview(read.summary.defaultSheet);
  if (table.ok) again.rows(sheetName, headerRowNumber, 0, rowCount);
} else {
  const written = await writeResults(bytes, name, sheetName, {
    headerRowNumber,
    columns: RESULT_COLUMNS,
    rows: results,
    jobs: { headers: ["Order number"], rows: [] },
    audit: { headers: ["At"], rows: [] },
  });
  if (!written.ok) throw new Error(written.message);
}
process.stdout.write(
  JSON.stringify({ ms: performance.now() - started, rows: rowNumbers.length, peakBytes: highWaterBytes() - before }),
);
