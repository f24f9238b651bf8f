import { writeFile } from "node:fs/promises";
import { createAdaptiveLimiter } from "../api";
import type { SubmissionPlan } from "../core/batch-plan";
import {
  countStates,
  countRowOutcomes,
  describeResults,
  isClearAnswer,
  jobNumbersText,
  ORDER_STATE_TEXT,
  rowResultsFromJournal,
  shownJobNumber,
  type BatchRecord,
  type JournalStore,
  type OrderRecord,
} from "../core/journal";
import { countOf, pluralise } from "../core/plural";
import { sessionRowNumber, sourceRowOf, sourceText, type SourceFile } from "../core/source-files";
import { plainProblemText } from "../core/problem-text";
import { auditJsonLines, auditTrail, resultSheetData, shownJobNumbers } from "../core/result-sheet-data";
import { OUTCOME_TEXT, type RowOutcome, type RowResult } from "../core/result-rows";
import { summariseSubmission, summaryText, summaryWordsFor, type SubmissionSummary } from "../core/submission-summary";
import { noteCancelledJobs } from "../submit/cancelled-jobs";
import { findExistingOrders } from "../submit/existing-orders";
import { ownJobsOf } from "../submit/own-jobs";
import { sha256Hex } from "../submit/payload-hash";
import {
  addToBatch,
  allowResend,
  PHASE_TEXT,
  planBatch,
  runBatch,
  type BatchPlan,
  type SubmitDeps,
  type SubmitProgress,
} from "../submit/submit-batch";
import { submitLockName, type SubmitLocks } from "../submit/submit-lock";
import { fetchJobStatuses, orderKey } from "../submit/vendor-jobs";
import { checkFiles, writeResultFiles, type CheckOptions } from "./check";
import { appVersion } from "./app-version";
import { openFileJournal } from "./file-journal";
import { fileLocks, LockFileError } from "./file-lock";
import { throttled } from "./progress-line";
import type { SheetFile } from "./read-sheet-file";
import type { VendorConnection } from "./vendor-connection";

/** Shows a summary and asks a yes/no question at a terminal. */
export type Confirm = (summary: readonly string[], question: string) => Promise<boolean>;

export interface SubmitOptions extends Omit<CheckOptions, "validate" | "outPath"> {
  readonly journalPath: string;
  readonly outPath?: string | undefined;
  readonly auditPath?: string | undefined;
  readonly allowExisting: boolean;
  readonly concurrency: number;
  readonly signal?: AbortSignal | undefined;
  /** Where lock files go (the system's temporary folder unless told). */
  readonly lockFolder?: string | undefined;
  /** `--yes`: the summary is printed and the jobs created without asking. */
  readonly yes: boolean;
  /**
   * Shows the summary and asks the question; answers whether to go on. Without it (no terminal), only `yes` goes on.
   */
  readonly confirm?: Confirm | undefined;
}

/** One sheet row's outcome, as `--json` prints it. */
export interface SubmittedRow {
  /** The file the row is in, and its row number there. */
  readonly file: string;
  readonly rowNumber: number;
  readonly orderNumber: string | null;
  readonly outcome: RowResult["outcome"];
  readonly jobNumber: number | null;
  readonly newAssetTag: string | null;
  readonly messages: readonly string[];
}

export interface SubmitReport {
  readonly file: string;
  readonly journal: string;
  readonly batchId: string;
  readonly status: "finished" | "stopped" | "incomplete";
  readonly summary: string;
  readonly problems: readonly string[];
  readonly orders: readonly {
    readonly orderNumber: string;
    readonly state: OrderRecord["state"];
    readonly jobNumber: number | null;
  }[];
  readonly rows: readonly SubmittedRow[];
}

export type SubmitOutcome =
  | { readonly ok: true; readonly report: SubmitReport; readonly exitCode: 0 | 1 | 3 }
  | { readonly ok: false; readonly exitCode: 1 | 2 | 3; readonly message: string };

/**
 * The unfinished (or, when nothing is left, the last) batch of this very file for this account, if the journal has one.
 */
async function earlierBatch(
  journal: JournalStore,
  match: Pick<BatchRecord, "connection" | "accountId" | "sheetName" | "fileSha256">,
): Promise<BatchRecord | undefined> {
  const same = (await journal.listBatches()).filter(
    (b) =>
      b.connection === match.connection &&
      b.accountId === match.accountId &&
      b.sheetName === match.sheetName &&
      b.fileSha256 === match.fileSha256,
  );
  return same.find((b) => !b.finishedAt) ?? same[0];
}

