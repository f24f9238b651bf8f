import { describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../../src/core/catalogue";
import { suggestMapping } from "../../../src/core/mapping";
import { describeChoiceIssue } from "../../../src/core/order-form/order-form-choices";
import {
  orderFormData,
  orderFormFileName,
  type OrderFormData,
  type OrderFormInput,
} from "../../../src/core/order-form/order-form-data";
import { asset } from "../reorder/reorder-fixtures";
import { formSnapshot, priceCode } from "./order-form-fixtures";
import { expectedTargets } from "./order-form-workbook";

const TODAY = "2026-11-20";

function formOf(input: Partial<OrderFormInput> = {}): OrderFormData {
  const made = orderFormData({ snapshot: formSnapshot(), today: TODAY, ...input });
  if (!made.ok) throw new Error(made.issues.map(describeChoiceIssue).join(" "));
  return made.value;
}

const headers = (data: OrderFormData) => data.columns.map((column) => column.header);
const listOf = (data: OrderFormData, key: string) => data.lists.find((list) => list.key === key)?.values;
const columnOf = (data: OrderFormData, header: string) => data.columns.find((column) => column.header === header);

const JOB_HEADERS = [
  "Order number",
  "Organisation",
  "Contact name",
  "Email",
  "Phone",
  "Street address",
  "Suburb",
  "City",
  "State",
  "Postal code",
  "Country",
  "Delivery method",
  "Due date",
];

describe("orderFormData: the Orders sheet's columns", () => {
  it("heads the columns with the importer's field labels and the questions' labels, in that order", () => {
    const data = formOf();
    expect(data.sheetName).toBe("Orders");
    expect(headers(data)).toEqual([
      ...JOB_HEADERS,
      "Code",
      "Variant",
      "Size",
      "Quantity",
      "Width",
      "Height",
      "Foil colour",
      "Name on back",
      "Number on back",
      "Height of number",
      // Labelled "Garment", a field's label: headed by its name. Without a label: its name.
      "Stoff",
      "Lage",
      "Line comment",
    ]);
    expect(data.columns.filter((column) => column.level === "job").map((column) => column.header)).toEqual(JOB_HEADERS);
    // A question two codes ask is one column that answers both.
    expect(columnOf(data, "Foil colour")?.target).toEqual({ kind: "question", names: ["Folienfarbe"] });
  });

  it("maps by itself: every column to its field, or to its question by the vendor's name or label", () => {
    const snapshot = formSnapshot();
    const data = formOf({ snapshot });
    const mapping = suggestMapping(headers(data), catalogueVocabulary(snapshot));
    const expected = expectedTargets(data);
    for (const column of mapping.columns)
      expect(expected.get(column.header)?.(column.target), column.header).toBe(true);
  });

  it.each([
    {
      description: "one process, any case: its codes and their questions only",
      processCode: "vnl",
      codes: ["VNL Rücken-Name", "VNL Rücken-Nummer"],
      questions: ["Foil colour", "Name on back", "Number on back", "Height of number"],
    },
    {
      description: "the process of the codes made to size: width and height, not questions",
      processCode: "DGT",
      codes: ["DGT Brust", "DGT nach Mass"],
      questions: ["Width", "Height", "Stoff", "Lage"],
    },
  ])("offers $description", ({ processCode, codes, questions }) => {
    const data = formOf({ choices: { processCode, stockCodes: ["KIDS-2"] } });
    expect(listOf(data, "codes")).toEqual([...codes, "KIDS-2"]);
    const quantity = headers(data).indexOf("Quantity");
    expect(headers(data).slice(quantity + 1, -1)).toEqual(questions);
    expect(data.title).toBe(`Order form (${processCode.toUpperCase()}) for Test Prints Ltd, made ${TODAY}`);
  });

  it("leaves out the garment columns when there is no stock, and the questions' when no code asks any", () => {
    const data = formOf({
      snapshot: formSnapshot({ stock: [], priceCodes: [priceCode("PLAIN", "DGT")] }),
    });
    expect(headers(data)).toEqual([...JOB_HEADERS, "Code", "Quantity", "Line comment"]);
    expect(data.tables.map((table) => table.title)).toEqual(["The columns", "Codes: the prints", "Delivery methods"]);
    expect(data.instructions.join(" ")).not.toMatch(/Garments|Variant/);
  });

  it("adds an item type column only where a code on the form is also an asset tag", () => {
    expect(columnOf(formOf(), "Item type")).toBeUndefined();
    const clash = formOf({ snapshot: formSnapshot({ assets: [asset("CAP-1")] }) });
    expect(headers(clash).slice(JOB_HEADERS.length, JOB_HEADERS.length + 2)).toEqual(["Code", "Item type"]);
    expect(columnOf(clash, "Item type")?.check).toEqual({ kind: "list", list: "itemTypes", isStrict: true });
    expect(listOf(clash, "itemTypes")).toEqual(["PriceCode", "Stock"]);
  });
});

describe("orderFormData: lists and checks", () => {
  it("offers lists from the snapshot: codes, colours, sizes, answers, delivery methods and countries", () => {
    const data = formOf();
    expect(listOf(data, "codes")).toEqual([
      "VNL Rücken-Name",
      "VNL Rücken-Nummer",
      "DGT Brust",
      "DGT nach Mass",
      "TRIKOT-7",
      "KIDS-2",
      "CAP-1",
    ]);
    expect(listOf(data, "colours")).toEqual(["CAP-1-OS", "Green", "Red"]);
    expect(listOf(data, "sizes")).toEqual(["S", "M", "L", "XL", "4", "6", "8", "OSFA"]);
    // Options by their text; two options written alike by their values.
    expect(listOf(data, "question:Foil colour")).toEqual(["White", "Black", "GOLD_1", "GOLD_2"]);
    expect(listOf(data, "question:Stoff")).toEqual(["Baumwolle"]);
    // A label two options share is their code's; the account's default country first.
    expect(listOf(data, "deliveryMethods")).toEqual(["CPSTD", "XPRS", "Pick-up"]);
    expect(listOf(data, "countries")).toEqual(["New Zealand", "Australia", "Fiji"]);
    expect(data.lists.filter((list) => list.key.startsWith("sizes:")).map((list) => [list.title, list.values])).toEqual(
      [
        ["Sizes of TRIKOT-7 Green", ["S", "M", "L", "XL"]],
        ["Sizes of TRIKOT-7 Red", ["S", "M", "L"]],
        ["Sizes of KIDS-2 Green", ["4", "6", "8"]],
        ["Sizes of CAP-1 CAP-1-OS", ["OSFA"]],
      ],
    );
    // No list that no cell offers (the item types, without a code that needs them).
    expect(listOf(data, "itemTypes")).toBeUndefined();
  });

  it.each([
    ["Country", { kind: "list", list: "countries", isStrict: true }],
    ["Delivery method", { kind: "list", list: "deliveryMethods", isStrict: true }],
    ["Due date", { kind: "date", from: TODAY }],
    ["Code", { kind: "list", list: "codes", isStrict: false }],
    ["Variant", { kind: "list", list: "colours", isStrict: false }],
    ["Size", { kind: "list", list: "sizes", isStrict: false }],
    ["Quantity", { kind: "whole", least: 1, most: undefined }],
    ["Width", { kind: "decimal", least: 1, most: 22 }],
    ["Height", { kind: "decimal", least: 1, most: 40 }],
    ["Foil colour", { kind: "list", list: "question:Foil colour", isStrict: true }],
    ["Name on back", { kind: "length", most: 12 }],
    ["Height of number", { kind: "whole", least: 15, most: 30 }],
    ["Lage", { kind: "decimal", least: 0.5, most: undefined }],
    ["Order number", undefined],
    ["Line comment", undefined],
  ])("checks %s", (header, check) => {
    expect(columnOf(formOf(), header)?.check).toEqual(check);
  });

  it("formats the postcode and phone as text and the due date as a date", () => {
    const data = formOf();
    expect(data.columns.filter((c) => c.format).map((c) => [c.header, c.format])).toEqual([
      ["Phone", "text"],
      ["Postal code", "text"],
      ["Due date", "date"],
    ]);
  });
});

describe("orderFormData: choices", () => {
  it("offers a style by its stock code in every colour, by a variant code in that colour only", () => {
    const data = formOf({ choices: { stockCodes: ["trikot-7-rot", "KIDS-2", "TRIKOT-7-GRN"] } });
    expect(listOf(data, "codes")?.slice(-2)).toEqual(["TRIKOT-7", "KIDS-2"]);
    expect(listOf(data, "colours")).toEqual(["Green", "Red"]);
    const garments = data.tables.find((table) => table.title === "Garments");
    expect(garments?.rows.map((row) => row[2])).toEqual([
      "Green (TRIKOT-7-GRN)",
      "Red (TRIKOT-7-ROT)",
      "Green (KIDS-2-GRN)",
    ]);
  });

  it("refuses an unknown process and unknown stock codes, each as an issue with what the account has", () => {
    const made = orderFormData({
      snapshot: formSnapshot(),
      today: TODAY,
      choices: { processCode: "HTV", stockCodes: ["TRIKOT7", "NOTHING-LIKE-IT", "KIDS-2"] },
    });
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.issues).toEqual([
      {
        code: "PROCESS_UNKNOWN",
        value: "HTV",
        known: [
          { code: "VNL", name: "Vinyl lettering" },
          { code: "DGT", name: "Digital prints" },
        ],
      },
      { code: "STOCK_UNKNOWN", value: "TRIKOT7", candidates: ["TRIKOT-7"] },
      { code: "STOCK_UNKNOWN", value: "NOTHING-LIKE-IT", candidates: [] },
    ]);
    expect(made.issues.map(describeChoiceIssue)).toEqual([
      'No price code of this account is of process "HTV"; ' +
        "the processes are VNL (Vinyl lettering), DGT (Digital prints).",
      '"TRIKOT7" is not a stock code or variant code of this account. Did you mean "TRIKOT-7"?',
      '"NOTHING-LIKE-IT" is not a stock code or variant code of this account.',
    ]);
  });
});

