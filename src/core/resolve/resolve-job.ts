import { linkExpiry } from "../artwork/link-expiry";
import { parseDueDate } from "../dates";
import { longDate } from "../month-names";
import { sumEstimates } from "../estimate";
import type { JobGroup } from "../group";
import { isError, type Issue } from "../issues";
import { severalFilesIssues, sourceRowOf } from "../source-files";
import type { JobCandidate, JobCandidateLine } from "../vendor";
import { processSetKey, promoKey, type FactRequest, type ResolveContext } from "./context";
import { deliveryAddressOf, resolveDelivery, type JobDelivery } from "./job-delivery";
import { jobText, raiseOnJob, type JobDraft } from "./job-draft";
import { checkLinesAcross } from "./job-lines";
import type { ResolvedLine } from "./resolve-row";
import { isYes } from "./values";

/** A job ready to send, with each payload line's source row. */
export interface JobPayload {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  /** `lineRows[i]` is the spreadsheet row of `candidate.items[i]`. */
  readonly lineRows: readonly number[];
}

/** One order resolved: its job-level values checked, its lines gathered, its cost estimated. */
export interface ResolvedJob {
  readonly orderNumber: string;
  readonly rowNumbers: readonly number[];
  /** Issues about the job as a whole or across its lines (conflicts included). */
  readonly issues: readonly Issue[];
  /** Whether any row of the job, or the job itself, has an error. */
  readonly hasErrors: boolean;
  /** The request, exactly in the spec's shape, once nothing stops the job. */
  readonly payload: JobPayload | undefined;
  /** Estimated total in the account's currency (lines that could be priced). */
  readonly estimate: number;
  readonly processCodes: readonly string[];
  readonly dateDue: string | undefined;
  readonly deliveryMethod: string | undefined;
  readonly needs: readonly FactRequest[];
}

/** The distinct processes of a job's lines, sorted: what its earliest ship date depends on. */
export function processCodesOf(lines: readonly Pick<ResolvedLine, "processCode">[]): string[] {
  // Each code put in its place as it comes, rather than a set then a sort: an order has a handful of lines and every
  // order asks this, twice.
  const codes: string[] = [];
  for (const { processCode } of lines) {
    if (!processCode || codes.includes(processCode)) continue;
    let at = codes.length;
    while (at > 0 && (codes[at - 1] as string) > processCode) at--;
    codes.splice(at, 0, processCode);
  }
  return codes;
}

/**
 * Whether an order's rows all come from one file; if not, an order number two files share is an error on each of its
 * rows.
 */
function isInOneFile(draft: JobDraft): boolean {
  const names = draft.context.options.fileNames ?? [];
  if (names.length < 2) return true;
  const { rowNumbers, orderNumber } = draft.group;
  const files = new Set(rowNumbers.map((row) => sourceRowOf(row).fileIndex));
  if (files.size < 2) return true;
  draft.issues.push(
    ...severalFilesIssues(
      names.map((name) => ({ name })),
      orderNumber,
      rowNumbers,
    ),
  );
  return false;
}

/**
 * A signed artwork link that stops working before the job is due: the vendor fetches the file at production, so the
 * link must outlive the due date (a warning on the line's row, naming both dates).
 */
function checkArtworkExpiry(draft: JobDraft, lines: readonly ResolvedLine[], dateDue: string | undefined): void {
  if (dateDue === undefined) return;
  for (const line of lines) {
    const expires = line.artworkUrl === undefined ? undefined : linkExpiry(line.artworkUrl);
    if (expires === undefined || expires.slice(0, 10) > dateDue) continue;
    raiseOnJob(
      draft,
      "ARTWORK_LINK_EXPIRES",
      "artworkUrl",
      `This signed link stops working on ${longDate(expires.slice(0, 10))}, before the job is due on ` +
        `${longDate(dateDue)}, and the vendor fetches the file when it prints: give a link that lasts longer.`,
      undefined,
      line.rowNumber,
    );
  }
}

