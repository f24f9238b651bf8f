import type { ExistingOrder } from "./batch-plan";
import type { CatalogueSnapshot } from "./catalogue";
import { formatMoney } from "./estimate";
import { ISSUE_SEVERITY, type IssueCode } from "./issues";
import { ownRowNumber } from "./source-files";
import type { OrderMessage, UnsentRow } from "./journal";
import { countOf, formatCount, pluralise } from "./plural";
import type { JobCandidate } from "./vendor";

/** An order of the plan, as the summary needs it: to be sent, or found to exist already. */
export interface OrderToSend {
  readonly orderNumber: string;
  readonly candidate: JobCandidate;
  readonly estimate?: number | undefined;
  readonly existing?: ExistingOrder | undefined;
  /** The warnings and notes on its rows and job. */
  readonly notes?: readonly OrderMessage[] | undefined;
}

/** A warning about an order's artwork that does not stop it, listed so it is seen before money is spent. */
export interface ArtworkWarning {
  readonly orderNumber: string;
  readonly rowNumber: number | null;
  readonly text: string;
}

const ARTWORK_WARNINGS: ReadonlySet<string> = new Set(
  (Object.keys(ISSUE_SEVERITY) as IssueCode[]).filter(
    (code) => code.startsWith("ARTWORK_") && ISSUE_SEVERITY[code] === "warning",
  ),
);

/** An order left out of the submission, and why. */
export interface LeftOut {
  readonly orderNumber: string;
  readonly why: "errors" | "unchecked" | "existing" | "skipped";
  /** The job it exists as, for an existing order. */
  readonly jobNumber?: number | undefined;
}

/**
 * What is about to be created, for the confirmation before any money is spent: the jobs and
 * lines, the estimated total, the due dates and delivery methods, and every order left out
 * with why. `jobs` is exactly the number of jobs that will be created.
 */
export interface SubmissionSummary {
  readonly jobs: number;
  readonly lines: number;
  readonly total: number;
  /** The earliest and latest due dates asked for (YYYY-MM-DD); undefined when no job gives one. */
  readonly dueDates: { readonly first: string; readonly last: string } | undefined;
  /** Jobs without a due date of their own (the vendor's earliest date applies). */
  readonly withoutDueDate: number;
  /** Delivery method codes with how many jobs use each, most used first. */
  readonly deliveryMethods: readonly { readonly code: string; readonly jobs: number }[];
  readonly leftOut: readonly LeftOut[];
  /** Rows left out on their own (skipped, or not order rows), of orders that are sent or have no order number. */
  readonly rowsSkipped: number;
  /** The artwork warnings of the orders to be created: a link expiring early, too few pixels, a link not checked. */
  readonly artworkWarnings: readonly ArtworkWarning[];
}

/** Why an order's rows were left out, the weightiest reason first. */
function orderReason(rows: readonly UnsentRow[]): LeftOut["why"] {
  if (rows.some((r) => r.outcome === "existing")) return "existing";
  if (rows.some((r) => r.outcome === "not-sent" && !r.vendorFailed)) return "errors";
  if (rows.some((r) => r.vendorFailed)) return "unchecked";
  return "skipped";
}

export function summariseSubmission(
  planned: readonly OrderToSend[],
  otherRows: readonly UnsentRow[],
): SubmissionSummary {
  const orders = planned.filter((o) => o.existing === undefined);
  const sent = new Set(planned.map((o) => o.orderNumber));
  const dates = orders
    .map((o) => o.candidate.dateDue?.slice(0, 10))
    .filter((d): d is string => typeof d === "string" && d !== "")
    .sort();
  const methods = new Map<string, number>();
  for (const order of orders) {
    const code = order.candidate.deliveryAddress?.deliveryMethod ?? "";
    methods.set(code, (methods.get(code) ?? 0) + 1);
  }
  const byOrder = new Map<string, UnsentRow[]>();
  let rowsSkipped = 0;
  for (const row of otherRows) {
    if (row.orderNumber === undefined || sent.has(row.orderNumber)) {
      rowsSkipped++;
      continue;
    }
    byOrder.set(row.orderNumber, [...(byOrder.get(row.orderNumber) ?? []), row]);
  }
  const leftOut = [
    ...planned.flatMap((o): LeftOut[] =>
      o.existing
        ? [
            {
              orderNumber: o.orderNumber,
              why: "existing",
              jobNumber: o.existing.kind === "earlier" ? o.existing.job.jobNumber : o.existing.jobNumbers[0],
            },
          ]
        : [],
    ),
    ...[...byOrder].map(([orderNumber, rows]): LeftOut => {
      const why = orderReason(rows);
      const jobNumber = rows.find((r) => r.jobNumber !== undefined)?.jobNumber;
      return { orderNumber, why, ...(why === "existing" && jobNumber !== undefined ? { jobNumber } : {}) };
    }),
  ];
  const first = dates[0];
  const last = dates[dates.length - 1];
  return {
    jobs: orders.length,
    lines: orders.reduce((sum, o) => sum + (o.candidate.items?.length ?? 0), 0),
    total: orders.reduce((sum, o) => sum + (o.estimate ?? 0), 0),
    dueDates: first !== undefined && last !== undefined ? { first, last } : undefined,
    withoutDueDate: orders.length - dates.length,
    deliveryMethods: [...methods]
      .map(([code, jobs]) => ({ code, jobs }))
      .sort((a, b) => b.jobs - a.jobs || a.code.localeCompare(b.code)),
    leftOut,
    rowsSkipped,
    artworkWarnings: orders.flatMap((o) =>
      (o.notes ?? [])
        .filter((note) => note.code !== undefined && ARTWORK_WARNINGS.has(note.code))
        .map((note) => ({ orderNumber: o.orderNumber, rowNumber: note.rowNumber, text: note.text })),
    ),
  };
}

