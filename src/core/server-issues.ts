import { makeIssue, type Issue } from "./issues";
import { plainProblemSentence, plainProblemText } from "./problem-text";
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
  "no lines, an address the courier cannot deliver to, an asset tag that does not exist, a missing due date, " +
  "or a size not in the garment's size run";

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
    return makeIssue("SERVER_REJECTED", { rowNumber, orderNumber }, `The vendor says: ${text}`);
  };
  if (problem.status === 500) {
    return [
      makeIssue(
        "SERVER_ERROR",
        { rowNumber: null, orderNumber },
        "The vendor answered with an unexplained error (HTTP 500), twice. Check again; if it keeps happening, " +
          `the usual causes are ${KNOWN_500_TRIGGERS}.`,
      ),
    ];
  }
  if (
    problem.kind === "network" ||
    problem.kind === "aborted" ||
    problem.status === 408 ||
    problem.status === 429 ||
    problem.status > 500
  ) {
    return [
      makeIssue(
        "VENDOR_UNAVAILABLE",
        { rowNumber: null, orderNumber },
        `The vendor could not check this job just now (${plainProblemText(problem)}). ` +
          "Nothing is wrong with the job as far as is known; check again in a moment.",
      ),
    ];
  }
  const issues = [
    ...problem.validationMessages.map((m) => forMessage(m.message ?? "")),
    ...Object.entries(problem.errors).flatMap(([field, messages]) => messages.map((m) => forMessage(`${field}: ${m}`))),
  ];
  if (issues.length > 0) return issues;
  return [makeIssue("SERVER_REJECTED", { rowNumber: null, orderNumber }, `${plainProblemSentence(problem)}.`)];
}
