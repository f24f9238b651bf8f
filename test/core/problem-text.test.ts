import { describe, expect, it } from "vitest";
import { networkProblem, invalidResponseProblem } from "../../src/api";
import { plainProblemSentence, plainProblemText } from "../../src/core/problem-text";

describe("a failed call in the user's words", () => {
  it.each([
    [{ kind: "network", status: 0 }, "the vendor did not answer"],
    [{ kind: "aborted", status: 0 }, "the vendor did not answer in time, or the request was stopped"],
    [{ kind: "invalid-response", status: 200 }, "the vendor's answer was not in the expected form"],
    [{ kind: "http", status: 400 }, "the vendor rejected the request"],
    [{ kind: "http", status: 401 }, "the vendor did not accept the connection's credentials"],
    [{ kind: "http", status: 403 }, "the vendor does not allow this account to do that"],
    [{ kind: "http", status: 404 }, "the vendor has no such record"],
    [{ kind: "http", status: 408 }, "the vendor did not answer in time"],
    [{ kind: "http", status: 409 }, "the vendor cannot do that to the job as it stands"],
    [{ kind: "http", status: 429 }, "the vendor asked for fewer requests for a while"],
    [{ kind: "http", status: 500 }, "the vendor answered with an unexplained error"],
    [{ kind: "http", status: 503 }, "the vendor is unavailable for the moment"],
    [{ kind: "http", status: 418 }, "the vendor refused the request"],
  ])("%j: %s", (problem, clause) => {
    expect(plainProblemText(problem)).toBe(clause);
    expect(plainProblemSentence(problem)).toBe(clause.charAt(0).toUpperCase() + clause.slice(1));
  });

  it("titles the client's own problems in the same words", () => {
    expect(networkProblem(new TypeError("fetch failed")).title).toBe("The vendor did not answer");
    expect(networkProblem(new DOMException("stopped", "AbortError")).title).toBe(
      "The vendor did not answer in time, or the request was stopped",
    );
    expect(invalidResponseProblem(200, "id: expected number").title).toBe(
      "The vendor's answer was not in the expected form",
    );
  });
});
