/**
 * `npm run bench [-- proxy|sheets|engine|submit|faults|grid|results|mapping|artwork|load]`: prints each benchmark's
 * figures next to its baseline measured in the same run (`mapping`: the importer on the corpus of messy sheets, beside
 * the same sheets mapped by hand; `artwork`: checking links, beside the floor the concurrency limit sets; `load`: the
 * page's first load, beside its goal). Benchmarks print numbers; they assert nothing.
 * BENCH_SIZES (e.g. "10000,100000") and BENCH_REPEATS tune the sheet, engine and results sections; BENCH_KINDS
 * ("csv" or "xlsx") narrows the sheet and results sections to one format.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchPage } from "./bench-page-server";
import { artworkBench } from "./artwork-bench";
import { engineBench } from "./engine-bench";
import { gridBench } from "./grid-bench";
import { loadBench } from "./load-bench";
import { mappingBench } from "./mapping-bench";
import { resultsBench } from "./results-bench";
import { proxyBench } from "./proxy-bench";
import { sheetBench } from "./sheet-bench";
import { faultBench, submitBench } from "./submit-bench";
import { trustBench } from "./trust-bench";

const wanted = new Set(process.argv.slice(2));
const runs = (name: string) => wanted.size === 0 || wanted.has(name);
const sizes = process.env["BENCH_SIZES"]?.split(",").map(Number);
const dataDir = join(tmpdir(), "importer-bench-data");
const sections: string[] = [];
if (runs("proxy")) sections.push(await proxyBench());
if (runs("sheets") || runs("engine") || runs("results")) {
  const page = await startBenchPage(dataDir);
  try {
    if (runs("sheets")) sections.push(await sheetBench(page, dataDir, sizes));
    if (runs("engine")) sections.push(await engineBench(page, sizes));
    if (runs("results")) sections.push(await resultsBench(page, dataDir, sizes));
  } finally {
    await page.close();
  }
}
if (runs("submit")) sections.push(await submitBench());
if (runs("faults")) sections.push(await faultBench(), await trustBench());
if (runs("grid")) sections.push(await gridBench(sizes));
if (runs("mapping")) sections.push(await mappingBench());
if (runs("artwork")) sections.push(await artworkBench());
if (runs("load")) sections.push(await loadBench());
console.log(sections.join("\n\n"));
