import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { table } from "./report";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The first load's goal: the JavaScript the page loads before any worker starts. */
const FIRST_LOAD_GOAL_KB = 60;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * What the built page loads first (its entry script and the chunks `index.html` preloads), gzip as served, beside the
 * goal; and how many copies of exceljs the build holds (the sheet worker's, and the page fallback's).
 */
export async function loadBench(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "load-bench-"));
  try {
    const distDir = join(folder, "dist");
    await build({ root: ROOT, logLevel: "silent", build: { outDir: distDir, emptyOutDir: true } });
    const html = await readFile(join(distDir, "index.html"), "utf8");
    const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
    const rows: string[][] = [];
    let total = 0;
    for (const file of first) {
      const bytes = await readFile(join(distDir, "assets", file));
      const gzip = gzipSync(bytes).length;
      total += gzip;
      rows.push([file, kb(bytes.length), kb(gzip)]);
    }
    rows.push(["first load, in all", "", kb(total)]);
    const assets = await readdir(join(distDir, "assets"));
    const exceljs = assets.filter((name) => /^exceljs.*\.js$/.test(name)).length;
    return [
      "First load: the JavaScript the page loads before any worker starts " +
        `(goal: at most ${FIRST_LOAD_GOAL_KB} KB gzip)`,
      table(["file", "KB", "KB gzip"], rows),
      `${total / 1024 <= FIRST_LOAD_GOAL_KB ? "met" : "NOT met"}; copies of exceljs in the build: ${exceljs} (goal: 1)`,
    ].join("\n");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
