import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCsv } from "../../../../src/sheet/read/csv/read-csv";
import { CSV_PIECES, readCsvArrays } from "../../../helpers/csv-rows";

const encode = (text: string) => new TextEncoder().encode(text);

/** A read without saying which rows papaparse read, nor the records the scanner noted, so the two can be compared. */
function withoutParserName(read: ReturnType<typeof readCsvArrays>) {
  if (!read.ok) return read;
  const { papaparseFrom: _papaparseFrom, asRead: _asRead, ...rest } = read;
  return rest;
}

/**
 * The scanner's reading (and papaparse's, from where the scanner left off) against papaparse's alone, at one chunk
 * size.
 */
function expectPapaparseRows(text: string, chunkBytes: number) {
  const bytes = encode(text);
  const read = readCsvArrays(bytes, "orders.csv", { chunkBytes });
  const oracle = readCsvArrays(bytes, "orders.csv", { chunkBytes, parser: "papaparse" });
  expect(withoutParserName(read)).toEqual(withoutParserName(oracle));
  return read;
}

const chunkBytes = fc.constantFrom(1, 2, 3, 5, 8, 13, 64, 4096);

describe("the well-formed scanner against papaparse", () => {
  it("splits any text into the rows papaparse gives, or leaves the rest to papaparse", () => {
    // Quote marks, every delimiter and line break, white space, wide characters: the pieces of malformed CSV.
    const piece = fc.constantFrom(...CSV_PIECES, "Bé", "😀");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), chunkBytes, (pieces, size) => {
        expectPapaparseRows(pieces.join(""), size);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads well-formed CSV itself, every value as it was written", () => {
    const delimiter = fc.constantFrom(",", ";", "\t", "|");
    const newline = fc.constantFrom("\r\n", "\n", "\r");
    // Values may hold quote marks, line breaks and white space; only the file's own delimiter, so it is the one found.
    const value = fc
      .array(fc.constantFrom("a", "B", "é", "😀", "1", " ", '"', "\r\n", "\n", "\u00a0", "-"), { maxLength: 6 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(
        delimiter,
        newline,
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.array(value, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 12 }),
        chunkBytes,
        fc.boolean(),
        (delim, lineEnd, width, cells, size, endsWithLineEnd) => {
          // Every row has a plain first value, so no row is blank and the delimiter is plain to see.
          const rows = cells.map((row, index) => [`A-${index + 1}`, ...row.slice(1, width)]);
          const quote = (text: string) =>
            /["\r\n]|^\s|\s$/.test(text) || text.includes(delim) ? `"${text.replaceAll('"', '""')}"` : text;
          const text = rows.map((row) => row.map(quote).join(delim)).join(lineEnd) + (endsWithLineEnd ? lineEnd : "");
          const read = expectPapaparseRows(text, size);
          if (!read.ok) throw new Error(read.message);
          expect(read.papaparseFrom).toBeUndefined();
          expect(read.rows).toEqual(rows);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ["a quote mark inside a quoted value, not doubled", 'Order,Note\r\nA-1,"12" pipe",x\r\nA-2,ok\r\n'],
    ["spaces between a quoted value and the delimiter", 'Order,Note\r\nA-1,"big"  ,x\r\n'],
  ])("leaves the rest to papaparse from %s on", (_name, text) => {
    for (const size of [3, 4096]) {
      const read = expectPapaparseRows(text, size);
      if (!read.ok) throw new Error(read.message);
      expect(read.papaparseFrom).toBe(2);
    }
  });

  it(
    "scans the rows before text it leaves to papaparse, " + "across many pieces, and papaparse reads on from that row",
    () => {
      const rows = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => `A-${from + i},"Karori, ""North""",${i % 7}\r\n`).join("");
      const text = `Order,Club,Qty\r\n${rows(1, 3000)}A-3001,"Ponsonby" Netball",2\r\n${rows(3002, 3000)}`;
      for (const size of [4096, 65_536]) {
        const read = expectPapaparseRows(text, size);
        if (!read.ok) throw new Error(read.message);
        expect(read.papaparseFrom).toBe(3002);
        expect([read.rows[3000], read.rows[3001], read.rows[6001]]).toEqual([
          ["A-3000", 'Karori, "North"', "3"],
          ["A-3001", 'Ponsonby" Netball', "2"],
          ["A-6001", 'Karori, "North"', "3"],
        ]);
      }
    },
  );

  it("reports a quoted value that never closes as papaparse finds it, with the row where it opens", () => {
    const read = expectPapaparseRows('Order,Note\r\nA-1,ok\r\nA-2,"big\r\nA-3,ok\r\n', 4096);
    expect(read).toMatchObject({ ok: false, code: "UNTERMINATED_QUOTE", rowNumber: 3 });
  });

  it("keeps a row's empty fields after its last value, and shares one array among empty rows", () => {
    const read = readCsvArrays(encode("Order,Note,,\r\n,,,\r\nA-1,  ,,\r\n,,,\r\nA-2,x\r\n"), "orders.csv");
    if (!read.ok) throw new Error(read.message);
    expect(read.papaparseFrom).toBeUndefined();
    expect(read.rows).toEqual([
      ["Order", "Note", "", ""],
      ["", "", "", ""],
      ["A-1", "  ", "", ""],
      ["", "", "", ""],
      ["A-2", "x"],
    ]);
    expect(read.rows[1]).toBe(read.rows[3]);
  });

  it(
    "keeps runs of blank lines between rows as runs, " +
      "each line its own width, and drops those after the last value",
    () => {
      const text = `Order,Qty\r\nA-1,2\r\n${",\r\n".repeat(300_000)}\r\n\r\n,,\r\nA-2,3\r\n${"\r\n".repeat(100_000)}`;
      const read = readCsv(encode(text), "orders.csv");
      if (!read.ok) throw new Error(read.message);
      expect(read.papaparseFrom).toBeUndefined();
      expect(read.rows.length).toBe(300_006);
      expect([2, 300_001, 300_002, 300_003, 300_004, 300_005].map((index) => read.rows.at(index))).toEqual([
        ["", ""],
        ["", ""],
        [""],
        [""],
        ["", "", ""],
        ["A-2", "3"],
      ]);
      expect(read.rows.at(300_006)).toBeUndefined();
      expect(read.measures.usedWidth(2)).toBe(2);
      expect(read.measures.longestCell(2)).toEqual({ rowNumber: 300_006, columnIndex: 0, length: 3 });
    },
  );
});