/**
 * What the journal knows of the account's jobs from its own submissions: the job numbers they
 * created, and the order numbers one of them sent without a clear answer (a job the vendor
 * has under one of those may be that submission's own).
 */
async function ownJobs(
  journal: JournalStore,
  account: Pick<BatchRecord, "connection" | "accountId">,
): Promise<{ created: Set<number>; unclear: Set<string> }> {
  const created = new Set<number>();
  const unclear = new Set<string>();
  for (const batch of await journal.listBatches()) {
    if (batch.connection !== account.connection || batch.accountId !== account.accountId) continue;
    for (const row of batch.otherRows) if (row.jobNumber !== undefined) created.add(row.jobNumber);
    for (const order of await journal.ordersOf(batch.id)) {
      if (order.jobNumber !== undefined) created.add(order.jobNumber);
      // Every request answered clearly is accounted for; any other may have made a job.
      const answered = (order.answers ?? []).filter((a) => isClearAnswer(a.status)).length;
      if (order.attempts > answered) unclear.add(orderKey(order.orderNumber));
    }
  }
  return { created, unclear };
}

/**
 * The orders of a batch to send again: those not found after an unclear answer (on a new run
 * only: running again is the user's word to send them), and, with --allow-existing, those the
 * vendor already had under their order number from someone else. An order whose existing job
 * this journal's submissions made, or may have made, is not sent again; `declined` says why.
 */
async function toSendAgain(
  journal: JournalStore,
  batch: BatchRecord,
  options: { readonly notFound: boolean; readonly allowExisting: boolean },
) {
  const orders = await journal.ordersOf(batch.id);
  const own = options.allowExisting
    ? await ownJobs(journal, batch)
    : { created: new Set<number>(), unclear: new Set<string>() };
  const resend: string[] = [];
  const declined = new Map<string, string>();
  for (const order of orders) {
    if (order.state === "not-found" && options.notFound) resend.push(order.orderNumber);
    if (order.state !== "existing" || !options.allowExisting) continue;
    const made = order.existingJobNumbers.filter((n) => own.created.has(n));
    if (made.length > 0) {
      declined.set(
        order.orderNumber,
        `Order ${order.orderNumber} was not sent again: ` +
          `its ${jobNumbersText(made)} ${pluralise(made.length, "was", "were")} created by an earlier submission ` +
          "recorded in this journal.",
      );
    } else if (own.unclear.has(orderKey(order.orderNumber))) {
      declined.set(
        order.orderNumber,
        `Order ${order.orderNumber} was not sent again: ` +
          "a submission recorded in this journal sent it without getting a clear answer, " +
          `so ${order.existingJobNumbers.length === 1 ? "" : "one of "}${jobNumbersText(order.existingJobNumbers)} ` +
          "may be that one.",
      );
    } else resend.push(order.orderNumber);
  }
  return { resend, declined };
}

/** Marks orders of the batch to be sent again; a batch that was finished is open again until they are settled. */
async function sendAgain(
  deps: Pick<SubmitDeps, "journal">,
  batch: BatchRecord,
  orderNumbers: readonly string[],
): Promise<void> {
  if (orderNumbers.length === 0) return;
  if (batch.finishedAt) {
    const { finishedAt: _finished, ...open } = batch;
    await deps.journal.putBatch(open);
  }
  await allowResend(deps, batch.id, orderNumbers);
}

/** The account's lock, already held by this process: the submission core runs under it without taking it again. */
function holding(locks: SubmitLocks, name: string): SubmitLocks {
  return {
    async withLock(wanted, work) {
      return wanted === name ? { acquired: true, value: await work() } : locks.withLock(wanted, work);
    },
    isHeld: (wanted) => (wanted === name ? Promise.resolve(true) : locks.isHeld(wanted)),
  };
}

