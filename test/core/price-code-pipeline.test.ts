import { describe, expect, it } from "vitest";
import type { FieldId } from "../../src/core/fields";
import { groupByOrder } from "../../src/core/group";
import { normaliseHeader, suggestMapping } from "../../src/core/mapping";
import { toOrderRows, type OrderRow } from "../../src/core/order-rows";
import { buildJobPayload } from "../../src/core/payload";
import { parseQuantity, resolveRow, type ResolveContext } from "../../src/core/resolve";
import { buildResultTable } from "../../src/core/results";
import { issuesFromServerProblem } from "../../src/core/server-issues";
import type { SheetTable } from "../../src/core/sheet-model";
import { neutraliseFormula } from "../../src/core/spreadsheet-safety";
import type { PriceCode } from "../../src/core/vendor";

const DTF: PriceCode = {
  priceCode: 'DTF 4" x 4": Full Colour',
  processCode: "DTF",
  minimumQuantity: 10,
  hasMetaDataAttributes: false,
  sampleAvailable: true,
  attributes: [
    { name: "Fabric", label: "Fabric", type: "select", required: true, enumerableValues: [{ value: "COTTON", text: "Cotton" }, { value: "COTTON_POLY_BLEND", text: "Cotton/Poly blend" }] },
    { name: "PrintNotes", label: "Print notes", type: "text", required: false, maxLength: 10 },
    { name: "Colours", label: "Colours", type: "int", required: false, minValue: 1, maxValue: 6 },
  ],
  priceBands: [{ from: 10, to: null, unitPrice: 1.2 }],
};

const context: ResolveContext = {
  priceCodes: new Map([[DTF.priceCode as string, DTF]]),
  columnOf: (field: FieldId) => ({ code: "Price Code", quantity: "Qty", orderNumber: "PO #", artworkUrl: "Art" })[field as string],
};

const row = (values: OrderRow["values"], attributes: OrderRow["attributes"] = [{ key: "fabric", column: "Fabric", value: "cotton" }]): OrderRow => ({
  rowNumber: 7,
  values: { orderNumber: "PO-1", code: DTF.priceCode as string, quantity: "12", ...values },
  attributes,
  sizes: [],
});

describe("header mapping", () => {
  it.each([
    ["PO #", "po number"],
    ["Order No.", "order number"],
    ["  Qty ", "qty"],
    ["Größe", "grosse"],
  ])("normalises %j to %j", (header, expected) => {
    expect(normaliseHeader(header)).toBe(expected);
  });

  it("reads mapped rows, skipping blank ones", () => {
    const table: SheetTable = {
      sheetName: "s",
      headerRowNumber: 1,
      headers: ["Order", "Code", "Qty", "Fabric"],
      rows: [
        { rowNumber: 2, cells: ["A", " X ", "5", "Cotton"] },
        { rowNumber: 3, cells: ["", "", "", ""] },
        { rowNumber: 4, cells: ["B", "Y", "", ""] },
      ],
    };
    const rows = toOrderRows(table, suggestMapping(table.headers, { attributes: ["Fabric"], sizes: [] }));
    expect(rows).toEqual([
      { rowNumber: 2, values: { orderNumber: "A", code: "X", quantity: "5" }, attributes: [{ key: "Fabric", column: "Fabric", value: "Cotton" }], sizes: [] },
      { rowNumber: 4, values: { orderNumber: "B", code: "Y" }, attributes: [], sizes: [] },
    ]);
  });
});

describe("price-code row resolution", () => {
  it("builds the job line with attribute values as the service wants them", () => {
    const resolved = resolveRow(row({}, [
      { key: "fabric", column: "Fabric", value: "cotton/poly BLEND" },
      { key: "colours", column: "Colours", value: "3" },
    ]), context);
    expect(resolved.issues).toEqual([]);
    expect(resolved.line).toEqual({
      itemType: "PriceCode",
      code: DTF.priceCode,
      quantity: 12,
      customerReference: "PO-1-R7",
      attributes: { Fabric: "COTTON_POLY_BLEND", Colours: 3 },
    });
  });

  it.each([
    ["no order number", row({ orderNumber: undefined }), "ORDER_NUMBER_MISSING", "PO #"],
    ["an unknown code", row({ code: "DTF 4x4" }), "PRICE_CODE_UNKNOWN", "Price Code"],
    ["no code", row({ code: undefined }), "CODE_MISSING", "Price Code"],
    ["a fractional quantity", row({ quantity: "2.5" }), "QUANTITY_INVALID", "Qty"],
    ["a quantity under the minimum", row({ quantity: "9" }), "QUANTITY_BELOW_MINIMUM", "Qty"],
    ["a missing required attribute", row({}, []), "ATTRIBUTE_REQUIRED", undefined],
    ["a select value not offered", row({}, [{ key: "fabric", column: "Fabric", value: "Silk" }]), "ATTRIBUTE_VALUE_INVALID", "Fabric"],
    ["an int out of range", row({}, [{ key: "fabric", column: "Fabric", value: "Cotton" }, { key: "colours", column: "Colours", value: "9" }]), "ATTRIBUTE_OUT_OF_RANGE", "Colours"],
    ["a relative artwork address", row({ artworkUrl: "art/file.png" }), "ARTWORK_URL_INVALID", "Art"],
    ["an unsupported item type", row({ itemType: "Stock" }), "ITEM_TYPE_UNSUPPORTED", undefined],
  ])("flags %s on its row and column", (_name, input, code, column) => {
    const resolved = resolveRow(input, context);
    expect(resolved.line).toBeUndefined();
    const issue = resolved.issues.find((i) => i.code === code);
    expect(issue).toMatchObject({ severity: "error", rowNumber: 7 });
    expect(issue?.column).toBe(column);
    expect(issue?.message).toMatch(/^Row 7/);
  });

  it("lets a sample bypass the minimum and truncates over-long text with a warning", () => {
    const resolved = resolveRow(row({ quantity: "1", sample: "yes" }, [
      { key: "fabric", column: "Fabric", value: "Cotton" },
      { key: "print notes", column: "Notes", value: "Left chest, small" },
    ]), context);
    expect(resolved.line).toMatchObject({ quantity: 1, isSample: true, attributes: { PrintNotes: "Left chest" } });
    expect(resolved.issues.map((i) => [i.code, i.severity])).toEqual([["ATTRIBUTE_TRUNCATED", "warning"]]);
  });

  it.each([
    ["12", 12],
    ["1,000", 1000],
    ["5.0", 5],
    ["0", undefined],
    ["-3", undefined],
    ["ten", undefined],
  ])("reads quantity %j as %j", (text, expected) => {
    expect(parseQuantity(text)).toBe(expected);
  });
});

