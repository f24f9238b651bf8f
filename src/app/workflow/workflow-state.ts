import type { VendorClient } from "../../api";
import type { CatalogueStore } from "../../catalogue/catalogue-store";
import type { catalogueCounts, CatalogueProgress } from "../../catalogue/load-catalogue";
import type { CatalogueSnapshot } from "../../core/catalogue";
import type { SheetMapping } from "../../core/mapping/sheet-mapping";
import type { MappingTemplate } from "../../core/mapping/templates";
import type { AccountProfile } from "../../core/vendor";
import type { EngineSummary, OrderView } from "../../engine/views";
import type { RowFilter } from "../../engine/row-filter";
import type { SheetPreview, WorkbookSummary } from "../../sheet/sheet-preview";
import type { ReadProgress } from "../../sheet/read/workbook";
import type { TemplateStore } from "../../storage/mapping-templates";
import type { BatchFileStore } from "../../storage/batch-files";
import type { ReviewFile, ReviewSessionStore } from "../../storage/review-sessions";
import type { BatchSummary, ResultsView } from "../../submit/submit-api";
import type { SubmitProgress } from "../../submit/submit-batch";
import type { SubmissionSummary } from "../../core/submission-summary";
import type { SubmissionChannel } from "./submission-channel";
import type { EngineWorkerClient } from "../engine-worker-client";
import type { ConnectionInfo, ConnectionsResult } from "../proxy-connections";
import type { SheetWorkerClient } from "../sheet-worker-client";
import type { SubmitWorkerClient } from "../submit-worker-client";

/** The account's catalogue as the page shows it: loading, ready (with when and how much), or failed. */
export type CatalogueStatus =
  | { readonly state: "loading"; readonly progress: CatalogueProgress | undefined }
  | { readonly state: "ready"; readonly fetchedAt: string; readonly counts: ReturnType<typeof catalogueCounts> }
  | { readonly state: "failed"; readonly message: string };

export interface Connected {
  readonly connection: ConnectionInfo;
  readonly account: AccountProfile;
  /**
   * The vendor's user the connection acts as (`/account/user`), for the audit trail; undefined when it could not be
   * read.
   */
  readonly userName?: string | undefined;
  readonly catalogue: CatalogueStatus;
}

export interface MappingState {
  readonly file: WorkbookSummary;
  readonly sheetName: string;
  readonly preview: SheetPreview;
  readonly mapping: SheetMapping;
  /** Saved templates whose headers match this sheet's. */
  readonly templates: readonly MappingTemplate[];
  readonly appliedTemplate: string | undefined;
  /** Attribute names and labels the account's price codes ask for, for hand mapping. */
  readonly attributes: readonly string[];
  readonly notice?: string;
  /** Several files dropped together, read as one sheet: each file's sheet, header row and own mapping. */
  readonly files?: readonly ReviewFile[] | undefined;
}

/** A cell the grid is asked to move to (the next problem, say); `request` tells two asks apart. */
export interface GridFocus {
  readonly rowNumber: number;
  readonly column: string | undefined;
  readonly request: number;
}

/**
 * What the review screen shows. The rows stay in the engine worker: the grid asks for the
 * window it shows, and `revision` changes whenever the session does, so it asks again.
 */
export interface ReviewState {
  readonly fileName: string;
  readonly sheetName: string;
  readonly headerRowNumber: number;
  /** The session's columns: the sheet's, then any added for values it lacks. */
  readonly headers: readonly string[];
  readonly mapping: SheetMapping;
  readonly summary: EngineSummary;
  readonly filter: RowFilter;
  readonly revision: number;
  readonly focus?: GridFocus | undefined;
  /** What is under way (the dry runs, with counts and time left), when something is. */
  readonly busy?: string | undefined;
  /** Said once, at the top (the review was reopened after a reload, say). */
  readonly notice?: string | undefined;
  /** Several files dropped together: their rows are told by file and own row number. */
  readonly files?: readonly ReviewFile[] | undefined;
  /** Submit was clicked and the batch is not yet sent or refused: it cannot be clicked again. */
  readonly submitting?: boolean | undefined;
}

/** A submission as the page shows it: the batch, where it is, and the review it came from (none after a reload). */
export interface SubmissionView {
  readonly batchId: string;
  readonly fileName: string;
  readonly review: ReviewState | undefined;
  readonly progress: SubmitProgress | undefined;
  readonly stopping: boolean;
}