function rowsOf(batch: BatchRecord, orders: readonly OrderRecord[], sources: readonly SourceFile[]): SubmittedRow[] {
  const orderOfRow = new Map<number, string>();
  for (const order of orders) for (const row of order.lineRows) orderOfRow.set(row, order.orderNumber);
  for (const row of batch.otherRows) if (row.orderNumber !== undefined) orderOfRow.set(row.rowNumber, row.orderNumber);
  return rowResultsFromJournal(batch, orders).map((result) => {
    const { fileIndex, rowNumber } = sourceRowOf(result.rowNumber);
    return {
      file: sources[fileIndex]?.name ?? batch.fileName,
      rowNumber,
      orderNumber: orderOfRow.get(result.rowNumber) ?? null,
      outcome: result.outcome,
      jobNumber: result.jobNumber ?? null,
      newAssetTag: result.newAssetSku ?? null,
      messages: result.messages.map((text) => sourceText(sources, text)),
    };
  });
}

/**
 * Checks a sheet as `check` does, then submits its ready jobs through the shared submission
 * core with a journal file: running it again with the same journal continues the same batch
 * (or reports it) and never creates a job twice. Everything from reading the journal to the
 * last answer happens under the account's lock, so a second process started alongside sees
 * the journal only as the first one left it.
 */
export function submitFile(
  sheetFile: SheetFile,
  vendor: VendorConnection,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  return submitFiles([sheetFile], vendor, options);
}

/**
 * Submits several files as one batch (see {@link checkFiles}): the journal records each file with the rows it holds,
 * and the batch is known again by the files' contents, in the order given.
 */
export async function submitFiles(
  sheetFiles: readonly SheetFile[],
  vendor: VendorConnection,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  // Several files' result sheets are written once the batch has run, not their problem sheets beside them first.
  const isSeveral = sheetFiles.length > 1;
  const checked = await checkFiles(sheetFiles, vendor, {
    ...options,
    validate: true,
    ...(isSeveral ? { outPath: undefined } : {}),
  });
  if (!checked.ok)
    return {
      ok: false,
      exitCode: checked.reason === "vendor" ? 3 : checked.reason === "usage" ? 2 : 1,
      message: checked.message,
    };
  const hashes = await Promise.all(checked.files.map((file) => sha256Hex(file.bytes)));
  const fileSha256 =
    hashes.length === 1 && hashes[0] ? hashes[0] : await sha256Hex(new TextEncoder().encode(hashes.join("\n")));
  const match = {
    connection: vendor.connection.name,
    accountId: checked.report.account.id,
    sheetName: checked.report.sheet,
    fileSha256,
    ...(hashes.length > 1
      ? {
          files: checked.files.map((file, index) => ({
            fileName: file.name,
            sheetName: file.sheetName,
            headerRowNumber: file.headerRowNumber,
            fileSha256: hashes[index],
            rowOffset: sessionRowNumber(index, 0),
            rowCount: file.rowCount,
            ...(file.firstRowNumber === undefined ? {} : { firstRowNumber: file.firstRowNumber }),
            ...(file.lastRowNumber === undefined ? {} : { lastRowNumber: file.lastRowNumber }),
          })),
        }
      : {}),
  };
  const locks = fileLocks(options.lockFolder);
  const lockName = submitLockName(match.connection, match.accountId);
  try {
    const held = await locks.withLock(lockName, () =>
      submitLocked(checked, match, vendor, options, holding(locks, lockName)),
    );
    if (!held.acquired)
      return {
        ok: false,
        exitCode: 3,
        message: `Another submission for ${vendor.connection.name} is running; try again when it has finished.`,
      };
    return held.value;
  } catch (error) {
    if (error instanceof LockFileError) return { ok: false, exitCode: 3, message: error.message };
    throw error;
  }
}

type Checked = Extract<Awaited<ReturnType<typeof checkFiles>>, { ok: true }>;

/**
 * Looks every order the dry run accepted up, in the journal's memory and at the vendor, and
 * tells the engine what was found: orders that exist are left out of the plan (those the
 * vendor has from someone else are sent anyway with --allow-existing, unless this journal
 * made or may have made that job; `declined` says why).
 */
