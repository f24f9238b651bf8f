import { mapWithConcurrency, type VendorClient } from "../api";
import type { FieldId } from "../core/fields";
import { groupByOrder } from "../core/group";
import type { Issue } from "../core/issues";
import { columnForField, type SheetMapping } from "../core/mapping/sheet-mapping";
import { toOrderRows, type OrderRow } from "../core/order-rows";
import { buildJobPayload, type JobPayload } from "../core/payload";
import { resolveRow, type ResolvedRow } from "../core/resolve";
import { messagesForRow, type RowResult } from "../core/results";
import { issuesFromServerProblem } from "../core/server-issues";
import type { SheetTable } from "../core/sheet-model";
import type { PriceCode } from "../core/vendor";

/** Where a job stands before submission. */
export type JobState = "blocked" | "valid" | "rejected";

export interface JobReview {
  readonly orderNumber: string;
  readonly rowNumbers: readonly number[];
  /** The request to send; absent while rows of the job have errors. */
  readonly payload: JobPayload | undefined;
  readonly state: JobState;
}

export interface ReviewSession {
  readonly fileName: string;
  readonly table: SheetTable;
  readonly mapping: SheetMapping;
  readonly rows: readonly OrderRow[];
  readonly issues: readonly Issue[];
  readonly jobs: readonly JobReview[];
}

const VALIDATION_CONCURRENCY = 3;

/**
 * Resolves and groups a mapped sheet against the account's price codes, then dry-runs each
 * job that has no local errors with `validateOnly`. Sends nothing that creates a job.
 */
export async function checkSheet(
  client: VendorClient,
  fileName: string,
  table: SheetTable,
  mapping: SheetMapping,
  priceCodes: ReadonlyMap<string, PriceCode>,
  onProgress: (message: string) => void,
): Promise<ReviewSession> {
  const columnOf = (field: FieldId) => columnForField(mapping, field)?.header;
  const rows = toOrderRows(table, mapping);
  const resolved = new Map<number, ResolvedRow>(rows.map((row) => [row.rowNumber, resolveRow(row, { priceCodes, columnOf })]));
  const groups = groupByOrder(rows, columnOf);
  const issues: Issue[] = [...[...resolved.values()].flatMap((r) => r.issues), ...groups.flatMap((g) => g.issues)];
  const hasError = (rowNumber: number) => issues.some((issue) => issue.rowNumber === rowNumber && issue.severity === "error");

  onProgress(`Checking ${groups.length} jobs with the vendor`);
  const jobs = await mapWithConcurrency(groups, VALIDATION_CONCURRENCY, async (group): Promise<JobReview> => {
    const base = { orderNumber: group.orderNumber, rowNumbers: group.rowNumbers };
    if (group.rowNumbers.some(hasError)) return { ...base, payload: undefined, state: "blocked" };
    const lines = group.rowNumbers.flatMap((rowNumber) => {
      const line = resolved.get(rowNumber)?.line;
      return line ? [{ rowNumber, line }] : [];
    });
    let fallbackDueDate = "";
    if (group.jobValues.dueDate === undefined) {
      // The earliest ship date is always asked for live, never cached.
      const processCodes = [...new Set(lines.map((entry) => priceCodes.get(entry.line.code ?? "")?.processCode ?? "").filter(Boolean))];
      const earliest = await client.getEarliestShipDate(processCodes);
      if (earliest.ok) fallbackDueDate = earliest.value.shippingDateLocal.slice(0, 10);
    }
    const payload = buildJobPayload(group, lines, fallbackDueDate);
    const validation = await client.validateJob(payload.candidate);
    if (validation.ok) return { ...base, payload, state: "valid" };
    issues.push(...issuesFromServerProblem(payload, validation.problem));
    return { ...base, payload, state: "rejected" };
  });
  return { fileName, table, mapping, rows, issues, jobs };
}

/**
 * Creates each valid job, one at a time, and reports every row's outcome. A job whose
 * creation got no clear answer is reported as unknown, never sent again here.
 */
export async function submitJobs(
  client: VendorClient,
  session: ReviewSession,
  onProgress: (done: number, total: number) => void,
): Promise<RowResult[]> {
  const results = new Map<number, RowResult>();
  const orderOf = new Map(session.rows.map((row) => [row.rowNumber, row.values.orderNumber]));
  const notSent = (rowNumber: number) => {
    const orderNumber = orderOf.get(rowNumber);
    const own = messagesForRow(rowNumber, orderNumber, session.issues);
    const messages = own.length > 0 || orderNumber === undefined ? own : [`Not sent: other rows of order ${orderNumber} need fixing first.`];
    results.set(rowNumber, { rowNumber, outcome: "not-sent", messages });
  };

  const toSend = session.jobs.filter((job) => job.state === "valid" && job.payload !== undefined);
  let done = 0;
  onProgress(done, toSend.length);
  for (const job of toSend) {
    const payload = job.payload as JobPayload;
    const created = await client.createJob(payload.candidate);
    if (created.ok) {
      const details = created.value.jobLineDetails;
      payload.lineRows.forEach((rowNumber, index) => {
        const reference = payload.candidate.items?.[index]?.customerReference;
        const detail = details.find((d) => reference && d.customerReference === reference) ?? details[index];
        results.set(rowNumber, {
          rowNumber,
          outcome: "created",
          jobNumber: created.value.jobNumber,
          newAssetSku: detail?.newAssetSku ?? null,
          messages: detail?.needsArtworkToBeUploaded ? ["The vendor is waiting for artwork for this line."] : [],
        });
      });
    } else {
      const unknown = created.problem.kind === "network" || created.problem.status >= 500;
      const messages = unknown
        ? [`No clear answer from the vendor (${created.problem.title}); the job may exist. Check the vendor's active jobs before importing this order again.`]
        : issuesFromServerProblem(payload, created.problem).map((issue) => issue.message);
      for (const rowNumber of job.rowNumbers) results.set(rowNumber, { rowNumber, outcome: "failed", messages });
    }
    onProgress(++done, toSend.length);
  }
  for (const row of session.rows) if (!results.has(row.rowNumber)) notSent(row.rowNumber);
  return [...results.values()].sort((a, b) => a.rowNumber - b.rowNumber);
}
