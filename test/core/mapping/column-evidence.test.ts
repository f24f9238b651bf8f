import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import { columnEvidence, type ValueLists } from "../../../src/core/mapping/column-evidence";
import { suggestMapping, type MappingTarget } from "../../../src/core/mapping";
import type { CellValue, SheetRow } from "../../../src/core/sheet-model";

/** An account's values, written as another vendor might: its own code formats and question names. */
const lists: ValueLists = {
  priceCodes: ["HT-100 A6 1C", "HT-220 A4 FC", "GANG 22IN"],
  assetTags: ["ART0042", "ART0043"],
  stockCodes: ["TEE-01", "TEE-01-NV", "HOOD-02"],
  colours: ["Navy", "White", "Black", "TEE-01-NV"],
  deliveryOptions: ["EXP", "Express post", "COL", "Collect"],
  countries: ["New Zealand", "NZ", "NZL", "Australia", "AU", "AUS"],
  states: ["Auckland", "AUK", "Queensland", "QLD"],
  questions: [{ attribute: "Garment material", options: ["Cotton", "Polyester", "Nylon"] }],
  numberQuestions: ["Shirt number"],
};
const vocabulary = { attributes: ["Garment material"], sizes: ["S", "M", "L", "XL"], values: lists };

/** Rows of a sheet given column by column. */
function rows(...columns: readonly (readonly CellValue[])[]): SheetRow[] {
  const height = Math.max(...columns.map((c) => c.length));
  return Array.from({ length: height }, (_, i) => ({ rowNumber: i + 2, cells: columns.map((c) => c[i] ?? null) }));
}

const field = (id: FieldId): MappingTarget => ({ kind: "field", field: id });

describe("what a column's values say it holds", () => {
  it.each<[string, readonly CellValue[], MappingTarget]>([
    ["price codes, asset tags and stock codes", ["HT-100 A6 1C", "art0042", "ht-220 a4 fc", "TEE-01"], field("code")],
    ["colours", ["Navy", "navy", "White"], field("variant")],
    ["delivery options by code or name", ["EXP", "express post", "Collect"], field("deliveryMethod")],
    ["countries", ["New Zealand", "AU", "nz"], field("country")],
    ["states", ["QLD", "Auckland", "auk"], field("state")],
    ["a question's answers", ["Cotton", "polyester", "Nylon"], { kind: "attribute", attribute: "Garment material" }],
    ["letter sizes", ["M", "XL", "XS", "2XL"], field("size")],
    ["emails", ["a@club.example", "coach@team.example.org"], field("email")],
    ["dates", [new Date(Date.UTC(2027, 2, 1)), "3.4.2027", "12/05/2027"], field("dueDate")],
    ["phone numbers", ["+64 21 555 0101", "(09) 555-0123"], field("phone")],
    ["small whole numbers", [12, "4", 25, 1], field("quantity")],
    ["order numbers in runs", ["SO-101", "SO-101", "SO-102", "SO-102", "SO-102"], field("orderNumber")],
    ["order numbers on each order's first row", ["SO-101", null, null, "SO-102", null], field("orderNumber")],
  ])("%s", (_what, values, target) => {
    // A second column keeps the first-row-only rows from being blank rows.
    const found = columnEvidence(
      rows(
        values,
        values.map(() => "x"),
      ),
      0,
      lists,
    );
    expect(found[0]?.target).toEqual(target);
  });

  it("says nothing when the values are mixed, and counts what it tested", () => {
    expect(columnEvidence(rows(["Navy", "HT-100 A6 1C", "hello", "12"]), 0, lists)).toEqual([]);
    expect(columnEvidence(rows(["Navy", "White", "Black", "Pink", "Navy"]), 0, lists)[0]).toMatchObject({
      matched: 4,
      total: 5,
      text: "4 of 5 values are colours or variant codes",
    });
  });
});

