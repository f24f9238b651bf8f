import "fake-indexeddb/auto";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngineWorkerClient } from "../../../src/app/engine-worker-client";
import { createImportWorkflow, type ImportState, type ImportWorkflow } from "../../../src/app/workflow/import-workflow";
import type { SheetWorkerClient } from "../../../src/app/sheet-worker-client";
import type { WorkflowDeps } from "../../../src/app/workflow/workflow-state";
import type { CatalogueStore } from "../../../src/catalogue/catalogue-store";
import { createBatchFileStore } from "../../../src/storage/batch-files";
import { openImporterDB } from "../../../src/storage/database";
import { createTemplateStore } from "../../../src/storage/mapping-templates";
import { createReviewSessionStore } from "../../../src/storage/review-sessions";
import { fileLocks } from "../../../src/cli/file-lock";
import { createIdbJournal } from "../../../src/storage/journal-idb";
import { createSubmitApi } from "../../../src/submit/submit-api";
import { createSheetSession } from "../../../src/sheet/worker-api";
import { startProxiedAccount, type ProxiedAccount } from "../../helpers/engine-session";
import { ordersSheet } from "../../helpers/order-sheets";

let account: ProxiedAccount;
/** Two sheets of the price-code sample's orders: 40 orders, and 8. */
let manyOrders: Uint8Array;
let fewOrders: Uint8Array;

/**
 * A sheet of the price-code sample's orders under order numbers of its own: submitted, it makes jobs no other sheet
 * has.
 */
const sheetOf = async (prefix: string, copies: number) =>
  new Uint8Array(await readFile((await ordersSheet(prefix, copies)).path));

beforeAll(async () => {
  account = await startProxiedAccount();
  manyOrders = await sheetOf("WF-MANY", 10);
  fewOrders = await sheetOf("WF-FEW", 2);
});

