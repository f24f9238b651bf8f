import { readFile } from "node:fs/promises";
import { crc32, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { packText, repackText, rewriteZip } from "../../../src/sheet/zip/rewrite-zip-entry";
import { listZipEntries } from "../../../src/sheet/zip/zip-guard";
import { entryData, zip } from "../../helpers/zip-writer";

const fixture = (name: string) => readFile(new URL(`../../fixtures/sheets/${name}`, import.meta.url)).then((b) => new Uint8Array(b));

/** Each entry's inflated data, checked against the CRC and size its directory record gives. */
function checkedEntries(bytes: Uint8Array): Map<string, Buffer> {
  const buffer = Buffer.from(bytes);
  const entries = new Map<string, Buffer>();
  for (const entry of listZipEntries(bytes, "test.zip")) {
    expect(buffer.readUInt32LE(entry.localHeaderOffset), `${entry.name} local header`).toBe(0x04034b50);
    const data = entryData(bytes, entry);
    expect([data.length, crc32(data)], entry.name).toEqual([entry.uncompressedSize, entry.crc32]);
    entries.set(entry.name, data);
  }
  return entries;
}

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
    const part = await repackText(bytes, entry as NonNullable<typeof entry>, { push: (text) => text.toUpperCase(), finish: () => "!" });
    const written = inflateRawSync(part.packed);
    expect([written.toString(), part.size, part.crc32]).toEqual([`${original.toUpperCase()}!`, written.length, crc32(written)]);
  });
});

describe("rewriteZip", () => {
  it.each(["libreoffice-order-form.xlsx", "libreoffice-features.xlsx", "exceljs-features.xlsx"])("%s: swaps and adds entries; every other one is the same, and every CRC holds", async (name) => {
    const bytes = await fixture(name);
    const before = checkedEntries(bytes);
    const replaced = await packText("xl/workbook.xml", ["<workbook/>"]);
    const added = await packText("xl/worksheets/sheet9.xml", ["<worksheet/>"]);
    const after = checkedEntries(rewriteZip(bytes, new Map([["xl/workbook.xml", replaced]]), [added]));
    expect([...after.keys()]).toEqual([...before.keys(), "xl/worksheets/sheet9.xml"]);
    for (const [entry, data] of before) if (entry !== "xl/workbook.xml") expect(after.get(entry)?.equals(data), entry).toBe(true);
    expect([after.get("xl/workbook.xml")?.toString(), after.get("xl/worksheets/sheet9.xml")?.toString()]).toEqual(["<workbook/>", "<worksheet/>"]);
  });
});
