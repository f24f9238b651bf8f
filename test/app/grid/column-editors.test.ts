import { describe, expect, it } from "vitest";
import type { PriceCode } from "../../../src/core/vendor";
import { gridColumn, targetLabel } from "../../../src/app/grid/column-editors";
import { snapshotWith } from "../../core/reorder/reorder-fixtures";

const snapshot = snapshotWith({
  priceCodes: [
    {
      priceCode: "HTV A4",
      attributes: [
        {
          name: "VinylColour",
          label: "Vinyl colour",
          type: "select",
          enumerableValues: [{ value: "WHT", text: "White" }],
        },
      ],
    } as unknown as PriceCode,
  ],
});

describe("what a grid column is mapped to, in words", () => {
  it.each([
    [{ kind: "field", field: "code" } as const, "Code"],
    [{ kind: "field", field: "orderNumber" } as const, "Order number"],
    [{ kind: "field", field: "itemType" } as const, "Item type"],
    [{ kind: "size", size: "XL" } as const, "Size XL"],
    [{ kind: "attribute", attribute: "VinylColour" } as const, "Vinyl colour"],
    [{ kind: "attribute", attribute: "Vinyl colour" } as const, "Vinyl colour"],
    [null, "kept as it is"],
  ])("%j reads %j: a field by its label, a question by its label, never a key", (target, expected) => {
    expect(targetLabel(target, snapshot)).toBe(expected);
  });

  it("heads the grid's column with those words and edits a question from its options", () => {
    expect(gridColumn("Vinyl", { kind: "attribute", attribute: "VinylColour" }, snapshot)).toEqual({
      header: "Vinyl",
      target: { kind: "attribute", attribute: "VinylColour" },
      targetText: "Vinyl colour",
      editor: { kind: "list", options: [{ value: "WHT", label: "White" }] },
    });
  });
});
