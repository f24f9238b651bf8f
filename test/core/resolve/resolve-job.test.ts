import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import { groupOf } from "../../../src/core/group";
import type { OrderRow } from "../../../src/core/order-rows";
import {
  processCodesOf,
  processSetKey,
  promoKey,
  resolveJob,
  resolveRow,
  type LiveFacts,
  type ResolvedJob,
} from "../../../src/core/resolve";
import { contextWith, DTF, placed, transferRow } from "./resolve-fixtures";

const EARLIEST = "2027-02-01";
/** The vendor's earliest ship date for transfers, and one promo code it accepts and one it does not. */
const FACTS: Partial<LiveFacts> = {
  shipDates: new Map([
    [processSetKey(["DTF"]), EARLIEST],
    [processSetKey(["DTF", "SCR"]), EARLIEST],
  ]),
  promos: new Map([
    [promoKey("DEAL", ["DTF"]), { isValid: true, promoCode: "DEAL", discount: 5, isFixed: false, message: "" }],
    [promoKey("DEAL", ["DTF", "SCR"]), { isValid: true, promoCode: "DEAL", discount: 5, isFixed: false, message: "" }],
    [promoKey("OLD", ["DTF"]), { isValid: false, promoCode: "OLD", discount: 0, isFixed: false, message: "expired" }],
  ]),
};

/** The job values of an order that needs nothing fixing. */
const ADDRESSED: Partial<Record<FieldId, string>> = {
  deliveryMethod: "Courier",
  streetAddress: "1 Queen Street",
  city: "Auckland",
  postalCode: "1010",
  dueDate: "2027-03-01",
};

/** A screen-print line: another design than the first row's transfer. */
const SCREEN: Partial<Record<FieldId, string>> = { code: "SCR A4", quantity: "2" };

/** An order's rows: transfer lines on rows 2, 3…, the first carrying the job values. */
function orderOf(
  jobValues: Partial<Record<FieldId, string>>,
  ...lines: Partial<Record<FieldId, string>>[]
): OrderRow[] {
  return (lines.length > 0 ? lines : [{}]).map((line, i) =>
    transferRow(i + 2, i === 0 ? { ...jobValues, ...line } : line),
  );
}

function resolveOrder(rows: readonly OrderRow[], facts: Partial<LiveFacts> = FACTS): ResolvedJob {
  const context = contextWith(facts);
  return resolveJob(
    groupOf("E-1", rows, context.columnOf),
    rows.map((row) => resolveRow(row, context)),
    context,
  );
}

interface JobCase {
  readonly name: string;
  readonly rows: readonly OrderRow[];
  readonly facts?: Partial<LiveFacts>;
  /** Every issue about the job, as code, row (null: the whole job) and column. */
  readonly issues: readonly (readonly [string, number | null, string | undefined])[];
  readonly expected?: Partial<ResolvedJob>;
}

