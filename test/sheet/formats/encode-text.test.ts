import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeTextInto, maxEncodedLength } from "../../../src/sheet/formats/encode-text";

describe("text written as UTF-8 into a buffer", () => {
  it("is the encoder's own bytes, short or long, ASCII or not, lone surrogates and all, from any offset", () => {
    const texts = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.string({ unit: "grapheme-ascii", minLength: 250, maxLength: 600 }),
      fc.constantFrom(
        "",
        "Created",
        "\u007f\u0080",
        "crème – 2€",
        "ok\ud800",
        "\udc00x",
        "a".repeat(256) + "é",
        "😀".repeat(130),
      ),
    );
    fc.assert(
      fc.property(texts, fc.integer({ min: 0, max: 7 }), (text, at) => {
        const target = new Uint8Array(at + maxEncodedLength(text));
        const written = encodeTextInto(text, "utf-8", target, at);
        expect(target.subarray(at, at + (written ?? 0))).toEqual(new TextEncoder().encode(text));
      }),
      { numRuns: 400 },
    );
  });
});
