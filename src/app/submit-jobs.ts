import type { VendorClient } from "../api";
import type { Issue } from "../core/issues";
import type { JobPayload } from "../core/resolve";
import { messagesByRow, type RowResult } from "../core/results";
import { issuesFromServerProblem } from "../core/server-issues";

/**
 * Creates each job, one at a time, and reports every row's outcome. A creation that got no
 * clear answer is reported as such and never sent again here: the job may exist.
 */
export async function submitJobs(
  client: VendorClient,
  payloads: readonly JobPayload[],
  rows: readonly { readonly rowNumber: number; readonly orderNumber: string | undefined }[],
  issues: readonly Issue[],
  onProgress: (done: number, total: number) => void,
): Promise<RowResult[]> {
  const results = new Map<number, RowResult>();
  let done = 0;
  onProgress(done, payloads.length);
  for (const payload of payloads) {
    const created = await client.createJob(payload.candidate);
    if (created.ok) {
      const details = created.value.jobLineDetails;
      payload.lineRows.forEach((rowNumber, index) => {
        const reference = payload.candidate.items?.[index]?.customerReference;
        const detail = (reference ? details.find((d) => d.customerReference === reference) : undefined) ?? details[index];
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
      for (const rowNumber of payload.lineRows) results.set(rowNumber, { rowNumber, outcome: unknown ? "unknown" : "rejected", messages });
    }
    onProgress(++done, payloads.length);
  }
  const messagesFor = messagesByRow(issues);
  for (const row of rows) {
    if (results.has(row.rowNumber)) continue;
    const own = messagesFor(row.rowNumber, row.orderNumber);
    const messages = own.length > 0 || row.orderNumber === undefined ? own : [`Not sent: other rows of order ${row.orderNumber} need fixing first.`];
    results.set(row.rowNumber, { rowNumber: row.rowNumber, outcome: "not-sent", messages });
  }
  return [...results.values()].sort((a, b) => a.rowNumber - b.rowNumber);
}
