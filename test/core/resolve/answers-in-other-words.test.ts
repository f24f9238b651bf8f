import { describe, expect, it } from "vitest";
import { resolveAttributes } from "../../../src/core/resolve";
import type { AttributeDefinition, PriceCode } from "../../../src/core/vendor";
import { orderRow, SNAPSHOT } from "./resolve-fixtures";

const select = (name: string, label: string, options: readonly string[]): AttributeDefinition => ({
  name,
  label,
  type: "select",
  description: null,
  required: true,
  enumerableValues: options.map((text) => ({ value: text.replace(/\W+/g, "_").toUpperCase(), text })),
  assetAttributeName: null,
  minLength: null,
  maxLength: null,
  minValue: null,
  maxValue: null,
});

const VINYL = select("VinylColour", "Vinyl colour", ["White", "Black", "Red", "Royal Blue", "Navy", "Gold"]);
const DARK_VINYL = select("VinylColour", "Vinyl colour", ["Black", "Red", "Navy"]);
const FABRIC = select("Fabric", "Fabric", ["Cotton", "Polyester", "Nylon", "Cotton/Poly blend", "Softshell"]);
const PLACEMENT = select("Placement", "Placement", ["Left chest", "Full front", "Full back"]);

const codeAsking = (...attributes: AttributeDefinition[]): PriceCode => {
  const [code] = SNAPSHOT.priceCodes;
  if (!code) throw new Error("the fixture has no price code");
  return { ...code, priceCode: "HTV 4x4", attributes };
};

/** The answer sent and the issues raised (code, column, suggestion) for one answer to one question. */
function answered(question: AttributeDefinition, value: string, columnOfQuestion?: () => string | undefined) {
  const row = orderRow(2, { orderNumber: "E-1" }, value === "" ? {} : { [question.label ?? question.name]: value });
  const result = resolveAttributes(row, codeAsking(question), {
    orderNumber: "E-1",
    columnOf: () => undefined,
    columnOfQuestion,
  });
  return {
    value: result.values[question.name],
    issues: result.issues.map((i) => [i.code, i.severity, i.column, i.suggestion]),
    messages: result.issues.map((i) => i.message),
  };
}

describe("answers to questions in other words", () => {
  it.each([
    [VINYL, "Blanc", "WHITE", "White"],
    [VINYL, "Schwarz", "BLACK", "Black"],
    [VINYL, "Bleu roi", "ROYAL_BLUE", "Royal Blue"],
    [VINYL, "Marineblau", "NAVY", "Navy"],
    [VINYL, "Oro", "GOLD", "Gold"],
    [FABRIC, "Baumwolle", "COTTON", "Cotton"],
    [FABRIC, "coton", "COTTON", "Cotton"],
    [FABRIC, "Algodón", "COTTON", "Cotton"],
    [FABRIC, "Cotone", "COTTON", "Cotton"],
    [FABRIC, "Katoen", "COTTON", "Cotton"],
    [FABRIC, "Poliéster", "POLYESTER", "Polyester"],
    [FABRIC, "Nailon", "NYLON", "Nylon"],
    [FABRIC, "Baumwolle/Polyester Mischgewebe", "COTTON_POLY_BLEND", "Cotton/Poly blend"],
  ] as const)("%#: %s is read as the option %s, with a note", (question, value, sent, option) => {
    const { value: sentValue, issues, messages } = answered(question, value);
    expect(sentValue).toBe(sent);
    expect(issues).toEqual([["ATTRIBUTE_VALUE_NORMALISED", "info", question.label, option]]);
    expect(messages[0]).toContain(`"${value}" is read as the option ${option}`);
  });

  it.each([
    [VINYL, "Blau", "Royal Blue", "Blue"],
    [FABRIC, "Mischgewebe", "Cotton/Poly blend", "Blend"],
  ] as const)("%#: %s is offered %s, and says it was read as %s", (question, value, option, english) => {
    const { value: sent, issues, messages } = answered(question, value);
    expect(sent).toBeUndefined();
    expect(issues).toEqual([["ATTRIBUTE_VALUE_INVALID", "error", question.label, option]]);
    expect(messages[0]).toContain(`"${value}" is read as ${english}, which is not an option`);
  });

  it("reads an option written in another case as the option, with a note, as it reads one in other words", () => {
    const lower = answered(VINYL, "white");
    expect(lower.value).toBe("WHITE");
    expect(lower.issues).toEqual([["ATTRIBUTE_VALUE_CASE", "info", "Vinyl colour", "White"]]);
    expect(lower.messages).toEqual([
      '"white" is read as the option "White" for Vinyl colour, written in its own case.',
    ]);
    expect(answered(VINYL, "Blanc").value).toBe("WHITE");
  });

  it("never offers Black for Blanc when White is no option: a near spelling never stands in for a translation", () => {
    const { issues, messages } = answered(DARK_VINYL, "Blanc");
    expect(issues).toEqual([["ATTRIBUTE_VALUE_INVALID", "error", "Vinyl colour", undefined]]);
    expect(messages[0]).toContain('"Blanc" is read as White, which is not an option for Vinyl colour');
  });

  it.each([
    [VINYL, "Blak", "ATTRIBUTE_VALUE_INVALID", "Black"],
    [PLACEMENT, "Blanc", "ATTRIBUTE_VALUE_INVALID", undefined],
    // A placement in other words is offered by those words, never by its spelling.
    [PLACEMENT, "Links Brust", "ATTRIBUTE_VALUE_INVALID", "Left chest"],
    [PLACEMENT, "Dos complet", "ATTRIBUTE_VALUE_INVALID", "Full back"],
  ] as const)("%#: %s is read as before: %s offering %s", (question, value, code, suggestion) => {
    expect(answered(question, value).issues).toEqual([[code, "error", question.label, suggestion]]);
  });
});

describe("a required question left unanswered", () => {
  it("says to fill in the sheet's column for it, on that column, when the sheet has one", () => {
    const { issues, messages } = answered(VINYL, "", () => "Vinyl colour");
    expect(issues).toEqual([["ATTRIBUTE_REQUIRED", "error", "Vinyl colour", undefined]]);
    expect(messages[0]).toBe('HTV 4x4 needs Vinyl colour: fill in its column, "Vinyl colour".');
  });

  it("says to add a column named by its label when the sheet has none", () => {
    const { issues, messages } = answered(VINYL, "", () => undefined);
    expect(issues).toEqual([["ATTRIBUTE_REQUIRED", "error", undefined, undefined]]);
    expect(messages[0]).toBe('HTV 4x4 needs Vinyl colour; add a column named "Vinyl colour" or fill it in.');
  });
});
