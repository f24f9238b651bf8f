import type { SubmitApi } from "../submit/submit-api";
import { createWorkerBridge } from "./worker-bridge";

/** A submitter with no call waiting for this long is stopped; the journal keeps everything it knew. */
const IDLE_MS = 10 * 60_000;

const startSubmitWorker = () =>
  new Worker(new URL("../../workers/submit.worker.ts", import.meta.url), { type: "module", name: "submit" });

/**
 * The page's handle on the submit worker, which sends batches and keeps the journal. Started
 * on first use and stopped only once idle: a batch being sent is a call waiting for its
 * outcome, so it never stops because the page is idle. The same submitter runs on the main
 * thread if a worker cannot start. Take a handle for each use: one kept past a stop answers
 * nothing but a WorkerStoppedError.
 */
export function createSubmitWorkerClient(start: () => Worker = startSubmitWorker) {
  const bridge = createWorkerBridge<SubmitApi>({
    name: "submit",
    start,
    fallback: async () => (await import("../submit/browser/browser-submitter")).createBrowserSubmitter(),
    idleMs: IDLE_MS,
  });
  return { get: bridge.get };
}

export type SubmitWorkerClient = ReturnType<typeof createSubmitWorkerClient>;
