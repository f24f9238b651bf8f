import { existingOrderText, type PlannedOrder, type SubmissionPlan } from "./batch-plan";
import {
  createdAtOf,
  ROW_OUTCOME,
  rowResultsFromJournal,
  shownJobNumber,
  type BatchRecord,
  type OrderRecord,
} from "./journal";
import {
  OUTCOME_TEXT,
  RESULT_COLUMN_KEYS,
  RESULT_COLUMNS,
  type ResultColumnKey,
  type RowOutcome,
  type RowResult,
} from "./result-rows";
import type { EditLogEntry, RowDetail, SentValue } from "./session-edits";
import { sourceRowOf, type SeveralFiles } from "./source-files";

/**
 * A date written into a result sheet: a moment (`at`, an ISO instant) or a day (`day`, YYYY-MM-DD). A workbook gets a
 * date cell, a CSV file the ISO text; a moment in the local time of the machine writing it, with its offset.
 */
export type ResultDate =
  | { readonly kind: "date-time"; readonly at: string }
  | { readonly kind: "date"; readonly day: string };

/** A value written into a result sheet: text, a number that stays a number, or a date that stays a date. */
export type ResultCell = string | number | ResultDate | null;

export const isResultDate = (cell: unknown): cell is ResultDate => typeof cell === "object" && cell !== null;

const dateText = (date: ResultDate) => (date.kind === "date" ? date.day : date.at);

/**
 * Whether `cell` holds what `seen` (a cell written before, or anything else) held: a date may be a new object in
 * each row that holds it, so two are the same when their kind and text are.
 */
export function isSameResultCell(seen: unknown, cell: ResultCell): boolean {
  if (seen === cell) return true;
  return isResultDate(cell) && isResultDate(seen) && seen.kind === cell.kind && dateText(seen) === dateText(cell);
}

/** A moment as a date-time cell; nothing when there is none, the text as it is when it is not an ISO moment. */
export function dateTimeCell(at: string | null | undefined): ResultCell {
  if (at === undefined || at === null || at === "") return null;
  return Number.isNaN(Date.parse(at)) ? at : { kind: "date-time", at };
}

/** A day (YYYY-MM-DD, perhaps with a time the vendor adds) as a date cell; other text as it is. */
export function dateCell(day: string | null | undefined): ResultCell {
  if (day === undefined || day === null || day === "") return null;
  const date = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(day.trim());
  if (!date) return day;
  const [, year, month, dayOfMonth] = date.map(Number) as [number, number, number, number];
  const checked = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return checked.getUTCMonth() === month - 1 && checked.getUTCDate() === dayOfMonth
    ? { kind: "date", day: day.trim().slice(0, 10) }
    : day;
}

/** A plain table for an added sheet ("Jobs", "Audit"): a header row and its rows. */
export interface ResultTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly ResultCell[])[];
}

/**
 * What is written back into the customer's own file: result columns appended to the right
 * of the order sheet, on the header row and on each order row (rows not in `rows` get
 * nothing), plus, in a workbook, a "Jobs" and an "Audit" sheet.
 */
export interface ResultSheetData {
  /** The spreadsheet row number of the order sheet's header row. */
  readonly headerRowNumber: number;
  readonly columns: readonly string[];
  /** Each order row's result cells, by spreadsheet row number, in the order of `columns`. */
  readonly rows: ReadonlyMap<number, readonly ResultCell[]>;
  readonly jobs: ResultTable;
  readonly audit: ResultTable;
}

/**
 * A batch's result sheet data as the submit worker sends it to the sheet worker, which writes the file; with several
 * files, each one's sheet and the order numbers of its rows.
 */
export interface ResultSheetMessage {
  readonly data: ResultSheetData;
  readonly several?: SeveralFiles | undefined;
}

/** A row's result cells in the order of `RESULT_COLUMNS`, from the values it has (the rest blank). */
function resultCells(values: Partial<Record<ResultColumnKey, ResultCell>>): ResultCell[] {
  return RESULT_COLUMN_KEYS.map((key) => values[key] ?? null);
}

/** "orders.xlsx" → "orders - results.xlsx" */
export function resultFileName(
  fileName: string,
  extension: string,
  kind: "results" | "problems" | "audit" = "results",
): string {
  const dot = fileName.lastIndexOf(".");
  return `${dot > 0 ? fileName.slice(0, dot) : fileName} - ${kind}.${extension}`;
}

