import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../e2e/harness";
import type { BenchPage } from "./bench-page-server";
import { mb, median, roundOrder, table } from "./report";
import { BENCH_KINDS, benchFiles } from "./sheet-data";

const here = fileURLToPath(new URL(".", import.meta.url));

interface NodeRun {
  readonly ms: number;
  /** CPU time over the case, on every thread of the process. */
  readonly cpuMs: number;
  readonly rows: number;
  readonly peakBytes: number;
}
interface BrowserRun {
  readonly readMs: number;
  readonly writeMs: number;
  /** A workbook's: inflating the order sheet's part alone, on one thread. */
  readonly inflateMs?: number;
  /** A workbook's: deflating the part written and its CRC-32 alone, on one thread. */
  readonly deflateMs?: number;
}

function nodeCase(mode: "read" | "write" | "alone" | "floor" | "streams", file: string): NodeRun {
  return JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", join(here, "node-results-case.ts"), mode, file], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    }),
  );
}

/**
 * The file read, then written back, in the bench page's worker as in the app's sheet worker; a fresh browser. With
 * `deflatesNothing`, the write's deflater hands nothing on: its time is the sheet worker's share alone.
 */
async function browserCase(bench: BenchPage, file: string, deflatesNothing = false): Promise<BrowserRun> {
  const browser = await launchChromium();
  try {
    const page = await bench.open(browser);
    return await page.evaluate(
      ([url, fileName, deflating]) =>
        (
          globalThis as never as {
            bench: { writeBack(u: string, f: string, d: boolean): Promise<BrowserRun> };
          }
        ).bench.writeBack(url, fileName, deflating),
      [`/data/${basename(file)}`, basename(file), deflatesNothing] as const,
    );
  } finally {
    await browser.close();
  }
}

/** The Node cases of a workbook, one round of them (a CSV's are the first two). */
const NODE_MODES = ["read", "write", "floor", "alone", "streams"] as const;

/**
 * Runs of each case, interleaved (read, write, floor…, browser; then the Node cases backward…), so the machine's noise
 * and the place in the round fall on all alike.
 */
const REPEATS = Math.max(1, Number(process.env["BENCH_REPEATS"] ?? 3));

/** Ratios taken run by run (runs interleaved, so run i of each met the same noise). */
const runRatios = (over: readonly number[], under: readonly number[]) =>
  over.map((value, i) => value / Math.max(1e-9, under[i] ?? Number.NaN));

/** A ratio taken run by run: median and range. */
function ratioText(over: readonly number[], under: readonly number[]): string {
  const ratios = runRatios(over, under);
  const range = REPEATS > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : "";
  return `${median(ratios).toFixed(2)}${range}`;
}

/** The target: a write back takes at most the time of reading the same file, judged from 100k rows on. */
const WRITE_TARGET = { mostOverRead: 1.0, fromRows: 100_000 };

/** Whether a write back met its target, from the runs' times of writing and reading. */
function writeVerdict(where: string, name: string, rows: number, writeMs: number[], readMs: number[]): string {
  const ratio = median(runRatios(writeMs, readMs));
  const verdict =
    rows < WRITE_TARGET.fromRows
      ? `no target below ${WRITE_TARGET.fromRows.toLocaleString("en-US")} rows`
      : ratio <= WRITE_TARGET.mostOverRead
        ? "met"
        : "NOT met";
  const most = WRITE_TARGET.mostOverRead.toFixed(1);
  return `  ${where}, ${name}: ${ratio.toFixed(2)}x its read, at most ${most}x: ${verdict}`;
}

/**
 * Writing a result on every row back into the customer's own 10k and 100k-row CSV and
 * workbook, beside reading the same file: each in a fresh Node process (time and peak memory),
 * then in a fresh Chromium's worker (time), `REPEATS` times interleaved.
 */
