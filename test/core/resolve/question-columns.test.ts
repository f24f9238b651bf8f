import { describe, expect, it } from "vitest";
import type { MappingTarget, SheetMapping } from "../../../src/core/mapping/sheet-mapping";
import { isKeyOf, questionColumn } from "../../../src/core/resolve";

const VINYL = { name: "VinylColour", label: "Vinyl colour" };

const mappingOf = (...targets: (readonly [string, MappingTarget | null])[]): SheetMapping => ({
  columns: targets.map(([header, target], column) => ({
    column,
    header,
    target,
    confidence: 1,
    reason: target ? "manual" : null,
  })),
});

describe("a question's column", () => {
  it.each(["VinylColour", "Vinyl colour", "vinyl-colour", "VINYL COLOUR"])("%s names the question", (key) => {
    expect(isKeyOf(key, VINYL)).toBe(true);
  });

  it.each(["Colour", "Vinyl", "Vinyl colours"])("%s does not", (key) => {
    expect(isKeyOf(key, VINYL)).toBe(false);
  });

  it.each([
    ["its label", "Vinyl colour"],
    ["its name", "VinylColour"],
  ])("is the column mapped to %s", (_by, attribute) => {
    const mapping = mappingOf(
      ["Colour", { kind: "field", field: "variant" }],
      ["Vinyl", null],
      ["Farbe Folie", { kind: "attribute", attribute }],
    );
    expect(questionColumn(mapping, VINYL)?.header).toBe("Farbe Folie");
  });

  it("is none when no column is mapped to it, whatever a kept column is headed", () => {
    const mapping = mappingOf(["Vinyl colour", null], ["Fabric", { kind: "attribute", attribute: "Fabric" }]);
    expect(questionColumn(mapping, VINYL)).toBeUndefined();
  });
});
