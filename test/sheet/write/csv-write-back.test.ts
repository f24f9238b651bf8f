import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { ResultCell, ResultSheetData } from "../../../src/core/result-sheet-data";
import { writeCsvResults } from "../../../src/sheet/write/csv-write-back";
import { decodeText, type TextEncodingName } from "../../../src/sheet/formats/decode-text";
import { encodeText } from "../../../src/sheet/formats/encode-text";
import { SHEET_LIMITS } from "../../../src/sheet/limits";
import { createSheetSession } from "../../../src/sheet/worker-api";
import { writeResults } from "../../../src/sheet/write/write-results";
import { CSV_PIECES, readCsvArrays } from "../../helpers/csv-rows";
import { readCsv } from "../../../src/sheet/read/csv/read-csv";
import { MAX_SCANNED_RECORDS } from "../../../src/sheet/read/csv/csv-text-rows";

const fixture = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../../fixtures/sheets/${name}`, import.meta.url)));
const text = (value: string) => new TextEncoder().encode(value);
const latin = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

type WriteData = Pick<ResultSheetData, "headerRowNumber" | "columns" | "rows">;

/** `value` in UTF-16, each code unit's two bytes in the order asked for. */
function utf16(value: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(value.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < value.length; i++) view.setUint16(i * 2, value.charCodeAt(i), littleEndian);
  return bytes;
}

/** Files in UTF-16 with a byte-order mark, either byte order, of `piece`s, some with an odd byte at the end. */
const utf16Files = (piece: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.boolean())
    .map(([pieces, littleEndian, oddByte]) => {
      const bytes = utf16(`\ufeff${pieces.join("")}`, littleEndian);
      return oddByte ? Uint8Array.from([...bytes, 0x41]) : bytes;
    });

/** The file written, or what was thrown, so that two ways of writing can be compared whatever they do. */
function writtenOrError(original: Uint8Array, data: WriteData, options?: Parameters<typeof writeCsvResults>[2]) {
  try {
    return writeCsvResults(original, data, options);
  } catch (error) {
    return String(error);
  }
}

const COLUMNS = ["Import result", "Job number", "Line estimate", "Messages", "Note, extra"];

/** Result rows in turn, each cell with the text it must read back as. */
const SAMPLES: readonly (readonly [ResultCell, string][])[] = [
  [
    ["Created, 2 jobs", "Created, 2 jobs"],
    ["J-1001", "J-1001"],
    [1234.5, "1234.5"],
    ['Say "hi"; crème – 2€', 'Say "hi"; crème – 2€'],
    ["=SUM(A1)", "'=SUM(A1)"],
  ],
  [
    ["Held", "Held"],
    [null, ""],
    [-5, "-5"],
    ["ok\n=1+1", "ok\n'=1+1"],
    ["a;=1+1", "a;=1+1"],
  ],
  [
    ["Line one\r\nLine two", "Line one\r\nLine two"],
    ["J-7", "J-7"],
    [0.1 + 0.2, "0.3"],
    ["@cmd", "'@cmd"],
    ["-5", "-5"],
  ],
];

interface CsvCase {
  readonly name: string;
  readonly bytes: () => Promise<Uint8Array>;
  readonly encoding: TextEncodingName;
  readonly delimiter: string;
  readonly byteOrderMark: boolean;
  readonly lineEnd: "\r\n" | "\n" | "\r";
}

const file = (
  name: string,
  encoding: TextEncodingName,
  delimiter: string,
  byteOrderMark: boolean,
  lineEnd: CsvCase["lineEnd"],
): CsvCase => ({
  name,
  bytes: () => fixture(name),
  encoding,
  delimiter,
  byteOrderMark,
  lineEnd,
});

/** Every CSV fixture the reader accepts, and UTF-16 saved without its byte-order mark. */
const CASES: readonly CsvCase[] = [
  file("utf8-google-sheets.csv", "utf-8", ",", false, "\n"),
  file("utf8-bom-excel.csv", "utf-8", ",", true, "\r\n"),
  file("utf16le-unicode-text.txt", "utf-16le", "\t", true, "\r\n"),
  {
    ...file("utf16le-unicode-text.txt", "utf-16le", "\t", false, "\r\n"),
    name: "utf16le-unicode-text.txt without its BOM",
    bytes: async () => (await fixture("utf16le-unicode-text.txt")).slice(2),
  },
  file("utf16be.csv", "utf-16be", ",", true, "\r\n"),
  file("utf16le-quoted.csv", "utf-16le", ",", true, "\r\n"),
  file("windows-1252-excel.csv", "windows-1252", ",", false, "\r\n"),
  file("windows-1252-quoted.csv", "windows-1252", ";", false, "\r\n"),
  file("semicolon-european.csv", "windows-1252", ";", false, "\r\n"),
  file("pipe.csv", "utf-8", "|", false, "\r\n"),
  file("tab.tsv", "utf-8", "\t", false, "\r\n"),
  file("quoted.csv", "utf-8", ",", false, "\r\n"),
  file("line-endings-cr.csv", "utf-8", ",", false, "\r"),
  file("line-endings-lf.csv", "utf-8", ",", false, "\n"),
  file("line-endings-crlf.csv", "utf-8", ",", false, "\r\n"),
  file("ragged-trailing.csv", "utf-8", ",", false, "\r\n"),
  file("title-rows.csv", "utf-8", ",", false, "\r\n"),
  file("blank-lines.csv", "utf-8", ",", false, "\r\n"),
  file("no-trailing-line-end.csv", "utf-8", ",", false, "\n"),
  file("duplicate-blank-headers.csv", "utf-8", ",", false, "\r\n"),
  file("prototype-headers.csv", "utf-8", ",", false, "\r\n"),
  file("numbers-as-text.csv", "utf-8", ",", false, "\r\n"),
];

interface RawRecord {
  readonly content: Uint8Array;
  readonly lineEnd: Uint8Array;
}

/**
 * Records split the simple way a well-formed file allows, independently of the writer: a
 * line end outside double quotes ends a record. Works in code units, so UTF-16 too.
 */
function splitRecords(bytes: Uint8Array, encoding: TextEncodingName, lineEnd: string): RawRecord[] {
  const unit = encoding.startsWith("utf-16") ? 2 : 1;
  const codeAt = (i: number) =>
    encoding === "utf-16le"
      ? (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8)
      : encoding === "utf-16be"
        ? ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)
        : (bytes[i] ?? 0);
  const isLineEnd = (i: number) => [...lineEnd].every((ch, k) => codeAt(i + k * unit) === ch.charCodeAt(0));
  const bom = encoding === "utf-8" && bytes[0] === 0xef ? 3 : unit === 2 && codeAt(0) === 0xfeff ? 2 : 0;
  const records: RawRecord[] = [];
  let start = 0;
  let quoted = false;
  for (let i = bom; i < bytes.length; i += unit) {
    if (codeAt(i) === 0x22) quoted = !quoted;
    else if (!quoted && isLineEnd(i)) {
      const end = i + lineEnd.length * unit;
      records.push({ content: bytes.subarray(start, i), lineEnd: bytes.subarray(i, end) });
      start = end;
      i = end - unit;
    }
  }
  if (start < bytes.length) records.push({ content: bytes.subarray(start), lineEnd: new Uint8Array(0) });
  return records;
}

/**
 * `after` as `before` with bytes put in at one place: how many of `before`'s bytes come first
 * (-1 when `after` is not that), what was put in, and the rest of `before` after it, as long
 * as it can be while made of whole fields (so starting at a delimiter).
 */
function insertionIn(
  before: Uint8Array,
  after: Uint8Array,
  delimiter: Uint8Array,
): { kept: number; added: Uint8Array; rest: Uint8Array } {
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, k) => b[k] === byte);
  for (let restLength = Math.min(before.length, after.length); restLength >= 0; restLength--) {
    const kept = before.length - restLength;
    const rest = before.subarray(kept);
    if (restLength > 0 && !same(rest.subarray(0, delimiter.length), delimiter)) continue;
    if (
      !same(rest, after.subarray(after.length - restLength)) ||
      !same(before.subarray(0, kept), after.subarray(0, kept))
    )
      continue;
    return { kept, added: after.subarray(kept, after.length - restLength), rest };
  }
  return { kept: -1, added: after, rest: new Uint8Array(0) };
}

function startsWithBytes(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte);
}

async function sessionTable(bytes: Uint8Array, name: string, headerRowNumber?: number) {
  const session = createSheetSession();
  const opened = await session.open(bytes, name);
  if (!opened.ok) throw new Error(`${name}: ${opened.message}`);
  const preview = session.preview(opened.summary.defaultSheet, headerRowNumber);
  if (!preview.ok) throw new Error(preview.message);
  const { sheetName } = preview.preview;
  return { preview: preview.preview, rows: session.rows(sheetName, preview.preview.headerRowNumber, 0, 1000) };
}

function readRows(bytes: Uint8Array) {
  const read = readCsvArrays(bytes, "test.csv");
  if (!read.ok) throw new Error(read.message);
  return read;
}

describe("writeCsvResults: every CSV shape the reader accepts", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, csv) => {
    const original = await csv.bytes();
    const { preview, rows: dataRows } = await sessionTable(original, csv.name);
    const resultRows = new Map<number, readonly ResultCell[]>();
    const expectedTexts = new Map<number, readonly string[]>();
    dataRows.forEach((row, position) => {
      if (position % 3 === 1) return;
      const sample = SAMPLES[position % SAMPLES.length] ?? [];
      resultRows.set(
        row.rowNumber,
        sample.map(([cell]) => cell),
      );
      expectedTexts.set(
        row.rowNumber,
        sample.map(([, written]) => written),
      );
    });
    expect(resultRows.size).toBeGreaterThan(0);
    const data: WriteData = { headerRowNumber: preview.headerRowNumber, columns: COLUMNS, rows: resultRows };

    const written = writeCsvResults(original, data);
    if (!written.ok) throw new Error(`not written: ${JSON.stringify(written)}`);
    expect(written.encoding).toBe(csv.encoding);

    // (a) Every original record, byte for byte and in order, then its own line end; the fields go in at its end or
    // before the empty fields it ends with.
    const before = splitRecords(original, csv.encoding, csv.lineEnd);
    const after = splitRecords(written.bytes, csv.encoding, csv.lineEnd);
    expect(after).toHaveLength(before.length);
    const delimiter = encodeText(csv.delimiter, csv.encoding) as Uint8Array;
    before.forEach((record, index) => {
      const out = after[index] as RawRecord;
      const rowNumber = index + 1;
      const { kept, added, rest } = insertionIn(record.content, out.content, delimiter);
      expect(kept + rest.length, `row ${rowNumber} keeps its bytes`).toBe(record.content.length);
      expect([...out.lineEnd], `row ${rowNumber} keeps its line end`).toEqual([...record.lineEnd]);
      const getsFields = rowNumber === data.headerRowNumber || resultRows.has(rowNumber);
      if (getsFields) {
        expect(startsWithBytes(added, delimiter), `row ${rowNumber} gets fields`).toBe(true);
        expect(
          new TextDecoder(csv.encoding)
            .decode(rest)
            .split(csv.delimiter)
            .every((field) => field.trim() === "" || field.trim() === '""'),
          `row ${rowNumber}: only empty fields follow the new ones`,
        ).toBe(true);
      } else expect(added, `row ${rowNumber} gets nothing`).toHaveLength(0);
    });

    // (b) Read back: the same cells, plus the results on exactly the intended rows, aligned.
    const input = readRows(original);
    const output = readRows(written.bytes);
    expect({ encoding: output.encoding, delimiter: output.delimiter }).toEqual({
      encoding: csv.encoding,
      delimiter: csv.delimiter,
    });
    expect(output.rows).toHaveLength(input.rows.length);
    const header = output.rows[data.headerRowNumber - 1] ?? [];
    const start = header.indexOf(COLUMNS[0] as string);
    expect(header.slice(start, start + COLUMNS.length)).toEqual(COLUMNS);
    input.rows.forEach((cells, index) => {
      const rowNumber = index + 1;
      const out = output.rows[index] ?? [];
      const expected = rowNumber === data.headerRowNumber ? COLUMNS : expectedTexts.get(rowNumber);
      if (expected === undefined) {
        expect(out, `row ${rowNumber}`).toEqual(cells);
        return;
      }
      expect(out.slice(0, Math.min(start, cells.length)), `row ${rowNumber}`).toEqual(cells.slice(0, start));
      expect(
        out.slice(cells.length, start).every((cell) => cell === ""),
        `row ${rowNumber} padding`,
      ).toBe(true);
      expect(out.slice(start, start + COLUMNS.length), `row ${rowNumber}`).toEqual(expected);
      expect(out.slice(start + COLUMNS.length), `row ${rowNumber}'s empty fields after the results`).toEqual(
        cells.slice(start),
      );
      // The results start right of every value in the table.
      if (rowNumber >= data.headerRowNumber) expect(cells.slice(start).every((cell) => cell.trim() === "")).toBe(true);
    });
    const reread = await sessionTable(written.bytes, csv.name, data.headerRowNumber);
    expect(reread.preview.headers.slice(-COLUMNS.length)).toEqual(COLUMNS);
    expect(reread.rows.map((row) => row.rowNumber)).toEqual(dataRows.map((row) => row.rowNumber));

    // (c) A byte-order mark only where the file had one.
    expect(output.hadByteOrderMark).toBe(csv.byteOrderMark);
    expect(input.hadByteOrderMark).toBe(csv.byteOrderMark);
  });
});

