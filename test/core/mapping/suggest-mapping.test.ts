import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import {
  assignColumn,
  assignField,
  columnForField,
  missingRequiredFields,
  sizeLayout,
  suggestMapping,
  type MappingTarget,
  type SheetMapping,
} from "../../../src/core/mapping";
import type { CellValue, SheetRow } from "../../../src/core/sheet-model";

const vocabulary = {
  attributes: [
    "Fabric",
    "VinylColour",
    "Vinyl colour",
    "InkColours",
    "Ink colours (Pantone)",
    "PlayerName",
    "Player name",
  ],
  sizes: ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4", "6", "8", "10", "12", "14", "OSFA", "Qty"],
};

const fieldOf = (mapping: SheetMapping, header: string): FieldId | undefined => {
  const target = mapping.columns.find((c) => c.header === header)?.target;
  return target?.kind === "field" ? target.field : undefined;
};
const targetOf = (mapping: SheetMapping, header: string): MappingTarget | null | undefined =>
  mapping.columns.find((c) => c.header === header)?.target;

describe("fields from header variants", () => {
  it.each([
    ["Order Number", "orderNumber", "label"],
    ["PO #", "orderNumber", "synonym"],
    ["Order No.", "orderNumber", "label"],
    ["  ORDER   no ", "orderNumber", "label"],
    ["Qty required", "quantity", "contains"],
    ["Bestellnummer", "orderNumber", "synonym"],
    ["Numéro de commande", "orderNumber", "synonym"],
    ["Customer PO Number", "orderNumber", "contains"],
    ["Qty", "quantity", "synonym"],
    ["QTY ", "quantity", "synonym"],
    ["Quantity", "quantity", "label"],
    ["Pcs", "quantity", "synonym"],
    ["Menge", "quantity", "synonym"],
    ["Stück", "quantity", "synonym"],
    ["Cantidad", "quantity", "synonym"],
    ["Quantité", "quantity", "synonym"],
    ["Quantiy", "quantity", "fuzzy"],
    ["Price Code", "code", "synonym"],
    ["SKU", "code", "synonym"],
    ["Asset Tag", "code", "synonym"],
    ["Post Code", "postalCode", "synonym"],
    ["ZIP", "postalCode", "synonym"],
    ["PLZ", "postalCode", "synonym"],
    ["Adress", "streetAddress", "fuzzy"],
    ["Ship Via", "deliveryMethod", "synonym"],
    ["E-mail", "email", "synonym"],
    ["In-hands date", "dueDate", "synonym"],
    ["Artwork link", "artworkUrl", "synonym"],
    ["Colour", "variant", "synonym"],
  ] as const)("%j → %s by %s", (header, field, reason) => {
    const mapping = suggestMapping([header], vocabulary);
    expect(mapping.columns[0]).toMatchObject({ target: { kind: "field", field }, reason });
    expect(mapping.columns[0]?.confidence).toBeGreaterThan(0.5);
  });

  it("scores exact names above contained words and fuzzy matches", () => {
    const mapping = suggestMapping(["Order Number", "Qty", "Customer PO Number", "Quantiy"]);
    const confidences = mapping.columns.map((c) => c.confidence);
    expect(confidences[0]).toBe(1);
    expect(confidences[1]).toBe(0.95);
    // The second column that would name a field already taken stays unmapped.
    expect(mapping.columns[2]?.target).toBeNull();
    expect(mapping.columns[3]?.target).toBeNull();
  });

  it("keeps unknown columns, odd names included, unmapped", () => {
    const mapping = suggestMapping(["__proto__", "constructor", "Internal notes 2", "", "toString"]);
    expect(mapping.columns.map((c) => [c.header, c.target])).toEqual([
      ["__proto__", null],
      ["constructor", null],
      ["Internal notes 2", null],
      ["", null],
      ["toString", null],
    ]);
  });

  it("reads a realistic team-order header row", () => {
    const headers = [
      "Order #",
      "Team",
      "Contact",
      "Club",
      "Street",
      "Suburb",
      "City",
      "Postcode",
      "Country",
      "Ship via",
      "Due",
      "Item type",
      "Code",
      "Colour",
      "Player name",
      "Number",
      "Vinyl colour",
      "Fabric",
      "S",
      "M",
      "L",
      "XL",
      "2XL",
      "Qty",
      "Artwork",
    ];
    const mapping = suggestMapping(headers, vocabulary);
    expect(headers.map((h) => fieldOf(mapping, h) ?? targetOf(mapping, h)?.kind ?? null)).toEqual([
      "orderNumber",
      "description",
      "contactName",
      "organisation",
      "streetAddress",
      "suburb",
      "city",
      "postalCode",
      "country",
      "deliveryMethod",
      "dueDate",
      "itemType",
      "code",
      "variant",
      "attribute",
      null,
      "attribute",
      "attribute",
      "size",
      "size",
      "size",
      "size",
      "size",
      "quantity",
      "artworkUrl",
    ]);
    expect(targetOf(mapping, "Vinyl colour")).toEqual({ kind: "attribute", attribute: "Vinyl colour" });
    expect(sizeLayout(mapping)).toBe("wide");
    expect(missingRequiredFields(mapping)).toEqual([]);
  });

  it.each(["Ship", "Shipping"])(
    "reads a column headed %s as the delivery method, and a ship date as the due date",
    (header) => {
      const mapping = suggestMapping(["Order", "Code", "Qty", header, "Ship date"], vocabulary);
      expect([fieldOf(mapping, header), fieldOf(mapping, "Ship date")]).toEqual(["deliveryMethod", "dueDate"]);
    },
  );
});

