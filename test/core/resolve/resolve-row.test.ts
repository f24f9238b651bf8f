import { describe, expect, it } from "vitest";
import type { OrderRow } from "../../../src/core/order-rows";
import { resolveRow, type ResolvedLine, type ResolveContext } from "../../../src/core/resolve";
import { contextWith, DTF, orderRow, placed, transferRow } from "./resolve-fixtures";

interface RowCase {
  readonly name: string;
  readonly row: OrderRow;
  readonly context?: ResolveContext;
  /** Every issue raised, as code, row and column. */
  readonly issues: readonly (readonly [string, number | null, string | undefined])[];
  /** What else the resolved line must say. */
  readonly expected?: Partial<ResolvedLine>;
}

const CASES: readonly RowCase[] = [
  {
    name: "a transfer line that needs nothing fixing",
    row: transferRow(2),
    issues: [],
    expected: {
      orderNumber: "E-1",
      itemType: "PriceCode",
      processCode: "DTF",
      customerReference: "E-1-R2",
      line: {
        itemType: "PriceCode",
        code: DTF,
        quantity: 20,
        customerReference: "E-1-R2",
        attributes: { Fabric: "Cotton" },
      },
      needs: [],
    },
  },
  {
    name: "a row without an order number",
    row: transferRow(3, { orderNumber: undefined }),
    issues: [["ORDER_NUMBER_MISSING", 3, "Order No"]],
  },
  {
    name: "a row without an order number, each such row its own job",
    row: transferRow(3, { orderNumber: undefined }),
    context: contextWith({}, true),
    issues: [],
    expected: { orderNumber: "ROW-3" },
  },
  {
    name: "a totals row",
    row: orderRow(9, { orderNumber: "Total", quantity: "40" }),
    issues: [["NOT_AN_ORDER_ROW", 9, "Order No"]],
    expected: { orderNumber: undefined },
  },
  {
    name: "a blank code",
    row: transferRow(2, { code: undefined }),
    issues: [["CODE_MISSING", 2, "Code"]],
    expected: { line: undefined },
  },
  {
    name: "an item type that is not one",
    row: transferRow(2, { itemType: "Banana" }),
    issues: [["ITEM_TYPE_UNKNOWN", 2, "Item type"]],
  },
  {
    name: "a price code typed as an asset",
    row: transferRow(2, { itemType: "Asset" }),
    issues: [["ITEM_TYPE_MISMATCH", 2, "Item type"]],
  },
  {
    name: "a code no catalogue holds, not yet asked for by name",
    row: transferRow(2, { code: "MYSTERY" }),
    issues: [],
    expected: {
      itemType: "PriceCode",
      line: undefined,
      needs: [{ kind: "metadataCode", key: "MYSTERY", code: "MYSTERY" }],
    },
  },
  {
    name: "a code no catalogue holds, and the vendor has none by that name",
    row: transferRow(2, { code: "MYSTERY" }),
    context: contextWith({ metadataCodes: new Map([["MYSTERY", null]]) }),
    issues: [["CODE_UNKNOWN", 2, "Code"]],
    expected: { itemType: undefined, line: undefined, needs: [] },
  },
  {
    name: "a price code in other case and spacing",
    row: transferRow(2, { code: "dtf  4X4" }),
    issues: [["PRICE_CODE_NORMALISED", 2, "Code"]],
  },
  {
    name: "a required question left blank",
    row: transferRow(2, {}, ""),
    issues: [["ATTRIBUTE_REQUIRED", 2, undefined]],
    expected: { line: undefined },
  },
  { name: "a blank quantity", row: transferRow(2, { quantity: undefined }), issues: [["QUANTITY_MISSING", 2, "Qty"]] },
  { name: "a fractional quantity", row: transferRow(2, { quantity: "2.5" }), issues: [["QUANTITY_INVALID", 2, "Qty"]] },
  {
    name: "fewer than the first band",
    row: transferRow(2, { quantity: "5" }),
    issues: [["QUANTITY_BELOW_MINIMUM", 2, "Qty"]],
  },
  {
    name: "a sample below the minimum",
    row: transferRow(2, { quantity: "1", sample: "yes" }),
    issues: [],
    expected: {
      line: {
        itemType: "PriceCode",
        code: DTF,
        quantity: 1,
        customerReference: "E-1-R2",
        attributes: { Fabric: "Cotton" },
        isSample: true,
      },
    },
  },
  {
    name: "a sample of a code without samples",
    row: orderRow(2, { orderNumber: "E-1", code: "SCR A4", quantity: "1", sample: "Y" }),
    issues: [["SAMPLE_NOT_AVAILABLE", 2, "Sample"]],
  },
  {
    name: "a relative artwork address",
    row: transferRow(2, { artworkUrl: "files/logo.png" }),
    issues: [["ARTWORK_URL_INVALID", 2, "Artwork URL"]],
  },
  {
    name: "an asset reorder",
    row: orderRow(4, { orderNumber: "E-1", code: "A100", quantity: "30" }),
    issues: [],
    expected: {
      itemType: "Asset",
      line: { itemType: "Asset", code: "A100", quantity: 30 },
      estimate: { unitPrice: 1, quantity: 30, oneOff: 6.5, oneOffKind: "reset", total: 36.5 },
    },
  },
  {
    name: "an asset tag with a typo",
    row: orderRow(4, { orderNumber: "E-1", code: "A101", itemType: "Asset", quantity: "30" }),
    issues: [["ASSET_UNKNOWN", 4, "Code"]],
  },
  {
    name: "an archived asset",
    row: orderRow(4, { orderNumber: "E-1", code: "A199", quantity: "30" }),
    issues: [["ASSET_ARCHIVED", 4, "Code"]],
  },
  {
    name: "an asset two short of its next band",
    row: orderRow(4, { orderNumber: "E-1", code: "A100", quantity: "48" }),
    issues: [["PRICE_BREAK_NEAR", 4, "Qty"]],
  },
  {
    name: "a tee in a wide layout",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001", variant: "black" }, {}, { S: "2", M: "3" }),
    issues: [],
    expected: {
      itemType: "Stock",
      line: { itemType: "Stock", code: "AS5001", variantCode: "AS5001-BLK", sizeQuantities: { S: 2, M: 3 } },
    },
  },
  {
    name: "a tee without its colour",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001" }, {}, { S: "2" }),
    issues: [["STOCK_VARIANT_MISSING", 5, "Colour"]],
  },
  {
    name: "a colour the tee does not come in",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001", variant: "Purple" }, {}, { S: "2" }),
    issues: [["STOCK_VARIANT_UNKNOWN", 5, "Colour"]],
  },
  {
    name: "XXL for 2XL in the long layout",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001", variant: "White", size: "XXL", quantity: "4" }),
    issues: [["STOCK_SIZE_NORMALISED", 5, "Size"]],
  },
  {
    name: "a size column the run does not have",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001", variant: "White" }, {}, { XS: "1" }),
    issues: [["STOCK_SIZE_UNKNOWN", 5, "XS"]],
  },
  {
    name: "a tee without quantities",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5001", variant: "White" }),
    issues: [["STOCK_SIZES_MISSING", 5, "Qty"]],
  },
  {
    name: "a stock code with a typo",
    row: orderRow(5, { orderNumber: "E-1", code: "AS5002", itemType: "Stock" }),
    issues: [["STOCK_CODE_UNKNOWN", 5, "Code"]],
  },
];