afterAll(async () => {
  await account?.close();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The sheet worker's session, run on the page (as when no worker can start); its rows can be held or made to fail. */
function pageSheets() {
  const session = createSheetSession();
  const control = { hold: undefined as Promise<void> | undefined, fail: undefined as Error | undefined };
  const sheets = {
    open: (bytes: Uint8Array, fileName: string, vocabulary: readonly string[], onProgress: () => void) =>
      session.open(bytes.slice(), fileName, onProgress, vocabulary),
    preview: async (sheetName: string, headerRowNumber: number | undefined, vocabulary: readonly string[]) =>
      session.preview(sheetName, headerRowNumber, vocabulary),
    sendRows: async (sheetName: string, headerRowNumber: number, port: MessagePort, windowSize: number) => {
      await control.hold;
      if (control.fail) throw control.fail;
      return session.sendRows(sheetName, headerRowNumber, port, windowSize);
    },
    suggestMapping: async (
      sheetName: string,
      headerRowNumber: number,
      vocabulary: Parameters<typeof session.suggestMapping>[2],
    ) => session.suggestMapping(sheetName, headerRowNumber, vocabulary),
    writeResults: () => Promise.reject(new Error("not in these tests")),
    resultsOnlySheet: () => Promise.reject(new Error("not in these tests")),
    writeCampaignSheet: () => Promise.reject(new Error("not in these tests")),
    warm: () => undefined,
    stop: () => undefined,
  } as unknown as SheetWorkerClient;
  return { sheets, control };
}

const LOCK_FOLDER = mkdtempSync(join(tmpdir(), "workflow-locks-"));

/**
 * The real submitter, on the page (as when no worker can start): its journal in this browser's IndexedDB, lock files in
 * a scratch folder.
 */
function pageSubmitter(db: Awaited<ReturnType<typeof browserDatabase>>) {
  const journal = createIdbJournal(Promise.resolve(db));
  const submitter = createSubmitApi({ journal, locks: fileLocks(LOCK_FOLDER) });
  return { journal, client: { get: async () => submitter } };
}

/** One browser: its IndexedDB, shared by the tabs (workflows) opened in it. */
async function browserDatabase() {
  return openImporterDB(`workflow-${Math.random()}`);
}

/** A tab of the app over the real proxy and simulator, its engine on the page. */
function openTab(db: Awaited<ReturnType<typeof browserDatabase>>, tabId: string) {
  const { sheets, control } = pageSheets();
  const submitter = pageSubmitter(db);
  const catalogues = { get: async () => account.snapshot, put: async () => undefined } as unknown as CatalogueStore;
  const deps: WorkflowDeps = {
    fetchConnections: async () => ({ ok: true, connections: [{ name: "demo", region: "NZ" }] }),
    clientFor: () => account.client,
    proxyAddress: () => ({ baseUrl: `${account.app.url}/api/demo`, headers: { "X-Requested-With": "test" } }),
    sheets,
    engine: createEngineWorkerClient(),
    templates: async () => createTemplateStore(db),
    catalogues: async () => catalogues,
    submitter: submitter.client,
    reviewSessions: async () => createReviewSessionStore(db),
    batchFiles: async () => createBatchFileStore(db),
    tabId,
    now: () => new Date(account.snapshot.fetchedAt),
  };
  const workflow = createImportWorkflow(deps);
  /** The batches this browser's journal holds, oldest first. */
  const batches = async () => (await submitter.journal.listBatches()).reverse();
  return { workflow, control, batches, deps };
}

/** Resolves when the workflow's state is one the test waits for. */
function when(workflow: ImportWorkflow, matches: (state: ImportState) => boolean): Promise<ImportState> {
  return new Promise((resolve) => {
    if (matches(workflow.getState())) return resolve(workflow.getState());
    const unsubscribe = workflow.subscribe(() => {
      if (!matches(workflow.getState())) return;
      unsubscribe();
      resolve(workflow.getState());
    });
  });
}

const step = (workflow: ImportWorkflow) => workflow.getState().step;
const reviewOf = (workflow: ImportWorkflow) => {
  const state = workflow.getState();
  if (state.step !== "review") throw new Error(`not in the review but at ${state.step}`);
  return state;
};

async function connectAndOpen(workflow: ImportWorkflow, fileName: string, bytes: Uint8Array): Promise<void> {
  await workflow.connect({ name: "demo", region: "NZ" });
  const state = workflow.getState();
  if (state.step !== "upload") throw new Error(`not at the upload step but at ${state.step}`);
  await workflow.openFile(state.connected, fileName, bytes);
  expect(step(workflow)).toBe("mapping");
}

/** Checks the rows, stopping the first dry runs at once so most jobs are left to check. */
async function checkStoppingDryRuns(workflow: ImportWorkflow): Promise<void> {
  const stopping = when(workflow, (state) => state.step === "review" && state.review.busy !== undefined).then(() =>
    workflow.stopChecking(),
  );
  await workflow.check();
  await stopping;
  expect(reviewOf(workflow).review.summary.jobs.ready).toBeGreaterThan(0);
}

describe("the import workflow on the page", () => {
  it(
    "stops checking the rows and goes back to the mapping, " + "then checks them again; counts show as it reads",
    async () => {
      const db = await browserDatabase();
      const tab = openTab(db, "tab-1");
      await connectAndOpen(tab.workflow, "orders.csv", fewOrders);
      let release!: () => void;
      tab.control.hold = new Promise((resolve) => (release = resolve));
      const checking = tab.workflow.check();
      const shown = await when(
        tab.workflow,
        (state) => state.step === "checking" && state.progress.startsWith("Reading rows"),
      );
      expect(shown).toMatchObject({ step: "checking", progress: "Reading rows: 0 of 20", canStop: true });
      await tab.workflow.stopChecking();
      expect(step(tab.workflow)).toBe("mapping");
      release();
      await checking;
      // Nothing of the stopped check goes on: the page stays where it went back to, and no review is kept.
      expect(step(tab.workflow)).toBe("mapping");
      expect(tab.workflow.getState()).not.toHaveProperty("error");
      expect(await (await createReviewSessionStore(db)).get("demo", account.snapshot.account.id)).toBeUndefined();

      tab.control.hold = undefined;
      const said: string[] = [];
      const unsubscribe = tab.workflow.subscribe(() => {
        const state = tab.workflow.getState();
        if (state.step === "checking") said.push(state.progress);
      });
      await tab.workflow.check();
      unsubscribe();
      expect(reviewOf(tab.workflow).review.summary.jobs.total).toBe(8);
      // The engine counts the rows as they reach it, then checks them.
      expect(said).toContain("Reading rows: 20 of 20");
      expect(said.indexOf("Reading rows: 20 of 20")).toBeLessThan(
        said.indexOf("Checking 20 rows against your catalogue"),
      );
      db.close();
    },
  );

  it("stops reopening a review after a reload and offers it again on the upload step", async () => {
    const db = await browserDatabase();
    const first = openTab(db, "tab-1");
    await connectAndOpen(first.workflow, "orders.csv", fewOrders);
    await first.workflow.check();
    const reloaded = openTab(db, "tab-1");
    reloaded.control.hold = new Promise(() => undefined);
    const connecting = reloaded.workflow.connect({ name: "demo", region: "NZ" });
    await when(reloaded.workflow, (state) => state.step === "checking" && state.progress.startsWith("Reading rows"));
    await reloaded.workflow.stopChecking();
    await connecting;
    const state = await when(reloaded.workflow, (s) => s.step === "upload" && s.savedReview !== undefined);
    expect(state).toMatchObject({ step: "upload", savedReview: { fileName: "orders.csv" } });
    expect(state).not.toHaveProperty("error");
    reloaded.control.hold = undefined;
    await reloaded.workflow.reopenSaved();
    expect(reviewOf(reloaded.workflow).review.fileName).toBe("orders.csv");
    db.close();
  });

  it("says plainly that checking failed, back at the mapping, when reading the rows fails", async () => {
    const db = await browserDatabase();
    const tab = openTab(db, "tab-1");
    await connectAndOpen(tab.workflow, "orders.csv", fewOrders);
    tab.control.fail = new Error("DataCloneError: worker went away");
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await tab.workflow.check();
    } finally {
      console.error = consoleError;
    }
    const state = tab.workflow.getState();
    expect(state.step).toBe("mapping");
    const error = state.step === "mapping" ? state.error : undefined;
    expect(error).toBe(
      "Checking orders.csv stopped: something went wrong in this page. " +
        "Check the rows again; if it stops again, reload the page and drop the file again.",
    );
    expect(errors).toHaveLength(1);
    tab.control.fail = undefined;
    await tab.workflow.check();
    expect(step(tab.workflow)).toBe("review");
    db.close();
  });

  it("sends nothing when the check that Submit runs first is stopped", async () => {
    const db = await browserDatabase();
    const tab = openTab(db, "tab-1");
    await connectAndOpen(tab.workflow, "orders.csv", manyOrders);
    await checkStoppingDryRuns(tab.workflow);
    expect(reviewOf(tab.workflow).review.busy).toBeUndefined();
    const stopping = when(
      tab.workflow,
      (state) => state.step === "review" && state.review.busy?.startsWith("Checking the jobs") === true,
    ).then(() => tab.workflow.stopChecking());
    await tab.workflow.submit();
    await stopping;
    expect(await tab.batches()).toHaveLength(0);
    const state = reviewOf(tab.workflow);
    expect(state.error).toBe(
      "Nothing was sent: you stopped the check before it finished. " +
        "Submit again when you are ready; every job is checked with the vendor first.",
    );
    expect(state.review.submitting).toBe(false);
    db.close();
  });

  it(
    "plans a batch once however often Submit and Create are clicked before it is sent, " +
      "and sends what the confirmation counted",
    async () => {
      const db = await browserDatabase();
      const tab = openTab(db, "tab-1");
      await connectAndOpen(tab.workflow, "orders.csv", await sheetOf("WF-ONCE", 2));
      await tab.workflow.check();
      const first = tab.workflow.submit();
      const disabled = reviewOf(tab.workflow).review.submitting;
      const second = tab.workflow.submit();
      // Between the check and the confirmation being shown, the button must not come back.
      await when(tab.workflow, (state) => state.step === "review" && state.review.busy === undefined);
      const third = tab.workflow.submit();
      await Promise.all([first, second, third]);
      const confirm = tab.workflow.getState();
      if (confirm.step !== "confirm") throw new Error(`not confirming but at ${confirm.step}`);
      expect(confirm.confirm.summary.jobs).toBe(8);
      expect(await tab.batches()).toHaveLength(0);
      await Promise.all([tab.workflow.confirmSubmit(), tab.workflow.confirmSubmit(), tab.workflow.confirmSubmit()]);
      expect(await tab.batches()).toHaveLength(1);
      const done = tab.workflow.getState();
      if (done.step !== "done") throw new Error(`not done but at ${done.step}`);
      expect(done.done.results.orders.filter((o) => o.state === "created")).toHaveLength(confirm.confirm.summary.jobs);
      expect(disabled).toBe(true);
      db.close();
    },
  );

  it("sends nothing, and says so, when what was confirmed is no longer the plan the engine keeps", async () => {
    const db = await browserDatabase();
    const tab = openTab(db, "tab-1");
    await connectAndOpen(tab.workflow, "orders.csv", await sheetOf("WF-STALE", 1));
    await tab.workflow.check();
    await tab.workflow.submit();
    expect(step(tab.workflow)).toBe("confirm");
    // Another plan worked out since (as when the engine's worker has started again): the one shown is not sent.
    await (await tab.deps.engine.get()).confirmationPlan();
    await tab.workflow.confirmSubmit();
    const refused = tab.workflow.getState();
    if (refused.step !== "confirm") throw new Error(`not confirming but at ${refused.step}`);
    expect(refused.confirm).toMatchObject({
      sending: false,
      error: "Nothing was sent: what you confirmed is no longer at hand. Go back to the review and confirm again.",
    });
    expect(await tab.batches()).toHaveLength(0);
    // Confirmed again, it is sent.
    tab.workflow.backToReview();
    await tab.workflow.submit();
    await tab.workflow.confirmSubmit();
    expect(step(tab.workflow)).toBe("done");
    expect(await tab.batches()).toHaveLength(1);
    db.close();
  });

  it(
    "records each batch with the SHA-256 of its own file: " + "after a reload, and for a review another tab left",
    async () => {
      const db = await browserDatabase();
      const first = openTab(db, "tab-1");
      const few = await sheetOf("WF-SHA-FEW", 2);
      const many = await sheetOf("WF-SHA-MANY", 10);
      await connectAndOpen(first.workflow, "few.csv", few);
      await first.workflow.check();

      // The tab is reloaded: its review reopens where it was, and its batch names its file.
      const reloaded = openTab(db, "tab-1");
      await reloaded.workflow.connect({ name: "demo", region: "NZ" });
      expect(reviewOf(reloaded.workflow).review.notice).toMatch(/^Reopened your review of few.csv/);
      await reloaded.workflow.submit();
      await reloaded.workflow.confirmSubmit();
      expect((await reloaded.batches()).map((batch) => batch.fileSha256)).toEqual([sha256(few)]);

      // Another tab leaves a review of another file; this one continues it after its own batch.
      const other = openTab(db, "tab-2");
      await connectAndOpen(other.workflow, "many.csv", many);
      await checkStoppingDryRuns(other.workflow);
      const state = reloaded.workflow.getState();
      if (state.step !== "done") throw new Error(`not done but at ${state.step}`);
      reloaded.workflow.startOver(state.connected);
      await when(reloaded.workflow, (s) => s.step === "upload" && s.savedReview !== undefined);
      await reloaded.workflow.reopenSaved();
      expect(reviewOf(reloaded.workflow).review.fileName).toBe("many.csv");

      // The tab that left it is told, on its next edit, that its changes are no longer kept.
      await other.workflow.setCell(2, "Team", "Karori Football Seniors");
      await when(other.workflow, (s) => s.step === "review" && s.error !== undefined);
      expect(reviewOf(other.workflow).error).toMatch(
        /^This review is no longer kept in this browser: a review started or continued in another tab/,
      );
      expect(other.workflow.hasUnsavedWork()).toBe(true);

      await reloaded.workflow.submit();
      await reloaded.workflow.confirmSubmit();
      expect((await reloaded.batches()).map((batch) => batch.fileSha256)).toEqual([sha256(few), sha256(many)]);
      db.close();
    },
  );
});