describe("size columns", () => {
  it.each([
    [
      ["S", "M", "L", "XL", "XXL"],
      ["S", "M", "L", "XL", "XXL"],
    ],
    [
      ["Youth 8", "Youth 10", "Youth 12"],
      ["Youth 8", "Youth 10", "Youth 12"],
    ],
    [
      ["8", "10", "12", "14"],
      ["8", "10", "12", "14"],
    ],
    [["One size", "Qty"], []],
  ])("%j are sizes: %j", (headers, sizes) => {
    const mapping = suggestMapping(["Order", "Code", ...headers], vocabulary);
    expect(mapping.columns.filter((c) => c.target?.kind === "size").map((c) => c.header)).toEqual(sizes);
  });

  it("does not read one lone size-like header as a wide layout", () => {
    const mapping = suggestMapping(["Order", "Code", "M", "Qty"], vocabulary);
    expect(targetOf(mapping, "M")).toBeNull();
    expect(sizeLayout(mapping)).toBe("none");
  });

  it("recognises the long layout: a size column beside a quantity", () => {
    const mapping = suggestMapping(["Order", "Code", "Size", "Qty"], vocabulary);
    expect(sizeLayout(mapping)).toBe("long");
  });

  it("lets wide size columns stand in for the quantity", () => {
    expect(missingRequiredFields(suggestMapping(["Order", "Code", "S", "M"]))).toEqual([]);
    expect(missingRequiredFields(suggestMapping(["Team", "Notes"]))).toEqual(["orderNumber", "code", "quantity"]);
  });
});

describe("attribute columns", () => {
  it("match the service's attribute names and labels, never fixed keys", () => {
    const mapping = suggestMapping(["Fabric", "ink colours pantone", "Player Name", "Vinyl Color"], vocabulary);
    expect(mapping.columns.slice(0, 3).map((c) => c.target)).toEqual([
      { kind: "attribute", attribute: "Fabric" },
      { kind: "attribute", attribute: "Ink colours (Pantone)" },
      { kind: "attribute", attribute: "Player name" },
    ]);
    // A near spelling matches the question's name or label, whichever the service returned first.
    expect(mapping.columns[3]?.target).toEqual({ kind: "attribute", attribute: "VinylColour" });
    expect(mapping.columns[3]?.reason).toBe("fuzzy");
    expect(suggestMapping(["Fabric"]).columns[0]?.target).toBeNull();
  });

  it("are found in a short header that ends with the attribute's name, before a field its first word names", () => {
    const mapping = suggestMapping(["PO #", "Garment fabric", "Fabric notes for the printer"], vocabulary);
    expect(mapping.columns[1]).toMatchObject({
      target: { kind: "attribute", attribute: "Fabric" },
      reason: "contains",
    });
    // In a longer header the word is a guess too far, as for fields.
    expect(mapping.columns[2]?.target).toBeNull();
  });
});

describe("changing a mapping by hand", () => {
  it("moves a field to another column and frees the old one", () => {
    const mapping = suggestMapping(["Order", "Club PO", "Qty"]);
    expect(columnForField(mapping, "orderNumber")?.header).toBe("Order");
    const changed = assignField(mapping, "orderNumber", 1);
    expect(columnForField(changed, "orderNumber")).toMatchObject({
      header: "Club PO",
      reason: "manual",
      confidence: 1,
    });
    expect(changed.columns[0]?.target).toBeNull();
    expect(columnForField(assignField(changed, "orderNumber", null), "orderNumber")).toBeUndefined();
  });

  it("points a column at a size or attribute", () => {
    const mapping = assignColumn(suggestMapping(["Order", "Code", "Extra"]), 2, {
      kind: "attribute",
      attribute: "Fabric",
    });
    expect(mapping.columns[2]).toMatchObject({ target: { kind: "attribute", attribute: "Fabric" }, reason: "manual" });
  });
});