/** What the vendor says of a job now, for the result sheet (read live when the sheet is written). */
export interface JobStatusInfo {
  readonly status: string | null;
  readonly dateDue?: string | null | undefined;
  readonly trackingLink?: string | null | undefined;
}

/** One line of the audit trail, as written to JSON Lines and shown in the Audit sheet. */
export type AuditEntry =
  | {
      readonly type: "import";
      readonly at: string;
      readonly connection: string;
      readonly account: { readonly id: number; readonly name: string };
      readonly user: string | null;
      readonly appVersion: string | null;
      readonly file: { readonly name: string; readonly sheet: string; readonly sha256: string | null };
    }
  | {
      readonly type: "edit";
      readonly at: string;
      /** Several files: the row's file, and `row` its number there. */
      readonly file?: string;
      readonly row: number;
      readonly column: string;
      readonly old: string;
      readonly new: string;
    }
  | { readonly type: "skip" | "include"; readonly at: string; readonly file?: string; readonly row: number }
  | { readonly type: "order"; readonly at: string; readonly order: string; readonly event: string }
  | {
      readonly type: "request";
      readonly at: string;
      readonly order: string;
      readonly payloadHash: string;
      readonly payload: unknown;
    }
  | {
      readonly type: "answer";
      readonly at: string;
      readonly order: string;
      readonly status: number;
      readonly body: unknown;
    };

const blankIfNone = (value: string | number | null | undefined): ResultCell =>
  value === undefined || value === null ? null : value;

/**
 * Whether a row's values went to the vendor in a request to create its job ("sent"), are to go
 * ("to send": ready, or not sent yet), or stayed here ("kept": not sent, skipped, or the vendor
 * already had the order).
 */
export type SentState = "sent" | "to send" | "kept";

const SENT_OUTCOMES: ReadonlySet<RowOutcome> = new Set(["created", "cancelled", "rejected", "unknown", "not-found"]);

/** How far a row with this outcome got towards the vendor. */
export const sentStateOf = (outcome: RowOutcome): SentState =>
  SENT_OUTCOMES.has(outcome) ? "sent" : outcome === "pending" ? "to send" : "kept";

/** "Qty sent as 40; the sheet had blank", or "to be sent as", or "changed to 40 here, not sent". */
export function describeSent(value: Pick<SentValue, "column" | "sheet" | "sent">, state: SentState): string {
  const shown = (text: string) => (text === "" ? "blank" : text);
  const what = state === "sent" ? "sent as" : state === "to send" ? "to be sent as" : "changed here to";
  return (
    `${value.column} ${what} ${shown(value.sent)}${state === "kept" ? ", not sent" : ""}; ` +
    `the sheet had ${shown(value.sheet)}.`
  );
}

function lineResult(result: RowResult, needsArtwork: boolean): string {
  if (result.outcome !== "created") return "";
  return needsArtwork ? "Created; the vendor is waiting for artwork" : "Created";
}

/** The jobs a batch's result sheet shows, whose status it asks the vendor for. */
export function shownJobNumbers(orders: readonly OrderRecord[]): number[] {
  return orders.flatMap((order) => {
    const jobNumber = shownJobNumber(order);
    return jobNumber === undefined ? [] : [jobNumber];
  });
}

/**
 * The result columns of every order row, from the journal: the outcome, the job and its
 * status now, the line's own result, estimate and new asset tag, the job's total, every
 * message (what was sent instead of the sheet's value included), and when it was submitted.
 */
