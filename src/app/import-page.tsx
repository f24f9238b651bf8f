import { formatInstant } from "./tracking/tracked-jobs";
import { useMemo, useState } from "preact/hooks";
import { createCatalogueStore, type CatalogueStore } from "../catalogue/catalogue-store";
import { openImporterDB } from "../storage/database";
import { createIdbJournal, type IdbJournal } from "../storage/journal-idb";
import { createTemplateStore, type TemplateStore } from "../storage/mapping-templates";
import { createReviewSessionStore, type ReviewSessionStore } from "../storage/review-sessions";
import { createBatchFileStore, type BatchFileStore } from "../storage/batch-files";
import { databaseOutdated } from "./database-outdated";
import { createEngineWorkerClient } from "./engine-worker-client";
import { PageFrame } from "./page-frame";
import { createImportWorkflow, type ImportState, type ImportWorkflow } from "./workflow/import-workflow";
import type { ConnectionChoice } from "./workflow/connection-choice";
import { clientFor } from "./proxy-client";
import { fetchConnections, proxyAddress } from "./proxy-connections";
import { createSheetWorkerClient, type SheetWorkerClient } from "./sheet-worker-client";
import { createSubmitWorkerClient } from "./submit-worker-client";
import { CataloguePanel } from "./steps/catalogue-panel";
import { CheckingStep } from "./steps/checking-step";
import { OpeningStep } from "./steps/opening-step";
import { EarlierBatches } from "./steps/earlier-batches";
import { UploadStep } from "./steps/upload-step";
import { ReorderContext, reorderServices } from "./assets/reorder-services";
import { type LaterSteps, loadLaterSteps, useLaterSteps } from "./use-later-steps";
import { whenIdle } from "./when-idle";
import { OrderFormButton } from "./order-form/order-form-button";
import { orderFormServices } from "./order-form/order-form-download";

/** What the page holds once an account can be opened: the workflow and what its views share. */
export interface ImportPage {
  readonly workflow: ImportWorkflow;
  readonly sheets: SheetWorkerClient;
  readonly journal: IdbJournal;
  readonly orderForms: ReturnType<typeof orderFormServices>;
}

/** Every step after the connect step. */
export type ConnectedState = Exclude<ImportState, { readonly step: "connect" }>;