describe("orderFormData: instructions", () => {
  it("says what to fill in, row by row, and that the importer reads the form back as it is", () => {
    const text = formOf().instructions.join("\n");
    expect(text).toContain('Fill in the "Orders" sheet with one row per player for each thing they get.');
    expect(text).toContain("(its Code, Variant and Size)");
    expect(text).toContain("Pick-up needs no address");
    expect(text).toContain("Foil colour, Name on back, Number on back, Height of number, Stoff and Lage answer");
    expect(text).toContain("the importer reads it back as it is");
    expect(text).toContain("prices in NZD");
  });

  it("tables every column, every print with its fewest and questions, every colour and the delivery methods", () => {
    const data = formOf();
    const table = (title: string) => data.tables.find((t) => t.title === title);
    expect(table("The columns")?.rows.map((row) => row[0])).toEqual(headers(data));
    expect(table("The columns")?.rows[0]?.[2]).toBe("Once per order");
    expect(table("The columns")?.rows.at(-1)?.[2]).toBe("On every row");
    expect(table("Codes: the prints")?.rows).toEqual([
      ["VNL Rücken-Name", "VNL Rücken-Name transfer — Vinyl lettering", "1", "Foil colour*, Name on back*"],
      [
        "VNL Rücken-Nummer",
        "VNL Rücken-Nummer transfer — Vinyl lettering",
        "2",
        "Foil colour*, Number on back*, Height of number",
      ],
      ["DGT Brust", "DGT Brust transfer — Digital prints", "1", "Stoff, Lage"],
      ["DGT nach Mass", "DGT nach Mass transfer — Digital prints", "1", "Width*, Height*"],
    ]);
    expect(table("Garments")?.rows[0]).toEqual(["TRIKOT-7", "Club jersey", "Green (TRIKOT-7-GRN)", "S, M, L, XL"]);
    expect(table("Delivery methods")?.rows).toEqual([
      ["CPSTD", "Delivery"],
      ["XPRS", "Delivery"],
      ["Pick-up", "Collection: no delivery address needed"],
    ]);
  });

  it("is plain data, the same after crossing to a worker", () => {
    const data = formOf();
    expect(structuredClone(data)).toEqual(data);
  });

  it.each([
    [undefined, "Order form 2026-11-20.xlsx"],
    ["HTV", "Order form HTV 2026-11-20.xlsx"],
    ['A/B:"C"', "Order form A B C 2026-11-20.xlsx"],
  ])("names the file for process %s: %s", (process, name) => {
    expect(orderFormFileName(TODAY, process)).toBe(name);
  });
});
