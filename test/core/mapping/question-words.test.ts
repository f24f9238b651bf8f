import { describe, expect, it } from "vitest";
import { headerWords } from "../../../src/core/mapping/normalise";
import { questionHeaderInEnglish } from "../../../src/core/mapping/question-words";
import { suggestMapping, type MappingVocabulary } from "../../../src/core/mapping/suggest-mapping";

const english = (header: string) => questionHeaderInEnglish(headerWords(header));

describe("question headers in the sheet languages", () => {
  it.each([
    ["Giocatore", ["player"]],
    ["Spielername", ["player name"]],
    ["Nom du joueur", ["name of player", "player name"]],
    ["Colore vinile", ["colour vinyl", "vinyl colour"]],
    ["Druckfarben", ["ink colours"]],
    ["Etikettentext", ["label text", "label wording"]],
    ["Emplacement", ["placement", "position"]],
    ["Rückennummer", ["back number"]],
    ["Tipografía", ["font"]],
    ["Kleur", ["colour"]],
  ] as const)("%s is read as %j", (header, readings) => {
    expect(english(header)).toEqual(readings);
  });

  it.each(["Player name", "Qty", "Bemerkung zum Druck", "Lieferadresse", ""])("%s is not read", (header) => {
    expect(english(header)).toEqual([]);
  });
});

describe("a question matched through another language's words", () => {
  const vocabulary: MappingVocabulary = {
    attributes: ["PlayerName", "PlayerNumber", "VinylColour", "Print position", "Font"],
    sizes: [],
  };

  it("is mapped a little less surely than in English, and says why", () => {
    const mapping = suggestMapping(["Giocatore", "Colore vinile", "Emplacement", "Carattere"], vocabulary);
    expect(mapping.columns.map((c) => [c.target, c.reason])).toEqual([
      [{ kind: "attribute", attribute: "PlayerName" }, "translation"],
      [{ kind: "attribute", attribute: "VinylColour" }, "translation"],
      [{ kind: "attribute", attribute: "Print position" }, "translation"],
      [{ kind: "attribute", attribute: "Font" }, "translation"],
    ]);
    const english = suggestMapping(["Vinyl colour"], vocabulary).columns[0]?.confidence ?? 0;
    expect(mapping.columns[1]?.confidence).toBeLessThan(english);
  });
});
