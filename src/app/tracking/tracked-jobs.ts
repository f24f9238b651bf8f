import type { ApiProblem } from "../../api";
import { createdAtOf, shownJobNumber, type BatchRecord, type OrderRecord } from "../../core/journal";
import { plainProblemText } from "../../core/problem-text";
import type { ActiveJob, Job, PatchJobDto } from "../../core/vendor";

/** A parcel's tracking number, with the courier's link when the vendor gave one. */
export interface TrackingLink {
  readonly trackingNumber: string;
  readonly trackingLink: string | null;
}

/**
 * What the vendor said about a job on the last refresh: `listed` in its job list, `fetched`
 * one by one (a job missing from the list, such as a cancelled one), `not-found` for this
 * account, `failed` to read just now, or `pending` before anything was asked.
 */
export type VendorLookup = "pending" | "listed" | "fetched" | "not-found" | "failed";

/** One job of the journal for this connection and account, as the journal knows it. */
export interface JournalJob {
  readonly jobNumber: number;
  /** `created` by this app, or `existing`: the vendor already had the order when the sheet was sent. */
  readonly origin: "created" | "existing";
  readonly orderNumber: string;
  readonly fileName: string;
  readonly sheetName: string;
  readonly batchId: string;
  readonly totalJobCost: number | undefined;
  readonly dateDue: string | undefined;
  readonly mustDate: boolean;
  readonly submittedAt: string | undefined;
}

/** The vendor's side of a job, kept between refreshes so a failed one still shows the last known. */
export interface VendorView {
  readonly lookup: VendorLookup;
  readonly status?: string | undefined;
  readonly dateDue?: string | undefined;
  readonly mustDate?: boolean | undefined;
  readonly orderNumber?: string | undefined;
  readonly description?: string | undefined;
  readonly tracking: readonly TrackingLink[];
}

/** One row of the submitted-jobs list: the journal joined with the vendor. */
export interface TrackedJob extends JournalJob {
  /** The status exactly as the vendor names it; undefined until the vendor has said. */
  readonly status: string | undefined;
  readonly description: string | undefined;
  readonly tracking: readonly TrackingLink[];
  readonly vendor: VendorLookup;
}

export interface JobDetailLine {
  readonly jobLineId: number;
  readonly description: string;
  readonly garment: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly customerReference: string;
  readonly assetSku: string;
  readonly processCode: string;
  readonly status: string | undefined;
  readonly imageUrl: string | undefined;
}

/** A job as the detail panel shows it, from `GET /Jobs/{jobNumber}` (or a PATCH's answer). */
export interface JobDetail {
  readonly jobNumber: number;
  readonly status: string | undefined;
  readonly description: string;
  readonly orderNumber: string;
  readonly comments: string;
  /** As the vendor gave it (a date, sometimes with a time). */
  readonly dateDue: string;
  readonly mustDate: boolean;
  readonly dateIn: string | undefined;
  readonly dateOut: string | undefined;
  readonly invoiceNumber: string | undefined;
  /** A time-limited link to the invoice PDF, when the vendor stored one. */
  readonly invoice: { readonly uri: string; readonly expires: string | undefined } | undefined;
  readonly tracking: readonly TrackingLink[];
  readonly lines: readonly JobDetailLine[];
  readonly taxTotal: number | undefined;
  readonly location: string | undefined;
  readonly processCodes: readonly string[];
  /** The job's own flags: never derived from its status. */
  readonly isCancelable: boolean;
  readonly canEdit: boolean;
  readonly lockedReason: string | undefined;
}

/** The fields `PATCH /Jobs/{jobNumber}` may change. */
export type EditField = "description" | "orderNumber" | "comments" | "dateDue" | "mustDate";

/** The edit form's values; fields left out are not changed. */
export interface JobEdit {
  readonly description?: string;
  readonly orderNumber?: string;
  readonly comments?: string;
  /** YYYY-MM-DD, as a date input gives it. */
  readonly dateDue?: string;
  readonly mustDate?: boolean;
}

export const EDIT_FIELD_LABELS: Readonly<Record<EditField, string>> = {
  description: "Description",
  orderNumber: "PO number",
  comments: "Comments",
  dateDue: "Due date",
  mustDate: "Must-date",
};

