import { createArtworkCheckClient } from "../api/artwork-check-client";
import { createVendorClient } from "../api/client";
import type { BatchOrigin } from "../core/journal-records";
import type { PackedRows, RowWindowMessage } from "../core/row-windows";
import type { PlanFiles } from "../core/source-files";
import type { EngineSetup } from "./engine-session";
import { createImportEngine, type ImportEngine } from "./import-engine";
import type { ProblemSheetSource } from "./problem-sheet";
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
  "confirmationPlan",
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
  "recordOrdersAtVendor",
  "sendAnyway",
  "retryFacts",
  "finish",
] as const satisfies readonly (keyof ImportEngine)[];

type EngineCalls = Pick<ImportEngine, (typeof ENGINE_CALLS)[number]>;

/** Each call, forwarded to whichever engine `use` gives when it is made; the signatures are the engine's own. */
function forwardCalls(use: () => ImportEngine): EngineCalls {
  return Object.fromEntries(
    ENGINE_CALLS.map((name) => [name, (...args: unknown[]): unknown => Reflect.apply(use()[name], undefined, args)]),
  ) as EngineCalls;
}

/** Reads windows of rows from `port` into `take` until the end, then closes it; answers how many rows were sent. */
function readRowWindows(port: MessagePort, take: (rows: PackedRows) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    port.addEventListener("message", ({ data }) => {
      const message = data as RowWindowMessage;
      if ("rows" in message) {
        try {
          take(message.rows);
        } catch (error) {
          port.close();
          reject(error);
        }
        return;
      }
      port.close();
      if ("failed" in message) reject(new Error(message.failed));
      else resolve(message.end);
    });
    port.start();
  });
}

/**
 * The engine worker's surface: a session begins, its rows arrive in windows (never the whole sheet in one message),
 * straight from the sheet worker down a channel of their own, each window resolved as it comes; then the session is
 * finished. The page asks for summaries and windows of rows and sends edits. Plain functions over plain data, so they
 * run the same in a worker and in Node.
 */
export function createEngineApi() {
  let engine: ImportEngine | undefined;
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
    /** Starts a session on the sheet's columns and mapping; its rows come next. */
    begin(setup: Omit<EngineSetup, "rows">): void {
      use().begin(setup);
    },
    /**
     * Takes every window of rows sent down `port` (see the sheet's `sendRows`), telling `onWindow` how many rows the
     * session has after each; answers how many rows were sent, once the last has been resolved.
     */
    receiveRows(port: MessagePort, onWindow: (received: number) => void): Promise<number> {
      const session = use();
      return readRowWindows(port, (rows) => void onWindow(session.addPackedRows(rows)));
    },
    /**
     * Sends the orders due a look-up at the vendor (`all` checked ones, else those not looked up yet), each with its
     * job, down `port` to the submit worker, which looks them up: thousands of jobs never pass through the page.
     * Answers their order numbers.
     */
    sendOrdersToLookUp(port: MessagePort, all: boolean): string[] {
      const due = use().ordersToLookUp(all);
      port.postMessage(due);
      return due.map((order) => order.orderNumber);
    },
    /**
     * Sends the plan last shown for confirmation, as the journal writes it down, down `port` to the submit worker (see
     * its `submitFrom`): the plan never passes through the page. Answers false, sending nothing, when `planId` is not
     * that plan's.
     */
    sendConfirmedPlan(
      port: MessagePort,
      planId: number,
      origin: Omit<BatchOrigin, "files">,
      files?: PlanFiles,
    ): boolean {
      const plan = use().confirmedBatchPlan(planId, origin, files);
      if (!plan) {
        port.close();
        return false;
      }
      port.postMessage(plan);
      return true;
    },
    /**
     * Sends what the problem sheet is written from down `port` to the sheet worker (see its `writeResultsFrom`): a
     * sheet's every row never passes through the page.
     */
    sendProblemSheet(port: MessagePort, source: ProblemSheetSource): void {
      port.postMessage(use().problemSheet(source));
    },
    ...forwardCalls(use),
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
