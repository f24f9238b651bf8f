import { describe, expect, it } from "vitest";
import { buildResultsOnlyTable } from "../../src/core/result-rows";
import { issuesFromServerProblem } from "../../src/core/server-issues";
import { neutraliseFormula } from "../../src/core/spreadsheet-safety";

describe("the results alone", () => {
  it("lists each row with its order, outcome in words, job and messages", () => {
    expect(
      buildResultsOnlyTable([
        { rowNumber: 2, orderNumber: "A", outcome: "created", jobNumber: 300001, newAssetSku: "A1", messages: [] },
        { rowNumber: 4, outcome: "not-sent", messages: ["one", "two"] },
      ]),
    ).toEqual([
      ["Row", "Order number", "Import result", "Job number", "New asset tag", "Messages"],
      ["2", "A", "Created", "300001", "A1", ""],
      ["4", "", "Not sent", "", "", "one\ntwo"],
    ]);
  });

  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+64 21 555", "'+64 21 555"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["=1+1\nsecond line", "'=1+1\nsecond line"],
    ["-5", "-5"],
    ["+3.5", "+3.5"],
    ["- bullet", "'- bullet"],
    ["plain", "plain"],
    ["a=b", "a=b"],
  ])("neutralises %j as %j", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

describe("the vendor's answers on rows", () => {
  const payload = { orderNumber: "A", lineRows: [2, 5], candidate: {} };

  it("places a message naming a line on that line's row (SERVER_REJECTED)", () => {
    const issues = issuesFromServerProblem(payload, {
      kind: "http",
      status: 400,
      title: "Bad",
      validationMessages: [
        { errorCode: "Q", message: "Line 2 (A-R5): quantity too low" },
        { errorCode: "D", message: "Delivery method unknown" },
      ],
      errors: { dateDue: ["too early"] },
    });
    expect(issues.map((i) => [i.code, i.rowNumber, i.orderNumber])).toEqual([
      ["SERVER_REJECTED", 5, "A"],
      ["SERVER_REJECTED", null, "A"],
      ["SERVER_REJECTED", null, "A"],
    ]);
    // The vendor's own words, without its error codes.
    expect(issues.map((i) => i.message)).toEqual([
      "The vendor says: Line 2 (A-R5): quantity too low",
      "The vendor says: Delivery method unknown",
      "The vendor says: dateDue: too early",
    ]);
  });

  it("explains an opaque 500 with the spec's known triggers (SERVER_ERROR), and nothing else as one", () => {
    const opaque = issuesFromServerProblem(payload, {
      kind: "http",
      status: 500,
      title: "Error",
      validationMessages: [],
      errors: {},
    });
    expect(opaque.map((i) => i.code)).toEqual(["SERVER_ERROR"]);
    expect(opaque[0]?.message).toMatch(/missing due date/);
    const forbidden = issuesFromServerProblem(payload, {
      kind: "http",
      status: 403,
      title: "Forbidden",
      detail: "locked",
      validationMessages: [],
      errors: {},
    });
    expect(forbidden.map((i) => [i.code, i.message])).toEqual([
      ["SERVER_REJECTED", "The vendor does not allow this account to do that."],
    ]);
  });

  it(
    "tells a failure without the vendor's own messages in plain words, " +
      "never the runtime's text or an unexpected field's path",
    () => {
      const unreachable = issuesFromServerProblem(payload, {
        kind: "network",
        status: 0,
        title: "The service could not be reached",
        detail: "Failed to fetch",
        validationMessages: [],
        errors: {},
      });
      expect(unreachable.map((i) => [i.code, i.message])).toEqual([
        [
          "VENDOR_UNAVAILABLE",
          "The vendor could not check this job just now (the vendor did not answer). " +
            "Nothing is wrong with the job as far as is known; check again in a moment.",
        ],
      ]);
      const odd = issuesFromServerProblem(payload, {
        kind: "invalid-response",
        status: 200,
        title: "The service answered in an unexpected shape",
        detail: "isValid: Invalid input: expected boolean",
        validationMessages: [],
        errors: {},
      });
      expect(odd.map((i) => i.message)).toEqual(["The vendor's answer was not in the expected form."]);
    },
  );
});