const text = (value: string | null | undefined) => value ?? "";
const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The calendar day of a vendor date (`2027-03-01` or `2027-03-01T00:00:00`). */
export const dayOf = (value: string): string => value.slice(0, 10);

/** The journal's job for an order, or undefined for an order that has no job at the vendor. */
export function journalJobOf(batch: BatchRecord, order: OrderRecord): JournalJob | undefined {
  const jobNumber = shownJobNumber(order);
  if (jobNumber === undefined) return undefined;
  const created = order.state === "created" || order.state === "cancelled";
  return {
    jobNumber,
    origin: created ? "created" : "existing",
    orderNumber: order.orderNumber,
    fileName: batch.fileName,
    sheetName: batch.sheetName,
    batchId: batch.id,
    totalJobCost: created ? order.totalJobCost : undefined,
    dateDue: created ? (order.dateDue ?? orUndefined(order.candidate.dateDue)) : undefined,
    mustDate: created ? (order.candidate.mustDate ?? false) : false,
    submittedAt: created ? (createdAtOf(order) ?? order.updatedAt) : undefined,
  };
}

/**
 * The journal's jobs, one per job number, in the order given (newest batch first, sheet order
 * within). A job both created by one batch and found existing by a later one counts as created.
 */
export function journalJobs(
  batches: readonly { readonly batch: BatchRecord; readonly orders: readonly OrderRecord[] }[],
): JournalJob[] {
  const byNumber = new Map<number, JournalJob>();
  for (const { batch, orders } of batches) {
    for (const order of orders) {
      const job = journalJobOf(batch, order);
      if (job === undefined) continue;
      const known = byNumber.get(job.jobNumber);
      if (known === undefined || (known.origin === "existing" && job.origin === "created"))
        byNumber.set(job.jobNumber, job);
    }
  }
  return [...byNumber.values()];
}

export function vendorViewOfActive(job: ActiveJob): VendorView {
  return {
    lookup: "listed",
    status: orUndefined(job.masterJobStatus),
    dateDue: orUndefined(job.dateDue),
    mustDate: job.mustDate,
    orderNumber: orUndefined(job.orderNumber),
    description: orUndefined(job.description),
    tracking: job.tracking.map((t) => ({
      trackingNumber: t.trackingNumber,
      trackingLink: orUndefined(t.trackingLink) ?? null,
    })),
  };
}

function trackingOfJob(job: Job): TrackingLink[] {
  const links: TrackingLink[] = [];
  for (const address of job.shippingAddresses) {
    const number = address.trackingNumber ?? "";
    const link = address.trackingLink ?? null;
    if (number !== "" || link !== null) links.push({ trackingNumber: number, trackingLink: link });
  }
  return links;
}

export function vendorViewOfJob(job: Job): VendorView {
  return {
    lookup: "fetched",
    status: orUndefined(job.jobStatus),
    dateDue: job.dateDue,
    mustDate: job.mustDate,
    orderNumber: orUndefined(job.orderNumber),
    description: orUndefined(job.description),
    tracking: trackingOfJob(job),
  };
}

/** A row: the vendor's current values where it gave them, the journal's otherwise. */
export function trackedJob(journal: JournalJob, vendor: VendorView | undefined): TrackedJob {
  return {
    ...journal,
    orderNumber: vendor?.orderNumber || journal.orderNumber,
    dateDue: vendor?.dateDue ?? journal.dateDue,
    mustDate: vendor?.mustDate ?? journal.mustDate,
    status: vendor?.status,
    description: vendor?.description,
    tracking: vendor?.tracking ?? [],
    vendor: vendor?.lookup ?? "pending",
  };
}

export function jobDetailOf(job: Job): JobDetail {
  const processCodes = [...new Set(job.lines.map((line) => line.processCode ?? "").filter((code) => code !== ""))];
  const invoiceUri = job.invoiceFile?.uri;
  return {
    jobNumber: job.jobNumber,
    status: orUndefined(job.jobStatus),
    description: text(job.description),
    orderNumber: text(job.orderNumber),
    comments: text(job.comments),
    dateDue: job.dateDue,
    mustDate: job.mustDate,
    dateIn: orUndefined(job.dateIn),
    dateOut: orUndefined(job.dateOut),
    invoiceNumber: orUndefined(job.invoiceNumber),
    invoice: invoiceUri ? { uri: invoiceUri, expires: orUndefined(job.invoiceFile?.uriExpires) } : undefined,
    tracking: trackingOfJob(job),
    lines: job.lines.map((line) => ({
      jobLineId: line.jobLineId,
      description: text(line.description),
      garment: text(line.garment),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      customerReference: text(line.customerReference),
      assetSku: text(line.assetSku),
      processCode: text(line.processCode),
      status: orUndefined(line.jobLineStatus),
      imageUrl: line.imageUrl || undefined,
    })),
    taxTotal: orUndefined(job.taxTotal),
    location: orUndefined(job.location?.name),
    processCodes,
    isCancelable: job.isCancelable,
    canEdit: job.permissions?.canEdit ?? false,
    lockedReason: orUndefined(job.permissions?.lockedReason),
  };
}

