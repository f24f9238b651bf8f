import { describe, expect, it } from "vitest";
import { COLOUR_WORDS, colourWords, readColour } from "../../src/core/colour-words";
import { WORD_LANGUAGES, englishText, readWords, type WordReading } from "../../src/core/word-reading";

/** A reading as the tests compare it: its kind, the value and what the text was read as. */
const shown = (reading: WordReading<string> | undefined) =>
  reading === undefined
    ? undefined
    : reading.kind === "none"
      ? ["none", reading.english]
      : [reading.kind, reading.value, reading.english];

const read = (text: string, colours: readonly string[]) => shown(readColour(text, colours, (c) => c));

describe("the colour words", () => {
  it("name every colour in each sheet language", () => {
    for (const word of COLOUR_WORDS)
      for (const language of WORD_LANGUAGES) expect(word[language], `${word.english} in ${language}`).not.toEqual([]);
  });

  it.each([
    ["Schwarz", "Black"],
    ["weiß", "White"],
    ["Weiss", "White"],
    ["Noir", "Black"],
    ["Blanche", "White"],
    ["Bleu marine", "Navy"],
    ["bleu-marine", "Navy"],
    ["Marineblau", "Navy"],
    ["Azul marino", "Navy"],
    ["Blu navy", "Navy"],
    ["Marineblauw", "Navy"],
    ["Navy Blue", "Navy"],
    ["Königsblau", "Royal Blue"],
    ["Bleu roi", "Royal Blue"],
    ["Royal", "Royal Blue"],
    ["Himmelblau", "Sky Blue"],
    ["Celeste", "Sky Blue"],
    ["Azzurro", "Sky Blue"],
    ["Rojo", "Red"],
    ["Rosso", "Red"],
    ["Rood", "Red"],
    ["Bordeaux", "Maroon"],
    ["Granate", "Maroon"],
    ["Grün", "Green"],
    ["Flaschengrün", "Bottle Green"],
    ["Vert bouteille", "Bottle Green"],
    ["Verde botella", "Bottle Green"],
    ["Gelb", "Yellow"],
    ["Amarilla", "Yellow"],
    ["Or", "Gold"],
    ["Oro", "Gold"],
    ["Goud", "Gold"],
    ["Naranja", "Orange"],
    ["Arancione", "Orange"],
    ["Oranje", "Orange"],
    ["Lila", "Purple"],
    ["Violet", "Purple"],
    ["Morado", "Purple"],
    ["Paars", "Purple"],
    ["Rosa", "Pink"],
    ["Roze", "Pink"],
    ["Grau", "Grey"],
    ["Gray", "Grey"],
    ["Gris", "Grey"],
    ["Grigio", "Grey"],
    ["Grijs", "Grey"],
    ["Anthrazit", "Charcoal"],
    ["Gris anthracite", "Charcoal"],
    ["Silber", "Silver"],
    ["Argent", "Silver"],
    ["Plata", "Silver"],
    ["Zilver", "Silver"],
    ["Braun", "Brown"],
    ["Marron", "Brown"],
    ["Marrón", "Brown"],
    ["Bruin", "Brown"],
    ["Beige", "Beige"],
    ["Hellblau", "Sky Blue"],
    ["Lichtblauw", "Sky Blue"],
    ["Dunkelblau", "Navy"],
    ["Bleu foncé", "Navy"],
    ["Gris chiné", "Grey Marle"],
    ["Grau meliert", "Grey Marle"],
    ["Grigio melange", "Grey Marle"],
    ["Écru", "Natural"],
    ["Naturweiß", "Natural"],
  ])("%s is %s", (text, english) => {
    const words = readWords(text, colourWords);
    expect(words.isAllKnown).toBe(true);
    expect(englishText(words.english, colourWords)).toBe(english);
  });

  it.each([
    ["Schwarz/Gold", "Black/Gold"],
    ["Noir/Blanc", "Black/White"],
    ["noir et or", "Black/Gold"],
    ["Rojo y Negro", "Red/Black"],
    ["Nero e Bianco", "Black/White"],
    ["Zwart-Wit", "Black/White"],
    ["Schwarz - Gold", "Black/Gold"],
    ["Schwarz & Gold", "Black/Gold"],
    ["Schwarzweiß", "Black/White"],
    ["Bleu marine / Blanc", "Navy/White"],
    ["Azul marino, blanco", "Navy/White"],
  ])("the two colours %s are %s", (text, english) => {
    const words = readWords(text, colourWords);
    expect(words.isAllKnown).toBe(true);
    expect(englishText(words.english, colourWords)).toBe(english);
  });

  it.each(["Grey Camo", "RJ100-BLK-GLD", "Blak", "Camo", "Standard", ""])("%s is not all colour words", (text) => {
    expect(readColour(text, ["Black"], (c) => c)).toBeUndefined();
  });
});

