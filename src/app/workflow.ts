import { useCallback, useRef, useState } from "preact/hooks";
import type { AccountProfile } from "../core/vendor";
import type { RowResult } from "../core/results";
import { checkSheet, submitJobs, type ReviewSession } from "./import-session";
import { clientFor, fetchConnections, type ConnectionInfo } from "./proxy-client";
import { createSheetWorkerClient } from "./sheet-worker-client";

export interface Connected {
  readonly connection: ConnectionInfo;
  readonly account: AccountProfile;
}

/** The import as a small state machine: each step names what the page shows. */
export type ImportState =
  | { readonly step: "connect"; readonly connections?: readonly ConnectionInfo[]; readonly error?: string; readonly busy?: boolean }
  | { readonly step: "upload"; readonly connected: Connected; readonly error?: string }
  | { readonly step: "checking"; readonly connected: Connected; readonly fileName: string; readonly progress: string }
  | { readonly step: "review"; readonly connected: Connected; readonly session: ReviewSession }
  | { readonly step: "submitting"; readonly connected: Connected; readonly session: ReviewSession; readonly done: number; readonly total: number }
  | { readonly step: "done"; readonly connected: Connected; readonly session: ReviewSession; readonly results: readonly RowResult[] };

const sheetWorker = createSheetWorkerClient();

export function useImportWorkflow() {
  const [state, setState] = useState<ImportState>({ step: "connect" });
  const accessKey = useRef<string | undefined>(undefined);

  const loadConnections = useCallback(async (key?: string) => {
    if (key !== undefined) accessKey.current = key;
    const result = await fetchConnections(accessKey.current);
    setState(result.ok ? { step: "connect", connections: result.connections } : { step: "connect", error: result.message });
  }, []);

  const connect = useCallback(async (connection: ConnectionInfo) => {
    setState((current) => ({ ...current, step: "connect", busy: true }) as ImportState);
    const account = await clientFor(connection.name, accessKey.current).getAccount();
    setState(
      account.ok
        ? { step: "upload", connected: { connection, account: account.value } }
        : (current) => ({ ...current, step: "connect", busy: false, error: `Could not open ${connection.name}: ${account.problem.title}` }) as ImportState,
    );
  }, []);

  const importFile = useCallback(async (connected: Connected, file: File) => {
    setState({ step: "checking", connected, fileName: file.name, progress: "Reading the sheet" });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const read = await sheetWorker.readSheet(bytes, file.name);
    if (!read.ok) return setState({ step: "upload", connected, error: read.message });
    const client = clientFor(connected.connection.name, accessKey.current);
    const checked = await checkSheet(client, file.name, read.table, (progress) =>
      setState({ step: "checking", connected, fileName: file.name, progress }),
    );
    setState(checked.ok ? { step: "review", connected, session: checked.session } : { step: "upload", connected, error: checked.message });
  }, []);

  const submit = useCallback(async (connected: Connected, session: ReviewSession) => {
    const client = clientFor(connected.connection.name, accessKey.current);
    const results = await submitJobs(client, session, (done, total) =>
      setState({ step: "submitting", connected, session, done, total }),
    );
    setState({ step: "done", connected, session, results });
  }, []);

  const resultFile = useCallback(
    async (session: ReviewSession, results: readonly RowResult[]) => sheetWorker.writeResultSheet(session.table, [...results]),
    [],
  );

  const startOver = useCallback((connected: Connected) => setState({ step: "upload", connected }), []);

  return { state, loadConnections, connect, importFile, submit, resultFile, startOver };
}
