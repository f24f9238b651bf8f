import { describe, expect, it } from "vitest";
import type { FieldId } from "../../src/core/fields";
import { classifyNonOrderRow, rowLabelKind, type NonOrderRow } from "../../src/core/non-order-rows";
import type { Answer, OrderRow } from "../../src/core/order-rows";

/** A mapped row: field values, and cells of unmapped or size columns by header. */
const row = (
  values: Partial<Record<FieldId, string>>,
  more: { unmapped?: Record<string, string>; sizes?: Record<string, string> } = {},
): OrderRow => {
  const answers = (cells: Record<string, string> = {}): Answer[] =>
    Object.entries(cells).map(([column, value]) => ({ key: column, column, value }));
  return { rowNumber: 30, values, attributes: [], sizes: answers(more.sizes), unmapped: answers(more.unmapped) };
};

describe("classifyNonOrderRow", () => {
  it.each<[string, OrderRow, NonOrderRow | undefined]>([
    [
      "a totals row: the label in the order number column, sums beside it",
      row({ orderNumber: "Total", quantity: "260" }),
      { kind: "totals", field: "orderNumber", column: undefined },
    ],
    [
      "a grand total in an unmapped column",
      row({ quantity: "260" }, { unmapped: { Notes: "Grand total:" } }),
      { kind: "totals", field: undefined, column: "Notes" },
    ],
    [
      "a total named after what it adds up",
      row({ description: "Team total", quantity: "48" }),
      { kind: "totals", field: "description", column: undefined },
    ],
    [
      "TOTALS in capitals",
      row({ comment: "TOTALS", quantity: "48" }),
      { kind: "totals", field: "comment", column: undefined },
    ],
    [
      "the label in the code column",
      row({ code: "Sum", quantity: "12" }),
      { kind: "totals", field: "code", column: undefined },
    ],
    [
      "a German total",
      row({ orderNumber: "Gesamtsumme", quantity: "12" }),
      { kind: "totals", field: "orderNumber", column: undefined },
    ],
    [
      "a Spanish total",
      row({ orderNumber: "Suma", quantity: "12" }),
      { kind: "totals", field: "orderNumber", column: undefined },
    ],
    [
      "a subtotal row",
      row({ description: "Subtotal RO-3101", quantity: "200" }),
      { kind: "subtotal", field: "description", column: undefined },
    ],
    [
      "a sub-total with a hyphen",
      row({ orderNumber: "Sub-total", quantity: "200" }),
      { kind: "subtotal", field: "orderNumber", column: undefined },
    ],
    [
      "a German subtotal",
      row({ orderNumber: "Zwischensumme", quantity: "200" }),
      { kind: "subtotal", field: "orderNumber", column: undefined },
    ],
    [
      "a French subtotal",
      row({ orderNumber: "Sous-total", quantity: "200" }),
      { kind: "subtotal", field: "orderNumber", column: undefined },
    ],
    [
      "wide size columns summed under a total",
      row({ orderNumber: "Total" }, { sizes: { S: "4", M: "9" } }),
      { kind: "totals", field: "orderNumber", column: undefined },
    ],
    [
      "a sentence alone in the order number column",
      row({ orderNumber: "Prices exclude GST" }),
      { kind: "note", field: "orderNumber", column: undefined },
    ],
    [
      "a note word opening a long note",
      row({ comment: "Note: deliveries after 3pm only, ring the bell" }),
      { kind: "note", field: "comment", column: undefined },
    ],
    [
      "NB: alone in an unmapped column",
      row({}, { unmapped: { Remarks: "NB: proofs by Friday" } }),
      { kind: "note", field: undefined, column: "Remarks" },
    ],
    [
      "one word of text alone in a text column",
      row({ description: "Thanks!" }),
      { kind: "note", field: "description", column: undefined },
    ],
    ["a genuine line whose order number is missing", row({ code: "A1042001", quantity: "50" }), undefined],
    [
      "a genuine line whose order number is missing, with a total-like club name",
      row({ code: "A1042001", organisation: "Total Sports Club", quantity: "50" }),
      undefined,
    ],
    ["a line with only an order number", row({ orderNumber: "KTP-27005" }), undefined],
    ["a line with only a code", row({ code: "DTF Gang Sheet: Custom Size" }), undefined],
    ["a line with only a quantity", row({ quantity: "12" }), undefined],
    [
      "a line of an order with its code missing and a total word elsewhere",
      row({ orderNumber: "RO-3101", description: "Total care label", quantity: "12" }),
      undefined,
    ],
    ["two text cells and no label", row({ description: "Karori", comment: "front and back" }), undefined],
    ["a number alone in an unmapped column", row({}, { unmapped: { Notes: "326" } }), undefined],
  ])("%s", (_name, input, expected) => {
    expect(classifyNonOrderRow(input)).toEqual(expected);
  });
});

describe("rowLabelKind", () => {
  it.each([
    ["Total", "totals"],
    ["total:", "totals"],
    ["Grand Total (ex GST)", "totals"],
    ["Order total", "totals"],
    ["Totaal", "totals"],
    ["Summe", "totals"],
    ["Subtotal", "subtotal"],
    ["SUB TOTAL", "subtotal"],
    ["Subtotale", "subtotal"],
    ["Notes", "note"],
    ["N.B.", "note"],
    ["Hinweis: Preise ohne MwSt.", "note"],
    ["Summer team", undefined],
    ["Totally Tees", undefined],
    ["Notebook covers", undefined],
    ["RO-3101", undefined],
    ["", undefined],
  ])("%j → %s", (text, kind) => {
    expect(rowLabelKind(text)).toBe(kind);
  });
});
