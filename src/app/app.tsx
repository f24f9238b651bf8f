import { useEffect } from "preact/hooks";
import type { ConnectedPage, ConnectedState, ImportPage } from "./import-page";
import { PageFrame } from "./page-frame";
import type { ConnectionInfo } from "./proxy-connections";
import { ConnectStep } from "./steps/connect-step";
import { createStore } from "./store";
import { useStore } from "./use-store";
import type { ImportState } from "./workflow/workflow-state";
import { createConnectionChoice } from "./workflow/connection-choice";
import { fetchConnections } from "./proxy-connections";
import { loadOnce } from "./load-once";

/** Said when the code past the connect step could not be loaded (the server went away, say). */
const PAGE_NOT_LOADED = "The importer could not load the rest of its page. Reload the page to try again.";

/** The import's state, from the connect step on; the workflow takes it over once its code has arrived. */
const importState = createStore<ImportState>({ step: "connect" });
const choice = createConnectionChoice(importState, fetchConnections);

interface LoadedPage {
  readonly page: ImportPage;
  readonly ConnectedPage: typeof ConnectedPage;
}

/**
 * Everything past the connect step (the workflow, the schemas checking the vendor's answers, the workers' clients and
 * every later step's view), loaded once: in the idle time after the first paint, or on the first connect if sooner.
 */
const importPage = loadOnce<LoadedPage>(() =>
  import("./import-page").then((module) => ({
    page: module.openImportPage(choice),
    ConnectedPage: module.ConnectedPage,
  })),
);
export const loadImportPage = importPage.load;

async function connect(connection: ConnectionInfo): Promise<void> {
  const before = importState.getState();
  if (before.step === "connect") importState.set({ ...before, busy: true, error: undefined });
  let page: ImportPage;
  try {
    page = (await loadImportPage()).page;
  } catch {
    if (before.step === "connect") importState.set({ ...before, busy: false, error: PAGE_NOT_LOADED });
    return;
  }
  await page.workflow.connect(connection);
}

export function App() {
  const state = useStore(importState);
  useEffect(() => {
    void choice.loadConnections();
    // Edits are written a moment after they are made; leaving in that moment asks first.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (importPage.loaded()?.page.workflow.hasUnsavedWork()) event.preventDefault();
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => window.removeEventListener("beforeunload", beforeUnload);
  }, []);

  // Only the workflow, which arrives with the page past the connect step, takes the state on from the connect step.
  const loaded = importPage.loaded();
  if (state.step !== "connect" && loaded)
    return <loaded.ConnectedPage state={state as ConnectedState} page={loaded.page} />;
  return (
    <PageFrame>
      {state.step === "connect" && (
        <ConnectStep state={state} onConnect={(c) => void connect(c)} onAccessKey={choice.loadConnections} />
      )}
    </PageFrame>
  );
}