describe("columns known by their values", () => {
  const sheet = rows(
    ["SO-101", "SO-101", "SO-102"],
    ["HT-100 A6 1C", "HT-220 A4 FC", "HT-100 A6 1C"],
    [10, 20, 15],
    ["Cotton", "Nylon", "Cotton"],
    ["Express post", "Express post", "Collect"],
  );

  it("maps columns headed by what they are for, or in words no table knows, by what they hold", () => {
    const mapping = suggestMapping(["Kennung", "Print", "Stück gesamt", "Gewebe", "Versandweg X"], vocabulary, sheet);
    expect(mapping.columns.map((c) => c.target)).toEqual([
      field("orderNumber"),
      field("code"),
      field("quantity"),
      { kind: "attribute", attribute: "Garment material" },
      field("deliveryMethod"),
    ]);
    expect(mapping.columns[3]).toMatchObject({
      reason: "values",
      evidence: "3 of 3 values are answers to Garment material",
    });
  });

  it("maps a question headed in another language by its words, and says so", () => {
    const mapping = suggestMapping(["Kennung", "Print", "Stück gesamt", "Stoff", "Versandweg X"], vocabulary, sheet);
    expect(mapping.columns[3]).toMatchObject({
      target: { kind: "attribute", attribute: "Garment material" },
      reason: "translation",
    });
  });

  it("never takes a column from a header that names something else, and says what the values look like", () => {
    const mapping = suggestMapping(
      ["Order No", "Description", "Qty"],
      vocabulary,
      rows(["SO-1", "SO-2"], ["HT-100 A6 1C", "GANG 22IN"], [10, 20]),
    );
    expect(mapping.columns[1]).toMatchObject({ target: field("code"), reason: "values" });
    const clear = suggestMapping(
      ["Order No", "Code", "Colour", "Qty"],
      vocabulary,
      rows(["SO-1"], ["HT-220 A4 FC"], ["HT-100 A6 1C"], [3]),
    );
    expect(clear.columns[2]).toMatchObject({
      target: field("variant"),
      reason: "synonym",
      evidence: "1 of 1 values are price codes, asset tags or stock codes; mapped as its header says",
    });
  });

  it("gives a required field no header names to the column whose values are it, over an optional header word", () => {
    const mapping = suggestMapping(
      ["Team", "Ref", "Artwork ref", "How many"],
      vocabulary,
      rows(
        ["Juniors", "Juniors", "Seniors"],
        ["KJ-7", "KJ-7", "KS-2"],
        ["HT-100 A6 1C", "GANG 22IN", "ART0042"],
        [12, 10, 20],
      ),
    );
    expect(mapping.columns.map((c) => c.target)).toEqual([
      field("description"),
      field("orderNumber"),
      field("code"),
      field("quantity"),
    ]);
    expect(mapping.columns[1]).toMatchObject({
      reason: "values",
      evidence: "2 values repeat down the rows as order numbers do, and no header names the order number",
    });
  });

  it("leaves shirt numbers alone beside a quantity the header names", () => {
    const mapping = suggestMapping(
      ["Order No", "Code", "Qty", "Shirt"],
      vocabulary,
      rows(["SO-1", "SO-1"], ["HT-100 A6 1C", "HT-100 A6 1C"], [1, 1], [7, 12]),
    );
    expect(mapping.columns.map((c) => c.target)).toEqual([
      field("orderNumber"),
      field("code"),
      field("quantity"),
      null,
    ]);
    expect(mapping.columns[3]?.evidence).toBe("2 of 2 values are whole numbers");
  });
});

describe("values over headers, and headers read loosely", () => {
  it("takes a column whose header names another field when three or more values are the account's codes", () => {
    const mapping = suggestMapping(
      ["Order No", "Reference", "Qty"],
      vocabulary,
      rows(["SO-1", "SO-1", "SO-2"], ["HT-100 A6 1C", "HT-220 A4 FC", "ART0042"], [10, 20, 5]),
    );
    expect(mapping.columns[1]).toMatchObject({
      target: field("code"),
      reason: "values",
      evidence: "3 of 3 values are price codes, asset tags or stock codes, so its header is not taken at its word",
    });
  });

  it("reads a question by a contraction, a short header ending in its last word, and its kind of answer", () => {
    const questions = { attributes: ["Player name", "Player number", "Thread colours"], sizes: [] };
    const mapping = suggestMapping(
      ["Order No", "Player", "Shirt No", "Thread cols"],
      questions,
      rows(["SO-1", "SO-1"], ["Aroha", "Mere"], [7, 12], ["2", "3"]),
    );
    expect(mapping.columns.slice(1).map((c) => c.target)).toEqual([
      { kind: "attribute", attribute: "Player name" },
      { kind: "attribute", attribute: "Player number" },
      { kind: "attribute", attribute: "Thread colours" },
    ]);
  });

  it("leaves a per-row total beside size columns, a money column and a totals row's label out of it", () => {
    const mapping = suggestMapping(
      ["Order No", "Code", "S", "M", "Total qty", "Unit $", "Unit"],
      vocabulary,
      rows(
        ["SO-1", "SO-1", ""],
        ["TEE-01", "TEE-01", ""],
        [1, 2, 3],
        [2, 2, 4],
        [3, 4, 7],
        [9.5, 9.5, ""],
        [2.5, 3, "Total"],
      ),
    );
    expect(mapping.columns.slice(4).map((c) => c.target)).toEqual([null, null, null]);
  });
});