/** This tab's id, kept in its session storage so that a reload of the tab keeps it. */
function tabId(): string {
  const key = "bulk-order-importer:tab";
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * The import workflow with the page's workers and IndexedDB stores, taking the connect step `choice` began on. Made
 * once, when this code has arrived (in the idle time after the first paint, or on the first connect).
 */
export function openImportPage(choice: ConnectionChoice): ImportPage {
  let database: ReturnType<typeof openImporterDB> | undefined;
  const db = () => (database ??= openImporterDB(undefined, { onOutdated: () => databaseOutdated.set(true) }));
  let templates: Promise<TemplateStore> | undefined;
  let catalogues: Promise<CatalogueStore> | undefined;
  let reviewSessions: Promise<ReviewSessionStore> | undefined;
  let batchFiles: Promise<BatchFileStore> | undefined;
  /** The page's one sheet worker: it reads the dropped file and writes every sheet the page gives. */
  const sheets = createSheetWorkerClient();
  const workflow = createImportWorkflow(
    {
      fetchConnections,
      clientFor,
      proxyAddress,
      sheets,
      engine: createEngineWorkerClient(),
      templates: () => (templates ??= db().then(createTemplateStore)),
      catalogues: () => (catalogues ??= db().then(createCatalogueStore)),
      submitter: createSubmitWorkerClient(),
      reviewSessions: () => (reviewSessions ??= db().then(createReviewSessionStore)),
      batchFiles: () => (batchFiles ??= db().then(createBatchFileStore)),
      tabId: tabId(),
    },
    choice,
  );
  // The later steps' views arrive while the user connects and chooses a file, so that no step waits for them.
  whenIdle(() => void loadLaterSteps().catch(() => undefined));
  return {
    workflow,
    sheets,
    journal: createIdbJournal(db()),
    /** The blank order form's download, beside the file input. */
    orderForms: orderFormServices(workflow, sheets),
  };
}

interface ConnectedPageProps {
  readonly state: ConnectedState;
  readonly page: ImportPage;
}

/** The page once an account is open: its tools beside the title, and the step the import is at. */
export function ConnectedPage({ state, page }: ConnectedPageProps) {
  const { workflow, sheets } = page;
  const { connection, account } = state.connected;
  /**
   * The reorder services of the connected account, made once for every view that needs them (assets, order again, the
   * row's design).
   */
  const services = useMemo(
    () =>
      reorderServices(
        workflow,
        { connection: connection.name, accountId: account.id, currency: account.currency },
        sheets,
      ),
    [workflow, sheets, connection.name, account.id, account.currency],
  );
  const later = useLaterSteps();
  const [showJobs, setShowJobs] = useState(false);
  const [showAssets, setShowAssets] = useState(false);
  const tools = (
    <>
      <CataloguePanel connected={state.connected} onRefresh={workflow.refreshCatalogue} />
      <button type="button" class="secondary" aria-pressed={showJobs} onClick={() => setShowJobs(!showJobs)}>
        {showJobs ? "Hide submitted jobs" : "Submitted jobs"}
      </button>
      <button
        type="button"
        class="secondary"
        aria-pressed={showAssets}
        onClick={() => setShowAssets(!showAssets)}
        data-testid="assets-toggle"
      >
        {showAssets ? "Hide assets" : "Assets"}
      </button>
    </>
  );
  return (
    <ReorderContext.Provider value={services}>
      <PageFrame tools={tools}>
        {later && showJobs && (
          <later.SubmittedJobsPanel connected={state.connected} workflow={workflow} journal={page.journal} />
        )}
        {later && showAssets && <later.AssetsPanel connected={state.connected} />}
        <ImportStep state={state} page={page} later={later} />
      </PageFrame>
    </ReorderContext.Provider>
  );
}

/**
 * The step the import is at, from the drop zone to the results. The steps after a file is dropped show once their
 * views have arrived, long before while the file is read.
 */
function ImportStep({ state, page, later }: ConnectedPageProps & { readonly later: LaterSteps | undefined }) {
  const { workflow, orderForms } = page;
  return (
    <>
      {state.step === "upload" && state.batches && (
        <EarlierBatches batches={state.batches} onResume={workflow.resume} onShow={workflow.showResults} />
      )}
      {state.step === "upload" && state.savedReview && (
        <section class="notice" data-testid="saved-review">
          Your review of {state.savedReview.fileName} from {formatInstant(state.savedReview.savedAt)}
          {" is kept here."}{" "}
          <button type="button" class="small" onClick={workflow.reopenSaved}>
            Continue that review
          </button>
        </section>
      )}
      {state.step === "upload" && (
        <UploadStep
          error={state.error}
          onFiles={async (files) =>
            workflow.openFiles(
              state.connected,
              await Promise.all(
                files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
              ),
            )
          }
        >
          <OrderFormButton catalogue={state.connected.catalogue} services={orderForms} />
        </UploadStep>
      )}
      {state.step === "opening" && (
        <OpeningStep fileName={state.fileName} progress={state.progress} onCancel={workflow.cancelOpening} />
      )}
      {state.step === "mapping" && later && (
        <later.MappingStep connected={state.connected} state={state.mapping} error={state.error} workflow={workflow} />
      )}
      {state.step === "checking" && (
        <CheckingStep
          fileName={state.fileName}
          progress={state.progress}
          onStop={state.canStop ? workflow.stopChecking : undefined}
        />
      )}
      {state.step === "review" && later && (
        <later.ReviewStep connected={state.connected} review={state.review} error={state.error} workflow={workflow} />
      )}
      {state.step === "confirm" && later && (
        <later.ConfirmStep
          confirm={state.confirm}
          accountName={state.connected.account.name ?? state.connected.connection.name}
          onCreate={workflow.confirmSubmit}
          onBack={workflow.backToReview}
        />
      )}
      {state.step === "submitting" && later && (
        <later.SubmittingStep
          submission={state.submission}
          onStop={workflow.stopSubmitting}
          makeFile={() => workflow.resultFile(state.submission.batchId)}
        />
      )}
      {state.step === "done" && later && (
        <later.ResultsStep
          done={state.done}
          makeFile={(options) => workflow.resultFile(state.done.results.batch.id, options)}
          makeAudit={() => workflow.auditFile(state.done.results.batch.id)}
          onSendAgain={workflow.sendAgain}
          onCancelDuplicate={workflow.cancelDuplicate}
          onContinue={() => workflow.resume(state.done.results.batch.id)}
          onCheckLeftAgain={state.done.review ? workflow.checkLeftOrdersAgain : undefined}
          onStartOver={() => workflow.startOver(state.connected)}
        />
      )}
    </>
  );
}