async function lookUpExisting(
  checked: Checked,
  vendor: VendorConnection,
  journal: JournalStore,
  account: Pick<BatchRecord, "connection" | "accountId">,
  options: SubmitOptions,
  declined: Map<string, string>,
): Promise<string[]> {
  const { engine } = checked;
  // An order number found in two files is never sent: it is not looked up either.
  const due = engine.ordersToLookUp().filter((order) => !checked.conflicts.has(order.orderNumber));
  if (due.length === 0) return [];
  options.onProgress?.(
    `Looking for the ${countOf(due.length, "order", "orders")} among the jobs the vendor already has`,
  );
  const own = await ownJobsOf(journal, account);
  const existing = await findExistingOrders(vendor.client, own, due, {
    limiter: createAdaptiveLimiter({ max: options.concurrency }),
    signal: options.signal,
  });
  engine.recordOrdersAtVendor(
    due.map((o) => o.orderNumber).filter((n) => !existing.failed.has(n)),
    existing.found,
  );
  const problems = [...existing.failed].map(
    ([orderNumber, problem]) =>
      `Order ${orderNumber} could not be looked up among the vendor's jobs (${plainProblemText(problem)}); ` +
      "it is looked up again right before it is sent.",
  );
  if (options.allowExisting) {
    const mine = await ownJobs(journal, account);
    for (const [orderNumber, found] of existing.found) {
      const why = declineToResend(
        orderNumber,
        found.kind === "earlier" ? [found.job.jobNumber] : found.jobNumbers,
        mine,
      );
      if (why) declined.set(orderNumber, why);
      else engine.sendAnyway(orderNumber, true);
    }
  }
  return problems;
}

/** Why an order the vendor has under its number is not sent again with --allow-existing, when it is not. */
function declineToResend(
  orderNumber: string,
  jobNumbers: readonly number[],
  own: { created: ReadonlySet<number>; unclear: ReadonlySet<string> },
): string | undefined {
  const made = jobNumbers.filter((n) => own.created.has(n));
  if (made.length > 0)
    return (
      `Order ${orderNumber} was not sent again: ` +
      `its ${jobNumbersText(made)} ${pluralise(made.length, "was", "were")} created by an earlier submission ` +
      "recorded in this journal."
    );
  if (own.unclear.has(orderKey(orderNumber))) {
    return (
      `Order ${orderNumber} was not sent again: ` +
      "a submission recorded in this journal sent it without getting a clear answer, " +
      `so ${jobNumbers.length === 1 ? "" : "one of "}${jobNumbersText(jobNumbers)} may be that one.`
    );
  }
  return undefined;
}

/**
 * What a run is about to do to the journal once confirmed: a new batch, or orders added to (or sent again in) an
 * earlier one.
 */
interface RunPlan {
  readonly summary: SubmissionSummary;
  write(): Promise<BatchRecord>;
}

function newBatchPlan(
  checked: Checked,
  deps: Pick<SubmitDeps, "journal">,
  origin: Omit<BatchPlan, keyof SubmissionPlan>,
): RunPlan {
  const { plan } = checked.plan();
  return {
    summary: summariseSubmission(plan.orders, plan.otherRows),
    write: () => planBatch(deps, { ...plan, ...origin }),
  };
}

/**
 * Continuing a batch of this very file: the orders it still has to send, the orders the vendor
 * could not check when it was planned and that passed now (added to it), and the orders to
 * send again (not found after an unclear answer; with --allow-existing, those someone else's
 * job had).
 */
async function earlierBatchPlan(
  checked: Checked,
  deps: Pick<SubmitDeps, "journal">,
  batch: BatchRecord,
  options: SubmitOptions,
  declined: Map<string, string>,
): Promise<RunPlan> {
  const orders = await deps.journal.ordersOf(batch.id);
  const inBatch = new Set(orders.map((o) => o.orderNumber));
  const { plan } = checked.plan();
  const stranded = plan.orders.filter((o) => !inBatch.has(o.orderNumber));
  const again = await toSendAgain(deps.journal, batch, { notFound: true, allowExisting: options.allowExisting });
  for (const [orderNumber, why] of again.declined) declined.set(orderNumber, why);
  const resend = new Set(again.resend);
  const toSend = [...orders.filter((o) => o.state === "planned" || resend.has(o.orderNumber)), ...stranded];
  const strandedRows = new Set(stranded.flatMap((o) => o.lineRows));
  return {
    summary: summariseSubmission(
      toSend,
      batch.otherRows.filter((r) => !strandedRows.has(r.rowNumber)),
    ),
    async write() {
      const grown = await addToBatch(deps, batch, stranded);
      await sendAgain(deps, grown, again.resend);
      return (await deps.journal.getBatch(batch.id)) ?? grown;
    },
  };
}

