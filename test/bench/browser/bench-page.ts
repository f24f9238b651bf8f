import { transfer, wrap } from "comlink";
import type { CaseResult, SHEET_CASES } from "../sheet-cases";
import type { BenchWorkerApi } from "./bench.worker";

const worker = wrap<BenchWorkerApi>(new Worker(new URL("./bench.worker.ts", import.meta.url), { type: "module" }));

async function fetchBytes(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

/** Main-thread tasks over 50 ms while `work` runs: how long the page could not respond. */
async function watchMainThread<T>(
  work: () => Promise<T>,
): Promise<{ value: T; longestTaskMs: number; blockedMs: number }> {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  const value = await work();
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return {
    value,
    longestTaskMs: Math.max(0, ...tasks),
    blockedMs: tasks.reduce((sum, t) => sum + Math.max(0, t - 50), 0),
  };
}

const bench = {
  engineCase(template: unknown, rows: number) {
    return worker.engineCase(template as Parameters<BenchWorkerApi["engineCase"]>[0], rows);
  },
  /** Fetches a file and sends it to the worker, which keeps it for `run` of case `caseName`. */
  async load(url: string, fileName: string, caseName: string): Promise<void> {
    const bytes = await fetchBytes(url);
    await worker.load(transfer(bytes, [bytes.buffer]), fileName, caseName);
  },
  run(caseName: keyof typeof SHEET_CASES): Promise<CaseResult> {
    return worker.run(caseName);
  },
  async writeBack(url: string, fileName: string, deflatesNothing = false) {
    const bytes = await fetchBytes(url);
    return worker.writeBack(transfer(bytes, [bytes.buffer]), fileName, deflatesNothing);
  },
  /** Reads in the worker, then brings every row to the page in 5,000-row windows. */
  async rowsToPageInChunks(url: string, fileName: string) {
    const bytes = await fetchBytes(url);
    return watchMainThread(async () => {
      const count = await worker.open(transfer(bytes, [bytes.buffer]), fileName);
      const rows = [];
      for (let start = 0; start < count; start += 5000) rows.push(...(await worker.rows(start, 5000)));
      return rows.length;
    });
  },
  /** The same rows as one message, for comparison. */
  async rowsToPageAtOnce(url: string, fileName: string) {
    const bytes = await fetchBytes(url);
    const count = await worker.open(transfer(bytes, [bytes.buffer]), fileName);
    const watched = await watchMainThread(async () => (await worker.allRows()).length);
    return { ...watched, value: count };
  },
};

(globalThis as unknown as { bench: typeof bench }).bench = bench;
document.body.dataset["ready"] = "true";
