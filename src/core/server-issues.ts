import { makeIssue, type Issue } from "./issues";
import type { JobPayload } from "./resolve/resolve-job";

/** The parts of an API problem this module reads (kept structural so core needs no client types). */
export interface ServerProblem {
  readonly kind: string;
  readonly status: number;
  readonly title: string;
  readonly detail?: string | undefined;
  readonly validationMessages: readonly { readonly errorCode?: string | null; readonly message?: string | null }[];
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

/** What the spec lists as the usual causes of an unexplained 500 on `POST /Jobs`. */
export const KNOWN_500_TRIGGERS =
  "no lines, an address the courier cannot deliver to, an asset tag that does not exist, a missing due date, or a size not in the garment's size run";

/**
 * Why a call to the vendor failed, in plain words chosen by the problem's kind and status
 * alone: never its title or detail (a runtime's error text, the path of an unexpected field)
 * nor an error code. Those stay in the journal's events and answers, for the audit trail.
 */
export function plainProblemText(problem: Pick<ServerProblem, "kind" | "status">): string {
  switch (problem.kind) {
    case "network":
      return "the vendor did not answer";
    case "aborted":
      return "the vendor did not answer in time, or the request was stopped";
    case "invalid-response":
      return "the vendor's answer was not in the expected form";
  }
  switch (problem.status) {
    case 400:
      return "the vendor rejected the request";
    case 401:
      return "the vendor did not accept the connection's credentials";
    case 403:
      return "the vendor does not allow this account to do that";
    case 404:
      return "the vendor has no such record";
    case 408:
      return "the vendor did not answer in time";
    case 409:
      return "the vendor cannot do that to the job as it stands";
    case 429:
      return "the vendor asked for fewer requests for a while";
    case 500:
      return "the vendor answered with an unexplained error";
  }
  return problem.status > 500 ? "the vendor is unavailable for the moment" : "the vendor refused the request";
}

/**
 * Places the vendor's answer to a job on the rows it concerns: a message naming "Line N"
 * goes to that payload line's row; anything else concerns the whole job. The vendor's own
 * messages are shown as it wrote them, without their error codes; any other failure is told
 * in plain words.
 */
export function issuesFromServerProblem(payload: JobPayload, problem: ServerProblem): Issue[] {
  const orderNumber = payload.orderNumber;
  const forMessage = (text: string): Issue => {
    const lineNumber = /\bline (\d+)\b/i.exec(text)?.[1];
    const rowNumber = lineNumber === undefined ? null : (payload.lineRows[Number(lineNumber) - 1] ?? null);
    return makeIssue("SERVER_REJECTED", { rowNumber, orderNumber }, `the vendor says: ${text}`);
  };
  if (problem.status === 500) {
    return [
      makeIssue(
        "SERVER_ERROR",
        { rowNumber: null, orderNumber },
        `the vendor answered with an unexplained error (HTTP 500), twice. Check again; if it keeps happening, the usual causes are ${KNOWN_500_TRIGGERS}.`,
      ),
    ];
  }
  if (problem.kind === "network" || problem.kind === "aborted" || problem.status === 408 || problem.status === 429 || problem.status > 500) {
    return [makeIssue("VENDOR_UNAVAILABLE", { rowNumber: null, orderNumber }, `the vendor could not check this job just now (${plainProblemText(problem)}). Nothing is wrong with the job as far as is known; check again in a moment.`)];
  }
  const issues = [
    ...problem.validationMessages.map((m) => forMessage(m.message ?? "")),
    ...Object.entries(problem.errors).flatMap(([field, messages]) => messages.map((m) => forMessage(`${field}: ${m}`))),
  ];
  if (issues.length > 0) return issues;
  return [makeIssue("SERVER_REJECTED", { rowNumber: null, orderNumber }, `${plainProblemText(problem)}.`)];
}