async function submitLocked(
  checked: Checked,
  match: Pick<BatchRecord, "connection" | "accountId" | "sheetName" | "fileSha256" | "files">,
  vendor: VendorConnection,
  options: SubmitOptions,
  locks: SubmitLocks,
): Promise<SubmitOutcome> {
  const progress = options.onProgress;
  const { report } = checked;
  const journal = await openFileJournal(options.journalPath);
  try {
    const deps = { client: vendor.client, journal, locks, sleep: vendor.sleep };
    const declined = new Map<string, string>();
    const lookupProblems = await lookUpExisting(checked, vendor, journal, match, options, declined);
    // A batch of this very file is never planned twice: running again continues it, or reports it.
    const earlier = await earlierBatch(journal, match);
    let runPlan: RunPlan;
    if (earlier) {
      runPlan = await earlierBatchPlan(checked, deps, earlier, options, declined);
      if (!earlier.finishedAt)
        progress?.(
          `Continuing the submission of ${report.file} from ${earlier.createdAt} recorded in ${options.journalPath}`,
        );
      else if (runPlan.summary.jobs > 0)
        progress?.(
          `Sending ${countOf(runPlan.summary.jobs, "order", "orders")} of ${report.file} ` +
            `that ${pluralise(runPlan.summary.jobs, "was", "were")} not sent before (see ${options.journalPath})`,
        );
      else
        progress?.(
          `${report.file} was submitted on ${earlier.finishedAt}; nothing is sent again (see ${options.journalPath})`,
        );
    } else {
      const user = await vendor.client.getCurrentUser();
      runPlan = newBatchPlan(checked, deps, {
        ...match,
        accountName: report.account.name ?? "",
        fileName: report.file,
        headerRowNumber: report.headerRowNumber,
        importedBy: user.ok ? (user.value.userName ?? undefined) : undefined,
        appVersion: appVersion(),
      });
    }

    if (runPlan.summary.jobs > 0) {
      const text = [
        `About to create jobs for ${report.account.name ?? match.connection}:`,
        ...summaryText(runPlan.summary, summaryWordsFor(checked.snapshot)).map((line) => `  ${line}`),
      ];
      if (options.yes) progress?.(text.join("\n"));
      const question = `Create ${countOf(runPlan.summary.jobs, "job", "jobs")}?`;
      const confirmed = options.yes || ((await options.confirm?.(text, question)) ?? false);
      if (!confirmed) return { ok: false, exitCode: 1, message: "Nothing was sent: the submission was not confirmed." };
    }
    const batch = await runPlan.write();

    const meter = throttled(progress);
    const runOptions = {
      concurrency: options.concurrency,
      signal: options.signal,
      onProgress: (p: SubmitProgress) => meter(p.rate.done, p.rate.total, PHASE_TEXT[p.phase]),
    };
    const createdBefore = new Set(
      (await journal.ordersOf(batch.id)).filter((o) => o.state === "created").map((o) => o.orderNumber),
    );
    const ran = await runBatch(deps, batch.id, runOptions);
    if (ran.status === "busy")
      return {
        ok: false,
        exitCode: 3,
        message: `Another submission for ${vendor.connection.name} is running; try again when it has finished.`,
      };
    if (ran.status === "missing")
      return { ok: false, exitCode: 3, message: "The journal lost the batch it was continuing." };
    // Jobs created by an earlier run and cancelled since are reported as such, not as created.
    const noted = await noteCancelledJobs(vendor.client, journal, ran.orders, () => new Date(), createdBefore);
    const outcome = { ...ran, orders: noted, counts: countStates(noted) };

    const rows = rowsOf(outcome.batch, outcome.orders, checked.sources);
    if (options.outPath || options.auditPath) {
      const trail = auditTrail(outcome.batch, outcome.orders);
      if (options.auditPath) await writeFile(options.auditPath, auditJsonLines(trail));
      if (options.outPath) {
        const data = resultSheetData(
          outcome.batch,
          outcome.orders,
          await fetchJobStatuses(vendor.client, shownJobNumbers(outcome.orders)),
          trail,
        );
        const written = await writeResultFiles(options.outPath, checked.files, checked.sources, data, {
          utf8: options.utf8,
          kind: "results",
          orderNumbersOf: (index) => ordersOfFile(outcome.batch, outcome.orders, index),
        });
        if (written) return { ok: false, exitCode: 1, message: written };
      }
    }
    const stillExisting = new Set(outcome.orders.filter((o) => o.state === "existing").map((o) => o.orderNumber));
    const unsettled = outcome.orders.some(
      (o) => o.state === "planned" || o.state === "sending" || o.state === "unknown" || o.state === "not-found",
    );
    const vendorFailed = outcome.batch.otherRows.some((r) => r.vendorFailed);
    const errorsLeft =
      outcome.orders.some((o) => o.state === "rejected") ||
      outcome.batch.otherRows.some((r) => r.outcome === "not-sent" && !r.vendorFailed);
    return {
      ok: true,
      exitCode: unsettled || vendorFailed ? 3 : errorsLeft ? 1 : 0,
      report: {
        file: report.file,
        journal: options.journalPath,
        batchId: outcome.batch.id,
        status: outcome.status,
        summary: describeResults(outcome.counts, countRowOutcomes(rows)),
        problems: [
          ...journal.unreadLines,
          ...[...declined]
            .filter(
              ([orderNumber]) =>
                stillExisting.has(orderNumber) ||
                checked.engine.jobs().some((j) => j.orderNumber === orderNumber && j.state === "existing"),
            )
            .map(([, why]) => why),
          ...lookupProblems,
          ...outcome.problems,
          ...(vendorFailed
            ? [
                "Some orders were not sent because the vendor could not check them just now; " +
                  "run the same command again to check and send them.",
              ]
            : []),
        ],
        orders: outcome.orders.map((o) => ({
          orderNumber: o.orderNumber,
          state: o.state,
          jobNumber: shownJobNumber(o) ?? null,
        })),
        rows,
      },
    };
  } finally {
    await journal.close();
  }
}

