import { z } from "zod";
import { EditLogEntry, RowDetail } from "./session-edits";
import { JobCandidate } from "./vendor";

/**
 * The submission journal's records, as written and as read back: IndexedDB in the browser and
 * the journal file in Node parse every record by these schemas, so one of another shape (a
 * damaged write, another version's) is left out and said so, never met later by code that
 * trusts it.
 */

export const ORDER_STATES = [
  "planned",
  "sending",
  "created",
  "rejected",
  "unknown",
  "not-found",
  "existing",
  "cancelled",
] as const;

/**
 * Where an order is on its way to the vendor. An order moves planned → sending → created |
 * rejected | unknown; an unknown one is reconciled against the vendor's job list to created,
 * or to not-found once a bounded recheck and a fresh dry run say it was never made. An order
 * that the vendor already had before we sent anything is existing. A created job cancelled
 * since (by the user, or here as a duplicate of a job made elsewhere at the same time) is cancelled.
 */
export const OrderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderState>;

/** One thing that happened to an order, kept for the audit trail. */
export const JournalEvent = z.object({ at: z.string(), what: z.string() }).readonly();
export type JournalEvent = z.infer<typeof JournalEvent>;

/** A row that no job carries, with why (the rest of the result sheet). */
export const UnsentRow = z
  .object({
    rowNumber: z.int(),
    orderNumber: z.string().optional(),
    /**
     * existing: created by an earlier import, its job number given (a result sheet imported
     * again, or recognised in the journal).
     */
    outcome: z.enum(["not-sent", "skipped", "existing"]),
    jobNumber: z.int().optional(),
    messages: z.array(z.string()).readonly(),
    /**
     * Not sent only because the vendor could not check its order (a 429, a 5xx, no answer): it
     * is checked again on the next run.
     */
    vendorFailed: z.boolean().optional(),
  })
  .readonly();
export type UnsentRow = z.infer<typeof UnsentRow>;

/**
 * One of several files submitted together as one batch: its name, sheet and header row, and the rows it holds. Its
 * rows' numbers in the batch are its own row numbers plus `rowOffset` (see `core/source-files.ts`).
 */
export const BatchFile = z
  .object({
    fileName: z.string(),
    sheetName: z.string(),
    headerRowNumber: z.int(),
    fileSha256: z.string().optional(),
    rowOffset: z.int(),
    /** How many order rows it holds, and the first and last of their row numbers in the file. */
    rowCount: z.int(),
    firstRowNumber: z.int().optional(),
    lastRowNumber: z.int().optional(),
  })
  .readonly();
export type BatchFile = z.infer<typeof BatchFile>;

const batchOriginFields = {
  connection: z.string(),
  accountId: z.int(),
  accountName: z.string(),
  fileName: z.string(),
  sheetName: z.string(),
  headerRowNumber: z.int(),
  /** SHA-256 of the file as read, in hex, when known: the same file imported again is recognised. */
  fileSha256: z.string().optional(),
  /** Who imported it (the vendor's user of the connection) and with which version of the importer. */
  importedBy: z.string().optional(),
  appVersion: z.string().optional(),
  /**
   * Several files submitted together: each one (the fields above then name them all together). Absent for one file.
   */
  files: z.array(BatchFile).readonly().optional(),
};

/** Where a batch comes from and goes to: the account, and the sheet (as it was read). */
export const BatchOrigin = z.object(batchOriginFields).readonly();
export type BatchOrigin = z.infer<typeof BatchOrigin>;

/** One submission of one sheet to one account. */
export const BatchRecord = z
  .object({
    ...batchOriginFields,
    id: z.string(),
    createdAt: z.string(),
    otherRows: z.array(UnsentRow).readonly(),
    rowDetails: z.array(RowDetail).readonly().optional(),
    editLog: z.array(EditLogEntry).readonly().optional(),
    /** Set once no order of the batch needs anything more. */
    finishedAt: z.string().optional(),
  })
  .readonly();
