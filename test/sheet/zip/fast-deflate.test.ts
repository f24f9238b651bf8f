import fc from "fast-check";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FastDeflater } from "../../../src/sheet/zip/fast-deflate";
import { buildCodeLengths, canonicalCodes } from "../../../src/sheet/zip/huffman-lengths";
import { anyData, awkwardSamples, fibonacci, fibonacciBytes } from "../../helpers/deflate-samples";

/** Deflates `data` fed in pieces cut at `cuts`. */
function deflateInPieces(data: Uint8Array, cuts: readonly number[]): Buffer {
  const deflater = new FastDeflater();
  const out: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(data.length, Math.max(at, cut));
    out.push(deflater.push(data.subarray(at, end)));
    at = end;
  }
  out.push(deflater.push(data.subarray(at)), deflater.finish());
  return Buffer.concat(out);
}

const roundTrips = (data: Uint8Array, cuts: readonly number[] = []) =>
  inflateRawSync(deflateInPieces(data, cuts)).equals(Buffer.from(data));

describe("FastDeflater: raw deflate, fast", () => {
  it("deflates what zlib inflates back, however the input is cut", () => {
    fc.assert(
      fc.property(anyData, fc.array(fc.nat(6000), { maxLength: 6 }), (bytes, cuts) => roundTrips(bytes, cuts)),
      { numRuns: 400 },
    );
  });

  it("deflates nothing, one byte, long runs, matches reaching back a whole window and many blocks", () => {
    const cases = awkwardSamples(20_000);
    for (const bytes of cases) {
      expect(roundTrips(bytes)).toBe(true);
      expect(roundTrips(bytes, [1, 2, 258, 259, 32_768, 32_769, 65_536])).toBe(true);
    }
    const xml = cases.at(-1) as Uint8Array;
    expect(deflateInPieces(xml, []).length).toBeLessThan(xml.length / 5);
  });

  it("keeps codes within 15 bits when the counts would make a deeper tree", () => {
    expect(roundTrips(fibonacciBytes())).toBe(true);
  });
});

describe("Huffman code lengths", () => {
  const kraft = (lengths: Uint8Array) => lengths.reduce((sum, length) => sum + (length ? 2 ** -length : 0), 0);

  it("make a complete code of at most the longest length, shorter codes for commoner symbols", () => {
    const freq = fc.array(fc.oneof(fc.constant(0), fc.nat(10), fc.nat(1_000_000)), { minLength: 2, maxLength: 286 });
    fc.assert(
      fc.property(freq, fc.constantFrom(7, 15), (counts, maxLength) => {
        fc.pre(counts.length <= 2 ** maxLength);
        const lengths = buildCodeLengths(counts, maxLength);
        expect(kraft(lengths)).toBe(1);
        expect(Math.max(...lengths)).toBeLessThanOrEqual(maxLength);
        counts.forEach((count, s) => {
          if (count > 0) expect(lengths[s]).toBeGreaterThan(0);
          counts.forEach((other, t) => {
            if (count > other && other > 0) expect(lengths[s]).toBeLessThanOrEqual(lengths[t] as number);
          });
        });
      }),
      { numRuns: 300 },
    );
  });

  it("give two symbols a code where the counts have one or none", () => {
    expect([...buildCodeLengths([0, 0, 5, 0], 15)].filter((length) => length > 0)).toEqual([1, 1]);
    expect([...buildCodeLengths([0, 0, 0], 7)].filter((length) => length > 0)).toEqual([1, 1]);
  });

  it("cut a Fibonacci tree 29 deep to 15, and give prefix-free canonical codes", () => {
    const lengths = buildCodeLengths(fibonacci(30), 15);
    expect([Math.max(...lengths), kraft(lengths)]).toEqual([15, 1]);
    const codes = canonicalCodes(lengths);
    const words = [...lengths].map((length, s) =>
      [...Array(length)].map((_, k) => ((codes[s] as number) >> k) & 1).join(""),
    );
    for (const a of words) for (const b of words) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });
});