describe("grouping and payloads", () => {
  const rows: OrderRow[] = [
    { rowNumber: 2, values: { orderNumber: "A", city: "Wellington", deliveryMethod: "CPSTD" }, attributes: [], sizes: [] },
    { rowNumber: 3, values: { orderNumber: "B", city: "Auckland" }, attributes: [], sizes: [] },
    { rowNumber: 4, values: { orderNumber: "A", city: "Welington" }, attributes: [], sizes: [] },
    { rowNumber: 5, values: { orderNumber: "A" }, attributes: [], sizes: [] },
  ];

  it("groups by order number in order of appearance and flags disagreeing job values", () => {
    const groups = groupByOrder(rows, (field) => (field === "city" ? "Town" : undefined));
    expect(groups.map((g) => [g.orderNumber, g.rowNumbers])).toEqual([["A", [2, 4, 5]], ["B", [3]]]);
    expect(groups[0]?.jobValues).toEqual({ orderNumber: "A", city: "Wellington", deliveryMethod: "CPSTD" });
    expect(groups[0]?.issues).toEqual([
      expect.objectContaining({ code: "JOB_VALUE_CONFLICT", rowNumber: 4, column: "Town", suggestion: "Wellington" }),
    ]);
  });

  it("builds the request in the spec's shape, with each line's source row", () => {
    const [group] = groupByOrder(rows, () => undefined);
    if (!group) throw new Error("no group");
    const line = { itemType: "PriceCode", code: "X", quantity: 10, customerReference: "A-R2" } as const;
    const payload = buildJobPayload(group, [{ rowNumber: 2, line }, { rowNumber: 5, line }], "2027-01-11");
    expect(payload.lineRows).toEqual([2, 5]);
    expect(payload.candidate).toMatchObject({
      orderNumber: "A",
      dateDue: "2027-01-11",
      mustDate: false,
      validateOnly: false,
      deliveryAddress: { city: "Wellington", deliveryMethod: "CPSTD", isSaturdayDelivery: false },
      items: [line, line],
    });
  });

  it("places vendor messages on the row of the line they name, others on the job", () => {
    const payload = { orderNumber: "A", lineRows: [2, 5], candidate: {} };
    const issues = issuesFromServerProblem(payload, {
      kind: "http",
      status: 400,
      title: "Bad",
      validationMessages: [{ errorCode: "Q", message: "Line 2 (A-R5): quantity too low" }, { errorCode: "D", message: "Delivery method unknown" }],
      errors: {},
    });
    expect(issues.map((i) => [i.rowNumber, i.orderNumber])).toEqual([[5, "A"], [null, "A"]]);
    const opaque = issuesFromServerProblem(payload, { kind: "http", status: 500, title: "Error", validationMessages: [], errors: {} });
    expect(opaque[0]?.message).toMatch(/missing due date/);
  });
});

describe("result sheet", () => {
  it("keeps the user's cells and order, appending the results", () => {
    const table: SheetTable = {
      sheetName: "s",
      headerRowNumber: 1,
      headers: ["Order", "Qty"],
      rows: [
        { rowNumber: 2, cells: ["A", " 10 "] },
        { rowNumber: 3, cells: ["", ""] },
        { rowNumber: 4, cells: ["B", "5", "extra"] },
      ],
    };
    const out = buildResultTable(table, new Map([
      [2, { rowNumber: 2, outcome: "created", jobNumber: 300001, newAssetSku: "A1", messages: [] }],
      [4, { rowNumber: 4, outcome: "not-sent", messages: ["one", "two"] }],
    ]));
    expect(out).toEqual([
      ["Order", "Qty", "", "Import result", "Job number", "New asset tag", "Messages"],
      ["A", " 10 ", "", "Created", "300001", "A1", ""],
      ["", "", "", "", "", "", ""],
      ["B", "5", "extra", "Not sent", "", "", "one\ntwo"],
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
