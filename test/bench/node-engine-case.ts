/**
 * One engine session in a fresh Node process, so its memory is its own:
 * `tsx node-engine-case.ts <template.json> <rows>` prints the figures as JSON.
 */
import { readFileSync } from "node:fs";
import type { CatalogueSnapshot } from "../../src/core/catalogue";
import { runEngineCase, syntheticSnapshot } from "./engine-data";

const status = (field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;

const [templatePath, rowsText] = process.argv.slice(2);
if (!templatePath || !rowsText) throw new Error("usage: node-engine-case <template.json> <rows>");
const template = JSON.parse(readFileSync(templatePath, "utf8")) as CatalogueSnapshot;
const snapshot = syntheticSnapshot(template, 5_000, 20_000);
const before = status("VmRSS");
let held: unknown;
const figures = await runEngineCase(snapshot, Number(rowsText), (engine) => (held = engine));
process.stdout.write(
  JSON.stringify({
    ...figures,
    heldBytes: status("VmRSS") - before,
    peakBytes: status("VmHWM") - before,
    kept: held !== undefined,
  }),
);
