import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSamples, type SampleFile } from "../../samples/make-samples";
import { SIM_START } from "../helpers/sim-clock";

let made: Promise<string> | undefined;

/**
 * A sample's path, made (once a run) for the benchmarks' pinned clock, SIM_START, into a
 * temporary folder that goes when the process ends: samples/ may be missing or made for another day.
 */
export async function benchSample(name: SampleFile): Promise<string> {
  made ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), "bench-samples-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    await makeSamples(folder, new Date(SIM_START).toISOString().slice(0, 10));
    return folder;
  })();
  return join(await made, name);
}
