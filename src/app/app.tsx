import { useEffect } from "preact/hooks";
import { ConnectStep } from "./steps/connect-step";
import { ResultsStep } from "./steps/results-step";
import { ReviewStep } from "./steps/review-step";
import { UploadStep } from "./steps/upload-step";
import { useImportWorkflow } from "./workflow";

export function App() {
  const workflow = useImportWorkflow();
  const { state } = workflow;
  useEffect(() => {
    void workflow.loadConnections();
  }, [workflow.loadConnections]);

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
      {state.step === "upload" && <UploadStep error={state.error} onFile={(file) => workflow.importFile(state.connected, file)} />}
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
          onSubmit={() => workflow.submit(state.connected, state.session)}
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
