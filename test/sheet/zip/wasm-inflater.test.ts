import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { constants, deflateRawSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FastDeflater } from "../../../src/sheet/zip/fast-deflate";
import { InflateError, type PieceInflater, wasmInflater } from "../../../src/sheet/zip/wasm-inflater";

/** The inflater's piece: what it hands on at most at a time. */
const PIECE = 256 * 1024;

async function inflater(): Promise<PieceInflater> {
  const made = await wasmInflater();
  if (!made) throw new Error("Node runs WebAssembly: the inflater must be made");
  return made;
}

/** Everything inflated, each piece copied as it comes (a piece is only valid while handed on). */
function inflateWhole(wasm: PieceInflater, packed: Uint8Array): { bytes: Buffer; pieces: number[] } {
  const pieces: Buffer[] = [];
  wasm.inflate(packed, (piece) => void pieces.push(Buffer.from(piece)));
  return { bytes: Buffer.concat(pieces), pieces: pieces.map((piece) => piece.length) };
}

/** What zlib makes of the same bytes: the inflated bytes, or that it refused them. */
function zlibInflate(packed: Uint8Array): Buffer | "refused" {
  try {
    return inflateRawSync(packed);
  } catch {
    return "refused";
  }
}

function oursInflate(wasm: PieceInflater, packed: Uint8Array): Buffer | "refused" {
  try {
    return inflateWhole(wasm, packed).bytes;
  } catch (error) {
    if (error instanceof InflateError) return "refused";
    throw error;
  }
}

/** Text made of a few words picked at random: matches near and far, as a sheet's XML has. */
const textLike = fc
  .tuple(
    fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 30 }),
    fc.array(fc.nat(), { maxLength: 4000 }),
  )
  .map(([words, picks]) => new TextEncoder().encode(picks.map((p) => words[p % words.length]).join("")));
const anyData = fc.oneof(textLike, fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ max: 3, maxLength: 5000 }));

/** Every way zlib packs: each level, each strategy. */
const zlibOptions = fc.record({
  level: fc.integer({ min: 0, max: 9 }),
  strategy: fc.constantFrom(
    constants.Z_DEFAULT_STRATEGY,
    constants.Z_FILTERED,
    constants.Z_HUFFMAN_ONLY,
    constants.Z_RLE,
    constants.Z_FIXED,
  ),
});

/** Megabytes of XML-like rows: pieces full, back references across them. */
function rowsXml(rows: number): Uint8Array {
  const lines: string[] = [];
  for (let r = 1; r <= rows; r++)
    lines.push(
      `<row r="${r}"><c r="A${r}" t="s"><v>${(r * 7919) % 1000}</v></c><c r="B${r}"><v>${r / 7}</v></c></row>`,
    );
  return new TextEncoder().encode(lines.join(""));
}

describe("the WebAssembly inflater", () => {
  it("is made where WebAssembly runs, as in Node", async () => {
    expect(await wasmInflater()).toBeDefined();
  });

  it("inflates what zlib deflates, at every level and strategy", async () => {
    const wasm = await inflater();
    fc.assert(
      fc.property(anyData, zlibOptions, (data, options) => {
        expect(inflateWhole(wasm, deflateRawSync(data, options)).bytes.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("inflates what our own deflater deflates", async () => {
    const wasm = await inflater();
    fc.assert(
      fc.property(anyData, (data) => {
        const deflater = new FastDeflater();
        const packed = Buffer.concat([deflater.push(data), deflater.finish()]);
        expect(inflateWhole(wasm, packed).bytes.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("hands a large part on in pieces, each full but the last, matches reaching back across them", async () => {
    const wasm = await inflater();
    const xml = rowsXml(60_000);
    expect(xml.length).toBeGreaterThan(10 * PIECE);
    for (const level of [1, 6, 9]) {
      const { bytes, pieces } = inflateWhole(wasm, deflateRawSync(xml, { level }));
      expect(bytes.equals(Buffer.from(xml))).toBe(true);
      expect(pieces.slice(0, -1).every((length) => length >= PIECE && length < PIECE + 300)).toBe(true);
    }
  });

  it("copies stored blocks larger than a piece and than its input", async () => {
    const wasm = await inflater();
    const data = new Uint8Array(3 * PIECE + 12_345).map((_, i) => (i * 31) & 0xff);
    expect(inflateWhole(wasm, deflateRawSync(data, { level: 0 })).bytes.equals(Buffer.from(data))).toBe(true);
  });

  it("refuses data cut short, wherever it is cut", async () => {
    const wasm = await inflater();
    fc.assert(
      fc.property(anyData, zlibOptions, fc.double({ min: 0, max: 1, noNaN: true }), (data, options, where) => {
        const packed = deflateRawSync(data, options);
        const cut = packed.subarray(0, Math.min(packed.length - 1, Math.floor(packed.length * where)));
        expect(oursInflate(wasm, cut)).toBe("refused");
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what zlib refuses and inflates what it inflates, bytes damaged anywhere", async () => {
    const wasm = await inflater();
    const seen = { refused: 0, inflated: 0 };
    fc.assert(
      fc.property(
        anyData,
        zlibOptions,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (data, options, damage) => {
          const packed = new Uint8Array(deflateRawSync(data, options));
          for (const [where, flip] of damage) {
            const at = Math.min(packed.length - 1, Math.floor(packed.length * where));
            packed[at] = (packed[at] as number) ^ flip;
          }
          const theirs = zlibInflate(packed);
          const ours = oursInflate(wasm, packed);
          seen[theirs === "refused" ? "refused" : "inflated"]++;
          if (theirs === "refused") expect(ours).toBe("refused");
          else expect(ours === "refused" ? "refused" : ours.equals(theirs)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
    // Damage both breaks data and leaves some whole (a literal changed, a stored byte): both kinds were tried.
    expect(seen.refused).toBeGreaterThan(300);
    expect(seen.inflated).toBeGreaterThan(30);
  });

  it("inflates the next part as new after one refused or stopped part-way", async () => {
    const wasm = await inflater();
    const xml = rowsXml(20_000);
    const packed = deflateRawSync(xml);
    expect(() => wasm.inflate(packed.subarray(0, 1000), () => {})).toThrow(InflateError);
    expect(() =>
      wasm.inflate(packed, () => {
        throw new RangeError("stopped by the reader");
      }),
    ).toThrow(RangeError);
    expect(inflateWhole(wasm, packed).bytes.equals(Buffer.from(xml))).toBe(true);
  });

  it("is built from its source as committed", () => {
    expect(() => execFileSync("node", ["scripts/build-wasm.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});
