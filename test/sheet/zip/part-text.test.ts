import { crc32, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { packText, repackPart, textRewriterOf } from "../../../src/sheet/zip/part-text";
import { listZipEntries } from "../../../src/sheet/zip/zip-guard";
import { zip } from "../../helpers/zip-writer";

describe("packing text", () => {
  it.each([0, 1, 7, 8, 9, 4095, 100_003])("gives the CRC and size of %i bytes of text", async (length) => {
    const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 95))).join("");
    const part = await packText("a.xml", [text.slice(0, length >> 1), text.slice(length >> 1)]);
    expect([part.size, part.crc32, inflateRawSync(part.packed).toString()]).toEqual([length, crc32(text), text]);
  });

  it("rewrites an entry's text as it streams, counting what it writes", async () => {
    const original = "é".repeat(70_000) + "<end/>";
    const bytes = new Uint8Array(zip([{ name: "a.xml", data: Buffer.from(original) }]));
    const [entry] = listZipEntries(bytes, "test.zip");
    const part = await repackPart(bytes, entry as NonNullable<typeof entry>, (out) =>
      textRewriterOf({ push: (text) => text.toUpperCase(), finish: () => "!" }, out),
    );
    const written = inflateRawSync(part.packed);
    expect([written.toString(), part.size, part.crc32]).toEqual([
      `${original.toUpperCase()}!`,
      written.length,
      crc32(written),
    ]);
  });
});
