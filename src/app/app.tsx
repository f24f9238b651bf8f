import { useEffect } from "preact/hooks";
import { openImporterDB } from "../storage/database";
import { createTemplateStore, type TemplateStore } from "../storage/mapping-templates";
import { createImportWorkflow } from "./import-workflow";
import { clientFor, fetchConnections } from "./proxy-client";
import { createSheetWorkerClient } from "./sheet-worker-client";
import { ConnectStep } from "./steps/connect-step";
import { MappingStep } from "./steps/mapping-step";
import { OpeningStep } from "./steps/opening-step";
import { ResultsStep } from "./steps/results-step";
import { ReviewStep } from "./steps/review-step";
import { UploadStep } from "./steps/upload-step";
import { useWorkflowState } from "./use-workflow";

let templateStore: Promise<TemplateStore> | undefined;

const workflow = createImportWorkflow({
  fetchConnections,
  clientFor,
  sheets: createSheetWorkerClient(),
  templates: () => (templateStore ??= openImporterDB().then(createTemplateStore)),
});

export function App() {
  const state = useWorkflowState(workflow);
  useEffect(() => {
    void workflow.loadConnections();
  }, []);

  return (
    <main>
      <header class="top">
        <h1>Bulk order importer</h1>
        {state.step !== "connect" && (
          <p class="account" data-testid="account">
            {state.connected.account.name} · {state.connected.account.currency} · {state.connected.connection.region}
          </p>
        )}
      </header>
      {state.step === "connect" && <ConnectStep state={state} onConnect={workflow.connect} onAccessKey={workflow.loadConnections} />}
      {state.step === "upload" && (
        <UploadStep error={state.error} onFile={async (file) => workflow.openFile(state.connected, file.name, new Uint8Array(await file.arrayBuffer()))} />
      )}
      {state.step === "opening" && <OpeningStep fileName={state.fileName} progress={state.progress} onCancel={workflow.cancelOpening} />}
      {state.step === "mapping" && <MappingStep connected={state.connected} state={state.mapping} error={state.error} workflow={workflow} />}
      {state.step === "checking" && (
        <section aria-busy="true">
          <h2>Checking {state.fileName}</h2>
          <p role="status">{state.progress}…</p>
        </section>
      )}
      {(state.step === "review" || state.step === "submitting") && (
        <ReviewStep
          session={state.session}
          submitting={state.step === "submitting" ? { done: state.done, total: state.total } : undefined}
          onSubmit={workflow.submit}
          onStartOver={() => workflow.startOver(state.connected)}
        />
      )}
      {state.step === "done" && (
        <ResultsStep
          session={state.session}
          results={state.results}
          makeFile={() => workflow.resultFile(state.session, state.results)}
          onStartOver={() => workflow.startOver(state.connected)}
        />
      )}
    </main>
  );
}
