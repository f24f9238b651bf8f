/**
 * `npm run bench [-- proxy|sheets]`: prints each benchmark's figures next to the raw baseline
 * measured in the same run. Benchmarks print numbers; they assert nothing.
 */
import { proxyBench } from "./proxy-bench";
import { sheetBench } from "./sheet-bench";

const wanted = new Set(process.argv.slice(2));
const runAll = wanted.size === 0;
const sections: string[] = [];
if (runAll || wanted.has("proxy")) sections.push(await proxyBench());
if (runAll || wanted.has("sheets")) sections.push(await sheetBench(process.env["BENCH_SIZES"]?.split(",").map(Number)));
console.log(sections.join("\n\n"));