describe("a colour among a garment's or a question's colours", () => {
  const JERSEY = ["Black/Gold", "Navy/White", "Red/Black"];
  const TEE = ["Black", "White", "Navy", "Red", "Grey Marle"];
  const HOOD = ["Black", "Navy", "Bottle"];
  const POLO = ["Black", "Navy", "Sky"];
  const VINYL = ["White", "Black", "Red", "Royal Blue", "Navy", "Gold", "Silver"];

  it.each([
    ["Schwarz", TEE, ["read", "Black", "Black"]],
    ["Schwarz/Gold", JERSEY, ["read", "Black/Gold", "Black/Gold"]],
    ["Bleu marine-Blanc", JERSEY, ["read", "Navy/White", "Navy/White"]],
    ["Black / Gold", JERSEY, ["read", "Black/Gold", "Black/Gold"]],
    ["Marineblau", TEE, ["read", "Navy", "Navy"]],
    ["Navy Blue", TEE, ["read", "Navy", "Navy"]],
    ["Flaschengrün", HOOD, ["read", "Bottle", "Bottle Green"]],
    ["Bottle Green", HOOD, ["read", "Bottle", "Bottle Green"]],
    ["Himmelblau", POLO, ["read", "Sky", "Sky Blue"]],
    ["Blanc", VINYL, ["read", "White", "White"]],
    ["Königsblau", VINYL, ["read", "Royal Blue", "Royal Blue"]],
    ["Royal", VINYL, ["read", "Royal Blue", "Royal Blue"]],
    ["Argento", VINYL, ["read", "Silver", "Silver"]],
    ["Lichtblauw", POLO, ["read", "Sky", "Sky Blue"]],
    ["Dunkelblau", TEE, ["read", "Navy", "Navy"]],
    ["Gris chiné", TEE, ["read", "Grey Marle", "Grey Marle"]],
    ["Grau meliert", TEE, ["read", "Grey Marle", "Grey Marle"]],
  ] as const)("%s among %j is %j", (text, colours, expected) => {
    expect(read(text, colours)).toEqual(expected);
  });

  it.each([
    ["Grau", TEE, ["near", "Grey Marle", "Grey"]],
    ["Gold/Schwarz", JERSEY, ["near", "Black/Gold", "Gold/Black"]],
    ["Blau", VINYL, ["near", "Royal Blue", "Blue"]],
    ["Blanc", JERSEY, ["near", "Navy/White", "White"]],
    ["Heather Grey", TEE, ["near", "Grey Marle", "Marle Grey"]],
  ] as const)("%s among %j is offered, not taken: %j", (text, colours, expected) => {
    expect(read(text, colours)).toEqual(expected);
  });

  it.each([
    ["Blanc", ["Black", "Red"], "White"],
    ["Schwarz", JERSEY, "Black"],
    ["Noir/Blanc", JERSEY, "Black/White"],
    ["Violett", TEE, "Purple"],
    ["Purple", TEE, "Purple"],
    ["Gris chiné", HOOD, "Grey Marle"],
  ] as const)("%s among %j is no colour of them, and never a near spelling: read as %s", (text, colours, english) => {
    expect(read(text, colours)).toEqual(["none", english]);
  });

  it("offers a maker's shade of a colour no colour of them names: red is Scarlet, never Maroon", () => {
    const colours = ["Jet Black", "Optic White", "French Navy", "Scarlet", "Heather Grey", "Maroon"];
    expect(read("Rojo", colours)).toEqual(["near", "Scarlet", "Red"]);
    expect(read("Rood", ["Red", "Scarlet"])).toEqual(["read", "Red", "Red"]);
    expect(read("Rot", ["Scarlet", "Crimson"])).toEqual(["none", "Red"]);
  });

  it("takes no colour two of them name alike", () => {
    expect(read("Grau", ["Grey", "Gray"])).toEqual(["none", "Grey"]);
  });
});
