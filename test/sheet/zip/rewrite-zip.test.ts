import { readFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { packText } from "../../../src/sheet/zip/part-text";
import { rewriteZip } from "../../../src/sheet/zip/rewrite-zip";
import { listZipEntries } from "../../../src/sheet/zip/zip-guard";
import { entryData } from "../../helpers/zip-writer";

const fixture = (name: string) =>
  readFile(new URL(`../../fixtures/sheets/${name}`, import.meta.url)).then((b) => new Uint8Array(b));

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

describe("rewriteZip", () => {
  it.each(["libreoffice-order-form.xlsx", "libreoffice-features.xlsx", "exceljs-features.xlsx"])(
    "%s: swaps and adds entries; every other one is the same, and every CRC holds",
    async (name) => {
      const bytes = await fixture(name);
      const before = checkedEntries(bytes);
      const replaced = await packText("xl/workbook.xml", ["<workbook/>"]);
      const added = await packText("xl/worksheets/sheet9.xml", ["<worksheet/>"]);
      const after = checkedEntries(rewriteZip(bytes, new Map([["xl/workbook.xml", replaced]]), [added]));
      expect([...after.keys()]).toEqual([...before.keys(), "xl/worksheets/sheet9.xml"]);
      for (const [entry, data] of before)
        if (entry !== "xl/workbook.xml") expect(after.get(entry)?.equals(data), entry).toBe(true);
      expect([after.get("xl/workbook.xml")?.toString(), after.get("xl/worksheets/sheet9.xml")?.toString()]).toEqual([
        "<workbook/>",
        "<worksheet/>",
      ]);
    },
  );
});
