import { createArtworkCheckClient } from "../api/artwork-check-client";
import { createVendorClient } from "../api/client";
import type { SheetRow } from "../core/sheet-model";
import type { EngineSetup } from "./engine-session";
import { createImportEngine, type ImportEngine } from "./import-engine";
import { createVendorGateway } from "./vendor-gateway";

/** The engine's methods the page calls through the worker as they are, each on the engine `connect` made. */
const ENGINE_CALLS = [
  "summary",
  "jobs",
  "rows",
  "rowsByNumber",
  "view",
  "positionOf",
  "keeps",
  "nextProblem",
  "order",
  "columns",
  "issues",
  "payloads",
  "submissionPlan",
  "setCell",
  "setCells",
  "countInColumn",
  "skipRows",
  "skipOrder",
  "includeImportedBefore",
  "setJobValue",
  "answerAttribute",
  "sessionEdits",
  "restoreEdits",
  "fillColumn",
  "replaceInColumn",
  "applySuggestion",
  "applySuggestionToAll",
  "fillOrderNumbersFromAbove",
  "skipRow",
  "undo",
  "redo",
  "validate",
  "stopValidation",
  "forgetArtworkChecks",
  "ordersToLookUp",
  "recordOrdersAtVendor",
  "sendAnyway",
  "retryFacts",
] as const satisfies readonly (keyof ImportEngine)[];

type EngineCalls = Pick<ImportEngine, (typeof ENGINE_CALLS)[number]>;

/** Each call, forwarded to whichever engine `use` gives when it is made; the signatures are the engine's own. */
function forwardCalls(use: () => ImportEngine): EngineCalls {
  return Object.fromEntries(
    ENGINE_CALLS.map((name) => [name, (...args: unknown[]): unknown => Reflect.apply(use()[name], undefined, args)]),
  ) as EngineCalls;
}

/**
 * The engine worker's surface: rows arrive in windows (never the whole sheet in one
 * message), then the session starts; the page asks for summaries and windows of rows and
 * sends edits. Plain functions over plain data, so they run the same in a worker and in Node.
 */
export function createEngineApi() {
  let engine: ImportEngine | undefined;
  let incoming: SheetRow[] = [];
  const use = (): ImportEngine => {
    if (!engine) throw new Error("The engine is not connected");
    return engine;
  };
  return {
    /** Points the engine at the vendor: the proxy's `/api/{connection}` from a browser. */
    connect(baseUrl: string, headers: Readonly<Record<string, string>>): void {
      const artwork = createArtworkCheckClient({ baseUrl, headers });
      engine = createImportEngine(
        createVendorGateway(createVendorClient({ baseUrl, headers }), { checkArtwork: artwork.check }),
      );
    },
    appendRows(rows: readonly SheetRow[]): number {
      for (const row of rows) incoming.push(row);
      return incoming.length;
    },
    start(setup: Omit<EngineSetup, "rows">) {
      const rows = incoming;
      incoming = [];
      return use().start({ ...setup, rows });
    },
    ...forwardCalls(use),
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
