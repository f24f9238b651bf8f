import { describe, expect, it } from "vitest";
import { readPlacement } from "../../src/core/placement-words";
import type { WordReading } from "../../src/core/word-reading";

const shown = (reading: WordReading<string> | undefined) =>
  reading === undefined
    ? undefined
    : reading.kind === "none"
      ? ["none", reading.english]
      : [reading.kind, reading.value];

/** Two accounts' print positions, named their own ways. */
const OURS = ["Left chest", "Full front", "Full back", "Sleeve", "Nape"];
const THEIRS = ["LEFT CHEST", "CENTRE FRONT", "CENTRE BACK", "SLEEVE", "BACK OF NECK"];

const read = (text: string, options: readonly string[]) => shown(readPlacement(text, options, (o) => o));

describe("print positions as sheets write them", () => {
  it.each([
    ["Cœur", OURS, ["read", "Left chest"]],
    ["Coeur", THEIRS, ["read", "LEFT CHEST"]],
    ["Herzseite", OURS, ["read", "Left chest"]],
    ["Brust links", OURS, ["near", "Left chest"]],
    ["Dos complet", OURS, ["near", "Full back"]],
    ["Dos complet", THEIRS, ["near", "CENTRE BACK"]],
    ["Devant", OURS, ["near", "Full front"]],
    ["Devant", THEIRS, ["near", "CENTRE FRONT"]],
    ["Rücken", THEIRS, ["near", "CENTRE BACK"]],
    ["Manche", OURS, ["read", "Sleeve"]],
    ["Nuque", THEIRS, ["read", "BACK OF NECK"]],
    ["Nacken", OURS, ["read", "Nape"]],
    ["Espalda completa", OURS, ["near", "Full back"]],
    ["Poche", OURS, ["none", "Pocket"]],
  ] as const)("%s among %j is %j", (text, options, expected) => {
    expect(read(text, options)).toEqual(expected);
  });

  it("offers nothing where two positions fit as well", () => {
    expect(read("Dos", ["Upper back", "Lower back"])).toEqual(["none", "Back"]);
  });

  it.each(["Linker Ärmel und Rücken oben", "Front pocket area", ""])("%s is not all placement words", (text) => {
    expect(read(text, OURS)).toBeUndefined();
  });
});
