import fc from "fast-check";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FastDeflater } from "../../../src/sheet/zip/fast-deflate";
import { buildCodeLengths, canonicalCodes } from "../../../src/sheet/zip/huffman-lengths";

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

/** Text made of a few words picked at random: repeats the matcher finds near and far. */
const textLike = fc
  .tuple(
    fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 30 }),
    fc.array(fc.nat(), { maxLength: 3000 }),
  )
  .map(([words, picks]) => new TextEncoder().encode(picks.map((p) => words[p % words.length]).join("")));

const fibonacci = (n: number) => {
  const f = [1, 1];
  while (f.length < n) f.push((f.at(-1) as number) + (f.at(-2) as number));
  return f;
};

describe("FastDeflater: raw deflate, fast", () => {
  it("deflates what zlib inflates back, however the input is cut", () => {
    const data = fc.oneof(textLike, fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ max: 3, maxLength: 5000 }));
    fc.assert(
      fc.property(data, fc.array(fc.nat(6000), { maxLength: 6 }), (bytes, cuts) => roundTrips(bytes, cuts)),
      { numRuns: 400 },
    );
  });

  it("deflates nothing, one byte, long runs, matches reaching back a whole window and many blocks", () => {
    const random = Uint8Array.from({ length: 200_000 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 24) & 0xff);
    const farRepeat = new Uint8Array(100_000);
    farRepeat.set(random.subarray(0, 40_000), 0);
    farRepeat.set(random.subarray(7_232, 40_000), 40_000);
    const xml = new TextEncoder().encode(
      Array.from(
        { length: 20_000 },
        (_, r) => `<row r="${r + 2}"><c r="A${r + 2}" t="s"><v>${r % 97}</v></c></row>`,
      ).join(""),
    );
    // Its end repeats its start one byte further back than a match may reach.
    const tooFar = new Uint8Array(32_769 + 100);
    tooFar.set(random.subarray(0, 32_769), 0);
    tooFar.set(random.subarray(0, 100), 32_769);
    const cases = [
      new Uint8Array(0),
      Uint8Array.of(7),
      new Uint8Array(300_000).fill(97),
      random,
      farRepeat,
      tooFar,
      xml,
    ];
    for (const bytes of cases) {
      expect(roundTrips(bytes)).toBe(true);
      expect(roundTrips(bytes, [1, 2, 258, 259, 32_768, 32_769, 65_536])).toBe(true);
    }
    expect(deflateInPieces(xml, []).length).toBeLessThan(xml.length / 5);
  });

  it("keeps codes within 15 bits when the counts would make a deeper tree", () => {
    // Byte k appears fib(k) times: an unlimited Huffman code would be 19 bits deep.
    const counts = fibonacci(20);
    const bytes: number[] = [];
    counts.forEach((count, symbol) => {
      for (let n = 0; n < count; n++) bytes.push(symbol * 13);
    });
    for (let i = bytes.length - 1; i > 0; i--) {
      const j = (Math.imul(i, 2654435761) >>> 0) % (i + 1);
      [bytes[i], bytes[j]] = [bytes[j] as number, bytes[i] as number];
    }
    expect(roundTrips(Uint8Array.from(bytes))).toBe(true);
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
