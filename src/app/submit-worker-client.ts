import { wrap, type Remote } from "comlink";
import type { SubmitApi } from "../submit/submit-api";

/**
 * The page's handle on the submit worker, which sends batches and keeps the journal. Started
 * on first use and kept while the page lives (a batch must not stop because the page is
 * idle); the same submitter runs on the main thread if a worker cannot start.
 */
export function createSubmitWorkerClient() {
  let submitter: Promise<Remote<SubmitApi> | SubmitApi> | undefined;
  return {
    get(): Promise<Remote<SubmitApi> | SubmitApi> {
      submitter ??= (async () => {
        try {
          return wrap<SubmitApi>(new Worker(new URL("../../workers/submit.worker.ts", import.meta.url), { type: "module", name: "submit" }));
        } catch {
          return (await import("../submit/browser/browser-submitter")).createBrowserSubmitter();
        }
      })();
      return submitter;
    },
  };
}

export type SubmitWorkerClient = ReturnType<typeof createSubmitWorkerClient>;
