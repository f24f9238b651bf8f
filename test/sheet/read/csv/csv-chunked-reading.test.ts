import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decodeChunks,
  decodeText,
  NotUtf8Error,
  textLayoutOf,
  WINDOWS_1252_LAYOUT,
  type TextEncodingName,
  type TextLayout,
} from "../../../../src/sheet/formats/decode-text";
import { arrayRows, tableView, widthWith } from "../../../../src/core/sheet-table";
import type { ReadProgress } from "../../../../src/sheet/read/workbook";
import { readCsvArrays } from "../../../helpers/csv-rows";

const fixtures = new URL("../../../fixtures/sheets/", import.meta.url);

/** Text with one-, two-, three- and four-byte UTF-8 characters, and a surrogate pair in UTF-16. */
const MIXED = 'Order No,Club,Note\r\nA-1,Café Nord,"€12, ""paid"" – 😀"\r\nA-2,Tāmaki Makaurau,Ø\r\n';

const utf16 = (text: string, order: "le" | "be", bom: boolean) => {
  const le = Buffer.from(text, "utf16le");
  if (order === "be")
    for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  const mark = order === "le" ? [0xff, 0xfe] : [0xfe, 0xff];
  return new Uint8Array(Buffer.concat([Buffer.from(bom ? mark : []), le]));
};
/** Windows-1252 for the few characters used here. */
const windows1252 = (text: string) =>
  new Uint8Array([...text].map((ch) => ({ é: 0xe9, "€": 0x80, "–": 0x96, "’": 0x92 })[ch] ?? ch.charCodeAt(0)));

const ENCODED: readonly { name: string; encoding: TextEncodingName; bytes: Uint8Array }[] = [
  { name: "UTF-8", encoding: "utf-8", bytes: new TextEncoder().encode(MIXED) },
  {
    name: "UTF-8 with a byte-order mark",
    encoding: "utf-8",
    bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(MIXED)]),
  },
  { name: "UTF-16 LE", encoding: "utf-16le", bytes: utf16(MIXED, "le", true) },
  { name: "UTF-16 BE", encoding: "utf-16be", bytes: utf16(MIXED, "be", true) },
  { name: "UTF-16 LE without a byte-order mark", encoding: "utf-16le", bytes: utf16(MIXED.repeat(3), "le", false) },
  {
    name: "Windows-1252",
    encoding: "windows-1252",
    bytes: windows1252("Order No,Club\r\nA-1,Café – €12\r\nA-2,Müller’s\r\n".replace("ü", "u")),
  },
];

const CHUNK_SIZES = [1, 2, 3, 4, 5, 7, 13, 4093];
const csvFixtures = readdirSync(fixtures).filter((name) => /\.(csv|tsv|txt)$/.test(name));

/** The layout the reader ends up with: a UTF-8 guess the bytes disprove is Windows-1252. */
function layoutOf(bytes: Uint8Array): TextLayout {
  const layout = textLayoutOf(bytes);
  try {
    // Every chunk is decoded, for what decoding learns about the layout on the way.
    Array.from(decodeChunks(bytes, layout, bytes.length));
    return layout;
  } catch (error) {
    if (error instanceof NotUtf8Error) return WINDOWS_1252_LAYOUT;
    throw error;
  }
}