describe("resolveRow", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const resolved = resolveRow(c.row, c.context ?? contextWith());
    expect(resolved.issues.map(placed)).toEqual(c.issues);
    expect(resolved.rowNumber).toBe(c.row.rowNumber);
    if (c.expected) expect(resolved).toMatchObject(c.expected);
  });

  it("gives a line only to a row without errors or facts still to fetch", () => {
    for (const c of CASES) {
      const resolved = resolveRow(c.row, c.context ?? contextWith());
      const stopped = resolved.issues.some((issue) => issue.severity === "error") || resolved.needs.length > 0;
      expect(resolved.line === undefined, c.name).toBe(stopped || resolved.itemType === undefined);
    }
  });
});

describe("what a row's issues say", () => {
  const messagesOf = (row: OrderRow) => resolveRow(row, contextWith()).issues.map((issue) => issue.message);

  it("names the kinds of line in words, never the vendor's item types", () => {
    expect(messagesOf(transferRow(2, { itemType: "Banana" }))).toEqual([
      '"Banana" is not an item type; write Price code, Asset or Stock.',
    ]);
    expect(messagesOf(transferRow(2, { itemType: "Asset" }))).toEqual([`"${DTF}" is a price code, not an asset tag.`]);
  });

  it("offers the https:// form of an artwork address written without it, and nothing for a path", () => {
    const issue = (artworkUrl: string) =>
      resolveRow(transferRow(2, { artworkUrl }), contextWith()).issues.find((i) => i.code === "ARTWORK_URL_INVALID");
    expect(issue("www.dropbox.com/s/t7k2/front.png")).toMatchObject({
      message:
        '"www.dropbox.com/s/t7k2/front.png" is not an absolute http(s) address; with its https:// it is ' +
        "https://www.dropbox.com/s/t7k2/front.png.",
      suggestion: "https://www.dropbox.com/s/t7k2/front.png",
    });
    expect(issue("files/logo.png")?.suggestion).toBeUndefined();
    expect(issue("C:\\Artwork\\logo.png")?.suggestion).toBeUndefined();
  });

  it("is a sentence of its own: no row, column or severity on it (they are the issue's data)", () => {
    const messages = CASES.flatMap((c) => resolveRow(c.row, c.context ?? contextWith()).issues).map((i) => i.message);
    expect(messages.length).toBeGreaterThan(20);
    for (const message of messages) {
      expect(message).toMatch(/^["A-Z0-9]/);
      expect(message).not.toMatch(/^(Row \d|Order \S+:)|\b(note|warning|error): /);
    }
  });
});