/** The due date to send: the sheet's, else the earliest ship date; checked against the live earliest ship date. */
function checkDueDate(
  draft: JobDraft,
  processCodes: readonly string[],
): { readonly dateDue: string | undefined; readonly mustDate: boolean } {
  const values = draft.group.jobValues;
  const shipKey = processSetKey(processCodes);
  const earliest = draft.context.facts.shipDates.get(shipKey);
  if (earliest === undefined && processCodes.length > 0)
    draft.needs.push({ kind: "shipDate", key: shipKey, processCodes });
  let dateDue: string | undefined;
  const mustDate = isYes(values.mustDate);
  if (values.dueDate !== undefined) {
    const parsed = parseDueDate(values.dueDate, draft.context.dateOrder);
    if (!parsed.ok) raiseOnJob(draft, "DUE_DATE_INVALID", "dueDate", `"${values.dueDate}" is not a date.`);
    else {
      dateDue = parsed.date;
      if (parsed.ambiguousWith) {
        const [used, other] = draft.context.dateOrder === "day-first" ? ["day", "month"] : ["month", "day"];
        const message =
          `"${values.dueDate}" is read ${used} first, as ${longDate(parsed.date)} (${parsed.date}); ` +
          `${other} first it would be ${longDate(parsed.ambiguousWith)}. Write ${parsed.date} to be sure.`;
        raiseOnJob(draft, "DUE_DATE_AMBIGUOUS", "dueDate", message, parsed.date);
      }
    }
  }
  if (earliest === null)
    raiseOnJob(
      draft,
      "NO_SHIP_DATE",
      undefined,
      `The vendor has no ship date for ${processCodes.join(", ")} work at the moment.`,
    );
  else if (earliest !== undefined) {
    if (dateDue === undefined && values.dueDate === undefined) {
      dateDue = earliest;
      raiseOnJob(
        draft,
        "DUE_DATE_MISSING",
        "dueDate",
        `No due date given; the earliest ship date, ${earliest}, is used.`,
        earliest,
      );
    } else if (dateDue !== undefined && dateDue < earliest) {
      if (mustDate)
        raiseOnJob(
          draft,
          "MUST_DATE_TOO_EARLY",
          "dueDate",
          `${dateDue} is a must-date but the earliest the factory can ship is ${earliest}.`,
          earliest,
        );
      else {
        raiseOnJob(
          draft,
          "DUE_DATE_TOO_EARLY",
          "dueDate",
          `${dateDue} is before the earliest ship date; the job will ship on ${earliest}.`,
          earliest,
        );
        dateDue = earliest;
      }
    }
  }
  return { dateDue, mustDate };
}

/** A promo code, checked live for the job's processes. */
function checkPromo(draft: JobDraft, processCodes: readonly string[]): void {
  const promo = draft.group.jobValues.promoCode;
  if (promo === undefined) return;
  const key = promoKey(promo, processCodes);
  const result = draft.context.facts.promos.get(key);
  if (result === undefined) draft.needs.push({ kind: "promo", key, code: promo, processCodes });
  else if (!result.isValid)
    raiseOnJob(draft, "PROMO_CODE_INVALID", "promoCode", `Promo code "${promo}": ${result.message || "not valid"}.`);
}

/** The request to send, in the spec's shape: every line is given and the due date settled. */
function payloadOf(
  draft: JobDraft,
  lines: readonly ResolvedLine[],
  delivery: JobDelivery,
  dates: { dateDue: string; mustDate: boolean },
): JobPayload {
  const { orderNumber } = draft.group;
  return {
    orderNumber,
    lineRows: lines.map((l) => l.rowNumber),
    candidate: {
      orderNumber,
      orderComment: jobText(draft, "orderComment"),
      description: jobText(draft, "description"),
      dateDue: dates.dateDue,
      mustDate: dates.mustDate,
      promocode: jobText(draft, "promoCode"),
      deliveryAddress: deliveryAddressOf(draft, delivery),
      items: lines.map((l) => l.line as JobCandidateLine),
      validateOnly: false,
    },
  };
}

/**
 * Checks an order's job-level values against the reference data (country, state, delivery
 * method, address, due date against the live earliest ship date, promo code) and its lines
 * against each other (artwork on all price-code lines once on one, unique references, the
 * same design twice), then builds its request when nothing stops it.
 */
export function resolveJob(group: JobGroup, lines: readonly ResolvedLine[], context: ResolveContext): ResolvedJob {
  const draft: JobDraft = { group, context, issues: [...group.issues], needs: [] };
  const delivery = resolveDelivery(draft);
  // Rows of two files are not one order: comparing them as its lines would only mislead.
  if (isInOneFile(draft)) checkLinesAcross(draft, lines);
  const processCodes = processCodesOf(lines);
  const { dateDue, mustDate } = checkDueDate(draft, processCodes);
  checkArtworkExpiry(draft, lines, dateDue);
  checkPromo(draft, processCodes);
  const lineNeeds = lines.flatMap((l) => l.needs);
  // A row with an error of its own, or still waiting for a fact, has no line to send.
  const hasErrors = draft.issues.some(isError) || lines.some((l) => l.line === undefined);
  const isComplete = !hasErrors && draft.needs.length === 0 && lineNeeds.length === 0 && dateDue !== undefined;
  return {
    orderNumber: group.orderNumber,
    rowNumbers: group.rowNumbers,
    issues: draft.issues,
    hasErrors,
    payload: isComplete ? payloadOf(draft, lines, delivery, { dateDue, mustDate }) : undefined,
    estimate: sumEstimates(lines.map((l) => l.estimate)),
    processCodes,
    dateDue,
    deliveryMethod: delivery.option?.code,
    needs: [...lineNeeds, ...draft.needs],
  };
}
