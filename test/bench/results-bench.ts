import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../e2e/harness";
import type { BenchPage } from "./bench-page-server";
import { mb, table } from "./report";
import { benchFiles } from "./sheet-data";

const here = fileURLToPath(new URL(".", import.meta.url));

function nodeCase(mode: "read" | "write" | "floor", file: string): { ms: number; rows: number; peakBytes: number } {
  return JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", join(here, "node-results-case.ts"), mode, file], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    }),
  );
}

/** The file read, then written back, in the bench page's worker as in the app's sheet worker; a fresh browser. */
async function browserCase(bench: BenchPage, file: string): Promise<{ readMs: number; writeMs: number }> {
  const browser = await launchChromium();
  try {
    const page = await bench.open(browser);
    return await page.evaluate(
      ([url, fileName]) =>
        (
          globalThis as never as {
            bench: { writeBack(u: string, f: string): Promise<{ readMs: number; writeMs: number }> };
          }
        ).bench.writeBack(url, fileName),
      [`/data/${basename(file)}`, basename(file)] as const,
    );
  } finally {
    await browser.close();
  }
}

/**
 * Writing a result on every row back into the customer's own 10k and 100k-row CSV and
 * workbook, beside reading the same file: each in a fresh Node process (time and peak memory),
 * then in a fresh Chromium's worker (time).
 */
export async function resultsBench(
  bench: BenchPage,
  dataDir: string,
  sizes: readonly number[] = [10_000, 100_000],
): Promise<string> {
  const rows: string[][] = [];
  const inBrowser: string[][] = [];
  for (const size of sizes) {
    const files = await benchFiles(dataDir, size);
    for (const [kind, file] of [
      ["CSV", files.csv],
      ["XLSX", files.xlsx],
    ] as const) {
      const read = nodeCase("read", file);
      const write = nodeCase("write", file);
      const floor = kind === "XLSX" ? nodeCase("floor", file) : undefined;
      rows.push([
        `${kind} ${size.toLocaleString("en-US")} rows, ${(statSync(file).size / 1048576).toFixed(1)} MB`,
        `${read.ms.toFixed(0)} ms / ${mb(read.peakBytes)} MB`,
        `${write.ms.toFixed(0)} ms / ${mb(write.peakBytes)} MB`,
        (write.ms / read.ms).toFixed(2),
        (write.peakBytes / Math.max(1, read.peakBytes)).toFixed(2),
        floor ? `${floor.ms.toFixed(0)} ms` : "-",
        floor ? (floor.ms / read.ms).toFixed(2) : "-",
      ]);
      const chromium = await browserCase(bench, file);
      inBrowser.push([
        rows.at(-1)?.[0] ?? "",
        `${chromium.readMs.toFixed(0)} ms`,
        `${chromium.writeMs.toFixed(0)} ms`,
        (chromium.writeMs / chromium.readMs).toFixed(2),
      ]);
    }
  }
  return [
    "Result sheets written back into the customer's own file (10 result columns on every row), " +
      "beside reading the same file; Node, fresh process each",
    table(["file", "read: time / peak", "write back: time / peak", "time ×", "memory ×", "floor", "floor ×"], rows),
    "floor: inflating the order sheet's part and deflating the part written (zlib level 2), nothing else; " +
      "floor ×: that beside reading",
    "",
    "The same in a Chromium worker, as the page writes them (our deflater in a helper worker, DecompressionStream); " +
      "a fresh browser each",
    table(["file", "read", "write back", "time ×"], inBrowser),
  ].join("\n");
}
