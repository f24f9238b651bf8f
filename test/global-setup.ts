import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { makeSamples } from "../samples/make-samples";
import { SIM_START } from "./helpers/sim-clock";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the samples lie, made for the tests' pinned clock (see `samplePath`). */
    readonly samplesFolder: string;
  }
}

/**
 * Makes the samples as `npm start` does, but for the day the tests' simulator clock starts
 * (SIM_START) and into a folder of their own: the files in samples/ are made for whatever day
 * they were last used, and may be missing on a fresh clone.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "importer-samples-"));
  await makeSamples(folder, new Date(SIM_START).toISOString().slice(0, 10));
  project.provide("samplesFolder", folder);
  return () => rm(folder, { recursive: true, force: true });
}
