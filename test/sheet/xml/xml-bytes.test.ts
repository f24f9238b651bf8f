import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexOfMarkupByte } from "../../../src/sheet/xml/xml-bytes";

/** The same search a byte at a time. */
function naive(bytes: Uint8Array, from: number): number {
  for (let at = Math.max(0, from); at < bytes.length; at++) if (bytes[at] === 0x21 || bytes[at] === 0x3f) return at;
  return -1;
}

describe("indexOfMarkupByte", () => {
  it("finds the first ! or ? from where it is asked, as a search a byte at a time does, however the bytes lie", () => {
    // Bytes near the ones looked for (0x20–0x22, 0x3e–0x40, 0xa1, 0xbf) test the word-at-a-time check's edges.
    const byte = fc.constantFrom(0x3c, 0x63, 0x20, 0x21, 0x22, 0x3e, 0x3f, 0x40, 0xa1, 0xbf, 0x00, 0xff, 0x01);
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 80 }),
        fc.nat(7),
        fc.integer({ min: -2, max: 90 }),
        (values, offset, from) => {
          // A view starting anywhere in its buffer, aligned to four bytes or not.
          const buffer = new Uint8Array(values.length + offset + 3);
          const bytes = buffer.subarray(offset, offset + values.length);
          bytes.set(values);
          buffer.fill(0x21, 0, offset);
          buffer.fill(0x3f, offset + values.length);
          expect(indexOfMarkupByte(bytes, from)).toBe(naive(bytes, from));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("finds one far into a long run of rows", () => {
    const row = new TextEncoder().encode('<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c></row>');
    const bytes = new Uint8Array(row.length * 1000 + 1);
    for (let i = 0; i < 1000; i++) bytes.set(row, i * row.length);
    expect(indexOfMarkupByte(bytes, 0)).toBe(-1);
    bytes[777 * row.length + 5] = 0x3f;
    expect(indexOfMarkupByte(bytes, 3)).toBe(777 * row.length + 5);
    expect(indexOfMarkupByte(bytes, 777 * row.length + 6)).toBe(-1);
  });
});
