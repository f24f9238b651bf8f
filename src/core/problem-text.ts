/**
 * The one place a failed call to the vendor is put into words for the user: the page, the
 * command line, the result sheet, the proxy's own answers and the titles of calls that got no
 * answer all say it the same way.
 */

/** What the words are chosen by: the problem's kind ("http", "network", "aborted", "invalid-response") and status. */
export interface ProblemKindAndStatus {
  readonly kind: string;
  readonly status: number;
}

/**
 * Why a call to the vendor failed, as a clause ("the vendor did not answer"), chosen by the
 * problem's kind and status alone: never its title or detail (a runtime's error text, the path
 * of an unexpected field) nor an error code. Those stay in the journal's events and answers,
 * for the audit trail.
 */
export function plainProblemText(problem: ProblemKindAndStatus): string {
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

/** The same words as a sentence's start, for a title or a message of its own ("The vendor did not answer"). */
export function plainProblemSentence(problem: ProblemKindAndStatus): string {
  const clause = plainProblemText(problem);
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}
