import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IssueCode } from "../../../src/core/issues";
import type { ImportEngine } from "../../../src/engine/import-engine";
import { checkRows, startProxiedAccount, type ProxiedAccount } from "../../helpers/engine-session";
import { DTF, priceCodeRow } from "../../helpers/order-records";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

/** A cut vinyl transfer: it asks a vinyl colour. */
const HTV = 'HTV 3" x 3": Single Colour';

/** A line of order W-1 on the demo account with the columns these cases fill in. */
const base = (overrides: Record<string, string> = {}): Record<string, string> =>
  priceCodeRow({ "Order No": "W-1", Colour: "", Size: "", State: "", ...overrides });

/** A stocked garment's line in the long layout: one size cell beside the quantity. */
const garment = (code: string, colour: string, size: string, overrides: Record<string, string> = {}) =>
  base({ Code: code, Colour: colour, Fabric: "", Size: size, Qty: "4", ...overrides });

const errorsOn = (engine: ImportEngine, row: number) =>
  engine.issues("error").filter((issue) => issue.rowNumber === row || issue.rowNumber === null);

/** The order has nothing left to fix, and the vendor's dry run accepts it. */
async function expectResolved(engine: ImportEngine): Promise<void> {
  expect(errorsOn(engine, 2).map((i) => i.message)).toEqual([]);
  expect((await engine.validate()).jobs).toMatchObject({ total: 1, valid: 1 });
}

interface FixCase {
  readonly name: string;
  readonly row: Record<string, string>;
  readonly code: IssueCode;
  readonly column: string;
  readonly suggestion: string;
}

/** An error whose answer can be worked out: its suggestion, once applied, leaves a line the vendor takes. */
const SUGGESTED: readonly FixCase[] = [
  {
    name: "a youth letter size on a jersey sized by age",
    row: garment("RJ100Y", "Black/Gold", "YM"),
    code: "STOCK_SIZE_UNKNOWN",
    column: "Size",
    suggestion: "10",
  },
  {
    name: "a youth size on the adult jersey, its colour by name",
    row: garment("RJ100", "Black/Gold", "Y10"),
    code: "STOCK_SIZE_IS_YOUTH",
    column: "Code",
    suggestion: "RJ100Y",
  },
  {
    name: "a youth size on the adult jersey named by its variant code",
    row: garment("RJ100-NVY-WHT", "", "Age 12"),
    code: "STOCK_SIZE_IS_YOUTH",
    column: "Code",
    suggestion: "RJ100Y-NVY-WHT",
  },
  {
    name: "a youth size on the adult jersey, its colour by the adult variant code",
    row: garment("RJ100", "RJ100-NVY-WHT", "12 yrs"),
    code: "STOCK_SIZE_IS_YOUTH",
    column: "Code",
    suggestion: "RJ100Y",
  },
  {
    name: "a country misspelt",
    row: base({ Country: "Nu Zealand" }),
    code: "COUNTRY_UNKNOWN",
    column: "Country",
    suggestion: "New Zealand",
  },
  {
    name: "a state misspelt",
    row: base({ Country: "Australia", State: "Queensand", City: "Brisbane", Postcode: "4000" }),
    code: "STATE_UNKNOWN",
    column: "State",
    suggestion: "Queensland",
  },
  {
    name: "a delivery option's label among other words",
    row: base({ Delivery: "standard courier" }),
    code: "DELIVERY_METHOD_UNKNOWN",
    column: "Delivery",
    suggestion: "Courier",
  },
  {
    name: "a price code without its quotes and colon, typed",
    row: base({ "Item type": "PriceCode", Code: "dtf 4 x 4 full colour" }),
    code: "PRICE_CODE_UNKNOWN",
    column: "Code",
    suggestion: DTF,
  },
  {
    name: "a price code without its quotes and colon, untyped",
    row: base({ Code: "DTF 4x4 Full Color" }),
    code: "CODE_UNKNOWN",
    column: "Code",
    suggestion: DTF,
  },
  {
    name: "a colour in German the tee comes in only as a kind of it",
    row: garment("AS5001", "Grau", "M"),
    code: "STOCK_VARIANT_UNKNOWN",
    column: "Colour",
    suggestion: "Grey Marle",
  },
  {
    name: "a jersey's two colours in German, the other way round",
    row: garment("RJ100", "Gold/Schwarz", "M"),
    code: "STOCK_VARIANT_UNKNOWN",
    column: "Colour",
    suggestion: "Black/Gold",
  },
  {
    name: "a vinyl colour in German naming part of an option",
    row: base({ Code: HTV, "Vinyl colour": "Blau", Fabric: "" }),
    code: "ATTRIBUTE_VALUE_INVALID",
    column: "Vinyl colour",
    suggestion: "Royal Blue",
  },
  {
    name: "a fabric in German naming part of an option",
    row: base({ Fabric: "Mischgewebe" }),
    code: "ATTRIBUTE_VALUE_INVALID",
    column: "Fabric",
    suggestion: "Cotton/Poly blend",
  },
];

