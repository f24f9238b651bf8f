import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../src/core/estimate";
import { priceBreakHint, priceBreakText } from "../../../src/core/reorder/price-break";
import type { PriceBand } from "../../../src/core/vendor";

const BANDS: PriceBand[] = [
  { from: 10, to: 24, unitPrice: 1.14 },
  { from: 25, to: 49, unitPrice: 1.04 },
  { from: 50, to: 99, unitPrice: 0.93 },
  { from: 100, to: null, unitPrice: 0.84 },
];
const money = (amount: number) => formatMoney(amount, "NZD", "en");

describe("priceBreakHint", () => {
  it.each<[string, readonly PriceBand[], number, { extra: number; nextQuantity: number; saving: number } | undefined]>([
    ["one short of the next band", BANDS, 24, { extra: 1, nextQuantity: 25, saving: 1.36 }],
    ["three short of 25 (a tenth, rounded up)", BANDS, 22, { extra: 3, nextQuantity: 25, saving: -0.92 }],
    ["four short of 25 is too far", BANDS, 21, undefined],
    ["five short of 50", BANDS, 45, { extra: 5, nextQuantity: 50, saving: 0.3 }],
    ["six short of 50 is too far", BANDS, 44, undefined],
    ["ten short of 100", BANDS, 90, { extra: 10, nextQuantity: 100, saving: -0.3 }],
    ["at a band's start", BANDS, 50, undefined],
    ["in the top band", BANDS, 480, undefined],
    ["below the minimum (an error of its own)", BANDS, 8, undefined],
    ["no bands", [], 24, undefined],
    ["not a whole number", BANDS, 24.5, undefined],
    ["bands listed in any order", [...BANDS].reverse(), 48, { extra: 2, nextQuantity: 50, saving: 3.42 }],
    [
      "a next band that is not cheaper",
      [
        { from: 1, to: 9, unitPrice: 1 },
        { from: 10, to: null, unitPrice: 1 },
      ],
      9,
      undefined,
    ],
    [
      "a single unit short of a small band",
      [
        { from: 1, to: 4, unitPrice: 5 },
        { from: 5, to: null, unitPrice: 3 },
      ],
      4,
      { extra: 1, nextQuantity: 5, saving: 5 },
    ],
  ])("%s", (_name, bands, quantity, expected) => {
    const hint = priceBreakHint(bands, quantity);
    if (expected === undefined) expect(hint).toBeUndefined();
    else expect(hint).toMatchObject(expected);
  });

  it("compares the whole line at both quantities", () => {
    expect(priceBreakHint(BANDS, 45)).toEqual({
      quantity: 45,
      extra: 5,
      nextQuantity: 50,
      unitPrice: 1.04,
      nextUnitPrice: 0.93,
      total: 46.8,
      nextTotal: 46.5,
      saving: 0.3,
    });
  });
});

describe("priceBreakText", () => {
  it.each([
    [45, "5 more reaches the next band (50 or more at NZ$0.93 each): saves NZ$0.30 on this line."],
    [22, "3 more reaches the next band (25 or more at NZ$1.04 each): 3 more for NZ$0.92 more on this line."],
  ])("says what %i more does", (quantity, text) => {
    const hint = priceBreakHint(BANDS, quantity);
    expect(hint && priceBreakText(hint, money)).toBe(text);
  });

  it("says when the line costs the same", () => {
    const hint = priceBreakHint(
      [
        { from: 1, to: 9, unitPrice: 1 },
        { from: 10, to: null, unitPrice: 0.9 },
      ],
      9,
    );
    expect(hint && priceBreakText(hint, money)).toBe(
      "1 more reaches the next band (10 or more at NZ$0.90 each): the line costs the same with 1 more.",
    );
  });
});