const CASES: readonly JobCase[] = [
  {
    name: "an order that needs nothing fixing",
    rows: orderOf(ADDRESSED),
    issues: [],
    expected: { hasErrors: false, dateDue: "2027-03-01", deliveryMethod: "CPSTD", processCodes: ["DTF"], needs: [] },
  },
  {
    name: "two cities on one order",
    rows: orderOf(ADDRESSED, {}, { ...SCREEN, city: "Hamilton" }),
    issues: [["JOB_VALUE_CONFLICT", 3, "City"]],
  },
  {
    name: "no delivery method",
    rows: orderOf({ ...ADDRESSED, deliveryMethod: undefined }),
    issues: [["DELIVERY_METHOD_MISSING", 2, "Delivery"]],
    expected: { deliveryMethod: undefined, payload: undefined },
  },
  {
    name: "a delivery method that is not an option",
    rows: orderOf({ ...ADDRESSED, deliveryMethod: "Courrier" }),
    issues: [["DELIVERY_METHOD_UNKNOWN", 2, "Delivery"]],
  },
  {
    name: "a collection without an address",
    rows: orderOf({ deliveryMethod: "Pick-up", dueDate: "2027-03-01" }),
    issues: [],
    expected: { deliveryMethod: "PICKUP" },
  },
  {
    name: "a courier delivery without a street",
    rows: orderOf({ ...ADDRESSED, streetAddress: undefined }),
    issues: [["ADDRESS_INCOMPLETE", 2, "Street"]],
  },
  {
    name: "a country that is not one",
    rows: orderOf({ ...ADDRESSED, country: "Narnia" }),
    issues: [["COUNTRY_UNKNOWN", 2, "Country"]],
  },
  {
    name: "an Australian address without a state",
    rows: orderOf({ ...ADDRESSED, country: "AU" }),
    issues: [["STATE_MISSING", 2, "State"]],
  },
  {
    name: "a misspelt state",
    rows: orderOf({ ...ADDRESSED, country: "AU", state: "Tasmnia" }),
    issues: [["STATE_UNKNOWN", 2, "State"]],
  },
  { name: "a state by its abbreviation", rows: orderOf({ ...ADDRESSED, country: "AU", state: "tas" }), issues: [] },
  {
    name: "a state's abbreviation with dots",
    rows: orderOf({ ...ADDRESSED, country: "AU", state: "T.A.S." }),
    issues: [["STATE_NORMALISED", 2, "State"]],
    expected: { hasErrors: false },
  },
  {
    name: "a country in another language",
    rows: orderOf({ ...ADDRESSED, country: "Neuseeland" }),
    issues: [["COUNTRY_NORMALISED", 2, "Country"]],
    expected: { hasErrors: false },
  },
  {
    name: "a country in another language, and a state misspelt",
    rows: orderOf({ ...ADDRESSED, country: "Australie", state: "Victora" }),
    issues: [
      ["COUNTRY_NORMALISED", 2, "Country"],
      ["STATE_UNKNOWN", 2, "State"],
    ],
  },
  {
    name: "a country misspelt",
    rows: orderOf({ ...ADDRESSED, country: "Austrlia" }),
    issues: [["COUNTRY_UNKNOWN", 2, "Country"]],
  },
  {
    name: "a delivery option in other spacing",
    rows: orderOf({ deliveryMethod: "PICK UP", dueDate: "2027-03-01" }),
    issues: [["DELIVERY_METHOD_NORMALISED", 2, "Delivery"]],
    expected: { deliveryMethod: "PICKUP", hasErrors: false },
  },
  {
    name: "a delivery option's label among other words",
    rows: orderOf({ ...ADDRESSED, deliveryMethod: "standard courier" }),
    issues: [["DELIVERY_METHOD_UNKNOWN", 2, "Delivery"]],
    expected: { deliveryMethod: undefined },
  },
  {
    name: "a due date with a French month",
    rows: orderOf({ ...ADDRESSED, dueDate: "3 avril 2027" }),
    issues: [],
    expected: { dateDue: "2027-04-03" },
  },
  {
    name: "artwork on one transfer only",
    rows: orderOf(ADDRESSED, { artworkUrl: "https://a.example/1.png" }, SCREEN),
    issues: [["ARTWORK_URL_MISSING", 3, "Artwork URL"]],
  },
  {
    name: "one reference on two lines",
    rows: orderOf(ADDRESSED, { customerReference: "R1" }, { ...SCREEN, customerReference: "R1" }),
    issues: [["CUSTOMER_REFERENCE_DUPLICATE", 3, "Reference"]],
  },
  {
    name: "the same design on two lines",
    rows: orderOf(ADDRESSED, {}, { quantity: "35" }),
    issues: [
      ["DUPLICATE_DESIGN", 2, "Qty"],
      ["DUPLICATE_DESIGN", 3, "Qty"],
    ],
  },
  {
    name: "a due date that is not a date",
    rows: orderOf({ ...ADDRESSED, dueDate: "next Tuesday" }),
    issues: [["DUE_DATE_INVALID", 2, "Due date"]],
    expected: { dateDue: undefined },
  },
  {
    name: "a day and month that could swap",
    rows: orderOf({ ...ADDRESSED, dueDate: "03/04/2027" }),
    issues: [["DUE_DATE_AMBIGUOUS", 2, "Due date"]],
    expected: { dateDue: "2027-04-03" },
  },
  {
    name: "no due date",
    rows: orderOf({ ...ADDRESSED, dueDate: undefined }),
    issues: [["DUE_DATE_MISSING", 2, "Due date"]],
    expected: { dateDue: EARLIEST },
  },
  {
    name: "a due date before the earliest ship date",
    rows: orderOf({ ...ADDRESSED, dueDate: "2027-01-05" }),
    issues: [["DUE_DATE_TOO_EARLY", 2, "Due date"]],
    expected: { dateDue: EARLIEST },
  },
  {
    name: "a must-date the factory cannot meet",
    rows: orderOf({ ...ADDRESSED, dueDate: "2027-01-05", mustDate: "Y" }),
    issues: [["MUST_DATE_TOO_EARLY", 2, "Due date"]],
    expected: { dateDue: "2027-01-05", payload: undefined },
  },
  {
    name: "no ship date for the job's processes",
    rows: orderOf(ADDRESSED),
    facts: { ...FACTS, shipDates: new Map([["DTF", null]]) },
    issues: [["NO_SHIP_DATE", null, undefined]],
  },
  { name: "a promo code the vendor accepts", rows: orderOf({ ...ADDRESSED, promoCode: "deal" }), issues: [] },
  {
    name: "an expired promo code",
    rows: orderOf({ ...ADDRESSED, promoCode: "OLD" }),
    issues: [["PROMO_CODE_INVALID", 2, "Promo"]],
  },
  {
    name: "a line with an error of its own",
    rows: orderOf(ADDRESSED, { quantity: "5" }),
    issues: [],
    expected: { hasErrors: true, payload: undefined },
  },
];

