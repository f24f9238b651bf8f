import fc from "fast-check";
import { constants, deflateRawSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FastDeflater } from "../../../src/sheet/zip/fast-deflate";
import { InflateError, type PieceInflater, wasmInflater } from "../../../src/sheet/zip/wasm-inflater";
import { anyData } from "../../helpers/deflate-samples";

/** The inflater's piece: what it hands on at most at a time. */
const PIECE = 256 * 1024;

async function inflater(): Promise<PieceInflater> {
  const made = await wasmInflater();
  if (!made) throw new Error("Node runs WebAssembly: the inflater must be made");
  return made;
}

/** Everything inflated, each piece copied as it comes (a piece is only valid until the next). */
async function inflateWhole(packed: Uint8Array): Promise<{ bytes: Buffer; pieces: number[] }> {
  const pieces: Buffer[] = [];
  for (const piece of (await inflater()).pieces(packed)) pieces.push(Buffer.from(piece));
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

async function oursInflate(packed: Uint8Array): Promise<Buffer | "refused"> {
  try {
    return (await inflateWhole(packed)).bytes;
  } catch (error) {
    if (error instanceof InflateError) return "refused";
    throw error;
  }
}

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
    await fc.assert(
      fc.asyncProperty(anyData, zlibOptions, async (data, options) => {
        expect((await inflateWhole(deflateRawSync(data, options))).bytes.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("inflates what our own deflater deflates", async () => {
    await fc.assert(
      fc.asyncProperty(anyData, async (data) => {
        const deflater = new FastDeflater();
        const packed = Buffer.concat([deflater.push(data), deflater.finish()]);
        expect((await inflateWhole(packed)).bytes.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("hands a large part on in pieces, each full but the last, matches reaching back across them", async () => {
    const xml = rowsXml(60_000);
    expect(xml.length).toBeGreaterThan(10 * PIECE);
    for (const level of [1, 6, 9]) {
      const { bytes, pieces } = await inflateWhole(deflateRawSync(xml, { level }));
      expect(bytes.equals(Buffer.from(xml))).toBe(true);
      expect(pieces.slice(0, -1).every((length) => length >= PIECE && length < PIECE + 300)).toBe(true);
    }
  });

  it("copies stored blocks larger than a piece and than its input", async () => {
    const data = new Uint8Array(3 * PIECE + 12_345).map((_, i) => (i * 31) & 0xff);
    expect((await inflateWhole(deflateRawSync(data, { level: 0 }))).bytes.equals(Buffer.from(data))).toBe(true);
  });

  it("refuses data cut short, wherever it is cut", async () => {
    await fc.assert(
      fc.asyncProperty(anyData, zlibOptions, fc.double({ min: 0, max: 1, noNaN: true }), async (data, options, at) => {
        const packed = deflateRawSync(data, options);
        const cut = packed.subarray(0, Math.min(packed.length - 1, Math.floor(packed.length * at)));
        expect(await oursInflate(cut)).toBe("refused");
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what zlib refuses and inflates what it inflates, bytes damaged anywhere", async () => {
    const seen = { refused: 0, inflated: 0 };
    await fc.assert(
      fc.asyncProperty(
        anyData,
        zlibOptions,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (data, options, damage) => {
          const packed = new Uint8Array(deflateRawSync(data, options));
          for (const [where, flip] of damage) {
            const at = Math.min(packed.length - 1, Math.floor(packed.length * where));
            packed[at] = (packed[at] as number) ^ flip;
          }
          const theirs = zlibInflate(packed);
          const ours = await oursInflate(packed);
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

  it("inflates a part as new after one refused or stopped part-way, with the same memory", async () => {
    const xml = rowsXml(20_000);
    const packed = deflateRawSync(xml);
    const first = await inflater();
    expect(() => [...first.pieces(packed.subarray(0, 1000))]).toThrow(InflateError);
    const second = await inflater();
    for (const piece of second.pieces(packed)) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    const third = await inflater();
    let buffers = new Set<ArrayBufferLike>();
    const pieces: Buffer[] = [];
    for (const piece of third.pieces(packed)) {
      buffers = buffers.add(piece.buffer);
      pieces.push(Buffer.from(piece));
    }
    expect(Buffer.concat(pieces).equals(Buffer.from(xml))).toBe(true);
    // One instance, given back each time: every piece lies in the same memory.
    expect(buffers.size).toBe(1);
    expect(pieces.length).toBeGreaterThan(3);
  });

  it("gives each part inflated at the same time an inflater of its own", async () => {
    const one = rowsXml(10_000);
    const other = new TextEncoder().encode("other ".repeat(200_000));
    const [a, b] = [await inflater(), await inflater()];
    const piecesOf = (inflating: Generator<Uint8Array>) => () => {
      const next = inflating.next();
      return next.done ? undefined : Buffer.from(next.value);
    };
    const nextA = piecesOf(a.pieces(deflateRawSync(one)));
    const nextB = piecesOf(b.pieces(deflateRawSync(other)));
    const outA: Buffer[] = [];
    const outB: Buffer[] = [];
    for (let pa = nextA(), pb = nextB(); pa || pb; pa = nextA(), pb = nextB()) {
      if (pa) outA.push(pa);
      if (pb) outB.push(pb);
    }
    expect(Buffer.concat(outA).equals(Buffer.from(one))).toBe(true);
    expect(Buffer.concat(outB).equals(Buffer.from(other))).toBe(true);
  });

  it("refuses to inflate a second part with one inflater", async () => {
    const lease = await inflater();
    [...lease.pieces(deflateRawSync(rowsXml(10)))];
    expect(() => [...lease.pieces(deflateRawSync(rowsXml(10)))]).toThrow(/one part/);
  });
});