/** What is about to be created, shown for confirmation before anything is sent. */
export interface ConfirmState {
  /** The review it came from, shown again on "Back to the review". */
  readonly review: ReviewState;
  readonly summary: SubmissionSummary;
  /** The summary in sentences, in the account's money and delivery names. */
  readonly lines: readonly string[];
  /** The estimated total in the account's money. */
  readonly totalText: string;
  readonly currency: string;
  /** Each order to be created that has artwork, with its artwork as checked. */
  readonly artwork?: readonly { readonly orderNumber: string; readonly artwork: OrderView["artwork"] }[];
  /** Said once, at the top (another submission has finished meanwhile, say). */
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
  /** "Create N jobs" was clicked: it cannot be clicked again. */
  readonly sending?: boolean | undefined;
  /**
   * Another tab, browser or machine is submitting for the account: this page waits (since when it was told, and its
   * progress when a tab of this browser says it).
   */
  readonly waiting?: { readonly since?: string | undefined; readonly progress?: string | undefined } | undefined;
}

/** A finished (or stopped) submission: every row's outcome from the journal. */
export interface SubmissionResult {
  readonly results: ResultsView;
  readonly status: "finished" | "stopped" | "incomplete" | "busy";
  readonly problems: readonly string[];
  readonly review: ReviewState | undefined;
}

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | {
      readonly step: "connect";
      readonly connections?: readonly ConnectionInfo[];
      readonly error?: string;
      readonly needsAccessKey?: boolean;
      readonly busy?: boolean;
    }
  | {
      readonly step: "upload";
      readonly connected: Connected;
      readonly error?: string;
      readonly batches?: readonly BatchSummary[];
      /** A review left open in another tab or an earlier visit, offered to continue. */
      readonly savedReview?: { readonly fileName: string; readonly savedAt: string };
    }
  | {
      readonly step: "opening";
      readonly connected: Connected;
      readonly fileName: string;
      readonly progress: ReadProgress | undefined;
    }
  | { readonly step: "mapping"; readonly connected: Connected; readonly mapping: MappingState; readonly error?: string }
  /**
   * Reading and checking the rows (or reopening a saved review), with counts; "Stop checking" goes back to the step
   * before.
   */
  | {
      readonly step: "checking";
      readonly connected: Connected;
      readonly fileName: string;
      readonly progress: string;
      readonly canStop?: boolean;
    }
  | { readonly step: "review"; readonly connected: Connected; readonly review: ReviewState; readonly error?: string }
  | { readonly step: "confirm"; readonly connected: Connected; readonly confirm: ConfirmState }
  | { readonly step: "submitting"; readonly connected: Connected; readonly submission: SubmissionView }
  | { readonly step: "done"; readonly connected: Connected; readonly done: SubmissionResult };

export interface WorkflowDeps {
  readonly fetchConnections: (accessKey?: string) => Promise<ConnectionsResult>;
  readonly clientFor: (connection: string, accessKey?: string) => VendorClient;
  readonly proxyAddress: (
    connection: string,
    accessKey?: string,
  ) => { baseUrl: string; headers: Record<string, string> };
  readonly sheets: SheetWorkerClient;
  readonly engine: EngineWorkerClient;
  readonly templates: () => Promise<TemplateStore>;
  readonly catalogues: () => Promise<CatalogueStore>;
  readonly submitter: SubmitWorkerClient;
  readonly reviewSessions: () => Promise<ReviewSessionStore>;
  readonly batchFiles: () => Promise<BatchFileStore>;
  /** This browser tab's own id, kept across its reloads. */
  readonly tabId: string;
  /** News of submissions between this browser's tabs (its BroadcastChannel unless given). */
  readonly channel?: SubmissionChannel;
  readonly now?: () => Date;
}

/** What the workflow's parts share: the state, the dependencies and the connection in use. */
export interface WorkflowContext {
  readonly deps: WorkflowDeps;
  getState(): ImportState;
  set(next: ImportState): void;
  now(): Date;
  currentConnected(): Connected | undefined;
  /** The proxy address of a connection, with the access key when one is needed. */
  address(connected: Connected): { baseUrl: string; headers: Record<string, string> };
  catalogue(): Promise<CatalogueSnapshot | undefined>;
  /** SHA-256 of the file being imported, when worked out. */
  fileSha256(): string | undefined;
  /** The submitter, pointed at this connection through the proxy. */
  submitter(connected: Connected): Promise<Awaited<ReturnType<WorkflowDeps["submitter"]["get"]>>>;
  /**
   * Looks the review's checked orders up at the vendor and in the journal (those not looked up
   * since they last changed; every one when `all`), so orders already there are left out.
   */
  lookUpOrders(connected: Connected, all: boolean): Promise<void>;
}