const LEFT_OUT_TEXT: Readonly<Record<LeftOut["why"], [string, string]>> = {
  errors: ["has errors to fix", "have errors to fix"],
  unchecked: [
    "could not be checked by the vendor just now (it is checked again next time)",
    "could not be checked by the vendor just now (they are checked again next time)",
  ],
  existing: ["is already at the vendor", "are already at the vendor"],
  skipped: ["was skipped", "were skipped"],
};

/** Orders named in a line of the summary at most; the rest are counted. */
const NAMED_AT_MOST = 10;

export interface SummaryWords {
  /** Money in the account's currency, as the page writes it. */
  readonly money: (amount: number) => string;
  /** A delivery method's name, from its code. */
  readonly deliveryLabel: (code: string) => string;
}

/** The account's own words for money and delivery methods. */
export function summaryWordsFor(
  snapshot: Pick<CatalogueSnapshot, "account" | "deliveryOptions">,
  locale?: string,
): SummaryWords {
  return {
    money: (amount) => formatMoney(amount, snapshot.account.currency, locale),
    deliveryLabel: (code) => snapshot.deliveryOptions.find((option) => option.code === code)?.label ?? code,
  };
}

/**
 * The summary in sentences, one a line, as the confirmation shows it and the command line
 * prints it: "Create 38 jobs with 112 lines, estimated NZ$4,210.00 …".
 */
export function summaryText(summary: SubmissionSummary, words: SummaryWords): string[] {
  const lines = [
    `${countOf(summary.jobs, "job", "jobs")} with ${countOf(summary.lines, "line", "lines")}, ` +
      `estimated ${words.money(summary.total)} in all (from your tier's prices; an estimate, not an invoice).`,
  ];
  if (summary.dueDates) {
    const { first, last } = summary.dueDates;
    const range = first === last ? `due ${first}` : `due between ${first} and ${last}`;
    const rest =
      summary.withoutDueDate > 0
        ? `; ${countOf(summary.withoutDueDate, "job has", "jobs have")} no due date, so the vendor's earliest applies`
        : "";
    lines.push(`${summary.jobs === 1 ? "It is" : "They are"} ${range}${rest}.`);
  } else if (summary.jobs > 0) {
    lines.push(`No due date given: the vendor's earliest ship date applies.`);
  }
  if (summary.deliveryMethods.length > 0) {
    const deliveries = summary.deliveryMethods.map(
      (m) => `${words.deliveryLabel(m.code) || "none given"} (${formatCount(m.jobs)})`,
    );
    lines.push(`Delivery: ${deliveries.join(", ")}.`);
  }
  const reasons = (["errors", "unchecked", "existing", "skipped"] as const).flatMap((why) => {
    const orders = summary.leftOut.filter((o) => o.why === why);
    if (orders.length === 0) return [];
    const [one, many] = LEFT_OUT_TEXT[why];
    const named = orders
      .slice(0, NAMED_AT_MOST)
      .map((o) => (o.jobNumber !== undefined ? `${o.orderNumber}: job ${o.jobNumber}` : o.orderNumber));
    const more = orders.length > NAMED_AT_MOST ? ` and ${formatCount(orders.length - NAMED_AT_MOST)} more` : "";
    return [
      `${countOf(orders.length, "order", "orders")} ${pluralise(orders.length, one, many)} ` +
        `(${named.join(", ")}${more})`,
    ];
  });
  if (reasons.length > 0) lines.push(`Left out: ${reasons.join("; ")}.`);
  if (summary.rowsSkipped > 0)
    lines.push(
      `${countOf(summary.rowsSkipped, "row is", "rows are")} left out ` +
        `on ${pluralise(summary.rowsSkipped, "its", "their")} own (skipped, or not order rows).`,
    );
  const warnings = summary.artworkWarnings;
  if (warnings.length > 0)
    lines.push(
      `Artwork to look at (sent as it is): ${warnings
        .slice(0, NAMED_AT_MOST)
        .map((w) => `${w.orderNumber}${w.rowNumber === null ? "" : `, row ${ownRowNumber(w.rowNumber)}`}: ${w.text}`)
        .join(" ")}` +
        (warnings.length > NAMED_AT_MOST ? ` And ${formatCount(warnings.length - NAMED_AT_MOST)} more.` : ""),
    );
  return lines;
}