describe("decoding a chunk at a time", () => {
  it.each(ENCODED.map((e) => [e.name, e] as const))(
    "%s: every chunk size gives the whole text, characters never split",
    (_name, { bytes, encoding }) => {
      const whole = decodeText(bytes);
      expect(whole.encoding).toBe(encoding);
      const layout = layoutOf(bytes);
      for (const size of CHUNK_SIZES) {
        const chunks = [...decodeChunks(bytes, layout, size)].map((chunk) => chunk.text);
        expect(chunks.join("")).toBe(whole.text);
        for (const chunk of chunks) expect(chunk).not.toMatch(/\uFFFD|^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
      }
    },
  );

  it("reports the bytes read with each chunk, up to the whole file", () => {
    const [first] = ENCODED;
    if (!first) throw new Error("no encoded text to read");
    const { bytes } = first;
    const read = [...decodeChunks(bytes, textLayoutOf(bytes), 16)].map((chunk) => chunk.bytesRead);
    expect(read.at(-1)).toBe(bytes.length);
    expect(read).toEqual([...read].sort((a, b) => a - b));
  });

  it("stops a UTF-8 guess at the first byte that is not UTF-8", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("Order No\r\n".repeat(100)), 0xe9, 0x0d, 0x0a]);
    expect(() => [...decodeChunks(bytes, textLayoutOf(bytes), 64)]).toThrow(NotUtf8Error);
  });
});

describe("readCsv a chunk at a time", () => {
  it.each(csvFixtures)("%s reads the same rows whatever the chunk size", (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, fixtures)));
    const whole = readCsvArrays(bytes, name);
    for (const chunkBytes of CHUNK_SIZES) expect(readCsvArrays(bytes, name, { chunkBytes })).toEqual(whole);
  });

  it.each(ENCODED.map((e) => [e.name, e] as const))(
    "%s: rows are split the same across chunk boundaries",
    (_name, { bytes, encoding }) => {
      const whole = readCsvArrays(bytes, "mixed.csv");
      if (!whole.ok) throw new Error(whole.message);
      expect(whole.encoding).toBe(encoding);
      for (const chunkBytes of CHUNK_SIZES) expect(readCsvArrays(bytes, "mixed.csv", { chunkBytes })).toEqual(whole);
    },
  );

  it("starts again as Windows-1252 when a byte late in the file is not UTF-8, and progress never goes back", () => {
    const text = "Order No,Club\r\n" + "A-1,Karori\r\n".repeat(5000);
    const bytes = new Uint8Array([...new TextEncoder().encode(text), ...windows1252("A-2,Café\r\n")]);
    const progress: ReadProgress[] = [];
    const read = readCsvArrays(bytes, "late.csv", { chunkBytes: 4096 }, (p) => progress.push(p));
    if (!read.ok) throw new Error(read.message);
    expect(read.encoding).toBe("windows-1252");
    expect(read.rows.at(-1)).toEqual(["A-2", "Café"]);
    const fractions = progress.map((p) => p.fraction ?? 0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });
});

describe("the measures taken while reading", () => {
  const ragged = new TextEncoder().encode(
    'Title\r\n\r\nOrder No,Club,Note\r\nA-1, ,"a long, long note"\r\n  ,\r\nA-2,Karori,,,   \r\n',
  );

  it.each([
    ...csvFixtures.map((name) => [name, new Uint8Array(readFileSync(new URL(name, fixtures)))] as const),
    ["ragged.csv", ragged] as const,
  ])(
    "%s: every header row gets the same table width, longest text and count of order rows as a pass over every cell",
    (name, bytes) => {
      const read = readCsvArrays(bytes, name);
      if (!read.ok) throw new Error(read.message);
      expect(read.measures.usedWidth(0)).toBe(read.rows.reduce((width, row) => widthWith(row, width), 0));
      for (let header = 0; header < Math.min(read.rows.length, 6); header++) {
        const { measures } = read;
        const measured = tableView(
          name,
          {
            ...arrayRows(read.rows),
            usedWidth: (from) => measures.usedWidth(from),
            longestCell: (from) => measures.longestCell(from),
            filledRowsFrom: (from) => measures.filledRowsFrom(from),
          },
          header,
        );
        const counted = tableView(name, arrayRows(read.rows), header);
        expect({
          headers: measured.headers,
          longestCell: measured.longestCell,
          orderRowCount: measured.orderRowCount,
        }).toEqual({
          headers: counted.headers,
          longestCell: counted.longestCell,
          orderRowCount: counted.orderRowCount,
        });
      }
    },
  );
});
