import { describe, expect, it } from "vitest";
import { indexCatalogue, questionLabel } from "../../src/core/catalogue";
import type { PriceCode } from "../../src/core/vendor";
import { asset, snapshotWith } from "./reorder/reorder-fixtures";
import { stockItem } from "./stock-fixtures";

const priceCode = (code: string) => ({ priceCode: code }) as PriceCode;

const catalogue = indexCatalogue(
  snapshotWith({
    priceCodes: [
      'DTF 4" x 4": Full Colour',
      'DTF 4" x 4": Glitter',
      'DTF 10" x 10": Full Colour',
      "SCR A4: 1 Colour",
    ].map(priceCode),
    assets: [asset("A1042001"), asset("SCRA41COLR")],
    stock: [stockItem("AS5001", "Staple Tee", "S,M,L", ["Black"])],
  }),
);

describe("close price codes", () => {
  it.each([
    ["DTF 4x4 Full Colour", 'DTF 4" x 4": Full Colour'],
    ["dtf 4 x 4 full color", 'DTF 4" x 4": Full Colour'],
    ['DTF 4" x 4" Glitter', 'DTF 4" x 4": Glitter'],
    ["DTF 10x10: Full Colour", 'DTF 10" x 10": Full Colour'],
    ["SCR A4 1 Color", "SCR A4: 1 Colour"],
  ])("%s is nearest %s", (text, code) => {
    expect(catalogue.priceCodeCandidates(text)[0]).toBe(code);
  });

  it("offers none when nothing is close", () => {
    expect(catalogue.priceCodeCandidates("Embroidered patch")).toEqual([]);
  });
});

describe("close codes of any kind", () => {
  it.each([
    ["A104201", "A1042001"],
    ["AS5010", "AS5001"],
    ["DTF 4x4 Full Colour", 'DTF 4" x 4": Full Colour'],
    // A price code is close too, but the tag is closer.
    ["SCR A4 1 Colr", "SCRA41COLR"],
  ])("%s is nearest %s, whatever its kind", (text, code) => {
    expect(catalogue.codeCandidates(text)[0]).toBe(code);
  });

  it("lists the price codes as well when a tag is closer", () => {
    expect(catalogue.codeCandidates("SCR A4 1 Colr")).toEqual(["SCRA41COLR", "SCR A4: 1 Colour"]);
  });
});

describe("a price code's question as people read it", () => {
  const question = (name: string, label?: string) => ({ name, label: label ?? null, type: "text" }) as const;
  const asking = (code: string, ...attributes: ReturnType<typeof question>[]) =>
    ({ priceCode: code, attributes }) as unknown as PriceCode;
  const snapshot = snapshotWith({
    priceCodes: [
      asking("HTV A4", question("VinylColour", "Vinyl colour"), question("Notes")),
      asking("SCR A4", question("InkColours", "Ink colours (Pantone)"), question("Backing")),
      asking("SCR A3", question("Backing", "Backing paper")),
    ],
  });

  it.each([
    ["its key", "VinylColour", "Vinyl colour"],
    ["its label", "Vinyl colour", "Vinyl colour"],
    ["a key with a label in brackets", "InkColours", "Ink colours (Pantone)"],
    ["a key one code leaves unlabelled and another labels", "Backing", "Backing paper"],
    ["a key no code labels, as itself", "Notes", "Notes"],
    ["a question no code asks, as itself", "Fabric", "Fabric"],
  ])("names it by its label, from %s: %s is %s", (_how, attribute, expected) => {
    expect(questionLabel(snapshot, attribute)).toBe(expected);
  });

  it("names it as it is before the catalogue is read", () => {
    expect(questionLabel(undefined, "VinylColour")).toBe("VinylColour");
  });
});
