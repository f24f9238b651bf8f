import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../../src/core/vendor";
import { queryIssueText, readQuery } from "../../../src/server/simulator/read-query";

describe("the simulator's reading of a query", () => {
  it.each([
    [
      { name: "page", value: "0", rule: "wholeNumber", min: 1, max: 100_000 },
      "The value '0' is not valid for page; expected a whole number from 1 to 100000.",
    ],
    [{ name: "dgX", value: "wide", rule: "number" }, "The value 'wide' is not a valid number."],
    [
      { name: "isArchived", value: "Maybe", rule: "trueOrFalse" },
      "The value 'maybe' is not valid for isArchived; expected true or false.",
    ],
    [
      { name: "sortBy", value: "Age", rule: "oneOf", values: ["Id", "CreatedAt"] },
      "The value 'Age' is not valid for sortBy; expected one of Id, CreatedAt.",
    ],
  ] as const)("words %j as the vendor's model binding does", (issue, text) => {
    expect(queryIssueText(issue)).toBe(text);
  });

  it("answers 400 with every unreadable value keyed by its parameter", () => {
    const read = readQuery(
      ENDPOINTS.listActiveJobs.query,
      new URLSearchParams("page=0&pageSize=500&includeClosedJobs=true"),
    );
    expect(read.ok ? undefined : read.refusal).toMatchObject({
      status: 400,
      body: {
        title: "One or more validation errors occurred.",
        errors: {
          page: ["The value '0' is not valid for page; expected a whole number from 1 to 100000."],
          pageSize: ["The value '500' is not valid for pageSize; expected a whole number from 1 to 100."],
        },
      },
    });
  });
});
