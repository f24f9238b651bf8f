import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SharedTexts } from "../../../../src/sheet/read/xlsx/shared-texts";

const encoder = new TextEncoder();

/** Keeps each text as bytes or as a string, as the byte scanner or the XML reader would hand it on. */
function kept(texts: readonly string[], asBytes: readonly boolean[]): SharedTexts {
  const shared = new SharedTexts();
  texts.forEach((text, index) => {
    if (asBytes[index % asBytes.length]) {
      // Bytes arrive inside a larger piece of the part.
      const bytes = encoder.encode(`<t>${text}</t>`);
      shared.addBytes(bytes, 3, bytes.length - 4);
    } else shared.addText(text);
  });
  return shared;
}

const isBlank = (text: string) => !/\S/.test(text);

const texts = fc.array(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.constantFrom("", " ", "\t\n", "\u00a0", " \u3000 ", "\u0001", "Zürich 👕", "漢字"),
  ),
  { maxLength: 60 },
);

describe("shared texts kept as bytes", () => {
  it("gives back every text as given, and tells blank ones, however each was kept", () => {
    fc.assert(
      fc.property(texts, fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), (given, asBytes) => {
        const shared = kept(given, asBytes);
        expect(shared.count).toBe(given.length);
        expect(shared.all()).toEqual(given);
        expect(given.map((_, index) => shared.isBlank(index))).toEqual(given.map(isBlank));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps many texts across its pieces, long ones among them, and gives each back in any order", () => {
    const given = Array.from({ length: 30_000 }, (_, index) =>
      index % 997 === 0 ? "ü".repeat(32_767) : index % 13 === 0 ? `Größe ${index}` : `Order ${index}`,
    );
    const shared = kept(given, [true, false, true]);
    // Indices far apart share the place a text made last is remembered in.
    const order = Array.from({ length: given.length }, (_, index) => (index * 7_919) % given.length);
    for (const index of order) expect(shared.text(index)).toBe(given[index]);
    for (const index of order.reverse()) expect(shared.text(index)).toBe(given[index]);
  });
});
