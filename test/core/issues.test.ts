import { describe, expect, it } from "vitest";
import { ISSUE_LABELS } from "../../src/core/issue-labels";
import { ISSUE_CODES, issuePlace, makeIssue } from "../../src/core/issues";

describe("an issue's words", () => {
  it("keeps its message as written: where it is goes in its data, not in front of the text", () => {
    const issue = makeIssue(
      "STOCK_SIZE_NORMALISED",
      { rowNumber: 24, orderNumber: "KTP-1", field: "size", column: "Y8" },
      'The column "Y8" is read as size 8.',
    );
    expect(issue).toEqual({
      code: "STOCK_SIZE_NORMALISED",
      severity: "info",
      rowNumber: 24,
      orderNumber: "KTP-1",
      field: "size",
      column: "Y8",
      message: 'The column "Y8" is read as size 8.',
    });
  });

  it.each([
    [{ rowNumber: 24, column: "Y8" }, "row 24, Y8"],
    [{ rowNumber: 24 }, "row 24"],
    [{ rowNumber: null, orderNumber: "KTP-1" }, "order KTP-1"],
    [{ rowNumber: null }, ""],
  ])("says where it is, for a list of many rows' issues: %j is %j", (where, expected) => {
    expect(issuePlace(where)).toBe(expected);
  });

  it("has a label in words for every code, none of them a code", () => {
    for (const code of ISSUE_CODES) expect(ISSUE_LABELS[code]).toMatch(/^[A-Z][a-z]/);
  });
});
