import { describe, expect, it } from "vitest";
import { questionChoices } from "../../../src/app/steps/mapping-choices";

const LABELS: Readonly<Record<string, string>> = {
  VinylColour: "Vinyl colour",
  "Vinyl colour": "Vinyl colour",
  InkColours: "Ink colours (Pantone)",
  "Ink colours (Pantone)": "Ink colours (Pantone)",
};
const labelOf = (name: string) => LABELS[name] ?? name;
/** As the catalogue's vocabulary lists them: each question by its key, then by its label. */
const ATTRIBUTES = ["VinylColour", "Vinyl colour", "InkColours", "Ink colours (Pantone)", "Notes"];

describe("the questions a column can answer", () => {
  it("lists each question once, by its label", () => {
    expect(questionChoices(ATTRIBUTES, labelOf, null)).toEqual([
      { value: "attribute:VinylColour", label: "Vinyl colour" },
      { value: "attribute:InkColours", label: "Ink colours (Pantone)" },
      { value: "attribute:Notes", label: "Notes" },
    ]);
  });

  it("keeps the name the column is mapped to as its choice's value, so the list shows it chosen", () => {
    expect(questionChoices(ATTRIBUTES, labelOf, { kind: "attribute", attribute: "Vinyl colour" })[0]).toEqual({
      value: "attribute:Vinyl colour",
      label: "Vinyl colour",
    });
    expect(questionChoices(ATTRIBUTES, labelOf, { kind: "attribute", attribute: "Fabric" }).at(-1)).toEqual({
      value: "attribute:Fabric",
      label: "Fabric",
    });
  });
});
