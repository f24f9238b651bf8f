import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IssueCode } from "../../../src/core/issues";
import type { ImportEngine } from "../../../src/engine/import-engine";
import { checkFile, checkRows, startProxiedAccount, type ProxiedAccount } from "../../helpers/engine-session";
import { DTF, priceCodeRow } from "../../helpers/order-records";
import { samplePath } from "../../helpers/samples";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

/** A price-code line the demo account's catalogue accepts as it stands, with the blank columns these cases fill in. */
const base = (overrides: Record<string, string> = {}): Record<string, string> =>
  priceCodeRow({
    "Order No": "T-1",
    "Item type": "",
    Colour: "",
    "Print notes": "",
    "Thread colours": "",
    Width: "",
    Height: "",
    Size: "",
    "Must date": "",
    State: "",
    ...overrides,
  });

/** A youth jersey line in the wide layout: one column per size, each cell a quantity. */
const wideYouth = (sizes: Record<string, string>) =>
  base({ Code: "RJ100Y", Colour: "Black/Gold", Fabric: "", Qty: "", ...sizes });

interface SuggestionCase {
  readonly code: IssueCode;
  readonly name: string;
  readonly rows: readonly Record<string, string>[];
  /** The cell the issue is on. */
  readonly row: number;
  readonly column: string;
  /** The value offered for that cell; undefined when no value of that cell would fix it. */
  readonly suggestion: string | undefined;
}

const CASES: readonly SuggestionCase[] = [
  // Sizes: only the long layout's size cell holds a size. A wide layout's cell is a quantity.
  {
    code: "STOCK_SIZE_NORMALISED",
    name: "a youth size header (Y8) over a quantity, wide",
    rows: [wideYouth({ Y8: "6", Y10: "8" })],
    row: 2,
    column: "Y8",
    suggestion: undefined,
  },
  {
    code: "STOCK_SIZE_UNKNOWN",
    name: "an adult size header over a youth jersey's quantity, wide",
    rows: [wideYouth({ S: "3", M: "" })],
    row: 2,
    column: "S",
    suggestion: undefined,
  },
  {
    code: "STOCK_SIZE_NORMALISED",
    name: "XXL in the size cell, long",
    rows: [base({ Code: "AS5001", Colour: "Black", Fabric: "", Size: "XXL", Qty: "4" })],
    row: 2,
    column: "Size",
    suggestion: "2XL",
  },
  {
    code: "STOCK_SIZE_NORMALISED",
    name: "Y8 in the size cell, long",
    rows: [base({ Code: "RJ100Y", Colour: "Black/Gold", Fabric: "", Size: "Y8", Qty: "6" })],
    row: 2,
    column: "Size",
    suggestion: "8",
  },
  {
    code: "STOCK_SIZE_UNKNOWN",
    name: "a mistyped size in the size cell, long",
    rows: [base({ Code: "RJ100Y", Colour: "Black/Gold", Fabric: "", Size: "Y100", Qty: "6" })],
    row: 2,
    column: "Size",
    suggestion: "10",
  },
  // The rest of the rules that offer a value.
  {
    code: "PRICE_CODE_NORMALISED",
    name: "a price code with curly quotes",
    rows: [base({ Code: "dtf 4″ x 4″: FULL colour" })],
    row: 2,
    column: "Code",
    suggestion: DTF,
  },
  {
    code: "PRICE_CODE_UNKNOWN",
    name: "a typed price code without its quotes",
    rows: [base({ "Item type": "PriceCode", Code: "DTF 4x4 Full Colour" })],
    row: 2,
    column: "Code",
    suggestion: DTF,
  },
  {
    code: "CODE_UNKNOWN",
    name: "an asset tag with a digit missing",
    rows: [base({ Code: "A104201" })],
    row: 2,
    column: "Code",
    suggestion: "A1042001",
  },
  {
    code: "STOCK_CODE_UNKNOWN",
    name: "a stock code with a typo",
    rows: [base({ "Item type": "Stock", Code: "AS5091", Fabric: "" })],
    row: 2,
    column: "Code",
    suggestion: "AS5001",
  },
  {
    code: "STOCK_VARIANT_UNKNOWN",
    name: "a misspelt colour",
    rows: [
      base({ Code: "AS5001", Colour: "Blak", Fabric: "", Qty: "", Size: "M" }),
      base({ Code: "AS5001", Colour: "Black", Fabric: "", Qty: "2", Size: "S" }),
    ],
    row: 2,
    column: "Colour",
    suggestion: "Black",
  },
  {
    code: "ITEM_TYPE_MISMATCH",
    name: "a price code typed as an asset",
    rows: [base({ "Item type": "Asset" })],
    row: 2,
    column: "Item type",
    suggestion: "PriceCode",
  },
  {
    code: "QUANTITY_BELOW_MINIMUM",
    name: "fewer than the first band",
    rows: [base({ Qty: "5" })],
    row: 2,
    column: "Qty",
    suggestion: "10",
  },
  {
    code: "ATTRIBUTE_VALUE_CASE",
    name: "a select value in another case",
    rows: [base({ Fabric: "cotton/poly BLEND" })],
    row: 2,
    column: "Fabric",
    suggestion: "Cotton/Poly blend",
  },
  {
    code: "ATTRIBUTE_OUT_OF_RANGE",
    name: "too many thread colours",
    rows: [base({ Code: 'EMB 3" Round: Patch', Fabric: "", "Thread colours": "13", Backing: "Sew-on" })],
    row: 2,
    column: "Thread colours",
    suggestion: "12",
  },
  {
    code: "ATTRIBUTE_TRUNCATED",
    name: "print notes over 60 characters",
    rows: [base({ "Print notes": "Place 8cm below the collar, centred, and check the proof first!" })],
    row: 2,
    column: "Print notes",
    suggestion: "Place 8cm below the collar, centred, and check the proof fir",
  },
  {
    code: "DIMENSION_INVALID",
    name: "a custom size wider than the sheet",
    rows: [base({ Code: "DTF Gang Sheet: Custom Size", Qty: "2", Width: "30", Height: "40" })],
    row: 2,
    column: "Width",
    suggestion: "22",
  },
  {
    code: "JOB_VALUE_CONFLICT",
    name: "two cities for one order",
    rows: [base(), base({ City: "Hamilton", Code: 'DTF 10" x 10": Full Colour' })],
    row: 3,
    column: "City",
    suggestion: "Auckland",
  },
  {
    code: "DELIVERY_METHOD_UNKNOWN",
    name: "a misspelt delivery method",
    rows: [base({ Delivery: "Courrier" })],
    row: 2,
    column: "Delivery",
    suggestion: "Courier",
  },
  {
    code: "STATE_UNKNOWN",
    name: "a misspelt state",
    rows: [base({ Country: "Australia", State: "Tasmnia", Postcode: "7000" })],
    row: 2,
    column: "State",
    suggestion: "Tasmania",
  },
  {
    code: "DUE_DATE_AMBIGUOUS",
    name: "a day and month that could swap",
    rows: [base({ "Due date": "03/04/2027" })],
    row: 2,
    column: "Due date",
    suggestion: "2027-04-03",
  },
  // No single cell holds the combined quantity: writing it into one row would order more.
  {
    code: "DUPLICATE_DESIGN",
    name: "the same design on two lines",
    rows: [base({ Qty: "20" }), base({ Qty: "15" })],
    row: 2,
    column: "Qty",
    suggestion: undefined,
  },
];

