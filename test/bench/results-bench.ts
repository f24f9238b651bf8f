import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * Writing a result on every row back into the customer's own 10k and 100k-row CSV and
 * workbook, beside reading the same file, each in a fresh Node process: time and peak memory.
 */
export async function resultsBench(dataDir: string, sizes: readonly number[] = [10_000, 100_000]): Promise<string> {
  const rows: string[][] = [];
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
    }
  }
  return [
    "Result sheets written back into the customer's own file (10 result columns on every row), " +
      "beside reading the same file; Node, fresh process each",
    table(["file", "read: time / peak", "write back: time / peak", "time ×", "memory ×", "floor", "floor ×"], rows),
    "floor: inflating the order sheet's part and deflating the part written (zlib level 2), nothing else; " +
      "floor ×: that beside reading",
  ].join("\n");
}
