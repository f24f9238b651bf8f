import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQuantity } from "../../../src/core/resolve/values";

/** The rule as written out: spaces, commas and apostrophes dropped, then a whole number of at least 1. */
function quantityByRule(text: string): number | undefined {
  const compact = text.replace(/[\s,']/g, "");
  if (!/^\d+(\.0+)?$/.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

describe("quantities as sheets write them", () => {
  it.each([
    ["12", 12],
    ["007", 7],
    ["0", undefined],
    ["1,000", 1000],
    ["1 000", 1000],
    ["1'000", 1000],
    ["12.0", 12],
    ["12.5", undefined],
    ["-3", undefined],
    ["", undefined],
    ["9007199254740993", undefined],
    ["999999999999999", 999999999999999],
  ] as const)("%j is %s", (text, quantity) => {
    expect(parseQuantity(text)).toBe(quantity);
  });

  it("reads plain digits the quick way exactly as by the rule", () => {
    const texts = fc.oneof(
      fc.stringMatching(/^\d{0,20}$/),
      fc.string({ unit: fc.constantFrom("0", "1", "9", ",", " ", "'", ".", "-", "a") }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(parseQuantity(text)).toBe(quantityByRule(text));
      }),
      { numRuns: 500 },
    );
  });
});
