import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { SHEET_LIMITS } from "../../src/sheet/limits";
import { launchChromium } from "../e2e/harness";
import type { BenchPage } from "./bench-page-server";
import { mb, median, roundOrder, table } from "./report";
import { BENCH_KINDS, benchFiles } from "./sheet-data";

const REPEATS = Number(process.env["BENCH_REPEATS"] ?? 3);
const isBaseline = (caseName: string) => caseName === "papaparseArrays" || caseName === "exceljsLoad";
const here = fileURLToPath(new URL(".", import.meta.url));

interface Measurement {
  readonly where: "Node" | "Chromium worker";
  readonly file: string;
  readonly kind: "csv" | "xlsx";
  /** Data rows the file was made with. */
  readonly fileRows: number;
  readonly reader: string;
  readonly isRaw: boolean;
  readonly rows: number;
  readonly ms: number;
  readonly peakBytes: number;
  /** Each run's time, in the order of the interleaved runs. */
  readonly runsMs: readonly number[];
}

/** The cases run both in Node and in the Chromium worker; each place adds its own. */
const CSV_CASES = ["papaparseArrays", "udsvStringArrs", "ours", "oursEveryRow"] as const;
const XLSX_CASES = [
  "inflateFloor",
  "exceljsLoad",
  "sheetjs",
  "readExcelFile",
  "ours",
  "oursEveryRow",
  "oursSmallNursery",
  "inflateOurs",
] as const;
const NODE_CASES = {
  csv: CSV_CASES,
  xlsx: [...XLSX_CASES, "exceljsStreaming", "inflateStreamed", "oursKept"],
} as const;
/**
 * Ours again in a Node (and a Chromium) whose young generation (where V8 puts new objects until a scavenge) is held to
 * 1 MB: how much of the peak is the reader's and how much is garbage the runtime lets pile up before it collects.
 */
const SMALL_NURSERY = { caseName: "oursSmallNursery", runs: "ours", flag: "--max-semi-space-size=1" } as const;
/** Node's own flags for a case: `oursKept` collects garbage itself before it measures. */
const NODE_FLAGS: Record<string, readonly string[]> = {
  [SMALL_NURSERY.caseName]: [SMALL_NURSERY.flag],
  oursKept: ["--expose-gc"],
};
const BROWSER_CASES = { csv: CSV_CASES, xlsx: [...XLSX_CASES, "oursSecondRead"] } as const;
/** Ours reading the file again in the same worker: without what the first read costs once (its code compiled). */
const SECOND_READ = { caseName: "oursSecondRead", runs: "ours" } as const;
const READER_NAMES: Record<string, string> = {
  papaparseArrays: "papaparse, array mode (raw)",
  udsvStringArrs: "uDSV, every row as strings",
  exceljsLoad: "exceljs Workbook.xlsx.load (raw)",
  exceljsStreaming: "exceljs streaming WorkbookReader, rows only",
  sheetjs: "SheetJS read + sheet_to_json, rows as arrays",
  readExcelFile: "read-excel-file readSheet, rows as arrays",
  inflateFloor: "inflate only: sheet and shared strings (floor)",
  ours: "ours (open + table)",
  oursSmallNursery: "ours, V8's young generation held to 1 MB",
  oursEveryRow: "ours, then every row taken through the table",
  inflateStreamed: "inflate only, zlib's stream in megabyte pieces, each dropped",
  inflateOurs: "inflate only, our WebAssembly inflater (ours reads with it)",
  oursKept: "ours, in use after a collection (peak MB: what it keeps)",
  oursSecondRead: "ours, the same file read again in the same worker",
};
/** What ours must reach on a workbook: time against inflating alone, and memory above the start per 100k rows. */
const XLSX_TARGETS = { timeOverFloor: 4, megabytesPer100k: 30, fromRows: 100_000 };
const XLSX_PEERS = ["exceljsLoad", "sheetjs", "readExcelFile", "exceljsStreaming"] as const;
const XLSX_PEER_NAMES: Record<string, string> = {
  exceljsLoad: "exceljs",
  sheetjs: "SheetJS",
  readExcelFile: "read-excel-file",
  exceljsStreaming: "exceljs streaming",
};
/** What ours, every row taken as strings, must reach against each peer at each size: time as a ratio. */
const CSV_TARGETS = [
  { fileRows: 10_000, peer: "papaparseArrays", most: 1.2 },
  { fileRows: 100_000, peer: "udsvStringArrs", most: 1.0 },
  { fileRows: 300_000, peer: "udsvStringArrs", most: 1.0 },
] as const;
const PEER_NAMES: Record<string, string> = { papaparseArrays: "papaparse", udsvStringArrs: "uDSV" };