const cellOf = (engine: ImportEngine, row: number, column: string) =>
  engine.rowsByNumber([row])[0]?.cells[engine.columns().headers.indexOf(column)];

describe("a suggestion is a value for the cell its issue names", () => {
  it.each(CASES.map((c) => [c.code, c.name, c] as const))("%s for %s", async (code, _name, rule) => {
    const engine = await checkRows(account, rule.rows);
    const issue = engine.issues().find((i) => i.code === code && i.rowNumber === rule.row && i.column === rule.column);
    expect(issue, `${code} not raised on row ${rule.row}, column ${rule.column}`).toBeDefined();
    expect(issue?.suggestion).toBe(rule.suggestion);

    const before = engine.rowsByNumber(rule.rows.map((_r, i) => i + 2)).map((r) => r.cells);
    const result = await engine.applySuggestion(rule.row, code, rule.column);
    const after = engine.rowsByNumber(rule.rows.map((_r, i) => i + 2)).map((r) => r.cells);
    if (rule.suggestion === undefined) {
      expect(result.changedCells).toBe(0);
      expect(after).toEqual(before);
      return;
    }
    // Only the named cell changed, to the suggestion, and that cell's issue is gone.
    expect(result.changedCells).toBe(1);
    expect(cellOf(engine, rule.row, rule.column)).toBe(rule.suggestion);
    const column = engine.columns().headers.indexOf(rule.column);
    for (const [r, cells] of after.entries()) {
      for (const [c, cell] of cells.entries())
        if (r + 2 !== rule.row || c !== column) expect(cell).toBe(before[r]?.[c]);
    }
    expect(
      engine.issues().filter((i) => i.code === code && i.rowNumber === rule.row && i.column === rule.column),
    ).toEqual([]);
  });

  it("keeps the wide layout's quantity when the youth size note is on screen", async () => {
    const { engine } = await checkFile(account, samplePath("team-orders-winter.xlsx"));
    const notes = engine.issues().filter((i) => i.rowNumber === 24);
    expect(notes.map((i) => [i.code, i.column, i.suggestion])).toEqual([
      ["STOCK_SIZE_NORMALISED", "Y8", undefined],
      ["STOCK_SIZE_NORMALISED", "Y10", undefined],
      ["STOCK_SIZE_NORMALISED", "Y12", undefined],
    ]);
    expect((await engine.applySuggestion(24, "STOCK_SIZE_NORMALISED", "Y8")).changedCells).toBe(0);
    expect((await engine.applySuggestionToAll(24, "STOCK_SIZE_NORMALISED", "Y8")).changedCells).toBe(0);
    expect(cellOf(engine, 24, "Y8")).toBe("6");
    const youth = engine.payloads().find((p) => p.orderNumber === "KTP-27003");
    expect(youth?.candidate.items?.[0]).toMatchObject({ code: "RJ100Y", sizeQuantities: { "8": 6, "10": 8, "12": 4 } });
  });
});
