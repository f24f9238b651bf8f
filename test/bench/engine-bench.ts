import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalogue } from "../../src/catalogue/load-catalogue";
import { startSimulator } from "../../src/server/simulator/simulator";
import { simClient } from "../helpers/sim-client";
import { launchChromium } from "../e2e/harness";
import { table } from "./report";
import type { EngineFigures } from "./engine-data";
import type { BenchPage } from "./bench-page-server";

const here = fileURLToPath(new URL(".", import.meta.url));
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

function statusBytes(pid: number, field: "VmHWM" | "VmRSS"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

/**
 * Resolution and grouping of 10k and 100k synthetic rows against a 5,000 price-code and
 * 20,000 asset catalogue, single-cell edits in the session, and the session's memory, in Node
 * and in a Chromium worker. The vendor answers at once, so the figures are resolution's own.
 */
export async function engineBench(page: BenchPage, sizes: readonly number[] = [10_000, 100_000]): Promise<string> {
  const sim = await startSimulator();
  const loaded = await loadCatalogue(simClient(sim), "demo");
  await sim.close();
  if (!loaded.ok) throw new Error(loaded.message);
  const templatePath = join(await mkdtemp(join(tmpdir(), "engine-bench-")), "template.json");
  await writeFile(templatePath, JSON.stringify(loaded.snapshot));

  const rows: string[][] = [];
  const add = (where: string, f: EngineFigures & { heldBytes: number }) =>
    rows.push([
      where,
      f.rows.toLocaleString("en-US"),
      f.readMs.toFixed(0),
      f.startMs.toFixed(0),
      Math.round((f.rows / f.startMs) * 1000).toLocaleString("en-US"),
      `${f.cellEditMs.median.toFixed(2)} / ${f.cellEditMs.p95.toFixed(2)}`,
      `${f.jobFieldEditMs.median.toFixed(2)} / ${f.jobFieldEditMs.p95.toFixed(2)}`,
      mb(f.heldBytes),
      f.jobs.toLocaleString("en-US"),
    ]);
  for (const count of sizes) {
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", join(here, "node-engine-case.ts"), templatePath, String(count)],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    add("Node", JSON.parse(output));
    const browser = await launchChromium();
    try {
      const tab = await page.open(browser);
      const renderer = await page.rendererPid(browser);
      const before = statusBytes(renderer, "VmRSS");
      const figures = await tab.evaluate(
        ([template, n]) =>
          (
            globalThis as never as { bench: { engineCase(t: unknown, n: number): Promise<EngineFigures> } }
          ).bench.engineCase(template, n),
        [loaded.snapshot, count] as const,
      );
      add("Chromium worker", { ...figures, heldBytes: statusBytes(renderer, "VmRSS") - before });
    } finally {
      await browser.close();
    }
  }
  return [
    "Import engine: synthetic six-line orders against 5,000 price codes and 20,000 assets (the vendor answers at once)",
    table(
      [
        "where",
        "rows",
        "read ms (floor)",
        "resolve+group ms",
        "rows/s",
        "cell edit ms (median / p95)",
        "job-field edit ms (median / p95)",
        "session MB",
        "jobs",
      ],
      rows,
    ),
    "read = the rows through the mapping only; " +
      "resolve+group = engine.start (every row resolved, jobs grouped and checked);",
    "an edit = setCell until the rows and jobs it touched are resolved again; " +
      "session MB = resident memory held once the session is up.",
  ].join("\n");
}