type Run = { ms: number; rows: number; peakBytes: number };

/**
 * Each case run `REPEATS` times in turn (A, B, C, C, B, A…), so the machine's noise and the place in the round fall on
 * all of them alike.
 */
async function interleaved(cases: readonly string[], run: (caseName: string) => Run | Promise<Run>) {
  const runs = new Map<string, Run[]>(cases.map((caseName) => [caseName, []]));
  for (let i = 0; i < REPEATS; i++)
    for (const caseName of roundOrder(cases, i)) runs.get(caseName)?.push(await run(caseName));
  return runs;
}

/** Ratio of `m` to `peer` per run (runs interleaved, so run i of each met the same noise): median, min and max. */
function runRatios(m: Measurement, peer: Measurement): { median: number; min: number; max: number } {
  const ratios = m.runsMs.map((ms, i) => ms / (peer.runsMs[i] ?? NaN));
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

/** Ours, every row taken as strings, beside uDSV and papaparse per place and size, with a verdict where one is set. */
function csvEveryRowLines(measurements: readonly Measurement[]): string[] {
  const lines: string[] = [];
  for (const m of measurements.filter((r) => r.kind === "csv" && r.reader === "oursEveryRow")) {
    const peerOf = (reader: string) =>
      measurements.find((r) => r.where === m.where && r.file === m.file && r.reader === reader);
    const figures = ["udsvStringArrs", "papaparseArrays"].flatMap((reader) => {
      const peer = peerOf(reader);
      return peer ? [{ name: PEER_NAMES[reader], reader, peer, ratio: runRatios(m, peer) }] : [];
    });
    const times = figures.map((f) => `${f.name} ${f.peer.ms.toFixed(0)} ms`).join(", ");
    const ratios = figures
      .map((f) => `${f.ratio.median.toFixed(2)}x ${f.name} (${f.ratio.min.toFixed(2)}–${f.ratio.max.toFixed(2)})`)
      .join(", ");
    const verdicts = CSV_TARGETS.filter((t) => t.fileRows === m.fileRows).map((t) => {
      const ratio = figures.find((f) => f.reader === t.peer)?.ratio.median ?? NaN;
      return `at most ${t.most.toFixed(1)}x ${PEER_NAMES[t.peer]}: ${ratio <= t.most ? "met" : "NOT met"}`;
    });
    lines.push(
      `  ${m.where}, ${(m.fileRows / 1000).toFixed(0)}k rows: ours ${m.ms.toFixed(0)} ms, ${times}; ${ratios}` +
        (verdicts.length > 0 ? `; ${verdicts.join("; ")}` : ""),
    );
  }
  return lines;
}

const ratioText = (r: { median: number; min: number; max: number }) =>
  `${r.median.toFixed(2)}x (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;

/** Ours against the inflate-only floor and every peer, per place and size, with verdicts on time and memory. */
function xlsxLines(measurements: readonly Measurement[]): string[] {
  const lines: string[] = [];
  for (const m of measurements.filter((r) => r.kind === "xlsx" && r.reader === "ours")) {
    const same = (reader: string) =>
      measurements.find((r) => r.where === m.where && r.file === m.file && r.reader === reader);
    const floor = same("inflateFloor");
    const smallNursery = same(SMALL_NURSERY.caseName);
    const streamed = same("inflateStreamed");
    const oursInflater = same("inflateOurs");
    const kept = same("oursKept");
    const secondRead = same(SECOND_READ.caseName);
    const per100k = (bytes: number) => bytes / 1048576 / (m.fileRows / 100_000);
    const per100kText = (run: Measurement) => `${per100k(run.peakBytes).toFixed(0)} MB per 100k rows`;
    const overFloor = floor ? runRatios(m, floor) : undefined;
    const peers = XLSX_PEERS.flatMap((reader) => {
      const peer = same(reader);
      return peer ? [{ name: XLSX_PEER_NAMES[reader], ratio: runRatios(m, peer) }] : [];
    });
    const fastest = peers.every((p) => p.ratio.median < 1);
    const perHundredK = per100k(m.peakBytes);
    // The targets are set for large workbooks, where a read's fixed costs no longer count.
    const judged = m.fileRows >= XLSX_TARGETS.fromRows;
    const verdictOf = (met: boolean) => (judged ? (met ? "met" : "NOT met") : "no target below 100k rows");
    const timeVerdict = verdictOf((overFloor?.median ?? NaN) <= XLSX_TARGETS.timeOverFloor);
    const memoryVerdict = verdictOf(perHundredK <= XLSX_TARGETS.megabytesPer100k);
    lines.push(
      `  ${m.where}, ${(m.fileRows / 1000).toFixed(0)}k rows: ours ${m.ms.toFixed(0)} ms, ` +
        `floor ${floor?.ms.toFixed(0)} ms: ${overFloor?.median.toFixed(2)}x the floor ` +
        `(${overFloor?.min.toFixed(2)}–${overFloor?.max.toFixed(2)}), at most ${XLSX_TARGETS.timeOverFloor}x: ` +
        `${timeVerdict}`,
      `    ${peers.map((p) => `${ratioText(p.ratio)} ${p.name}`).join(", ")}; ` +
        `faster than every peer: ${verdictOf(fastest)}`,
      `    peak memory ${perHundredK.toFixed(0)} MB above the start per 100k rows, at most ` +
        `${XLSX_TARGETS.megabytesPer100k}: ${memoryVerdict} (inflating alone peaks at ` +
        `${mb(floor?.peakBytes ?? 0)} MB` +
        (streamed ? `, zlib's stream ${per100kText(streamed)}` : "") +
        (oursInflater
          ? `, our WebAssembly inflater ${per100kText(oursInflater)} in ${oursInflater.ms.toFixed(0)} ms`
          : "") +
        (kept ? `; ours keeps ${per100kText(kept)} once collected` : "") +
        (secondRead ? `; read again in the same worker, ours peaks at ${per100kText(secondRead)}` : "") +
        (smallNursery ? `; with V8's young generation held to 1 MB, ours peaks at ${per100kText(smallNursery)})` : ")"),
    );
  }
  return lines;
}

