import type { ApiProblem } from "../api";
import type { CreatedLine, OrderMessage, OrderRecord } from "../core/journal";
import { issuesFromServerProblem } from "../core/server-issues";
import type { Job, JobCreateResult } from "../core/vendor";

/** A problem in one line for the journal's events, as it came: "Conflict (HTTP 409): …". */
export function problemAuditText(problem: ApiProblem): string {
  const status = problem.status > 0 ? ` (HTTP ${problem.status})` : "";
  return `${problem.title}${status}${problem.detail ? `: ${problem.detail}` : ""}`;
}

/** What the vendor said about each line of a created job, matched by customer reference. */
export function createdLines(order: OrderRecord, result: Pick<JobCreateResult, "jobLineDetails">): CreatedLine[] {
  const details = result.jobLineDetails;
  return order.lineRows.map((rowNumber, index) => {
    const reference = order.candidate.items?.[index]?.customerReference;
    const detail = (reference ? details.find((d) => d.customerReference === reference) : undefined) ?? details[index];
    return {
      rowNumber,
      newAssetSku: detail?.newAssetSku ?? null,
      needsArtwork: detail?.needsArtworkToBeUploaded ?? false,
    };
  });
}

/** The same, read back from the job itself when the creation's answer was lost. */
export function linesFromJob(order: OrderRecord, job: Job): CreatedLine[] {
  return order.lineRows.map((rowNumber, index) => {
    const item = order.candidate.items?.[index];
    const line = job.lines.find((l) => item?.customerReference && l.customerReference === item.customerReference);
    return {
      rowNumber,
      newAssetSku: item?.itemType === "PriceCode" ? (line?.assetSku ?? null) : null,
      needsArtwork: false,
    };
  });
}

/** Vendor messages placed on the order's rows, as the review screen places them. */
export function messagesOf(order: OrderRecord, problem: ApiProblem): OrderMessage[] {
  return issuesFromServerProblem(order, problem).map((issue) => ({ rowNumber: issue.rowNumber, text: issue.message }));
}