export async function resultsBench(
  bench: BenchPage,
  dataDir: string,
  sizes: readonly number[] = [10_000, 100_000],
): Promise<string> {
  const rows: string[][] = [];
  const inBrowser: string[][] = [];
  const verdicts: string[] = [];
  for (const size of sizes) {
    const files = await benchFiles(dataDir, size);
    for (const format of BENCH_KINDS) {
      const kind = format === "csv" ? "CSV" : "XLSX";
      const file = files[format];
      const runs = {
        read: [] as NodeRun[],
        write: [] as NodeRun[],
        floor: [] as NodeRun[],
        alone: [] as NodeRun[],
        streams: [] as NodeRun[],
        browser: [] as BrowserRun[],
        sheetWorkerAlone: [] as BrowserRun[],
      };
      const nodeModes = kind === "XLSX" ? NODE_MODES : (["read", "write"] as const);
      for (let i = 0; i < REPEATS; i++) {
        for (const mode of roundOrder(nodeModes, i)) runs[mode].push(nodeCase(mode, file));
        runs.browser.push(await browserCase(bench, file));
        if (kind === "XLSX") runs.sheetWorkerAlone.push(await browserCase(bench, file, true));
      }
      const ms = (of: readonly NodeRun[]) => of.map((run) => run.ms);
      const peaks = (of: readonly NodeRun[]) => of.map((run) => run.peakBytes);
      const cpu = (of: readonly NodeRun[]) => median(of.map((run) => run.cpuMs)).toFixed(0);
      const name = `${kind} ${size.toLocaleString("en-US")} rows, ${(statSync(file).size / 1048576).toFixed(1)} MB`;
      rows.push([
        name,
        `${median(ms(runs.read)).toFixed(0)} ms / ${mb(median(peaks(runs.read)))} MB`,
        `${median(ms(runs.write)).toFixed(0)} ms / ${mb(median(peaks(runs.write)))} MB`,
        ratioText(ms(runs.write), ms(runs.read)),
        ratioText(peaks(runs.write), peaks(runs.read)),
        runs.floor.length > 0 ? `${median(ms(runs.floor)).toFixed(0)} ms` : "-",
        runs.floor.length > 0 ? ratioText(ms(runs.floor), ms(runs.read)) : "-",
        `${cpu(runs.read)} / ${cpu(runs.write)} ms`,
        runs.alone.length > 0 ? `${median(ms(runs.alone)).toFixed(0)} ms` : "-",
        runs.alone.length > 0 ? ratioText(ms(runs.alone), ms(runs.read)) : "-",
        runs.streams.length > 0 ? `${median(ms(runs.streams)).toFixed(0)} ms` : "-",
        runs.streams.length > 0 ? ratioText(ms(runs.streams), ms(runs.read)) : "-",
      ]);
      const browserMs = (key: keyof BrowserRun) => runs.browser.map((run) => run[key] ?? Number.NaN);
      verdicts.push(
        writeVerdict("Node", name, size, ms(runs.write), ms(runs.read)),
        writeVerdict("Chromium worker", name, size, browserMs("writeMs"), browserMs("readMs")),
      );
      // The two run on threads of their own as the page writes: the write cannot end before the longer is done.
      const floor = runs.browser.map((run) => Math.max(run.inflateMs ?? Number.NaN, run.deflateMs ?? Number.NaN));
      inBrowser.push([
        name,
        `${median(browserMs("readMs")).toFixed(0)} ms`,
        `${median(browserMs("writeMs")).toFixed(0)} ms`,
        ratioText(browserMs("writeMs"), browserMs("readMs")),
        kind === "XLSX"
          ? `${median(browserMs("inflateMs")).toFixed(0)} / ${median(browserMs("deflateMs")).toFixed(0)} ms`
          : "-",
        kind === "XLSX" ? ratioText(floor, browserMs("readMs")) : "-",
        kind === "XLSX" ? `${median(runs.sheetWorkerAlone.map((run) => run.writeMs)).toFixed(0)} ms` : "-",
        kind === "XLSX"
          ? ratioText(
              runs.sheetWorkerAlone.map((run) => run.writeMs),
              runs.sheetWorkerAlone.map((run) => run.readMs),
            )
          : "-",
      ]);
    }
  }
  return [
    "Result sheets written back into the customer's own file (10 result columns on every row), " +
      `beside reading the same file; Node, fresh process each; medians of ${REPEATS} interleaved runs, ` +
      "ratios taken run by run (their range in brackets)",
    table(
      [
        "file",
        "read: time / peak",
        "write back: time / peak",
        "time ×",
        "memory ×",
        "floor",
        "floor ×",
        "CPU: read / write",
        "alone",
        "alone ×",
        "streams",
        "streams ×",
      ],
      rows,
    ),
    "floor: inflating the order sheet's part and deflating the part written (zlib level 2), nothing else; " +
      "floor ×: that beside reading. CPU: the process's CPU time on every thread (zlib's included). Alone: the write " +
      "with a deflater that hands nothing on (the main thread's share and inflating, zlib's deflating taken out); " +
      "alone ×: that beside reading. Streams: the write with its rewriting taken out (the order sheet's part " +
      "inflated as the write inflates it, the part written fed to the deflater in step); streams ×: that beside " +
      "reading",
    "",
    "The same in a Chromium worker, as the page writes them (our WebAssembly inflater and deflater, the deflating " +
      "in a helper worker); a fresh browser each",
    table(
      ["file", "read", "write back", "time ×", "inflate / deflate", "floor ×", "sheet worker alone", "alone ×"],
      inBrowser,
    ),
    "inflate / deflate: inflating the order sheet's part alone, and deflating the part written with its CRC-32 " +
      "alone (our WebAssembly deflater), each on one thread; floor ×: the longer of the two beside reading. Sheet " +
      "worker alone: the same write with a deflater that hands nothing on (its own share of the work, the helper's " +
      "taken out), in a browser of its own; alone ×: that beside the read in the same browser",
    "",
    "Write back against reading the same file (medians of the runs' ratios):",
    ...verdicts,
  ].join("\n");
}
