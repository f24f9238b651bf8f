import fc from "fast-check";
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, crc32Combine } from "../../../src/sheet/zip/crc32";

describe("crc32", () => {
  it("is zlib's CRC-32 for data at any offset in its buffer, carried over any cut", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(7), fc.nat(), (bytes, offset, cutAt) => {
        const buffer = new Uint8Array(bytes.length + offset);
        buffer.set(bytes, offset);
        const data = buffer.subarray(offset);
        const cut = bytes.length === 0 ? 0 : cutAt % (bytes.length + 1);
        const expected = zlibCrc32(bytes);
        expect(crc32(0, data)).toBe(expected);
        expect(crc32(crc32(0, data.subarray(0, cut)), data.subarray(cut))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
    expect(crc32(0, new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  it("combines two pieces' CRC-32s into their whole's, whatever the lengths", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (first, second) => {
        const whole = new Uint8Array([...first, ...second]);
        expect(crc32Combine(zlibCrc32(first), zlibCrc32(second), second.length)).toBe(zlibCrc32(whole));
      }),
      { numRuns: 1000 },
    );
    // A second piece as long as a batch of a part written, and longer.
    const hello = new TextEncoder().encode("123456789");
    for (const length of [1 << 20, 3_000_001]) {
      const second = new Uint8Array(length).fill(0x3c);
      const whole = new Uint8Array([...hello, ...second]);
      expect(crc32Combine(0xcbf43926, crc32(0, second), length)).toBe(crc32(0, whole));
    }
  });
});