/** Only the fields the form changed, as the PATCH body. */
export function changedFields(job: JobDetail, edit: JobEdit): PatchJobDto {
  const patch: { -readonly [K in EditField]?: PatchJobDto[K] } = {};
  if (edit.description !== undefined && edit.description !== job.description) patch.description = edit.description;
  if (edit.orderNumber !== undefined && edit.orderNumber !== job.orderNumber) patch.orderNumber = edit.orderNumber;
  if (edit.comments !== undefined && edit.comments !== job.comments) patch.comments = edit.comments;
  if (edit.dateDue !== undefined && edit.dateDue !== dayOf(job.dateDue)) patch.dateDue = edit.dateDue;
  if (edit.mustDate !== undefined && edit.mustDate !== job.mustDate) patch.mustDate = edit.mustDate;
  return patch;
}

export const isIsoDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * A date format by locale, made once for each: making one costs far more than using it, and a list of jobs drawn again
 * while a batch is sent uses one for each of its rows.
 */
function formatsOf(options: Intl.DateTimeFormatOptions): (locale: string | undefined) => Intl.DateTimeFormat {
  const made = new Map<string | undefined, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) made.set(locale, (format = new Intl.DateTimeFormat(locale, options)));
    return format;
  };
}

const dayFormat = formatsOf({ day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const instantFormat = formatsOf({ dateStyle: "medium", timeStyle: "short" });

/** A calendar day as the user reads it ("1 Mar 2027"); anything unreadable is shown as it came. */
export function formatDay(value: string, locale?: string): string {
  const day = dayOf(value);
  if (!isIsoDay(day)) return value;
  return dayFormat(locale).format(Date.parse(`${day}T00:00:00Z`));
}

/** A vendor sentence as a clause after a colon: no trailing full stop, a leading capital lowered. */
export function asClause(sentence: string): string {
  const trimmed = sentence.trim().replace(/[.\s]+$/, "");
  return /^[A-Z][a-z]/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
}

/** What the vendor said in a problem: its messages, else its detail; never a status code or error code. */
export function vendorWords(problem: ApiProblem): string[] {
  const words: string[] = [];
  for (const message of problem.validationMessages) if (message.message) words.push(message.message);
  for (const messages of Object.values(problem.errors)) words.push(...messages);
  if (words.length === 0 && problem.detail) words.push(problem.detail);
  return words;
}

/**
 * Why a call failed, as a clause in the user's words (to follow "…: "): what the vendor said
 * of a request it refused, else the importer's one wording of the problem.
 */
export function problemClause(problem: ApiProblem): string {
  const refusedWithWords =
    problem.kind === "http" && problem.status !== 401 && problem.status !== 429 && problem.status < 500;
  const words = refusedWithWords ? vendorWords(problem) : [];
  return words.length > 0 ? words.map(asClause).join("; ") : plainProblemText(problem);
}

/** The field an error of a 400 is keyed by ("dateDue", "DateDue", "$.dateDue"), when it is one the form shows. */
export function editFieldOf(key: string): EditField | undefined {
  const name = key.replace(/^\$?\.?/, "").toLowerCase();
  return (Object.keys(EDIT_FIELD_LABELS) as EditField[]).find((field) => field.toLowerCase() === name);
}

/** A link from the vendor, only when it is http(s): a `javascript:` address must never become a link. */
export function safeLink(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** An instant as a date and time in the user's zone; anything unreadable is shown as it came. */
export function formatInstant(value: string, locale?: string): string {
  const at = Date.parse(value);
  return Number.isNaN(at) ? value : instantFormat(locale).format(at);
}