function nodeCase(caseName: string, file: string): { ms: number; rows: number; peakBytes: number } {
  const flags = NODE_FLAGS[caseName] ?? [];
  const runs = caseName === SMALL_NURSERY.caseName ? SMALL_NURSERY.runs : caseName;
  const output = execFileSync(
    process.execPath,
    [...flags, "--import", "tsx", join(here, "node-sheet-case.ts"), runs, file],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return JSON.parse(output);
}

/** Sets a process's memory high-water mark to its present size. */
function resetHighWaterMark(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

function statusBytes(pid: number, field: "VmHWM" | "VmRSS"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

/**
 * Each read in a fresh browser, so the renderer's memory high-water mark is this read's: measured from when the file is
 * in the worker's memory, as a Node case measures from when it has read the file.
 */
async function browserCase(
  bench: BenchPage,
  caseName: string,
  file: string,
): Promise<{ ms: number; rows: number; peakBytes: number }> {
  const isSmallNursery = caseName === SMALL_NURSERY.caseName;
  const browser: Browser = await launchChromium(isSmallNursery ? [`--js-flags=${SMALL_NURSERY.flag}`] : []);
  type BenchApi = {
    load(url: string, fileName: string, caseName: string): Promise<void>;
    run(name: string): Promise<{ ms: number; rows: number }>;
  };
  try {
    const page = await bench.open(browser);
    const renderer = await bench.rendererPid(browser);
    const load = () =>
      page.evaluate(
        ([url, fileName, name]) => (globalThis as never as { bench: BenchApi }).bench.load(url, fileName, name),
        [`/data/${basename(file)}`, basename(file), caseName] as const,
      );
    if (caseName === SECOND_READ.caseName) {
      await load();
      await page.evaluate((name) => (globalThis as never as { bench: BenchApi }).bench.run(name), SECOND_READ.runs);
    }
    await load();
    // Fetching and sending the file peaked above where it left the renderer: that peak is forgotten (Linux resets the
    // high-water mark to the present size), so that only the case's own counts.
    resetHighWaterMark(renderer);
    const before = statusBytes(renderer, "VmRSS");
    const result = await page.evaluate(
      (name) => (globalThis as never as { bench: BenchApi }).bench.run(name),
      isSmallNursery ? SMALL_NURSERY.runs : caseName === SECOND_READ.caseName ? SECOND_READ.runs : caseName,
    );
    return { ...result, peakBytes: statusBytes(renderer, "VmHWM") - before };
  } finally {
    await browser.close();
  }
}

async function pageResponsiveness(bench: BenchPage, file: string): Promise<string[]> {
  const browser = await launchChromium();
  try {
    const lines: string[] = [];
    for (const mode of ["rowsToPageInChunks", "rowsToPageAtOnce"] as const) {
      const page = await bench.open(browser);
      const result = await page.evaluate(
        ([m, url, name]) =>
          (
            globalThis as never as {
              bench: Record<
                string,
                (u: string, f: string) => Promise<{ value: number; longestTaskMs: number; blockedMs: number }>
              >;
            }
          ).bench[m]?.(url, name),
        [mode, `/data/${basename(file)}`, basename(file)] as const,
      );
      if (!result) throw new Error(`The bench page has no ${mode}`);
      const how =
        mode === "rowsToPageInChunks"
          ? "read in the worker, rows to the page in 5,000-row windows"
          : "the same rows to the page as one message      ";
      lines.push(
        `${how}: ${result.value.toLocaleString("en-US")} rows, ` +
          `longest main-thread task ${result.longestTaskMs.toFixed(0)} ms, ` +
          `${result.blockedMs.toFixed(0)} ms blocked in all`,
      );
      await page.close();
    }
    return lines;
  } finally {
    await browser.close();
  }
}

/**
 * Reading 10k and 100k-row CSV and XLSX order sheets, ours next to the raw libraries on the
 * same file in the same run, in Node and in a Chromium worker; times are medians.
 */
export async function sheetBench(
  bench: BenchPage,
  dataDir: string,
  sizes: readonly number[] = [10_000, 100_000],
): Promise<string> {
  const measurements: Measurement[] = [];
  const responsiveness: string[] = [];
  for (const rows of sizes) {
    const files = await benchFiles(dataDir, rows);
    for (const kind of BENCH_KINDS) {
      const file = files[kind];
      const label = `${kind.toUpperCase()} ${rows / 1000}k rows, ${(statSync(file).size / 1048576).toFixed(1)} MB`;
      const nodeRuns = await interleaved(NODE_CASES[kind], (caseName) => nodeCase(caseName, file));
      const browserRuns = await interleaved(BROWSER_CASES[kind], (caseName) => browserCase(bench, caseName, file));
      for (const [where, byCase] of [
        ["Node", nodeRuns],
        ["Chromium worker", browserRuns],
      ] as const) {
        for (const [caseName, runs] of byCase) {
          measurements.push({
            where,
            file: label,
            kind,
            fileRows: rows,
            reader: caseName,
            isRaw: isBaseline(caseName),
            rows: runs[0]?.rows ?? 0,
            ms: median(runs.map((r) => r.ms)),
            peakBytes: median(runs.map((r) => r.peakBytes)),
            runsMs: runs.map((r) => r.ms),
          });
        }
      }
    }
    if (rows === Math.max(...sizes) && BENCH_KINDS.includes("csv"))
      responsiveness.push(...(await pageResponsiveness(bench, files.csv)));
  }

  const baselineOf = (m: Measurement) => measurements.find((r) => r.where === m.where && r.file === m.file && r.isRaw);
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}x` : "");
  const rowsOut = measurements.map((m) => {
    const raw = m.isRaw ? undefined : baselineOf(m);
    return [
      m.where,
      m.file,
      READER_NAMES[m.reader] ?? m.reader,
      Math.round((m.rows / m.ms) * 1000).toLocaleString("en-US"),
      m.ms.toFixed(0),
      mb(m.peakBytes),
      ratio(m.ms, raw?.ms),
      ratio(m.peakBytes, raw?.peakBytes),
    ];
  });
  return [
    `Sheet reading: median of ${REPEATS} runs; ` +
      "peak = resident memory high-water mark above the start (a fresh process or browser per run); " +
      "ratios against the raw library on the same file in the same run (papaparse for CSV, exceljs's load for XLSX)",
    table(["where", "file", "reader", "rows/s", "ms", "peak MB", "time vs raw", "memory vs raw"], rowsOut, 3),
    "",
    "Workbook reader against inflating alone (the floor: zlib's inflateRawSync in Node, DecompressionStream in " +
      "Chromium) and against every peer: medians of the interleaved runs' ratios (their range in brackets):",
    ...xlsxLines(measurements),
    "",
    "CSV reader, every row taken as strings, against uDSV and papaparse: medians of the interleaved runs' times, " +
      "and of the runs' ratios (their range in brackets):",
    ...csvEveryRowLines(measurements),
    "",
    `Page responsiveness while a ${(Math.max(...sizes) / 1000).toFixed(0)}k-row CSV is read (Chromium):`,
    ...responsiveness.map((line) => `  ${line}`),
    "",
    `Limits that follow: CSV up to ${mb(SHEET_LIMITS.csv.maxBytes)} MB and ` +
      `${SHEET_LIMITS.csv.maxRows.toLocaleString("en-US")} order rows; ` +
      `XLSX up to ${mb(SHEET_LIMITS.xlsx.maxBytes)} MB, ` +
      `${SHEET_LIMITS.xlsx.maxRows.toLocaleString("en-US")} order rows and ` +
      `${SHEET_LIMITS.xlsx.maxCells.toLocaleString("en-US")} filled cells ` +
      "(ours keeps about 7 bytes a cell: see its peak above, per 100k rows); " +
      `a zip whose parts unpack to more than ${mb(SHEET_LIMITS.zip.maxInflatedBytes)} MB is refused.`,
  ].join("\n");
}