describe("errors whose answer can be worked out are offered it, and it resolves the line", () => {
  it.each(SUGGESTED.map((c) => [c.name, c] as const))("%s", async (_name, fix) => {
    const engine = await checkRows(account, [fix.row]);
    const issue = engine.issues().find((i) => i.code === fix.code && i.rowNumber === 2);
    expect(issue).toMatchObject({ column: fix.column, suggestion: fix.suggestion, severity: "error" });
    expect((await engine.applySuggestion(2, fix.code, fix.column)).changedCells).toBe(1);
    await expectResolved(engine);
  });

  it("takes the youth version's colour from the adult variant code left in the colour cell, and says so", async () => {
    const engine = await checkRows(account, [garment("RJ100", "RJ100-NVY-WHT", "12 yrs")]);
    await engine.applySuggestion(2, "STOCK_SIZE_IS_YOUTH", "Code");
    expect(engine.issues().map((i) => [i.code, i.column, i.suggestion])).toContainEqual([
      "STOCK_VARIANT_OTHER_ITEM",
      "Colour",
      "RJ100Y-NVY-WHT",
    ]);
    expect(engine.payloads()[0]?.candidate.items?.[0]).toMatchObject({
      code: "RJ100Y",
      variantCode: "RJ100Y-NVY-WHT",
      sizeQuantities: { "12": 4 },
    });
  });

  it("offers the youth version for a wide layout's youth size columns, and keeps their quantities", async () => {
    const engine = await checkRows(account, [
      base({ Code: "RJ100", Colour: "Black/Gold", Fabric: "", Qty: "", Y8: "3", "Youth 10": "5" }),
    ]);
    expect(engine.issues().find((i) => i.code === "STOCK_SIZE_IS_YOUTH")).toMatchObject({
      rowNumber: 2,
      column: "Code",
      suggestion: "RJ100Y",
    });
    expect(engine.issues().map((i) => i.code)).not.toContain("STOCK_SIZE_UNKNOWN");
    await engine.applySuggestion(2, "STOCK_SIZE_IS_YOUTH", "Code");
    await expectResolved(engine);
    expect(engine.payloads()[0]?.candidate.items?.[0]).toMatchObject({ sizeQuantities: { "8": 3, "10": 5 } });
  });

  it("offers nothing for the code when a row mixes adult and youth sizes, and says why on the youth size", async () => {
    const engine = await checkRows(account, [
      base({ Code: "RJ100", Colour: "Black/Gold", Fabric: "", Qty: "", M: "2", Y10: "5" }),
    ]);
    expect(engine.issues().map((i) => i.code)).not.toContain("STOCK_SIZE_IS_YOUTH");
    const unknown = engine.issues().find((i) => i.code === "STOCK_SIZE_UNKNOWN");
    expect(unknown).toMatchObject({ rowNumber: 2, column: "Y10" });
    expect(unknown?.message).toContain("RJ100Y");
  });
});

/** Values written another way that can only mean one thing: read, with a note, and the line resolves as it is. */
const READ: readonly (readonly [string, Record<string, string>, IssueCode | undefined])[] = [
  ["a youth size written as years", garment("RJ100Y", "Black/Gold", "10 yrs"), "STOCK_SIZE_NORMALISED"],
  ["a youth size written as Kids 8", garment("RJ100Y", "Navy/White", "Kids 8"), "STOCK_SIZE_NORMALISED"],
  ["a colour in German", garment("AS5001", "Schwarz", "M"), "STOCK_VARIANT_NORMALISED"],
  ["a colour in Dutch", garment("AS5101", "Flessengroen", "L"), "STOCK_VARIANT_NORMALISED"],
  ["a jersey's two colours in German", garment("RJ100", "Schwarz/Gold", "L"), "STOCK_VARIANT_NORMALISED"],
  ["a jersey's two colours in French", garment("RJ100", "Bleu marine et blanc", "L"), "STOCK_VARIANT_NORMALISED"],
  [
    "a cap's two colours, navy written navy blue",
    garment("CP1140", "navy blue / white", "OSFA"),
    "STOCK_VARIANT_NORMALISED",
  ],
  ["a vinyl colour in French", base({ Code: HTV, "Vinyl colour": "Blanc", Fabric: "" }), "ATTRIBUTE_VALUE_NORMALISED"],
  [
    "a vinyl colour in Italian",
    base({ Code: HTV, "Vinyl colour": "Argento", Fabric: "" }),
    "ATTRIBUTE_VALUE_NORMALISED",
  ],
  ["a fabric in Spanish", base({ Fabric: "Algodón" }), "ATTRIBUTE_VALUE_NORMALISED"],
  ["a fabric in Dutch", base({ Fabric: "Katoen" }), "ATTRIBUTE_VALUE_NORMALISED"],
  ["a country in French", base({ Country: "Nouvelle-Zélande" }), "COUNTRY_NORMALISED"],
  ["a country in Spanish", base({ Country: "Nueva Zelanda" }), "COUNTRY_NORMALISED"],
  ["a country in Dutch", base({ Country: "Nieuw-Zeeland" }), "COUNTRY_NORMALISED"],
  ["a state with dots", base({ Country: "AU", State: "N.S.W.", City: "Sydney", Postcode: "2000" }), "STATE_NORMALISED"],
  [
    "a delivery option in other spacing",
    base({ Delivery: "pick up", Street: "", City: "" }),
    "DELIVERY_METHOD_NORMALISED",
  ],
  ["a delivery option's short form written out", base({ Delivery: "OVERNIGHT" }), "DELIVERY_METHOD_NORMALISED"],
  ["a date with a German month", base({ "Due date": "3. März 2027" }), undefined],
  ["a date with a French month", base({ "Due date": "3 avril 2027" }), undefined],
  ["a date with a Spanish month", base({ "Due date": "3 de abril de 2027" }), undefined],
  ["a date with dots", base({ "Due date": "15.3.2027" }), undefined],
  ["a date day and month could swap", base({ "Due date": "03/04/27" }), "DUE_DATE_AMBIGUOUS"],
  ["an Excel serial date", base({ "Due date": "46480" }), undefined],
];

