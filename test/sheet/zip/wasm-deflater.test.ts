import fc from "fast-check";
import { crc32 as zlibCrc32, inflateRawSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { CountingDeflater } from "../../../src/sheet/zip/counting-deflater";
import { FastDeflater } from "../../../src/sheet/zip/fast-deflate";
import { wasmDeflater } from "../../../src/sheet/zip/wasm-deflater";
import { anyData, awkwardSamples, fibonacciBytes, noise } from "../../helpers/deflate-samples";

/** What the WebAssembly deflater takes at most at a time: a chunk larger than it goes in several calls. */
const SLICE = 128 * 1024;

async function deflater(): Promise<CountingDeflater> {
  const made = await wasmDeflater();
  if (!made) throw new Error("Node runs WebAssembly: the deflater must be made");
  return made;
}

/** `data` cut at `cuts` (in any order, clamped to it). */
function cutAt(data: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(data.length, Math.max(at, cut));
    pieces.push(data.subarray(at, end));
    at = end;
  }
  pieces.push(data.subarray(at));
  return pieces;
}

async function wasmDeflate(data: Uint8Array, cuts: readonly number[] = []) {
  const ours = await deflater();
  const out = cutAt(data, cuts).map((piece) => ours.push(piece));
  out.push(ours.finish());
  return { bytes: Buffer.concat(out), count: ours.counted() };
}

/** The JavaScript deflater the WebAssembly one is built from, fed the whole at once. */
function javaScriptDeflate(data: Uint8Array): Buffer {
  const deflater = new FastDeflater();
  return Buffer.concat([deflater.push(data), deflater.finish()]);
}

describe("the WebAssembly deflater", () => {
  it("gives the JavaScript deflater's bytes, its CRC-32 and size, however the input is cut", async () => {
    await fc.assert(
      fc.asyncProperty(anyData, fc.array(fc.nat(6000), { maxLength: 6 }), async (bytes, cuts) => {
        const { bytes: packed, count } = await wasmDeflate(bytes, cuts);
        expect(packed.equals(javaScriptDeflate(bytes))).toBe(true);
        expect(inflateRawSync(packed).equals(Buffer.from(bytes))).toBe(true);
        expect(count).toEqual({ crc32: zlibCrc32(bytes), size: bytes.length });
      }),
      { numRuns: 400 },
    );
  });

  it("deflates nothing, one byte, long runs, far matches, chunks over a slice and many blocks alike", async () => {
    // Larger than a few slices of noise: a slice's tokens fill several blocks.
    const cases = [...awkwardSamples(40_000), noise(600_000, 5)];
    for (const bytes of cases) {
      const expected = javaScriptDeflate(bytes);
      for (const cuts of [[], [1, 2, 258, 259, 32_768, 32_769, 65_536], [SLICE - 1, 3 * SLICE + 5, 1_000_000]]) {
        const { bytes: packed, count } = await wasmDeflate(bytes, cuts);
        expect(packed.equals(expected)).toBe(true);
        expect(count).toEqual({ crc32: zlibCrc32(bytes), size: bytes.length });
      }
      expect(inflateRawSync(expected).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("keeps codes within 15 bits when the counts would make a deeper tree", async () => {
    const data = fibonacciBytes();
    const { bytes: packed } = await wasmDeflate(data);
    expect(inflateRawSync(packed).equals(Buffer.from(data))).toBe(true);
    expect(packed.equals(javaScriptDeflate(data))).toBe(true);
  });

  it("deflates two parts side by side, and one released or finished serves the next part afresh", async () => {
    const first = noise(300_000, 3);
    const second = new TextEncoder().encode("<c><v>1</v></c>".repeat(20_000));
    const a = await deflater();
    const b = await deflater();
    const outA: Uint8Array[] = [];
    const outB: Uint8Array[] = [];
    for (const [index, piece] of cutAt(first, [100_000, 200_000]).entries()) {
      outA.push(a.push(piece));
      outB.push(b.push(cutAt(second, [100_000, 200_000])[index] as Uint8Array));
    }
    outA.push(a.finish());
    // A finished deflater's count stays its own while its instance, the only one free, deflates the next part.
    const next = await deflater();
    next.push(second);
    expect(a.counted()).toEqual({ crc32: zlibCrc32(first), size: first.length });
    next.release();
    outB.push(b.finish());
    expect(Buffer.concat(outA).equals(javaScriptDeflate(first))).toBe(true);
    expect(Buffer.concat(outB).equals(javaScriptDeflate(second))).toBe(true);
    expect(() => a.push(first)).toThrow(/finished/);

    const abandoned = await deflater();
    abandoned.push(first.subarray(0, 70_000));
    abandoned.release();
    // Whichever instance comes next, it starts with no window, no codes and no count left over.
    for (let n = 0; n < 3; n++) {
      const { bytes: packed, count } = await wasmDeflate(second);
      expect(packed.equals(javaScriptDeflate(second))).toBe(true);
      expect(count.size).toBe(second.length);
    }
  });
});

describe("a part's counting deflater", () => {
  it("is the JavaScript deflater, with the same bytes and count, where WebAssembly may not be compiled", async () => {
    vi.resetModules();
    const compile = vi.spyOn(WebAssembly, "compile").mockRejectedValue(new Error("refused by the page's policy"));
    try {
      // A fresh copy of the modules, whose WebAssembly was never compiled.
      const { countingDeflater } = await import("../../../src/sheet/zip/counting-deflater");
      const { wasmDeflater: freshWasmDeflater } = await import("../../../src/sheet/zip/wasm-deflater");
      expect(await freshWasmDeflater()).toBeUndefined();
      const data = noise(70_000, 9);
      const fallback = await countingDeflater();
      const packed = Buffer.concat([
        fallback.push(data.subarray(0, 50_000)),
        fallback.push(data.subarray(50_000)),
        fallback.finish(),
      ]);
      expect(compile).toHaveBeenCalled();
      expect(packed.equals(javaScriptDeflate(data))).toBe(true);
      expect(fallback.counted()).toEqual({ crc32: zlibCrc32(data), size: data.length });
    } finally {
      compile.mockRestore();
      vi.resetModules();
    }
  });
});
