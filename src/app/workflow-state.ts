import type { VendorClient } from "../api";
import type { CatalogueStore } from "../catalogue/catalogue-store";
import type { catalogueCounts, CatalogueProgress } from "../catalogue/load-catalogue";
import type { CatalogueSnapshot } from "../core/catalogue";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { MappingTemplate } from "../core/mapping/templates";
import type { AccountProfile } from "../core/vendor";
import type { EngineSummary, RowFilter } from "../engine/import-engine";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import type { ReadProgress } from "../sheet/workbook";
import type { TemplateStore } from "../storage/mapping-templates";
import type { BatchFileStore } from "../storage/batch-files";
import type { ReviewSessionStore } from "../storage/review-sessions";
import type { BatchResults, BatchSummary } from "../submit/submit-api";
import type { SubmitProgress } from "../submit/submit-batch";
import type { EngineWorkerClient } from "./engine-worker-client";
import type { ConnectionInfo, ConnectionsResult } from "./proxy-client";
import type { SheetWorkerClient } from "./sheet-worker-client";
import type { SubmitWorkerClient } from "./submit-worker-client";

/** The account's catalogue as the page shows it: loading, ready (with when and how much), or failed. */
export type CatalogueStatus =
  | { readonly state: "loading"; readonly progress: CatalogueProgress | undefined }
  | { readonly state: "ready"; readonly fetchedAt: string; readonly counts: ReturnType<typeof catalogueCounts> }
  | { readonly state: "failed"; readonly message: string };

export interface Connected {
  readonly connection: ConnectionInfo;
  readonly account: AccountProfile;
  /** The vendor's user the connection acts as (`/account/user`), for the audit trail; undefined when it could not be read. */
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

/** A finished (or stopped) submission: every row's outcome from the journal. */
export interface SubmissionResult {
  readonly results: BatchResults;
  readonly status: "finished" | "stopped" | "incomplete" | "busy";
  readonly problems: readonly string[];
  readonly review: ReviewState | undefined;
}

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | { readonly step: "connect"; readonly connections?: readonly ConnectionInfo[]; readonly error?: string; readonly needsAccessKey?: boolean; readonly busy?: boolean }
  | {
      readonly step: "upload";
      readonly connected: Connected;
      readonly error?: string;
      readonly batches?: readonly BatchSummary[];
      /** A review left open in another tab or an earlier visit, offered to continue. */
      readonly savedReview?: { readonly fileName: string; readonly savedAt: string };
    }
  | { readonly step: "opening"; readonly connected: Connected; readonly fileName: string; readonly progress: ReadProgress | undefined }
  | { readonly step: "mapping"; readonly connected: Connected; readonly mapping: MappingState; readonly error?: string }
  /** Reading and checking the rows (or reopening a saved review), with counts; "Stop checking" goes back to the step before. */
  | { readonly step: "checking"; readonly connected: Connected; readonly fileName: string; readonly progress: string; readonly canStop?: boolean }
  | { readonly step: "review"; readonly connected: Connected; readonly review: ReviewState; readonly error?: string }
  | { readonly step: "submitting"; readonly connected: Connected; readonly submission: SubmissionView }
  | { readonly step: "done"; readonly connected: Connected; readonly done: SubmissionResult };

export interface WorkflowDeps {
  readonly fetchConnections: (accessKey?: string) => Promise<ConnectionsResult>;
  readonly clientFor: (connection: string, accessKey?: string) => VendorClient;
  readonly proxyAddress: (connection: string, accessKey?: string) => { baseUrl: string; headers: Record<string, string> };
  readonly sheets: SheetWorkerClient;
  readonly engine: EngineWorkerClient;
  readonly templates: () => Promise<TemplateStore>;
  readonly catalogues: () => Promise<CatalogueStore>;
  readonly submitter: SubmitWorkerClient;
  readonly reviewSessions: () => Promise<ReviewSessionStore>;
  readonly batchFiles: () => Promise<BatchFileStore>;
  /** This browser tab's own id, kept across its reloads. */
  readonly tabId: string;
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
}
