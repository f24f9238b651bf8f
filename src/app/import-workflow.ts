import { formatInstant } from "./tracking/tracked-jobs";
import type { VendorClient } from "../api";
import { isStale } from "../catalogue/catalogue-store";
import { catalogueCounts, loadCatalogue } from "../catalogue/load-catalogue";
import { catalogueVocabulary, type CatalogueSnapshot } from "../core/catalogue";
import type { FieldId } from "../core/fields";
import { assignColumn, assignField, missingRequiredFields, type MappingTarget, type SheetMapping } from "../core/mapping/sheet-mapping";
import { suggestMapping, vocabularyWords, type MappingVocabulary } from "../core/mapping/suggest-mapping";
import { applyTemplate, createTemplate } from "../core/mapping/templates";
import { countOf, formatCount, pluralise } from "../core/plural";
import type { AccountProfile } from "../core/vendor";
import type { EngineSummary } from "../engine/views";
import { ALL_ROWS } from "../engine/row-filter";
import type { SheetPreview, WorkbookSummary } from "../sheet/sheet-preview";
import type { SavedReview } from "../storage/review-sessions";
import { isEngineStopped } from "./engine-worker-client";
import type { ConnectionInfo } from "./proxy-client";
import { createReviewActions } from "./review-actions";
import { createReviewKeeper, type ReviewOrigin } from "./review-keeper";
import { navigatorLocale } from "./page-locale";
import { createSubmissionActions, SUBMIT_CONCURRENCY } from "./submission-actions";
import type { CatalogueStatus, Connected, GridFocus, ImportState, MappingState, WorkflowContext, WorkflowDeps } from "./workflow-state";

export type * from "./workflow-state";
export { describeSubmitProgress, SUBMIT_CONCURRENCY } from "./submission-actions";
export { navigatorLocale } from "./page-locale";

/** Rows cross between workers in windows this size, never as one big message. */
export const ROW_CHUNK = 1_000;

/**
 * The import workflow: the state the page renders and the intents it sends. Components
 * subscribe and call actions; nothing here touches the DOM.
 */
