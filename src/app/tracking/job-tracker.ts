import type { VendorClient } from "../../api";
import type { JournalStore } from "../../core/journal";
import { createJobDetail, type OpenJob } from "./job-detail-store";
import { createJobList, type JobListState } from "./job-list-store";

export { DEFAULT_POLL_MS } from "./job-list-store";
export type { OpenJob, TrackerMessage } from "./job-detail-store";

/**
 * The account whose submitted jobs are followed, and how: its client and journal, the clock, polling and the page's
 * visibility.
 */
export interface JobTrackerDeps {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  /** The proxy connection and the vendor account whose jobs are shown. */
  readonly connection: string;
  readonly accountId: number;
  readonly now?: () => Date;
  /** How often the list is refreshed while the page is visible; 3 minutes unless told. */
  readonly pollMs?: number;
  /** Whether the page is hidden (the component passes the document's visibility). */
  readonly isHidden?: () => boolean;
  /** Calls the listener whenever the page is shown or hidden; returns how to stop. */
  readonly onVisibilityChange?: (listener: () => void) => () => void;
  /** Locale for dates inside messages; the browser's when absent. */
  readonly locale?: string;
}

/** The list of jobs and the job open beside it. */
export interface JobTrackerState extends JobListState {
  readonly open: OpenJob | undefined;
}

/**
 * The submitted-jobs view: the state the page renders and the intents it sends, from the list
 * of jobs (see createJobList) and the open job's panel (see createJobDetail). Nothing here
 * touches the DOM.
 */
export function createJobTracker(deps: JobTrackerDeps) {
  const list = createJobList(deps);
  const detail = createJobDetail(deps, list);
  let shown = {
    listed: list.getState(),
    open: detail.getState(),
    state: { ...list.getState(), open: detail.getState() },
  };

  /** The two parts as one state, made again only when either has changed. */
  function getState(): JobTrackerState {
    const listed = list.getState();
    const open = detail.getState();
    if (listed !== shown.listed || open !== shown.open) shown = { listed, open, state: { ...listed, open } };
    return shown.state;
  }

  return {
    getState,
    subscribe(listener: () => void): () => void {
      const stopList = list.subscribe(listener);
      const stopDetail = detail.subscribe(listener);
      return () => {
        stopList();
        stopDetail();
      };
    },
    /** Reads the list now and then every poll interval while the page is visible. */
    start: list.start,
    /** Stops polling, closes the open job and drops the reads in flight (writes already sent are left to finish). */
    stop(): void {
      list.stop();
      detail.closeJob();
    },
    /** Reads the list now, looking up again every job the vendor's list leaves out. */
    refresh: list.refresh,
    openJob: detail.openJob,
    closeJob: detail.closeJob,
    cancelJob: detail.cancelJob,
    editJob: detail.editJob,
  };
}

export type JobTracker = ReturnType<typeof createJobTracker>;
export type {
  EditField,
  JobDetail,
  JobDetailLine,
  JobEdit,
  TrackedJob,
  TrackingLink,
  VendorLookup,
} from "./tracked-jobs";