describe("headers that qualify a field word rather than name the field", () => {
  it.each([
    ["Unit price", null],
    ["Unit est.", null],
    ["Unit cost", null],
    ["Item price", null],
    ["Order value", null],
    ["Style cost", null],
    ["Unit", "address2"],
    ["Unit no.", "address2"],
    ["Qty ordered", "quantity"],
    ["Order", "orderNumber"],
  ] as const)("%j → %s", (header, field) => {
    expect(fieldOf(suggestMapping([header]), header) ?? null).toBe(field);
  });

  it("maps a price-list sheet without sending a price as an address line", () => {
    const headers = [
      "Order No",
      "Asset Tag",
      "Description",
      "Qty",
      "Unit price",
      "Unit est.",
      "Street",
      "City",
      "Postcode",
    ];
    const mapping = suggestMapping(headers, vocabulary);
    expect(headers.map((h) => fieldOf(mapping, h) ?? null)).toEqual([
      "orderNumber",
      "code",
      null,
      "quantity",
      null,
      null,
      "streetAddress",
      "city",
      "postalCode",
    ]);
  });
});

describe("column values veto what a header alone would suggest", () => {
  const rows = (...columns: readonly (readonly CellValue[])[]): SheetRow[] => {
    const height = Math.max(...columns.map((c) => c.length));
    return Array.from({ length: height }, (_, i) => ({ rowNumber: i + 2, cells: columns.map((c) => c[i] ?? null) }));
  };

  it.each<[string, string, readonly CellValue[], FieldId | "size" | null]>([
    ["a text field never takes a column of numbers", "Unit", [2.1, "3.50", "$1,250.00"], null],
    ["not even by its label", "Address line 2", ["2.1", 14], null],
    ["a street of numbers", "Street", [12, 14], null],
    ["a contact of numbers", "Contact", [1234, "5,678"], null],
    ["a text field keeps text", "Unit", ["Unit 3", "Level 2"], "address2"],
    ["a text field keeps text with numbers in it", "Address 2", ["3", "Unit 4B"], "address2"],
    ["blanks say nothing", "Address 2", [null, ""], "address2"],
    ["a quantity never takes a column of words", "Qty", ["TBC", "n/a"], null],
    ["a width never takes dates", "Width", [new Date("2027-02-01T00:00:00Z")], null],
    ["a quantity keeps numbers", "Qty", [12, "1,000"], "quantity"],
    ["a quantity keeps a column with a number among words", "Qty", ["TBC", "12"], "quantity"],
    ["a width written with its unit is still a width", "Width", ["22in", "10 in"], "width"],
    ["fields that may be numbers take them", "Postcode", ["0612", 6012], "postalCode"],
    ["an order number may be a number", "Order No", [1001, 1002], "orderNumber"],
  ])("%s: %j holding %j → %s", (_name, header, values, expected) => {
    const mapping = suggestMapping(["Order", "Code", header], vocabulary, rows(["A-1"], ["X"], values));
    const target = mapping.columns[2]?.target ?? null;
    expect(target === null ? null : target.kind === "field" ? target.field : target.kind).toBe(expected);
  });

  it("refuses wide size columns of words and keeps those of quantities", () => {
    const mapping = suggestMapping(
      ["Order", "Code", "S", "M", "L"],
      vocabulary,
      rows(["A-1"], ["X"], ["Small"], [3], [null]),
    );
    expect(mapping.columns.map((c) => c.target?.kind ?? null)).toEqual(["field", "field", null, "size", "size"]);
  });

  it("gives a refused field to the column whose values fit it", () => {
    const mapping = suggestMapping(
      ["Order", "Code", "Unit", "Unit no."],
      vocabulary,
      rows(["A-1"], ["X"], [2.1, 3.5], ["3", "4B"]),
    );
    expect(fieldOf(mapping, "Unit")).toBeUndefined();
    expect(fieldOf(mapping, "Unit no.")).toBe("address2");
  });

  it("maps a sheet whose values fit its headers as the headers alone would", () => {
    for (const [headers, sample] of [
      [
        ["Order #", "Team", "Contact", "Club", "Street", "Postcode", "Code", "Colour", "S", "M", "Y8", "Qty"],
        [
          [
            "KTP-1",
            "Karori",
            "Hana Moore",
            "Karori FC",
            "10 Donald Street",
            "6012",
            "RJ100",
            "Navy/White",
            2,
            4,
            null,
            null,
          ],
          ["KTP-1", null, null, null, null, null, "A1042014", null, null, null, null, 25],
        ],
      ],
    ] as const) {
      const sampleRows = sample.map((cells, i) => ({ rowNumber: i + 5, cells: [...cells] }));
      // The values fit: the same targets and confidences, with what the values are said beside them.
      const withoutWords = (mapping: SheetMapping) => mapping.columns.map(({ evidence: _said, ...column }) => column);
      expect(withoutWords(suggestMapping(headers, vocabulary, sampleRows))).toEqual(
        withoutWords(suggestMapping(headers, vocabulary)),
      );
    }
  });
});

describe("a header of any length", () => {
  it("is matched by its start, in time that does not grow with its length", () => {
    const long = `Qty ${"x".repeat(1_000_000)}`;
    const mapping = suggestMapping(["Order No", long, "Code"]);
    expect(mapping.columns.map((c) => c.target)).toEqual([
      { kind: "field", field: "orderNumber" },
      { kind: "field", field: "quantity" },
      { kind: "field", field: "code" },
    ]);
  });
});
