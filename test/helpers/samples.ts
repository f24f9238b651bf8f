import { join } from "node:path";
import { inject } from "vitest";
import type { SampleFile } from "../../samples/make-samples";

/** A sample's path: made for the tests' pinned clock (SIM_START) by their global setup. */
export function samplePath(name: SampleFile): string {
  return join(inject("samplesFolder"), name);
}