export function createImportWorkflow(deps: WorkflowDeps) {
  let state: ImportState = { step: "connect" };
  const listeners = new Set<() => void>();
  let accessKey: string | undefined;
  let catalogue: Promise<CatalogueSnapshot | undefined> | undefined;
  let opening: AbortController | undefined;
  /** The check in progress (reading, checking and replaying a sheet's rows): stopping it goes back to where it started. */
  let checking: { readonly controller: AbortController; readonly back: () => void } | undefined;
  /** Set from the first click on Submit until the batch is sent or refused: a second click sends nothing. */
  let submitting = false;
  /** Whether the user stopped the check that Submit runs first. */
  let submitCheckStopped = false;
  const now = () => deps.now?.() ?? new Date();

  const set = (next: ImportState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const client = (connected: Pick<Connected, "connection">) => deps.clientFor(connected.connection.name, accessKey);
  const inMapping = (): (ImportState & { step: "mapping" }) | undefined => (state.step === "mapping" ? state : undefined);

  /** Updates the catalogue shown in whatever step the page is in. */
  function showCatalogue(status: CatalogueStatus): void {
    if (state.step !== "connect") set({ ...state, connected: { ...state.connected, catalogue: status } } as ImportState);
  }

  /** The account's snapshot: from IndexedDB when fresh and this account's, else loaded and stored. */
  function loadSnapshot(connection: ConnectionInfo, account: AccountProfile, force: boolean): Promise<CatalogueSnapshot | undefined> {
    return (async () => {
      const store = await deps.catalogues().catch(() => undefined);
      const stored = force ? undefined : await store?.get(connection.name, account.id).catch(() => undefined);
      let snapshot = stored && !isStale(stored, now()) ? stored : undefined;
      if (!snapshot) {
        showCatalogue({ state: "loading", progress: undefined });
        const loaded = await loadCatalogue(client({ connection }), connection.name, { now, onProgress: (progress) => showCatalogue({ state: "loading", progress }) });
        if (!loaded.ok) {
          showCatalogue({ state: "failed", message: loaded.message });
          return undefined;
        }
        snapshot = loaded.snapshot;
        await store?.put(snapshot).catch(() => undefined);
      }
      showCatalogue({ state: "ready", fetchedAt: snapshot.fetchedAt, counts: catalogueCounts(snapshot) });
      return snapshot;
    })();
  }

  async function vocabulary(): Promise<MappingVocabulary | undefined> {
    const snapshot = await catalogue;
    return snapshot ? catalogueVocabulary(snapshot) : undefined;
  }

  /** The suggested mapping, worked out in the sheet worker (a long header must not hold up the page). */
  async function suggested(preview: SheetPreview, known?: MappingVocabulary): Promise<SheetMapping> {
    const vocabularyNow = known ?? (await vocabulary());
    return (await deps.sheets.suggestMapping(preview.sheetName, preview.headerRowNumber, vocabularyNow)) ?? suggestMapping(preview.headers, vocabularyNow, preview.sampleRows);
  }

  async function mappingFor(connected: Connected, file: WorkbookSummary, sheetName: string, headerRowNumber?: number): Promise<ImportState> {
    const known = await vocabulary();
    const preview = await deps.sheets.preview(sheetName, headerRowNumber, vocabularyWords(known));
    if (!preview.ok) return { step: "upload", connected, error: preview.message };
    const templates = await (await deps.templates()).forHeaders(preview.preview.headers).catch(() => []);
    const [template] = templates;
    return {
      step: "mapping",
      connected: currentConnected() ?? connected,
      mapping: {
        file,
        sheetName,
        preview: preview.preview,
        mapping: template ? applyTemplate(preview.preview.headers, template) : await suggested(preview.preview),
        templates,
        appliedTemplate: template?.name,
        attributes: known?.attributes ?? [],
        ...(template ? { notice: `Applied your template "${template.name}", saved for sheets with these headers.` } : {}),
      },
    };
  }

  const currentConnected = () => (state.step === "connect" ? undefined : state.connected);

  function updateMapping(change: (mapping: SheetMapping) => SheetMapping, extra: Partial<MappingState> = {}) {
    const current = inMapping();
    if (!current) return;
    set({ ...current, mapping: { ...current.mapping, ...extra, mapping: change(current.mapping.mapping) } });
  }

  const context: WorkflowContext = {
    deps,
    getState: () => state,
    set,
    now,
    currentConnected: () => currentConnected(),
    address: (connected) => deps.proxyAddress(connected.connection.name, accessKey),
    catalogue: () => catalogue ?? Promise.resolve(undefined),
    fileSha256: () => {
      const connected = currentConnected();
      return connected ? keeper.fileSha256(connected) : undefined;
    },
    async submitter(connected) {
      const submitter = await deps.submitter.get();
      const address = context.address(connected);
      await submitter.connect(address.baseUrl, address.headers, deps.tabId);
      return submitter;
    },
    async lookUpOrders(connected, all) {
      const engine = await deps.engine.get();
      const due = await engine.ordersToLookUp(all);
      if (due.length === 0) return;
      const found = await (await context.submitter(connected)).findExisting(connected.connection.name, connected.account.id, due, SUBMIT_CONCURRENCY);
      // An order that could not be looked up now is looked up again before the confirmation, and right before it is sent.
      const summary = await engine.recordOrdersAtVendor(
        due.map((o) => o.orderNumber).filter((n) => !found.failed.has(n)),
        found.found,
      );
      if (state.step === "review") set({ ...state, review: { ...state.review, summary, revision: state.review.revision + 1 } });
    },
  };
  const keeper = createReviewKeeper({
    tabId: deps.tabId,
    store: deps.reviewSessions,
    edits: async () => (await deps.engine.get()).sessionEdits(),
    now,
    onLost: () => {
      if (state.step === "review") set({ ...state, error: REVIEW_NOT_KEPT });
    },
  });
  const review = createReviewActions(context, () => keeper.changed());
  const submission = createSubmissionActions(context);
  const { showUpload } = submission;
  // The engine worker failing mid-review leaves the grid with nothing to ask: say so, and how to go on.
  deps.engine.onFailed(() => {
    if (state.step === "review") set({ ...state, review: { ...state.review, busy: undefined }, error: REVIEW_BROKE });
  });

  /** The upload step, offering a saved review to continue (left by a stop, another tab or an earlier visit). */
  async function showUploadOffering(connected: Connected, saved: SavedReview | undefined, error?: string): Promise<void> {
    const shown = showUpload(connected, error);
    if (saved && state.step === "upload") set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
    await shown;
  }

  /** Stops any check under way and starts another, which "Stop checking" leaves through `back`. */
  function beginChecking(back: () => void): AbortController {
    checking?.controller.abort();
    const controller = new AbortController();
    checking = { controller, back };
    return controller;
  }

  /**
   * Reads the chosen sheet's rows into the engine worker in windows, resolves them (replaying
   * saved edits when reopening), shows the review and dry-runs the jobs while the user works.
   * "Stop checking" ends it at any point: the engine is stopped and `back` shows the step it
   * started from. Answers why it could not start, when it could not, in words for the user.
   */
  async function startReview(connected: Connected, origin: ReviewOrigin, headers: readonly string[], rowCount: number, back: () => void, saved?: SavedReview): Promise<StartOutcome> {
    const controller = beginChecking(back);
    const stopped = () => controller.signal.aborted;
    const orStop = <T>(work: Promise<T>) => untilStopped(work, controller.signal);
    const progress = (message: string) => {
      if (!stopped()) set({ step: "checking", connected: currentConnected() ?? connected, fileName: origin.fileName, progress: message, canStop: true });
    };
    /** The review kept for this check, forgotten again if the check does not finish. */
    let keptId: string | undefined;
    const abandon = (outcome: StartOutcome): StartOutcome => {
      if (keptId !== undefined) void keeper.forget(connected, keptId);
      return outcome;
    };
    let summary: EngineSummary;
    let columns: Awaited<ReturnType<Engine["columns"]>>;
    let focus: GridFocus | undefined;
    try {
      progress("Waiting for your catalogue");
      const snapshot = await orStop(catalogue ?? Promise.resolve(undefined));
      if (stopped()) return "stopped";
      if (!snapshot) return { refused: "The catalogue is not loaded; refresh it and try again." };
      deps.engine.stop();
      const engine = await deps.engine.get();
      const address = context.address(connected);
      await engine.connect(address.baseUrl, address.headers);
      for (let start = 0; start < rowCount; start += ROW_CHUNK) {
        if (stopped()) return "stopped";
        progress(`Reading rows ${formatCount(start + 1)}–${formatCount(Math.min(rowCount, start + ROW_CHUNK))} of ${formatCount(rowCount)}`);
        // A read still under way when the check is stopped is left to finish on its own.
        const rows = await orStop(deps.sheets.rows(origin.sheetName, origin.headerRowNumber, start, ROW_CHUNK));
        if (stopped()) return "stopped";
        await engine.appendRows(rows);
      }
      progress(`Checking ${countOf(rowCount, "row", "rows")} against your catalogue`);
      summary = await engine.start({ headers, mapping: origin.mapping, snapshot, locale: navigatorLocale() });
      if (saved) {
        const changes = saved.edits.edits.length;
        progress(`Replaying ${countOf(changes, "change", "changes")} you made`);
        summary = await engine.restoreEdits(saved.edits);
        if (stopped()) return "stopped";
        await keeper.reopened(connected, saved);
      } else {
        if (stopped()) return "stopped";
        keptId = await keeper.started(connected, origin);
      }
      columns = await engine.columns();
      focus = await review.startingFocus();
      if (stopped()) return abandon("stopped");
    } catch (error) {
      if (stopped()) return abandon("stopped");
      console.error("Checking the sheet failed", error);
      deps.engine.stop();
      return abandon({ refused: checkFailed(origin.fileName) });
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    set({
      step: "review",
      connected: currentConnected() ?? connected,
      review: {
        ...origin,
        headers: columns.headers,
        mapping: columns.mapping,
        summary,
        filter: ALL_ROWS,
        revision: 0,
        // The grid has focus from the start, so its keys (F8 to the next problem) work at once.
        focus,
        busy: "Checking the jobs with the vendor",
        notice: saved ? `Reopened your review of ${origin.fileName} as you left it (saved ${formatInstant(saved.savedAt)}).` : undefined,
      },
    });
    // The dry runs go on while the user works; their answers land in the grid as they come.
    try {
      await review.dryRun((busy) => state.step === "review" && set({ ...state, review: { ...state.review, busy } }));
    } catch (error) {
      // Another sheet was chosen meanwhile (nothing is wrong), or the worker failed (already said).
      if (isEngineStopped(error)) return "started";
      console.error("Checking the jobs with the vendor failed", error);
      if (state.step === "review") set({ ...state, review: { ...state.review, busy: undefined }, error: DRY_RUN_FAILED });
    }
    return "started";
  }

  /** Reopens a review saved before a reload or a crash, where it was; "Stop checking" goes back to the upload step, where it is offered again. */
  async function reopen(connected: Connected, saved: SavedReview): Promise<void> {
    const back = () => void showUploadOffering(currentConnected() ?? connected, saved);
    const controller = beginChecking(back);
    set({ step: "checking", connected, fileName: saved.fileName, progress: `Reopening your review of ${saved.fileName}`, canStop: true });
    let preview: Awaited<ReturnType<typeof deps.sheets.preview>> | undefined;
    try {
      const known = await vocabulary();
      const bytes = new Uint8Array(await saved.file.arrayBuffer());
      if (controller.signal.aborted) return;
      const opened = await deps.sheets.open(bytes, saved.fileName, vocabularyWords(known), () => undefined, controller.signal);
      preview = opened.ok ? await deps.sheets.preview(saved.sheetName, saved.headerRowNumber, vocabularyWords(known)) : undefined;
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Reopening the review failed", error);
      return showUploadOffering(currentConnected() ?? connected, saved, `Your review of ${saved.fileName} could not be reopened just now. Try "Continue that review" again, or drop the file again to start over.`);
    } finally {
      if (checking?.controller === controller) checking = undefined;
    }
    if (controller.signal.aborted) return;
    if (!preview?.ok) {
      await keeper.forget(connected, saved.reviewId);
      return showUpload(connected, `Your review of ${saved.fileName} could not be reopened; drop the file again.`);
    }
    const outcome = await startReview(connected, saved, preview.preview.headers, preview.preview.rowCount, back, saved);
    if (typeof outcome === "object") await showUploadOffering(currentConnected() ?? connected, saved, outcome.refused);
  }

  return {
    getState: () => state,
    /** The account's catalogue, for the grid's lists (delivery options, countries, a question's options). */
    catalogueSnapshot: (): Promise<CatalogueSnapshot | undefined> => catalogue ?? Promise.resolve(undefined),
    /** The vendor client of the connection in use, for views beside the import (submitted jobs). */
    vendorClient: (): VendorClient | undefined => {
      const connected = currentConnected();
      return connected ? client(connected) : undefined;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async loadConnections(key?: string): Promise<void> {
      if (key !== undefined) accessKey = key;
      const result = await deps.fetchConnections(accessKey);
      set(result.ok ? { step: "connect", connections: result.connections } : { step: "connect", error: result.message, needsAccessKey: result.needsAccessKey });
    },

    async connect(connection: ConnectionInfo): Promise<void> {
      const before = state;
      if (before.step === "connect") set({ ...before, busy: true });
      const vendor = deps.clientFor(connection.name, accessKey);
      const [account, user] = await Promise.all([vendor.getAccount(), vendor.getCurrentUser()]);
      if (!account.ok) {
        set({ ...(before.step === "connect" ? before : { step: "connect" }), busy: false, error: `Could not open ${connection.name}: ${account.problem.title}` });
        return;
      }
      const connected: Connected = { connection, account: account.value, userName: user.ok ? (user.value.userName ?? undefined) : undefined, catalogue: { state: "loading", progress: undefined } };
      catalogue = loadSnapshot(connection, account.value, false);
      const saved = await keeper.saved(connected);
      if (saved && keeper.isThisTab(saved)) return reopen(connected, saved);
      await showUploadOffering(connected, saved);
    },

    /** Loads the catalogue again from the vendor, whatever its age. */
    async refreshCatalogue(): Promise<void> {
      const connected = currentConnected();
      if (!connected) return;
      catalogue = loadSnapshot(connected.connection, connected.account, true);
      await catalogue;
    },

    async openFile(connected: Connected, fileName: string, bytes: Uint8Array): Promise<void> {
      opening?.abort();
      const controller = new AbortController();
      opening = controller;
      set({ step: "opening", connected, fileName, progress: undefined });
      keeper.holdFile(bytes);
      try {
        const known = await vocabulary();
        const opened = await deps.sheets.open(bytes, fileName, vocabularyWords(known), (progress) => {
          if (state.step === "opening" && opening === controller) set({ ...state, progress });
        }, controller.signal);
        if (!opened.ok) return set({ step: "upload", connected: currentConnected() ?? connected, error: opened.message });
        set(await mappingFor(connected, opened.summary, opened.summary.defaultSheet));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        console.error(`Reading ${fileName} failed`, error);
        set({ step: "upload", connected: currentConnected() ?? connected, error: `${fileName} could not be read: something went wrong in this page while reading it. Drop the file again; if it fails again, reload the page and try once more.` });
      } finally {
        if (opening === controller) opening = undefined;
      }
    },

    cancelOpening(): void {
      const current = state;
      opening?.abort();
      if (current.step === "opening") set({ step: "upload", connected: current.connected, error: `Reading ${current.fileName} was cancelled.` });
    },

    async selectSheet(sheetName: string): Promise<void> {
      const current = inMapping();
      if (current) set(await mappingFor(current.connected, current.mapping.file, sheetName));
    },

    async setHeaderRow(headerRowNumber: number): Promise<void> {
      const current = inMapping();
      if (current) set(await mappingFor(current.connected, current.mapping.file, current.mapping.sheetName, headerRowNumber));
    },

    assignField(field: FieldId, column: number | null): void {
      updateMapping((mapping) => assignField(mapping, field, column));
    },

    assignColumn(column: number, target: MappingTarget | null): void {
      updateMapping((mapping) => assignColumn(mapping, column, target));
    },

    async saveTemplate(name: string): Promise<void> {
      const current = inMapping();
      if (!current || name.trim() === "") return;
      const template = createTemplate(name, current.mapping.preview.headers, current.mapping.mapping, now().toISOString());
      await (await deps.templates()).save(template);
      const templates = [template, ...current.mapping.templates.filter((t) => t.name !== template.name)];
      set({ ...current, mapping: { ...current.mapping, templates, appliedTemplate: template.name, notice: `Saved the mapping as "${template.name}".` } });
    },

    applyTemplate(name: string): void {
      const current = inMapping();
      const template = current?.mapping.templates.find((t) => t.name === name);
      if (!current || !template) return;
      set({ ...current, mapping: { ...current.mapping, mapping: applyTemplate(current.mapping.preview.headers, template), appliedTemplate: name, notice: undefined } });
    },

    async useSuggestedMapping(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const known = await vocabulary();
      set({ ...current, mapping: { ...current.mapping, mapping: await suggested(current.mapping.preview, known), appliedTemplate: undefined, notice: undefined } });
    },

    /** Hands the mapped rows to the engine, which resolves them, then dry-runs the jobs. */
    async check(): Promise<void> {
      const current = inMapping();
      if (!current) return;
      const missing = missingRequiredFields(current.mapping.mapping);
      if (missing.length > 0) return set({ ...current, error: `Map a column to ${missing.join(", ")} first.` });
      const { preview } = current.mapping;
      const origin = { fileName: current.mapping.file.fileName, sheetName: preview.sheetName, headerRowNumber: preview.headerRowNumber, mapping: current.mapping.mapping };
      const { error: _shown, ...mapping } = current;
      const back = () => set({ ...mapping, connected: currentConnected() ?? current.connected });
      const outcome = await startReview(current.connected, origin, preview.headers, preview.rowCount, back);
      if (typeof outcome === "object") set({ ...mapping, connected: currentConnected() ?? current.connected, error: outcome.refused });
    },

    ...review,
    ...submission,

    /** The problem sheet of the review in progress, written into the customer's own file. */
    async downloadableProblems(options: { readonly utf8?: boolean } = {}) {
      const connected = currentConnected();
      return review.problemFile(connected ? await keeper.file(connected) : undefined, options);
    },

    /**
     * Checks what changed since the last dry run and looks the orders up at the vendor, then
     * shows what would be created for confirmation (see the submission actions). Once clicked,
     * Submit does nothing more until the confirmation is shown or refused; if the check is
     * stopped, or some jobs are left unchecked, nothing is shown and the review stays.
     */
    async submit(): Promise<void> {
      if (state.step !== "review" || submitting) return;
      submitting = true;
      submitCheckStopped = false;
      const { connected } = state;
      set({ ...state, review: { ...state.review, submitting: true }, error: undefined });
      try {
        await review.revalidate();
        if (state.step !== "review") return;
        const unchecked = state.review.summary.jobs.ready;
        if (submitCheckStopped) return set({ ...state, error: "Nothing was sent: you stopped the check before it finished. Submit again when you are ready; every job is checked with the vendor first." });
        if (unchecked > 0) {
          return set({ ...state, error: `Nothing was sent: ${countOf(unchecked, "job", "jobs")} changed while the jobs were being checked and ${pluralise(unchecked, "is", "are")} not checked yet. Submit again to check and send ${pluralise(unchecked, "it", "them")}.` });
        }
        const refused = await submission.prepare(connected, state.review);
        if (refused && state.step === "review") set({ ...state, error: refused });
      } catch (error) {
        // Another sheet was chosen meanwhile (the review is gone), or the worker failed: nothing was sent.
        if (isEngineStopped(error)) {
          if (error.reason === "failed" && state.step === "review") set({ ...state, error: `Nothing was sent. ${REVIEW_BROKE}` });
          return;
        }
        console.error("Submitting failed", error);
        // It may have failed after the batch was written down, so whether anything was sent is the journal's to say.
        if (state.step === "review") set({ ...state, error: "Something went wrong in this page while submitting. Reload the page: your review is kept, and any job already sent is written down there and never sent twice." });
      } finally {
        submitting = false;
        if (state.step === "review" && state.review.submitting) set({ ...state, review: { ...state.review, submitting: false } });
      }
    },

    /**
     * Sends exactly what the confirmation showed: the batch is written down, then sent; the
     * customer's file is kept with it for the result sheet, and the review is no longer kept.
     */
    async confirmSubmit(): Promise<void> {
      if (state.step !== "confirm") return;
      const { connected } = state;
      const file = await keeper.file(connected);
      await submission.sendConfirmed(async (batchId) => {
        if (file) await (await deps.batchFiles()).put(batchId, file).catch(() => undefined);
        await keeper.forget(connected);
      });
    },

    /**
     * Back from the results to the review they came from, to check again the orders the vendor
     * could not check then: those that pass can be submitted, and the orders just created are
     * found in the journal and left out.
     */
    async checkLeftOrdersAgain(): Promise<void> {
      if (state.step !== "done" || !state.done.review) return;
      const { connected } = state;
      const left = state.done.review;
      set({ step: "review", connected, review: { ...left, submitting: false, revision: left.revision + 1, notice: "Checking again the orders the vendor could not check; the orders just created are left out." } });
      await review.revalidate();
      await context.lookUpOrders(connected, true);
    },

    /** The user's choice to send an order although the vendor has a job under its number (never one made here). */
    async sendAnyway(orderNumber: string, yes: boolean): Promise<void> {
      const summary = await (await deps.engine.get()).sendAnyway(orderNumber, yes);
      if (state.step === "review") set({ ...state, review: { ...state.review, summary, revision: state.review.revision + 1 } });
    },

    /**
     * Stops checking: while the rows are read and checked, the engine is stopped and the page
     * goes back to where it was; during the dry runs, no more are started (and a Submit
     * waiting for them sends nothing).
     */
    async stopChecking(): Promise<void> {
      if (state.step === "checking" && checking) {
        const { controller, back } = checking;
        checking = undefined;
        controller.abort();
        deps.engine.stop();
        back();
        return;
      }
      if (state.step !== "review") return;
      if (submitting) submitCheckStopped = true;
      await review.stopChecking().catch((error: unknown) => {
        if (!isEngineStopped(error)) console.error("Stopping the check failed", error);
      });
    },

    /** Goes back to the upload step, forgetting this review; a review another tab left is offered there. */
    startOver(connected: Connected): void {
      deps.engine.stop();
      const target = currentConnected() ?? connected;
      void showUpload(target);
      void keeper
        .forget(connected)
        .then(() => keeper.saved(target))
        .then((saved) => {
          if (saved && state.step === "upload" && !state.savedReview) set({ ...state, savedReview: { fileName: saved.fileName, savedAt: saved.savedAt } });
        });
    },

    /** Reopens the review offered on the upload step (left in another tab or an earlier visit). */
    async reopenSaved(): Promise<void> {
      const connected = currentConnected();
      const saved = connected ? await keeper.saved(connected) : undefined;
      if (connected && saved) await reopen(connected, saved);
    },

    /** Whether leaving the page now would lose work (an edit not yet written down). */
    hasUnsavedWork: (): boolean => keeper.isSaving || keeper.hasUnkeptEdits,
  };
}

type Engine = Awaited<ReturnType<WorkflowDeps["engine"]["get"]>>;

/** The work's answer, or an AbortError as soon as the signal is aborted (the work itself goes on). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException("Stopped", "AbortError"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** How a check of the rows ended: the review is shown, the user stopped it, or why it could not start. */
type StartOutcome = "started" | "stopped" | { readonly refused: string };

const checkFailed = (fileName: string) =>
  `Checking ${fileName} stopped: something went wrong in this page. Check the rows again; if it stops again, reload the page and drop the file again.`;

const DRY_RUN_FAILED = 'The check with the vendor stopped: something went wrong in this page. Use "Check again with the vendor" to carry on; if it stops again, reload the page, where your review is kept.';

const REVIEW_BROKE = "This review stopped working: something went wrong in this page. Reload the page; your review is kept and reopens where it was.";

/** Shown when another tab's review has taken the place of this one in the browser's keeping. */
const REVIEW_NOT_KEPT =
  "This review is no longer kept in this browser: a review started or continued in another tab on this account has taken its place, so a reload here would not bring back your changes. Submit from here or download the problem sheet before you leave, or carry on in the other tab.";


export type ImportWorkflow = ReturnType<typeof createImportWorkflow>;