export function resultSheetData(
  batch: BatchRecord,
  orders: readonly OrderRecord[],
  statuses: ReadonlyMap<number, JobStatusInfo>,
  audit: readonly AuditEntry[],
): ResultSheetData {
  const details = new Map<number, RowDetail>((batch.rowDetails ?? []).map((d) => [d.rowNumber, d]));
  const orderOf = new Map<number, OrderRecord>();
  for (const order of orders) for (const rowNumber of order.lineRows) orderOf.set(rowNumber, order);
  const rows = new Map<number, ResultCell[]>();
  // One cell for all of an order's rows: sent to the sheet worker once, and written as the row above it is.
  const submittedCells = new Map<OrderRecord, ResultCell>();
  const submittedCellOf = (order: OrderRecord) => {
    let cell = submittedCells.get(order);
    if (cell === undefined) submittedCells.set(order, (cell = dateTimeCell(createdAtOf(order))));
    return cell;
  };
  for (const result of rowResultsFromJournal(batch, orders)) {
    const order = orderOf.get(result.rowNumber);
    const detail = details.get(result.rowNumber);
    const line = order?.createdLines?.find((l) => l.rowNumber === result.rowNumber);
    const messages = [
      ...result.messages,
      ...(detail?.sent ?? []).map((sent) => describeSent(sent, sentStateOf(result.outcome))),
      ...(detail?.skippedAt && result.outcome === "skipped" ? [`Skipped on ${detail.skippedAt}.`] : []),
    ];
    rows.set(
      result.rowNumber,
      resultCells({
        outcome: OUTCOME_TEXT[result.outcome],
        jobNumber: blankIfNone(result.jobNumber),
        jobStatus: result.jobNumber === undefined ? null : blankIfNone(statuses.get(result.jobNumber)?.status),
        lineResult: lineResult(result, line?.needsArtwork ?? false),
        newAssetTag: blankIfNone(result.newAssetSku),
        needsArtwork: line?.needsArtwork ? "Yes" : null,
        lineEstimate: blankIfNone(detail?.lineEstimate),
        artworkCheck: blankIfNone(detail?.artworkCheck),
        jobTotal: result.outcome === "created" ? blankIfNone(order?.totalJobCost) : null,
        messages: messages.join("\n"),
        submittedAt: order ? submittedCellOf(order) : null,
      }),
    );
  }
  return {
    headerRowNumber: batch.headerRowNumber,
    columns: RESULT_COLUMNS,
    rows,
    jobs: jobsTable(orders, statuses),
    audit: auditTable(audit),
  };
}

function jobsTable(orders: readonly OrderRecord[], statuses: ReadonlyMap<number, JobStatusInfo>): ResultTable {
  return {
    headers: ["Order number", "Job number", "Result", "Status", "Lines", "Total", "Due date", "Tracking link"],
    rows: orders.map((order) => {
      const jobNumber = shownJobNumber(order);
      const status = jobNumber === undefined ? undefined : statuses.get(jobNumber);
      return [
        order.orderNumber,
        blankIfNone(jobNumber),
        OUTCOME_TEXT[ROW_OUTCOME[order.state]],
        blankIfNone(status?.status),
        order.lineRows.length,
        blankIfNone(order.totalJobCost),
        dateCell(status?.dateDue ?? order.dateDue),
        blankIfNone(status?.trackingLink),
      ];
    }),
  };
}

function auditTable(entries: readonly AuditEntry[]): ResultTable {
  const details = (entry: AuditEntry): string => {
    switch (entry.type) {
      case "import":
        return (
          `Import of ${entry.file.name} (${entry.file.sheet}) for ${entry.account.name} ` +
          `through ${entry.connection}${entry.user ? ` by ${entry.user}` : ""}; ` +
          `file SHA-256 ${entry.file.sha256 ?? "not known"}; importer ${entry.appVersion ?? "version not known"}`
        );
      case "edit":
        return `${entry.column}: "${entry.old}" changed to "${entry.new}"`;
      case "skip":
        return "Row skipped";
      case "include":
        return "Row included again";
      case "order":
        return entry.event;
      case "request":
        return `Request sent (SHA-256 ${entry.payloadHash}): ${JSON.stringify(entry.payload)}`;
      case "answer":
        return (
          `Vendor answered ${entry.status === 0 ? "nothing" : `HTTP ${entry.status}`}: ` +
          `${JSON.stringify(entry.body)}`
        );
    }
  };
  return {
    headers: ["At", "What", "Row", "Order", "Details"],
    rows: entries.map((entry) => [
      entry.at,
      entry.type,
      "row" in entry ? ("file" in entry && entry.file ? `${entry.file} row ${entry.row}` : entry.row) : null,
      "order" in entry ? entry.order : null,
      details(entry),
    ]),
  };
}

/**
 * The audit trail of a batch, oldest first: the import, every edit and skip, each order's request, answers and events.
 */
