import fc from "fast-check";
import { crc32, gzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GzipBody } from "../../src/cli/gzip-body";

/** `bytes` cut at `cuts` (positions, in any order): how zlib's output may come. */
function piecesOf(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const at = [...new Set([0, ...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
}

describe("GzipBody", () => {
  it("hands on the deflate data inside gzip output however it is cut, and the CRC-32 of what was deflated", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (data, cuts, repetitive) => {
          const original = repetitive
            ? new Uint8Array(Buffer.from('<c r="A1"><v>7</v></c>'.repeat(data.length)))
            : data;
          const body = new GzipBody();
          const deflated = piecesOf(gzipSync(original, { level: 2 }), cuts).flatMap((piece) => body.take(piece));
          expect(inflateRawSync(Buffer.concat(deflated)).equals(Buffer.from(original))).toBe(true);
          expect(body.crc32Of(original.length)).toBe(crc32(original));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses output that ends before its trailer, or whose trailer counts another size", () => {
    const gzipped = gzipSync(Buffer.from("Köln, twaalf"));
    const inHeader = new GzipBody();
    inHeader.take(gzipped.subarray(0, 5));
    expect(() => inHeader.crc32Of(13)).toThrow("ended early");
    // Cut inside the trailer, what is held back is not one: the size it would count is not the size deflated.
    const inTrailer = new GzipBody();
    inTrailer.take(gzipped.subarray(0, gzipped.length - 3));
    expect(() => inTrailer.crc32Of(13)).toThrow("another size");
    const whole = new GzipBody();
    whole.take(gzipped);
    expect(() => whole.crc32Of(12)).toThrow("another size");
    expect(whole.crc32Of(Buffer.byteLength("Köln, twaalf"))).toBe(crc32("Köln, twaalf"));
  });

  it("refuses a header with optional fields, which it cannot skip", () => {
    const named = Buffer.from(gzipSync(Buffer.from("x")));
    named[3] = 0x08;
    expect(() => new GzipBody().take(named)).toThrow("optional fields");
  });
});