describe("values written another way are read, with a note saying how", () => {
  it.each(READ)("%s", async (_name, row, note) => {
    const engine = await checkRows(account, [row]);
    const found = engine.issues().find((i) => i.code === note);
    if (note) expect(found?.rowNumber, `${note} not raised`).toBe(2);
    expect(found?.severity).not.toBe("error");
    await expectResolved(engine);
  });

  it("says how a date that could be read two ways was read, and offers it written so it cannot", async () => {
    const engine = await checkRows(account, [base({ "Due date": "03/04/27" })]);
    const note = engine.issues().find((i) => i.code === "DUE_DATE_AMBIGUOUS");
    expect(note).toMatchObject({ rowNumber: 2, column: "Due date", suggestion: "2027-04-03" });
    expect(note?.message).toContain("3 April 2027");
    await engine.applySuggestion(2, "DUE_DATE_AMBIGUOUS", "Due date");
    expect(engine.issues()).toEqual([]);
    expect(engine.payloads()[0]?.candidate.dateDue).toBe("2027-04-03");
  });

  it("reads a colour in German as the garment's, says so, and its suggestion writes the garment's own", async () => {
    const engine = await checkRows(account, [garment("AS5001", "Schwarz", "M")]);
    const note = engine.issues().find((i) => i.code === "STOCK_VARIANT_NORMALISED");
    expect(note).toMatchObject({ rowNumber: 2, column: "Colour", suggestion: "Black", severity: "info" });
    expect(note?.message).toContain('"Schwarz" is read as Black.');
    expect(engine.payloads()[0]?.candidate.items?.[0]).toMatchObject({ variantCode: "AS5001-BLK" });
    expect((await engine.applySuggestion(2, "STOCK_VARIANT_NORMALISED", "Colour")).changedCells).toBe(1);
    expect(engine.rowsByNumber([2])[0]?.cells).toContain("Black");
    expect(engine.issues()).toEqual([]);
    await expectResolved(engine);
  });

  it("offers a vinyl colour in French its option, and the option once applied is sent", async () => {
    const engine = await checkRows(account, [base({ Code: HTV, "Vinyl colour": "Blanc", Fabric: "" })]);
    const note = engine.issues().find((i) => i.code === "ATTRIBUTE_VALUE_NORMALISED");
    expect(note).toMatchObject({ rowNumber: 2, column: "Vinyl colour", suggestion: "White", severity: "info" });
    expect(note?.message).toContain('"Blanc" is read as the option White for Vinyl colour.');
    await engine.applySuggestion(2, "ATTRIBUTE_VALUE_NORMALISED", "Vinyl colour");
    expect(engine.issues()).toEqual([]);
    expect(engine.payloads()[0]?.candidate.items?.[0]?.attributes).toMatchObject({ VinylColour: "WHITE" });
  });

  it("never offers Black for a colour in French that the garment does not come in, and says what it read", async () => {
    const engine = await checkRows(account, [garment("AS5101", "Blanc", "M")]);
    const unknown = engine.issues().find((i) => i.code === "STOCK_VARIANT_UNKNOWN");
    expect(unknown).toMatchObject({ rowNumber: 2, column: "Colour" });
    expect(unknown?.suggestion).toBeUndefined();
    expect(unknown?.message).toContain('"Blanc" is read as White: AS5101 does not come in it');
  });
});