describe("resolveJob", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const job = resolveOrder(c.rows, c.facts);
    expect(job.issues.map(placed)).toEqual(c.issues);
    expect(job.rowNumbers).toEqual(c.rows.map((row) => row.rowNumber));
    if (c.expected) expect(job).toMatchObject(c.expected);
  });

  it("builds the request in the spec's shape, each line mapped to its row", () => {
    const job = resolveOrder(orderOf({ ...ADDRESSED, promoCode: "DEAL", mustDate: "yes" }, {}, SCREEN));
    expect(job.payload?.lineRows).toEqual([2, 3]);
    expect(job.payload?.candidate).toMatchObject({
      orderNumber: "E-1",
      dateDue: "2027-03-01",
      mustDate: true,
      promocode: "DEAL",
      validateOnly: false,
      deliveryAddress: {
        streetAddress: "1 Queen Street",
        city: "Auckland",
        postalCode: "1010",
        countryCodeISO2: "NZ",
        country: "New Zealand",
        deliveryMethod: "CPSTD",
        state: null,
      },
      items: [
        { itemType: "PriceCode", code: DTF, quantity: 20 },
        { itemType: "PriceCode", code: "SCR A4", quantity: 2 },
      ],
    });
    expect(job.estimate).toBe(20 * 1.5 + 5 + 2 * 3 + 5);
  });

  it.each([3, 16, 17, 40])(
    "flags a repeated reference and a repeated design in an order of %i lines, and nothing else",
    (count) => {
      const lines: Partial<Record<FieldId, string>>[] = Array.from({ length: count }, (_, i) => ({
        customerReference: `R${i}`,
        artworkUrl: `https://a.example/${i}.png`,
      }));
      // The last line repeats the first's reference; the one before it the first's design.
      lines[count - 1] = { ...lines[count - 1], customerReference: "R0" };
      lines[count - 2] = { ...lines[count - 2], artworkUrl: "https://a.example/0.png" };
      const job = resolveOrder(orderOf(ADDRESSED, ...lines));
      const lastRow = count + 1;
      expect(job.issues.map(placed)).toEqual([
        ["CUSTOMER_REFERENCE_DUPLICATE", lastRow, "Reference"],
        ["DUPLICATE_DESIGN", 2, "Qty"],
        ["DUPLICATE_DESIGN", lastRow - 1, "Qty"],
      ]);
    },
  );

  it("asks for the facts it lacks before it builds a request", () => {
    const job = resolveOrder(orderOf({ ...ADDRESSED, promoCode: "NEW" }), {});
    expect(job.needs).toEqual([
      { kind: "shipDate", key: "DTF", processCodes: ["DTF"] },
      { kind: "promo", key: promoKey("NEW", ["DTF"]), code: "NEW", processCodes: ["DTF"] },
    ]);
    expect(job.payload).toBeUndefined();
  });

  it.each([
    ["a country in another language", { country: "Nouvelle-Zélande" }, "COUNTRY_NORMALISED", "New Zealand"],
    ["a country misspelt", { country: "Austrlia" }, "COUNTRY_UNKNOWN", "Australia"],
    ["a state with dots", { country: "AU", state: "V.I.C." }, "STATE_NORMALISED", "Victoria"],
    ["a state misspelt", { country: "AU", state: "Victora" }, "STATE_UNKNOWN", "Victoria"],
    ["a delivery option in other spacing", { deliveryMethod: "Pick Up" }, "DELIVERY_METHOD_NORMALISED", "Pick-up"],
    [
      "a delivery option among other words",
      { deliveryMethod: "Courier, please" },
      "DELIVERY_METHOD_UNKNOWN",
      "Courier",
    ],
  ] as const)("offers the lookup's own words for %s", (_name, values, code, suggestion) => {
    const job = resolveOrder(orderOf({ ...ADDRESSED, ...values }));
    expect(job.issues.find((issue) => issue.code === code)?.suggestion).toBe(suggestion);
  });

  it("sends the lookup's country and state for those written another way", () => {
    const job = resolveOrder(orderOf({ ...ADDRESSED, country: "Australien", state: "t.a.s" }));
    expect(job.payload?.candidate.deliveryAddress).toMatchObject({
      countryCodeISO2: "AU",
      country: "Australia",
      state: "Tasmania",
    });
  });

  it("sends the state by its name once it is recognised", () => {
    const job = resolveOrder(orderOf({ ...ADDRESSED, country: "AU", state: "vic" }));
    expect(job.payload?.candidate.deliveryAddress).toMatchObject({ state: "Victoria", countryCodeISO2: "AU" });
  });
});

describe("a job's processes", () => {
  // Codes of a few letters, some repeated, some blank (a line with no process), in any order.
  const codes = fc.array(fc.constantFrom("", "DTF", "SCR", "HTV", "DTF-W", "dtf", "Ä", "A"), { maxLength: 8 });

  it("are the distinct codes of its lines, sorted", () => {
    fc.assert(
      fc.property(codes, (list) => {
        const expected = [...new Set(list.filter((code) => code !== ""))].sort();
        expect(processCodesOf(list.map((processCode) => ({ processCode })))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("key the same set of processes the same way, in whatever order and with repeats", () => {
    fc.assert(
      fc.property(codes, (list) => {
        expect(processSetKey(list)).toBe(list.length === 1 ? list[0] : [...new Set(list)].sort().join(","));
      }),
      { numRuns: 500 },
    );
  });
});
