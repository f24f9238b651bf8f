import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { table } from "./report";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The first load's goal: the JavaScript the page loads before any worker starts. */
const FIRST_LOAD_GOAL_KB = 60;
/**
 * What the page loads in the idle time after the first paint, before any file is dropped: the workflow
 * (`src/app/main.tsx`), then the later steps' views (`src/app/import-page.tsx`).
 */
const LOADED_WHEN_IDLE = ["src/app/import-page.tsx", "src/app/later-steps.ts"];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A chunk's key in the manifest, and every chunk it imports statically, however deep. */
function withStaticImports(manifest: Manifest, keys: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (found.has(key) || !manifest[key]) return;
    found.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return found;
}

/** Every chunk the page can load from its entry, statically or through `import()`. */
function reachable(manifest: Manifest, entry: string): Set<string> {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (found.has(key) || !manifest[key]) return;
    found.add(key);
    for (const imported of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(imported);
  };
  visit(entry);
  return found;
}

/** One table section: a row per file (its size, and gzip as served) and the section's gzip total. */
async function section(distDir: string, files: readonly string[], label: string) {
  const rows: string[][] = [];
  let gzip = 0;
  for (const file of files) {
    const bytes = await readFile(join(distDir, file));
    const zipped = gzipSync(bytes).length;
    gzip += zipped;
    rows.push([file.replace(/^assets\//, ""), kb(bytes.length), kb(zipped)]);
  }
  rows.push([label, "", kb(gzip)]);
  return { rows, gzip };
}

/**
 * What the built page loads first (its entry script and the chunks `index.html` preloads: what must arrive before the
 * page is usable), gzip as served, beside the goal; then what it loads in the idle time after the first paint (so the
 * whole page before a file is dropped), and the chunks it loads only when asked for (the blank order form; the page's
 * own copies of the workers, when a browser cannot start one); and how many copies of exceljs the build holds.
 */
export async function loadBench(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "load-bench-"));
  try {
    const distDir = join(folder, "dist");
    await build({ root: ROOT, logLevel: "silent", build: { outDir: distDir, emptyOutDir: true, manifest: true } });
    const html = await readFile(join(distDir, "index.html"), "utf8");
    const manifest = JSON.parse(await readFile(join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    const firstFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    const fileOf = (key: string) => manifest[key]?.file ?? key;
    const idleKeys = [...withStaticImports(manifest, LOADED_WHEN_IDLE)].filter((k) => !firstFiles.includes(fileOf(k)));
    const laterKeys = [...reachable(manifest, "index.html")].filter(
      (k) => !firstFiles.includes(fileOf(k)) && !idleKeys.includes(k),
    );
    const first = await section(distDir, firstFiles, "first load, in all");
    const idle = await section(distDir, idleKeys.map(fileOf), "loaded when idle, in all");
    const later = await section(distDir, laterKeys.map(fileOf), "loaded only when needed, in all");
    const exceljs = (await readdir(join(distDir, "assets"))).filter((name) => /^exceljs.*\.js$/.test(name)).length;
    return [
      "First load: the JavaScript the page loads before it is usable, before any worker starts " +
        `(goal: at most ${FIRST_LOAD_GOAL_KB} KB gzip)`,
      table(["file", "KB", "KB gzip"], first.rows),
      `${first.gzip / 1024 <= FIRST_LOAD_GOAL_KB ? "met" : "NOT met"}; ` +
        `copies of exceljs in the build: ${exceljs} (goal: 1)`,
      "",
      `Loaded in the idle time after the first paint (${LOADED_WHEN_IDLE.join(", ")} and what it imports)`,
      table(["file", "KB", "KB gzip"], idle.rows),
      `the whole page before a file is dropped: ${kb(first.gzip + idle.gzip)} KB gzip`,
      "",
      "Loaded only when needed (the blank order form, on its download; " +
        "the page's own copy of a worker, when one cannot start)",
      table(["file", "KB", "KB gzip"], later.rows),
    ].join("\n");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
