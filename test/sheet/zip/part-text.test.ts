import { crc32, inflateRawSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { zlibCodecs } from "../../../src/cli/zlib-codecs";
import { packText, repackPart, textRewriterOf } from "../../../src/sheet/zip/part-text";
import { listZipEntries } from "../../../src/sheet/zip/zip-guard";
import { zip } from "../../helpers/zip-writer";
import { platformCodecs, useZipCodecs, type ZipCodecs } from "../../../src/sheet/zip/zip-codecs";

describe("packing text", () => {
  it.each([0, 1, 7, 8, 9, 4095, 100_003])("gives the CRC and size of %i bytes of text", async (length) => {
    const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 95))).join("");
    const part = await packText("a.xml", [text.slice(0, length >> 1), text.slice(length >> 1)]);
    expect([part.size, part.crc32, inflateRawSync(Buffer.concat(part.packed)).toString()]).toEqual([
      length,
      crc32(text),
      text,
    ]);
  });

  it("rewrites an entry's text as it streams, counting what it writes", async () => {
    const original = "é".repeat(70_000) + "<end/>";
    const bytes = new Uint8Array(zip([{ name: "a.xml", data: Buffer.from(original) }]));
    const [entry] = listZipEntries(bytes, "test.zip");
    const part = await repackPart(bytes, entry as NonNullable<typeof entry>, (out) =>
      textRewriterOf({ push: (text) => text.toUpperCase(), finish: () => "!" }, out),
    );
    const written = inflateRawSync(Buffer.concat(part.packed));
    expect([written.toString(), part.size, part.crc32]).toEqual([
      `${original.toUpperCase()}!`,
      written.length,
      crc32(written),
    ]);
  });

  describe.each([
    ["our own deflater", platformCodecs],
    ["zlib's", zlibCodecs],
  ])("with %s", (_, codecs) => {
    afterEach(() => useZipCodecs(platformCodecs));

    it("writes a large part through a few batches, each filled again once the deflater gives it back", async () => {
      const buffers = new Set<ArrayBufferLike>();
      let handedOn = 0;
      const counting: ZipCodecs = {
        ...codecs,
        deflater(expectedBytes, recycle) {
          const deflater = codecs.deflater(expectedBytes, recycle);
          const seen = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
            transform(chunk, controller) {
              buffers.add(chunk.buffer);
              handedOn++;
              controller.enqueue(chunk);
            },
          });
          return { ...deflater, writable: seen.writable, readable: seen.readable.pipeThrough(deflater) };
        },
      };
      useZipCodecs(counting);
      const original = Array.from({ length: 300_000 }, (_, i) => `<row r="${i + 1}"><c><v>${i}</v></c></row>`).join("");
      const bytes = new Uint8Array(zip([{ name: "sheet.xml", data: Buffer.from(original) }]));
      const [entry] = listZipEntries(bytes, "test.zip");
      const part = await repackPart(bytes, entry as NonNullable<typeof entry>, (out) =>
        textRewriterOf({ push: (text) => text, finish: () => "" }, out),
      );
      expect(inflateRawSync(Buffer.concat(part.packed)).toString()).toBe(original);
      expect(handedOn).toBeGreaterThanOrEqual(10);
      expect(buffers.size).toBeLessThanOrEqual(5);
    });
  });
});
