import { describe, expect, it } from "vitest";
import { MATERIAL_WORDS, readMaterial } from "../../src/core/material-words";
import { WORD_LANGUAGES, wordTable, type WordReading } from "../../src/core/word-reading";

const FABRICS = ["Cotton", "Polyester", "Nylon", "Cotton/Poly blend", "Softshell"];

const shown = (reading: WordReading<string> | undefined) =>
  reading === undefined
    ? undefined
    : reading.kind === "none"
      ? ["none", reading.english]
      : [reading.kind, reading.value, reading.english];

const read = (text: string, options: readonly string[] = FABRICS) => shown(readMaterial(text, options, (o) => o));

describe("the material words", () => {
  it("name every material in each sheet language", () => {
    for (const word of MATERIAL_WORDS)
      for (const language of WORD_LANGUAGES) expect(word[language], `${word.english} in ${language}`).not.toEqual([]);
  });

  it.each([
    ["Baumwolle", "Cotton"],
    ["coton", "Cotton"],
    ["Algodón", "Cotton"],
    ["algodon", "Cotton"],
    ["Cotone", "Cotton"],
    ["Katoen", "Cotton"],
    ["Poliéster", "Polyester"],
    ["Poliestere", "Polyester"],
    ["POLYESTER", "Polyester"],
    ["Poly", "Polyester"],
    ["Nailon", "Nylon"],
    ["Polyamid", "Nylon"],
    ["Baumwolle/Polyester-Mischgewebe", "Cotton/Poly blend"],
    ["Coton / Polyester mélange", "Cotton/Poly blend"],
    ["Cotton-Poly Blend", "Cotton/Poly blend"],
  ])("%s is the option %s, read", (text, option) => {
    expect(read(text)?.slice(0, 2)).toEqual(["read", option]);
  });

  it.each([
    ["Mischgewebe", "Cotton/Poly blend", "Blend"],
    ["Polyester/Baumwolle", "Cotton/Poly blend", "Polyester/Cotton"],
  ])("%s is offered %s (read as %s)", (text, option, english) => {
    expect(read(text)).toEqual(["near", option, english]);
  });

  it.each([
    ["Wolle", "Wool"],
    ["Seide", "Silk"],
    ["Lino", "Linen"],
  ])("%s is read as %s, no option of the fabrics", (text, english) => {
    expect(read(text)).toEqual(["none", english]);
  });

  it.each([
    ["Coton", "100% cotton", "Cotton"],
    ["Poliéster", "Polyester / performance", "Polyester"],
  ])("%s is offered %s, the one option saying nothing else a material word says (read as %s)", (text, option, en) => {
    const options = ["100% cotton", "Polyester / performance", "Nylon", "Poly-cotton blend", "Softshell"];
    expect(read(text, options)).toEqual(["near", option, en]);
  });

  it("offers none of two options that each say only the word wanted", () => {
    expect(read("Baumwolle", ["100% cotton", "Cotton (organic)", "Poly-cotton blend"])).toEqual(["none", "Cotton"]);
  });

  it.each(["Softshell", "Baumwollmix 80%", "Cotten", ""])("%s is not all material words", (text) => {
    expect(read(text)).toBeUndefined();
  });
});

describe("a table of translated words", () => {
  it("refuses a way of writing that names two words", () => {
    const word = (english: string, de: string) => ({ english, de: [de], fr: [], es: [], it: [], nl: [] });
    expect(() => wordTable([word("red", "rot"), word("rust", "Rot")])).toThrow(/"Rot" is both red and rust/);
  });
});