export function auditTrail(batch: BatchRecord, orders: readonly OrderRecord[]): AuditEntry[] {
  const entries: AuditEntry[] = [
    {
      type: "import",
      at: batch.createdAt,
      connection: batch.connection,
      account: { id: batch.accountId, name: batch.accountName },
      user: batch.importedBy ?? null,
      appVersion: batch.appVersion ?? null,
      file: { name: batch.fileName, sheet: batch.sheetName, sha256: batch.fileSha256 ?? null },
      ...(batch.files
        ? { files: batch.files.map((f) => ({ name: f.fileName, sheet: f.sheetName, sha256: f.fileSha256 ?? null })) }
        : {}),
    },
  ];
  entries.push(
    ...editEntries(
      batch.editLog ?? [],
      batch.files?.map((f) => f.fileName),
    ),
  );
  for (const order of orders) {
    const firstSend = order.events.find((e) => e.what.startsWith("sending"));
    if (firstSend)
      entries.push({
        type: "request",
        at: firstSend.at,
        order: order.orderNumber,
        payloadHash: order.payloadHash,
        payload: order.candidate,
      });
    for (const event of order.events)
      entries.push({ type: "order", at: event.at, order: order.orderNumber, event: event.what });
    for (const answer of order.answers ?? [])
      entries.push({
        type: "answer",
        at: answer.at,
        order: order.orderNumber,
        status: answer.status,
        body: answer.body,
      });
  }
  // The import heads the trail; the rest by time, entries of one moment in the order they were added.
  const [head, ...rest] = entries;
  const sorted = rest
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.i - b.i)
    .map(({ entry }) => entry);
  return head ? [head, ...sorted] : sorted;
}

/**
 * The edits and skips of a session as audit entries; with several files (`fileNames`), each names its row's file and
 * its row number there.
 */
export function editEntries(editLog: readonly EditLogEntry[], fileNames?: readonly string[]): AuditEntry[] {
  const where = (rowNumber: number) => {
    if (!fileNames) return { row: rowNumber };
    const { fileIndex, rowNumber: own } = sourceRowOf(rowNumber);
    return { file: fileNames[fileIndex] ?? "", row: own };
  };
  return editLog.map((edit) =>
    edit.kind === "cell"
      ? { type: "edit", at: edit.at, ...where(edit.rowNumber), column: edit.column, old: edit.old, new: edit.new }
      : { type: edit.kind, at: edit.at, ...where(edit.rowNumber) },
  );
}

/** The audit trail as JSON Lines, one entry a line. */
export function auditJsonLines(entries: readonly AuditEntry[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join("\n") + "\n";
}

/**
 * The problem sheet, before anything is submitted: every order row says whether it is ready
 * (passed the vendor's check) or why not, with what was changed in the app.
 */
export function problemSheetData(
  origin: Pick<BatchRecord, "headerRowNumber">,
  plan: SubmissionPlan,
  audit: readonly AuditEntry[],
): ResultSheetData {
  const details = new Map<number, RowDetail>((plan.rowDetails ?? []).map((d) => [d.rowNumber, d]));
  const rows = new Map<number, ResultCell[]>();
  const row = (rowNumber: number, result: string, messages: readonly string[], state: SentState) => {
    const detail = details.get(rowNumber);
    const sent = (detail?.sent ?? []).map((value) => describeSent(value, state));
    rows.set(
      rowNumber,
      resultCells({
        outcome: result,
        lineEstimate: blankIfNone(detail?.lineEstimate),
        artworkCheck: blankIfNone(detail?.artworkCheck),
        messages: [...messages, ...sent].join("\n"),
      }),
    );
  };
  const resultOf = (order: PlannedOrder) => (order.existing ? OUTCOME_TEXT.existing : "Ready to send");
  for (const order of plan.orders) {
    const why = order.existing
      ? existingOrderText(order.orderNumber, order.existing)
      : "Passed the vendor's check; not submitted yet.";
    for (const rowNumber of order.lineRows) {
      row(
        rowNumber,
        resultOf(order),
        [why, ...order.notes.filter((n) => n.rowNumber === rowNumber || n.rowNumber === null).map((n) => n.text)],
        order.existing ? "kept" : "to send",
      );
    }
  }
  for (const other of plan.otherRows)
    row(other.rowNumber, OUTCOME_TEXT[other.outcome], other.messages, sentStateOf(other.outcome));
  const jobs: ResultTable = {
    headers: ["Order number", "Result", "Lines"],
    rows: plan.orders.map((order) => [order.orderNumber, resultOf(order), order.lineRows.length]),
  };
  return { headerRowNumber: origin.headerRowNumber, columns: RESULT_COLUMNS, rows, jobs, audit: auditTable(audit) };
}