export type BatchRecord = z.infer<typeof BatchRecord>;

/** A job this journal created earlier for an order, as a later import of the same order is told of it. */
export const EarlierJob = z
  .object({
    jobNumber: z.int(),
    createdAt: z.string(),
    /** Its PO number at the vendor now, when that differs from the order number sent. */
    orderNumberNow: z.string().optional(),
  })
  .readonly();
export type EarlierJob = z.infer<typeof EarlierJob>;

/** What the vendor said when it created the job, per line. */
export const CreatedLine = z
  .object({ rowNumber: z.int(), newAssetSku: z.string().nullable(), needsArtwork: z.boolean() })
  .readonly();
export type CreatedLine = z.infer<typeof CreatedLine>;

/** A message about an order, placed on a row when the vendor named a line. */
export const OrderMessage = z
  .object({
    rowNumber: z.int().nullable(),
    text: z.string(),
    /** The issue it says, for the confirmation to list what needs a look (absent in records written before). */
    code: z.string().optional(),
  })
  .readonly();
export type OrderMessage = z.infer<typeof OrderMessage>;

/** What the vendor answered to a creation, as kept for the audit trail (never a token or secret). */
export const VendorAnswer = z
  .object({
    at: z.string(),
    /** HTTP status, or 0 when no answer came. */
    status: z.int(),
    body: z.unknown(),
  })
  .readonly();
export type VendorAnswer = z.infer<typeof VendorAnswer>;

/** One order of a batch: what is (or was) sent, and what became of it. */
export const OrderRecord = z
  .object({
    batchId: z.string(),
    orderNumber: z.string(),
    /** Position in the sheet, so orders are sent and shown in the sheet's order. */
    sequence: z.int(),
    /** SHA-256 of the request as sent (keys sorted), to tell one intent from another. */
    payloadHash: z.string(),
    candidate: JobCandidate,
    /** `lineRows[i]` is the sheet row of `candidate.items[i]`. */
    lineRows: z.array(z.int()).readonly(),
    /** Warnings and notes of the rows, carried into the result sheet. */
    notes: z.array(OrderMessage).readonly(),
    state: OrderState,
    /** Whether the user chose to send the order although the vendor has a job with its number. */
    allowExisting: z.boolean(),
    /**
     * The vendor's jobs with this order number that are not this order's: found before it was
     * first sent, or listed only after a request of it got no clear answer and then found unlike
     * that request line for line.
     */
    existingJobNumbers: z.array(z.int()).readonly(),
    /** When the vendor's jobs were last searched for this order number before sending. */
    checkedExistingAt: z.string().optional(),
    /**
     * The job an earlier batch of this journal created for the same order (recognised by its
     * number and lines, whatever its PO number now).
     */
    createdEarlier: EarlierJob.optional(),
    /** Live jobs for this order number another submitter made while this one was being created: possible duplicates. */
    duplicateJobNumbers: z.array(z.int()).readonly().optional(),
    /** The job this one was cancelled in favour of, when it was cancelled here as a duplicate. */
    duplicateOf: z.int().optional(),
    /**
     * Its PO number at the vendor when it was changed there after creation (the key the vendor's list is searched by).
     */
    vendorOrderNumber: z.string().optional(),
    /** Its estimate from the account's tier prices when it was planned. */
    estimate: z.number().optional(),
    jobNumber: z.int().optional(),
    totalJobCost: z.number().optional(),
    dateDue: z.string().optional(),
    createdLines: z.array(CreatedLine).readonly().optional(),
    messages: z.array(OrderMessage).readonly(),
    /** Every answer to its creation requests, oldest first. */
    answers: z.array(VendorAnswer).readonly().optional(),
    attempts: z.int(),
    events: z.array(JournalEvent).readonly(),
    updatedAt: z.string(),
  })
  .readonly();
export type OrderRecord = z.infer<typeof OrderRecord>;
