import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import { resolveRow } from "../../../src/core/resolve";
import { snapshotWith } from "../reorder/reorder-fixtures";
import { stockItem } from "../stock-fixtures";
import { contextOf, orderRow, placed } from "./resolve-fixtures";

/**
 * Another vendor's stock: youth garments called "Kids …" in youth letters, a junior jersey coded
 * with a mark and sized by age, and a kids' polo in plain letters with no adult version.
 */
const context = contextOf(
  snapshotWith({
    stock: [
      stockItem("CH200", "Club Hoodie", "S,M,L,XL", ["Black", "Navy"]),
      stockItem("KCH200", "Kids Club Hoodie", "YS,YM,YL", ["Black"]),
      stockItem("RJ7", "Rugby Jersey", "S,M,L,XL,2XL", ["Red"]),
      stockItem("RJ7-JR", "Rugby Jersey Junior", "6,8,10,12,14", ["Red"]),
      stockItem("KP10", "Kids Polo", "S,M,L", ["White"]),
      stockItem("AT1", "Adult Tee", "S,M,L,XL", ["White"]),
    ],
  }),
);

/** A long-layout garment line of order E-1: the size in its own cell beside the quantity. */
const sized = (code: string, colour: string, size: string, values: Partial<Record<FieldId, string>> = {}) =>
  orderRow(2, { orderNumber: "E-1", code, variant: colour, size, quantity: "3", ...values });

/** A wide-layout garment line: one column per size. */
const wide = (code: string, colour: string, sizes: Record<string, string>) =>
  orderRow(2, { orderNumber: "E-1", code, variant: colour }, {}, sizes);

interface YouthCase {
  readonly name: string;
  readonly row: ReturnType<typeof orderRow>;
  /** Every issue raised, as code, row and column, with its suggestion. */
  readonly issues: readonly (readonly [string, string | undefined, string | undefined])[];
  readonly sizes?: Readonly<Record<string, number>>;
}

const CASES: readonly YouthCase[] = [
  {
    name: "a youth letter written out, on a run of youth letters",
    row: sized("KCH200", "Black", "Youth M"),
    issues: [["STOCK_SIZE_NORMALISED", "Size", "YM"]],
    sizes: { YM: 3 },
  },
  { name: "a youth letter as the run writes it", row: sized("KCH200", "Black", "YM"), issues: [], sizes: { YM: 3 } },
  {
    name: "kids and a letter word",
    row: sized("KCH200", "Black", "Kids Large"),
    issues: [["STOCK_SIZE_NORMALISED", "Size", "YL"]],
    sizes: { YL: 3 },
  },
  {
    name: "an age on a run of youth letters, offered as the letter it usually is",
    row: sized("KCH200", "Black", "Age 10"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", "YM"]],
  },
  {
    name: "an age as years, on a run by age",
    row: sized("RJ7-JR", "Red", "10 yrs"),
    issues: [["STOCK_SIZE_NORMALISED", "Size", "10"]],
    sizes: { "10": 3 },
  },
  {
    name: "a youth letter on a run by age, offered as the first age it usually is",
    row: sized("RJ7-JR", "Red", "YS"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", "6"]],
  },
  {
    name: "a youth letter on a kids' garment sized by plain letters",
    row: sized("KP10", "White", "YM"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", "M"]],
  },
  {
    name: "a youth letter on the adult hoodie, the kids' one in its colour",
    row: sized("CH200", "Black", "YM"),
    issues: [["STOCK_SIZE_IS_YOUTH", "Code", "KCH200"]],
  },
  {
    name: "an age on the adult hoodie, which the kids' one has as a youth letter",
    row: sized("CH200", "Black", "K10"),
    issues: [["STOCK_SIZE_IS_YOUTH", "Code", "KCH200"]],
  },
  {
    name: "a youth size on the adult hoodie named by its variant code",
    row: sized("CH200-B", "", "YS"),
    issues: [["STOCK_SIZE_IS_YOUTH", "Code", "KCH200-B"]],
  },
  {
    name: "a youth size on the adult hoodie in a colour the kids' one lacks",
    row: sized("CH200", "Navy", "YM"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", undefined]],
  },
  {
    name: "a bare age on the adult jersey, its junior version marked in its code",
    row: sized("RJ7", "Red", "12"),
    issues: [["STOCK_SIZE_IS_YOUTH", "Code", "RJ7-JR"]],
  },
  {
    name: "an age the junior jersey does not come in",
    row: sized("RJ7", "Red", "Y16"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", undefined]],
  },
  {
    name: "youth size columns on the adult jersey, wide",
    row: wide("RJ7", "Red", { Y8: "2", Y10: "4" }),
    issues: [["STOCK_SIZE_IS_YOUTH", "Code", "RJ7-JR"]],
  },
  {
    name: "adult and youth size columns on one row, wide",
    row: wide("RJ7", "Red", { M: "2", Y10: "4" }),
    issues: [["STOCK_SIZE_UNKNOWN", "Y10", undefined]],
  },
  {
    name: "a youth size on an adult garment with no youth version",
    row: sized("AT1", "White", "YM"),
    issues: [["STOCK_SIZE_UNKNOWN", "Size", undefined]],
  },
  {
    name: "the adult jersey's variant code in the junior jersey's colour cell",
    row: sized("RJ7-JR", "RJ7-R", "10"),
    issues: [["STOCK_VARIANT_OTHER_ITEM", "Colour", "RJ7-JR-R"]],
    sizes: { "10": 3 },
  },
];

describe("youth sizes", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const resolved = resolveRow(c.row, context);
    expect(resolved.issues.map((issue) => [issue.code, issue.column, issue.suggestion])).toEqual(c.issues);
    expect(resolved.issues.map(placed).every(([, row]) => row === 2)).toBe(true);
    if (c.sizes) expect(resolved.line).toMatchObject({ sizeQuantities: c.sizes });
    else expect(resolved.line).toBeUndefined();
  });

  it("says which colour and sizes the youth version has, and its variant code", () => {
    const [issue] = resolveRow(sized("CH200", "Black", "YM"), context).issues;
    expect(issue?.message).toContain("Black (KCH200-B)");
    expect(issue?.message).toContain("YS, YM, YL");
  });

  it("names the youth version's colours when it lacks the row's", () => {
    const [issue] = resolveRow(sized("CH200", "Navy", "YM"), context).issues;
    expect(issue?.message).toContain("KCH200 (Kids Club Hoodie) comes in Black, not Navy");
  });

  it("resolves the line once the offered code is written in", () => {
    for (const [row, code] of [
      [sized("CH200", "Black", "YM"), "KCH200"],
      [sized("CH200-B", "", "YS"), "KCH200-B"],
      [sized("RJ7", "Red", "12"), "RJ7-JR"],
      [wide("RJ7", "Red", { Y8: "2", Y10: "4" }), "RJ7-JR"],
    ] as const) {
      const fixed = { ...row, values: { ...row.values, code } };
      expect(resolveRow(fixed, context).line, code).toBeDefined();
    }
  });
});