/** The order numbers of a batch whose rows are in one of its files (its index among them). */
function ordersOfFile(batch: BatchRecord, orders: readonly OrderRecord[], index: number): Set<string> {
  const numbers = new Set<string>();
  const inFile = (row: number) => sourceRowOf(row).fileIndex === index;
  for (const order of orders) if (order.lineRows.some(inFile)) numbers.add(order.orderNumber);
  for (const row of batch.otherRows)
    if (row.orderNumber !== undefined && inFile(row.rowNumber)) numbers.add(row.orderNumber);
  return numbers;
}

/** Rows listed apart from those not created: created ones are not listed, the others under their own heading. */
const SHOWN_APART: ReadonlySet<RowOutcome> = new Set(["created", "existing", "skipped"]);

/**
 * The submission as text: one line per order, then the rows whose orders the vendor had already, the rows skipped,
 * and every other row that was not created, with why; as the summary counts them.
 */
export function submitText(report: SubmitReport): string {
  const lines = [`${report.file}: ${report.summary}`, `Journal: ${report.journal}`, "", "Orders:"];
  for (const order of report.orders)
    lines.push(
      `  ${order.orderNumber.padEnd(14)}` +
        ` ${order.jobNumber === null ? "".padEnd(8) : String(order.jobNumber).padEnd(8)}` +
        ` ${ORDER_STATE_TEXT[order.state]}${order.state === "not-found" ? "; run again to send it" : ""}`,
    );
  const isSeveral = new Set(report.rows.map((row) => row.file)).size > 1;
  const rowLine = (row: SubmittedRow) =>
    `  ${isSeveral ? `${row.file} ` : ""}row ${String(row.rowNumber).padEnd(6)} ` +
    `${OUTCOME_TEXT[row.outcome].padEnd(22)} ${row.messages.join(" ")}`;
  const listed = (heading: string, rows: readonly SubmittedRow[]) =>
    rows.length > 0 && lines.push("", heading, ...rows.map(rowLine));
  listed(
    "Rows already at the vendor:",
    report.rows.filter((row) => row.outcome === "existing"),
  );
  listed(
    "Rows skipped:",
    report.rows.filter((row) => row.outcome === "skipped"),
  );
  listed(
    "Rows not created:",
    report.rows.filter((row) => !SHOWN_APART.has(row.outcome)),
  );
  if (report.problems.length > 0) lines.push("", ...report.problems);
  if (report.status === "stopped")
    lines.push("", "Stopped: run the same command again to continue; nothing is sent twice.");
  return `${lines.join("\n")}\n`;
}