describe("writeCsvResults: shapes and values", () => {
  const one = (cells: readonly ResultCell[], headerRowNumber = 1, rowNumber = 2): WriteData => ({
    headerRowNumber,
    columns: cells.map((_, i) => `R${i + 1}`),
    rows: new Map([[rowNumber, cells]]),
  });
  const write = (input: string | Uint8Array, data: WriteData) => {
    const result = writeCsvResults(typeof input === "string" ? text(input) : input, data);
    if (!result.ok) throw new Error("unrepresentable");
    return latin(result.bytes);
  };

  it.each([
    {
      description: "a data row longer than the header pads the header",
      input: "No,Qty\r\nA-1,5,x,y\r\nA-2,3\r\n",
      data: one(["ok"]),
      expected: "No,Qty,,,R1\r\nA-1,5,x,y,ok\r\nA-2,3\r\n",
    },
    {
      description: "a shorter data row is padded to the header",
      input: "No,Qty,City\nA-1\nA-2,3,Napier\n",
      data: one(["ok"]),
      expected: "No,Qty,City,R1\nA-1,,,ok\nA-2,3,Napier\n",
    },
    {
      description: "a value further down the table moves the results right of it",
      input: "No,Qty\nA-1,5\nTotal,,,9\n",
      data: one(["ok"]),
      expected: "No,Qty,,,R1\nA-1,5,,,ok\nTotal,,,9\n",
    },
    {
      description: "a line feed in a CRLF file stays inside its record",
      input: "No,Note\r\nA-1,one\ntwo\r\nA-2,x\r\n",
      data: one(["ok"]),
      expected: "No,Note,R1\r\nA-1,one\ntwo,ok\r\nA-2,x\r\n",
    },
    {
      description: "a CR file with a quoted line feed",
      input: 'No,Note\rA-1,"one\ntwo"\rA-2,x',
      data: one(["ok"], 1, 3),
      expected: 'No,Note,R1\rA-1,"one\ntwo"\rA-2,x,ok',
    },
    {
      description: "a quoted last record without a line end",
      input: 'No,Note\nA-1,"x"',
      data: one(["ok"]),
      expected: 'No,Note,R1\nA-1,"x",ok',
    },
    {
      description: "spaces after a closing quote",
      input: 'No,Note\nA-1,"x"  \nA-2,y\n',
      data: one(["ok"]),
      expected: 'No,Note,R1\nA-1,"x"  ,ok\nA-2,y\n',
    },
    {
      description: "a final quoted empty record the reader drops",
      input: 'No,Note\nA-1,x\n""',
      data: one(["ok"]),
      expected: 'No,Note,R1\nA-1,x,ok\n""',
    },
    {
      description: "blank lines get nothing",
      input: "No\n\nA-1\n\n",
      data: one(["ok"], 1, 3),
      expected: "No,R1\n\nA-1,ok\n\n",
    },
    {
      description: "pipe in a value is quoted in a pipe file",
      input: "No|Qty\nA-1|5\n",
      data: one(["a|b", "c,d", "e;f", 'g"h', "plain"]),
      expected: 'No|Qty|R1|R2|R3|R4|R5\nA-1|5|"a|b"|"c,d"|"e;f"|"g""h"|plain\n',
    },
    {
      description: "a tab in a value is quoted in a tab file",
      input: "No\tQty\nA-1\t5\n",
      data: one(["a\tb", "=x\ty"]),
      expected: 'No\tQty\tR1\tR2\nA-1\t5\t"a\tb"\t"\'=x\ty"\n',
    },
    {
      description: "numbers in plain digits",
      input: "No\nA-1\n",
      data: one([1234.5, 0.1 + 0.2, -0, 1e21, 1.5e-7, -12345678.25, 1 / 3, Number.NaN, Number.POSITIVE_INFINITY, null]),
      expected:
        "No,R1,R2,R3,R4,R5,R6,R7,R8,R9,R10\n" +
        "A-1,1234.5,0.3,0,1000000000000000000000,0.00000015,-12345678.25,0.333333333333333,,,\n",
    },
    {
      description: "header names are neutralised and quoted too",
      input: "No\nA-1\n",
      data: { headerRowNumber: 1, columns: ["=cmd", "a, b"], rows: new Map([[2, ["x", "y"]]]) },
      expected: 'No,\'=cmd,"a, b"\nA-1,x,y\n',
    },
    {
      description: "a row given no cells gets nothing",
      input: "No\nA-1\n",
      data: { headerRowNumber: 1, columns: ["R1"], rows: new Map([[2, []]]) },
      expected: "No,R1\nA-1\n",
    },
    {
      description: "fewer cells than columns",
      input: "No\nA-1\n",
      data: { headerRowNumber: 1, columns: ["R1", "R2"], rows: new Map([[2, ["x"]]]) },
      expected: "No,R1,R2\nA-1,x\n",
    },
    {
      description: "the results go before the empty fields a header ends with",
      input: "No,Qty,,,\nA-1,5\n",
      data: one(["ok"]),
      expected: "No,Qty,R1,,,\nA-1,5,ok\n",
    },
    {
      description: "and before a row's empty fields, quoted or spaces",
      input: 'No,Qty\nA-1,5, ,""," \t" ,\n',
      data: one(["ok"]),
      expected: 'No,Qty,R1\nA-1,5,ok, ,""," \t" ,\n',
    },
    {
      description: "empty fields past a value further down the table",
      input: "No,Qty,,,,\nA-1,5,,,,\nTotal,,9,,,\n",
      data: one(["ok"]),
      expected: "No,Qty,,R1,,,\nA-1,5,,ok,,,\nTotal,,9,,,\n",
    },
  ])("$description", ({ input, data, expected }) => {
    expect(write(input, data)).toBe(expected);
  });

  it("writes each row's own results when a column repeats the row above, with quotes, blanks and numbers", () => {
    const pool: readonly ResultCell[] = ["Created", "a, b", 'say "hi"', "", null, 12.5, 0, "=1+1", "Köln"];
    // Mostly a few values, so that runs of them repeat.
    const cell = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<ResultCell>("Created", 12.5, "a, b") },
      { weight: 3, arbitrary: fc.constantFrom(...pool) },
      { weight: 1, arbitrary: fc.integer().map((n) => `ref ${n}`) },
    );
    // Rows of fewer results than others, so a column's last field may be a row or more further up than its neighbour's;
    // and records ending in a stray CR, whose last result is quoted.
    const row = fc.record({
      cells: fc.oneof(
        { weight: 4, arbitrary: fc.array(cell, { minLength: 3, maxLength: 3 }) },
        fc.array(cell, { maxLength: 2 }),
      ),
      strayCr: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (records) => {
        const rows = records.map((r) => r.cells);
        const lines = records.map((r, i) => `A-${i},${i}${r.strayCr && i > 2 ? "\r" : ""}`);
        const original = text(["No,Qty", ...lines].join("\n") + "\n");
        const data: WriteData = {
          headerRowNumber: 1,
          columns: ["R1", "R2", "R3"],
          rows: new Map(rows.map((cells, i) => [i + 2, cells])),
        };
        const written = writeCsvResults(original, data);
        if (!written.ok) throw new Error("not written");
        const back = readRows(written.bytes).rows;
        rows.forEach((cells, i) => {
          const expected = cells.map((c) =>
            c === null ? "" : typeof c === "number" ? String(c) : c === "=1+1" ? "'=1+1" : c,
          );
          expect(back[i + 1]?.slice(2), `row ${i + 2}`).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("writes a moment in ISO 8601 with the offset of the zone at that moment, and a day as an ISO date", () => {
    const auckland = (at: Date) => (at.getUTCMonth() >= 3 && at.getUTCMonth() < 8 ? 720 : 780);
    const data = one([
      { kind: "date-time", at: "2026-11-25T01:03:00.000Z" },
      { kind: "date-time", at: "2026-06-10T23:30:00.000Z" },
      { kind: "date", day: "2027-03-01" },
    ]);
    const result = writeCsvResults(text("No,Qty\r\nA-1,5\r\n"), data, { zoneOffset: auckland });
    if (!result.ok) throw new Error("unrepresentable");
    expect(latin(result.bytes)).toBe(
      "No,Qty,R1,R2,R3\r\nA-1,5,2026-11-25T14:03:00+13:00,2026-06-11T11:30:00+12:00,2027-03-01\r\n",
    );
  });

  it("writes each row's own moment where an order's rows share theirs, each made anew as the app does", () => {
    const times = ["01:03", "01:03", "01:03", "01:10", "01:10", "01:03", "02:00"];
    const rows = new Map<number, readonly ResultCell[]>(
      times.map((time, k) => [k + 2, [{ kind: "date-time", at: `2026-11-25T${time}:00.000Z` }]]),
    );
    const original = text(`No\r\n${times.map((_, k) => `A-${k}\r\n`).join("")}`);
    const result = writeCsvResults(original, { headerRowNumber: 1, columns: ["At"], rows }, { zoneOffset: () => 0 });
    if (!result.ok) throw new Error("unrepresentable");
    expect(
      readRows(result.bytes)
        .rows.slice(1, 8)
        .map((row) => row[1]),
    ).toEqual(times.map((time) => `2026-11-25T${time}:00+00:00`));
  });

  it("writes a moment in the machine's own time zone unless told, through writeResults too", async () => {
    const at = new Date("2026-11-25T01:03:00.000Z");
    const written = await writeResults(text("No,Qty\r\nA-1,5\r\n"), "orders.csv", "orders", {
      ...one([{ kind: "date-time", at: at.toISOString() }]),
      jobs: { headers: [], rows: [] },
      audit: { headers: [], rows: [] },
    });
    if (!written.ok) throw new Error(written.message);
    const field = latin(written.bytes).split("\r\n")[1]?.split(",")[2] ?? "";
    expect(field).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
    expect(new Date(field).toISOString()).toBe(at.toISOString());
    const minutes = -at.getTimezoneOffset();
    const twoDigits = (n: number) => String(n).padStart(2, "0");
    const [hours, rest] = [Math.floor(Math.abs(minutes) / 60), Math.abs(minutes) % 60];
    const offset = `${minutes < 0 ? "-" : "+"}${twoDigits(hours)}:${twoDigits(rest)}`;
    expect(field.endsWith(offset)).toBe(true);
  });

  it("places the results right of the values, however many empty fields the header ends with", () => {
    // 100,000 empty fields after the header's names, and 300,000 short rows, each given a result.
    const lines = [`Order,Qty${",".repeat(100_000)}`];
    for (let i = 1; i <= 300_000; i++) lines.push(`A-${i},${i % 9}`);
    const original = text(lines.join("\n") + "\n");
    const rows = new Map<number, readonly ResultCell[]>();
    for (let rowNumber = 2; rowNumber <= lines.length; rowNumber++) rows.set(rowNumber, ["ok"]);
    const result = writeCsvResults(original, { headerRowNumber: 1, columns: ["Import result"], rows });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.bytes.length).toBe(original.length + ",Import result".length + 300_000 * ",ok".length);
    const output = readRows(result.bytes);
    expect(output.rows[0]?.slice(0, 4)).toEqual(["Order", "Qty", "Import result", ""]);
    expect([output.rows[1], output.rows[300_000]]).toEqual([
      ["A-1", "1", "ok"],
      ["A-300000", "3", "ok"],
    ]);
  });

  it("leaves a file that reads back as it did with 5,000 empty fields after the header's names", () => {
    const original = text(`Order,Qty${",".repeat(5000)}\nA-1,1\nA-2,2\n`);
    const result = writeCsvResults(original, {
      headerRowNumber: 1,
      columns: ["Import result", "Job"],
      rows: new Map([
        [2, ["ok", "J-1"]],
        [3, ["ok", "J-2"]],
      ]),
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const output = readRows(result.bytes);
    expect(output.rows.map((row) => row.slice(0, 5))).toEqual([
      ["Order", "Qty", "Import result", "Job", ""],
      ["A-1", "1", "ok", "J-1"],
      ["A-2", "2", "ok", "J-2"],
    ]);
  });

  it("refuses results that would go past the columns a sheet may have, in plain words", async () => {
    const original = text(`Order,Qty${",x".repeat(SHEET_LIMITS.maxColumns - 3)}\nA-1,1\n`);
    expect(readRows(original).rows[0]).toHaveLength(SHEET_LIMITS.maxColumns - 1);
    const data = { headerRowNumber: 1, columns: ["Import result", "Job"], rows: new Map([[2, ["ok", "J-1"]]]) };
    expect(writeCsvResults(original, data)).toEqual({
      ok: false,
      reason: "too-wide",
      tableWidth: SHEET_LIMITS.maxColumns - 1,
    });
    const written = await writeResults(original, "orders.csv", "orders", {
      ...data,
      jobs: { headers: [], rows: [] },
      audit: { headers: [], rows: [] },
    });
    expect(written).toEqual({
      ok: false,
      reason: "unreadable",
      message:
        "The results could not be added to orders.csv: its table already reaches column 999, " +
        "and 2 result columns after it would go past the 1,000 columns a sheet may have here.",
    });
    expect(writeCsvResults(original, { ...data, columns: ["Import result"], rows: new Map([[2, ["ok"]]]) }).ok).toBe(
      true,
    );
  });

  it.each(["utf-8", "utf-16le", "windows-1252"] as const)(
    "puts the results before a CR that ends a row in a file of LF line ends (%s), where a spreadsheet ends the row",
    (encoding) => {
      const input = "Order,Qty\nA-1,1\r\nA-2,2\nA-3,3\n\r\n";
      const bytes = encodeText(encoding === "utf-16le" ? `\uFEFF${input}` : input, encoding) as Uint8Array;
      const data: WriteData = {
        headerRowNumber: 1,
        columns: ["R1", "R2"],
        rows: new Map([
          [2, ["ok", null]],
          [3, ["ok", 6]],
          [4, ["ok", 7]],
        ]),
      };
      const result = writeCsvResults(bytes, data);
      if (!result.ok) throw new Error(JSON.stringify(result));
      expect(decodeText(result.bytes).text).toBe('Order,Qty,R1,R2\nA-1,1,ok,""\r\nA-2,2,ok,6\nA-3,3,ok,7\n\r\n');
      expect(readRows(result.bytes).rows.slice(0, 4)).toEqual([
        ["Order", "Qty", "R1", "R2"],
        ["A-1", "1", "ok", ""],
        ["A-2", "2", "ok", "6"],
        ["A-3", "3", "ok", "7"],
      ]);
    },
  );

  it.each([1, 2, 3, 4, 5])(
    "reads a file starting with %i byte-order marks as the reader does, and keeps them",
    (marks) => {
      const bom = [0xef, 0xbb, 0xbf];
      const input = Uint8Array.of(
        ...Array.from({ length: marks }, () => bom).flat(),
        ...text('"Order\nNo",Qty\nA-1,1\nA-2,2\n'),
      );
      const before = readRows(input).rows;
      const result = writeCsvResults(input, one(["ok"], 1, 3));
      if (!result.ok) throw new Error(JSON.stringify(result));
      expect(latin(result.bytes).replace(/,+R1/, "").replace(",ok", "")).toBe(latin(input));
      const after = readRows(result.bytes).rows;
      expect(after.map((row, index) => row.slice(0, before[index]?.length))).toEqual(before);
      expect([after[0]?.at(-1), after[2]?.at(-1)]).toEqual(["R1", "ok"]);
    },
  );

  it("turns anything unexpected in writing a file back into a failure in plain words", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const original = text("Order,Qty\nA-1,1\n");
    const data = {
      headerRowNumber: 1,
      columns: ["R1"],
      rows: new Map([[7, ["ok"]]]),
      jobs: { headers: [], rows: [] },
      audit: { headers: [], rows: [] },
    };
    expect(() => writeCsvResults(original, data)).toThrow(RangeError);
    expect(await writeResults(original, "orders.csv", "orders", data)).toEqual({
      ok: false,
      reason: "unreadable",
      message:
        "The results could not be added to orders.csv: " +
        "it could not be read again the way it was read when it was imported.",
    });
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
  });

  it("keeps malformed UTF-8 and a second byte-order mark byte for byte", () => {
    const input = Uint8Array.of(
      0xef,
      0xbb,
      0xbf,
      0xef,
      0xbb,
      0xbf,
      ...text("No,Note\n"),
      ...text("A-1,"),
      0xff,
      0xc3,
      ...text("\nA-2,ok\n"),
    );
    const result = writeCsvResults(input, one(["done"], 1, 3));
    expect(result.ok && [...result.bytes]).toEqual([
      0xef,
      0xbb,
      0xbf,
      0xef,
      0xbb,
      0xbf,
      ...text("No,Note,R1\nA-1,"),
      0xff,
      0xc3,
      ...text("\nA-2,ok,done\n"),
    ]);
  });

  it("writes a row of the file only: other row numbers are a mistake of the caller", () => {
    const input = text("Title\nNo,Qty\nA-1,5\n");
    expect(() => writeCsvResults(input, one(["x"], 2, 4))).toThrow(RangeError);
    expect(() => writeCsvResults(input, one(["x"], 2, 2))).toThrow(RangeError);
    expect(() => writeCsvResults(input, one(["x"], 4, 5))).toThrow(RangeError);
    expect(() =>
      writeCsvResults(input, { headerRowNumber: 2, columns: ["R1"], rows: new Map([[3, ["x", "y"]]]) }),
    ).toThrow(RangeError);
    expect(writeCsvResults(input, one(["x"], 2, 3)).ok).toBe(true);
  });
});

describe("writeCsvResults: results the file's encoding cannot hold", () => {
  const data: WriteData = {
    headerRowNumber: 1,
    columns: ["Import result", "Messages"],
    rows: new Map<number, readonly ResultCell[]>([
      [2, ["Tāmaki", "Café"]],
      [3, ["Created", "✓ done"]],
    ]),
  };

  it("refuses Windows-1252 with examples (row, column, text)", async () => {
    const result = writeCsvResults(await fixture("windows-1252-excel.csv"), data);
    expect(result).toEqual({
      ok: false,
      reason: "unrepresentable",
      encoding: "windows-1252",
      examples: [
        { rowNumber: 2, column: "Import result", text: "Tāmaki" },
        { rowNumber: 3, column: "Messages", text: "✓ done" },
      ],
    });
  });

  it.each(["windows-1252-excel.csv", "windows-1252-quoted.csv", "utf16be.csv"])(
    "writes %s as UTF-8 with a byte-order mark when asked",
    async (name) => {
      const original = await fixture(name);
      const result = writeCsvResults(original, data, { utf8: true });
      if (!result.ok) throw new Error("unrepresentable");
      expect(result.encoding).toBe("utf-8");
      expect([...result.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const input = readRows(original);
      const output = readRows(result.bytes);
      expect({
        encoding: output.encoding,
        hadByteOrderMark: output.hadByteOrderMark,
        delimiter: output.delimiter,
      }).toEqual({ encoding: "utf-8", hadByteOrderMark: true, delimiter: input.delimiter });
      expect(output.rows).toEqual(
        input.rows.map((cells, index) =>
          index === 0 ? [...cells, ...data.columns] : [...cells, ...((data.rows.get(index + 1) ?? []) as string[])],
        ),
      );
    },
  );

  it("leaves a UTF-8 file as it is when asked for UTF-8", async () => {
    const original = await fixture("utf8-google-sheets.csv");
    const asked = writeCsvResults(original, data, { utf8: true });
    const plain = writeCsvResults(original, data);
    expect(asked.ok && plain.ok && [...asked.bytes]).toEqual(plain.ok && [...plain.bytes]);
    expect(asked.ok && asked.bytes[0]).toBe(0x4f);
  });
});

describe("writeCsvResults numbers rows as the reader does", () => {
  it("across the reader's 4 MB parsing chunks, with a quoted line break astride each chunk's end", () => {
    const lines: string[] = [];
    /** Characters so far: where the next line starts. */
    let length = 0;
    const add = (line: string) => {
      lines.push(line);
      length += line.length + 2;
    };
    add("Order No,Note,Qty");
    for (const chunkEnd of [4 << 20, 8 << 20]) {
      while (length < chunkEnd - 80) {
        const i = lines.length;
        if (length > chunkEnd - 1000) add(`A-${i},n,1`);
        else
          add(
            i % 7 === 0
              ? `A-${i},"first line\r\nsecond, ""quoted"" line ${"x".repeat(i % 150)}",${i % 9}`
              : `A-${i},${"note ".repeat(i % 40)},${i % 9}`,
          );
      }
      const start = length;
      add(`A-${lines.length},"before\r\n${"y".repeat(60)}\r\n${"z".repeat(60)}\r\nafter",1`);
      expect(start + 20 < chunkEnd && chunkEnd < length - 20).toBe(true);
    }
    add("A-last,end,1");
    const original = text(lines.join("\r\n") + "\r\n");
    expect(original.length).toBe(length);
    const input = readRows(original);
    const rows = new Map<number, readonly ResultCell[]>();
    for (let rowNumber = 2; rowNumber <= input.rows.length; rowNumber += 1)
      rows.set(rowNumber, [input.rows[rowNumber - 1]?.[0] ?? ""]);
    const result = writeCsvResults(original, { headerRowNumber: 1, columns: ["Echo"], rows });
    if (!result.ok) throw new Error("unrepresentable");
    const output = readRows(result.bytes);
    expect(output.rows).toHaveLength(input.rows.length);
    // Each row was given its own first cell, so any shift in numbering shows as a mismatch.
    expect(output.rows.every((cells, index) => index === 0 || cells[3] === cells[0])).toBe(true);
  });
});

describe("encodeText", () => {
  it("writes back every byte Windows-1252 reads as, the five undefined ones included", () => {
    for (let byte = 0; byte < 0x100; byte++) {
      const decoded = decodeText(Uint8Array.of(0x80, byte)).text.slice(1);
      expect([...(encodeText(decoded, "windows-1252") ?? [])], `byte ${byte.toString(16)}`).toEqual([byte]);
    }
  });

  it.each([
    {
      input: "€12 – Müller’s",
      encoding: "windows-1252",
      expected: [0x80, 0x31, 0x32, 0x20, 0x96, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x92, 0x73],
    },
    { input: "Tāmaki", encoding: "windows-1252", expected: undefined },
    { input: "✓", encoding: "windows-1252", expected: undefined },
    { input: "👕", encoding: "windows-1252", expected: undefined },
    { input: "\u0080", encoding: "windows-1252", expected: undefined },
    { input: "Aā👕", encoding: "utf-16le", expected: [0x41, 0, 0x01, 0x01, 0x3d, 0xd8, 0x55, 0xdc] },
    { input: "Aā👕", encoding: "utf-16be", expected: [0, 0x41, 0x01, 0x01, 0xd8, 0x3d, 0xdc, 0x55] },
    { input: "Aā", encoding: "utf-8", expected: [0x41, 0xc4, 0x81] },
  ] as const)("$input in $encoding", ({ input, encoding, expected }) => {
    const bytes = encodeText(input, encoding);
    expect(bytes && [...bytes]).toEqual(expected);
  });
});

describe("splitting the records to write back into", () => {
  /** Pieces of CSV, well-formed and not: quote marks, every delimiter and line break, spaces, byte-order marks. */
  const piece = fc.constantFrom(...CSV_PIECES, "\ufeff", '"q, r"', '"a\r\nb"', '" "');
  const texts = fc.array(piece, { minLength: 1, maxLength: 200 }).map((pieces) => pieces.join(""));

  it("splits them with the reader's scanner as papaparse does: the file written back is the same byte for byte", () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 4 }), fc.boolean(), (content, headerRowNumber, bom) => {
        const original = text(`${bom ? "\ufeff" : ""}${content}`);
        const read = readCsvArrays(original, "sheet.csv");
        const rowCount = read.ok ? read.rows.length : 0;
        const data: WriteData = {
          headerRowNumber,
          columns: ["Import result", "Job number"],
          rows: new Map(
            Array.from({ length: rowCount - headerRowNumber }, (_, i) => [
              headerRowNumber + 1 + i,
              i % 3 === 2 ? [] : ["Created", i],
            ]),
          ),
        };
        // Rows the file turns out not to have are refused alike either way.
        expect(writtenOrError(original, data)).toEqual(writtenOrError(original, data, { splitter: "papaparse" }));
      }),
      { numRuns: 500 },
    );
  });
});

describe("finding where each record ends in the bytes", () => {
  /** Pieces of a file's text: rows, a quoted line break, characters of several bytes or two code units. */
  const piece = fc.constantFrom("No,Qty", "A-1,5", ",", "\n", "\r\n", '"a\nb"', "é", "€", "😀", "\ufeff", "x");
  /** Bytes decoding replaces or drops: a byte no UTF-8 starts with, a sequence cut short, a byte-order mark. */
  const stray = fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xef, 0xbb, 0xbf]);
  const file = fc.oneof(
    fc
      .array(fc.oneof({ weight: 4, arbitrary: piece.map((p) => [...text(p)]) }, stray), { minLength: 1, maxLength: 60 })
      .map((pieces) => Uint8Array.from(pieces.flat())),
    utf16Files(piece),
  );

  it("takes the text's offsets as the bytes' only where they are the same: the file is written as when counted", () => {
    fc.assert(
      fc.property(file, (original) => {
        const read = readCsvArrays(original, "sheet.csv");
        const rowCount = read.ok ? read.rows.length : 0;
        const data: WriteData = {
          headerRowNumber: 1,
          columns: ["Import result"],
          rows: new Map(Array.from({ length: Math.max(0, rowCount - 1) }, (_, i) => [i + 2, [`R${i}`]])),
        };
        expect(writtenOrError(original, data)).toEqual(writtenOrError(original, data, { byteEnds: "counted" }));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("writing back from the records as read", () => {
  /** Pieces of CSV, well-formed and not, and characters of several bytes or two code units. */
  const piece = fc.constantFrom(...CSV_PIECES, "\ufeff", '"q, r"', '"a\r\nb"', '" "', "é", "😀", "No;Qty", "\t");
  /** Bytes decoding replaces or drops, or that make a file Windows-1252. */
  const stray = fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xef, 0xbb, 0xbf], [0x80]);
  const file = fc.oneof(
    fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 80 }), fc.constantFrom("", "\ufeff", "\ufeff\ufeff"))
      .map(([pieces, mark]) => text(mark + pieces.join(""))),
    fc
      .array(fc.oneof({ weight: 4, arbitrary: piece.map((p) => [...text(p)]) }, stray), { minLength: 1, maxLength: 60 })
      .map((pieces) => Uint8Array.from(pieces.flat())),
    utf16Files(piece),
  );
  /** Each row below the header gets results, but every third. */
  const resultsFor = (rowCount: number, headerRowNumber: number): WriteData => ({
    headerRowNumber,
    columns: ["Import result", "Job number"],
    rows: new Map(
      Array.from({ length: Math.max(0, rowCount - headerRowNumber) }, (_, i) => [
        headerRowNumber + 1 + i,
        i % 3 === 2 ? [] : ["Created", i],
      ]),
    ),
  });

  it("writes the same file as when the records are split again, whatever the encoding and the reader's pieces", () => {
    let taken = 0;
    fc.assert(
      fc.property(
        file,
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(1, 3, 7, 64, 4096),
        fc.boolean(),
        (original, headerRowNumber, chunkBytes, utf8) => {
          const read = readCsvArrays(original, "sheet.csv", { chunkBytes, noteRecordsFrom: 0 });
          if (!read.ok) return;
          // The scanner notes the records of every file it reads to the end.
          expect(read.asRead === undefined).toBe(read.papaparseFrom !== undefined);
          if (read.asRead) taken++;
          const data = resultsFor(read.rows.length, headerRowNumber);
          expect(writtenOrError(original, data, { asRead: read.asRead, utf8 })).toEqual(
            writtenOrError(original, data, { utf8 }),
          );
        },
      ),
      { numRuns: 1500 },
    );
    expect(taken).toBeGreaterThan(500);
  });

  it("splits a file of more records than are noted again, each result on its own line", () => {
    // Blank lines are records too: a million of them between two order rows.
    const original = text(`No,Qty\nA-1,5\n${"\n".repeat(MAX_SCANNED_RECORDS)}A-2,6\n`);
    const read = readCsv(original, "orders.csv", undefined, { noteRecordsFrom: 0 });
    if (!read.ok) throw new Error(read.message);
    expect(read.asRead).toBeUndefined();
    const lastRow = MAX_SCANNED_RECORDS + 3;
    const data: WriteData = {
      headerRowNumber: 1,
      columns: ["Import result"],
      rows: new Map([
        [2, ["Created"]],
        [lastRow, ["Held"]],
      ]),
    };
    const written = writeCsvResults(original, data, { asRead: read.asRead });
    if (!written.ok) throw new Error(written.reason);
    const lines = latin(written.bytes).split("\n");
    expect([lines[0], lines[1], lines[lastRow - 1], lines.length]).toEqual([
      "No,Qty,Import result",
      "A-1,5,Created",
      "A-2,6,Held",
      lastRow + 1,
    ]);
  });

  it("notes the records of files from four megabytes only: smaller ones are split again in less time", () => {
    const row = "A-1,Polo shirt,Navy,M,5\n";
    const noted = (rows: number) => {
      const read = readCsv(text(`No,Item,Colour,Size,Qty\n${row.repeat(rows)}`), "orders.csv");
      return read.ok && read.asRead !== undefined;
    };
    const rowsIn4MB = Math.ceil((4 << 20) / row.length);
    expect([noted(1000), noted(rowsIn4MB - 10), noted(rowsIn4MB)]).toEqual([false, false, true]);
  });

  it("splits a file that is not the one read again, and takes the records of the one read as they are", () => {
    const original = text("Order,Qty\nA-1,5\nA-2,6\nA-3,7\n");
    const read = readCsvArrays(original, "orders.csv", { noteRecordsFrom: 0 });
    if (!read.ok || !read.asRead) throw new Error("The file was not read by the scanner");
    const data = resultsFor(read.rows.length, 1);
    // The same length, one value longer and another shorter, one more field: the rows end elsewhere.
    const other = text("Order,Qty\nA-1,55\nA-2,6,\nA,7\n");
    expect(other.length).toBe(original.length);
    expect(writtenOrError(other, data, { asRead: read.asRead })).toEqual(writtenOrError(other, data));
    // The bytes read: what reading found of them is taken on trust, so records noted otherwise would show.
    const shifted = { ...read.asRead, records: { ...read.asRead.records, fieldCounts: Uint32Array.of(2, 1, 2, 2, 1) } };
    expect(writtenOrError(original, data, { asRead: shifted })).not.toEqual(writtenOrError(original, data));
  });
});
