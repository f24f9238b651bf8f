import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createWorksheetReader, type WorkbookContext } from "../../../../src/sheet/read/xlsx/worksheet-part";
import { SheetDataScanner } from "../../../../src/sheet/read/xlsx/sheet-data-scanner";
import { RowPlacesRecorder } from "../../../../src/sheet/read/xlsx/row-places";
import type { ZipEntry } from "../../../../src/sheet/zip/zip-guard";
import { plainNumberAt } from "../../../../src/sheet/xml/xml-bytes";
import { type PartUnderTest, readBothWays, readInPieces } from "./read-both-ways";
import { SharedTexts } from "../../../../src/sheet/read/xlsx/shared-texts";

const TEXTS = ["Order No", " ", "Zürich 👕", "A&B", "", "line\nbreak"];

function context(): WorkbookContext {
  return {
    fileName: "orders.xlsx",
    strings: SharedTexts.of(TEXTS),
    // Style 2 shows dates.
    dateStyles: Uint8Array.from([0, 0, 1]),
    is1904: false,
    cells: 0,
    orderRows: 0,
  };
}

/** A worksheet's reader, with its scanner; what it read is every row of the sheet, or what refused it. */
function worksheetPart(): PartUnderTest<unknown> {
  const workbook = context();
  const sheet = createWorksheetReader(workbook, "Orders", new Map());
  return {
    handler: sheet.handler,
    scanner: new SheetDataScanner(sheet.sink),
    element: { name: "sheetData", depth: 2 },
    result: () => {
      const store = sheet.finish();
      const rows = Array.from({ length: store.length }, (_, i) => store.at(i) ?? null);
      return { rows, hidden: store.hiddenRows(), cells: workbook.cells, orderRows: workbook.orderRows };
    },
  };
}

/** A worksheet's reader noting where its rows lie; what it read is those places. */
function placesPart(): PartUnderTest<unknown> {
  const sheet = createWorksheetReader(context(), "Orders", new Map());
  const places = new RowPlacesRecorder();
  const entry = { name: "xl/worksheets/sheet1.xml", crc32: 1, compressedSize: 2, uncompressedSize: 3 } as ZipEntry;
  return {
    handler: sheet.handler,
    scanner: new SheetDataScanner(sheet.sink, places),
    element: { name: "sheetData", depth: 2 },
    result: () => {
      const placed = places.placesIn(entry);
      return { starts: [...(placed?.starts ?? [])], closes: [...(placed?.closes ?? [])] };
    },
  };
}

/** Whether `places` each hold a row's `<row` and its `</row>` in `bytes`, in order. */
function placesHoldRows(places: { starts: number[]; closes: number[] }, bytes: Uint8Array): boolean {
  const textAt = (at: number, length: number) => new TextDecoder().decode(bytes.subarray(at, at + length));
  return places.starts.every(
    (start, i) =>
      /^<row[\s/>]$/.test(textAt(start, 5)) &&
      textAt(places.closes[i] as number, 6) === "</row>" &&
      (places.closes[i] as number) > start &&
      (i === 0 || start > (places.closes[i - 1] as number)),
  );
}

const space = fc.constantFrom("", "", "", " ", "\n  ", "\r\n\t");

const valueText = fc.oneof(
  fc.integer({ min: -5, max: 12 }).map(String),
  fc.constantFrom("0.1", "-0", "1.50", "2.5E-3", " 7 ", "1e400", "12345678901234567", ".5", "5.", "-", "x"),
  fc.constantFrom("&lt;b&gt;", "Fish &amp; chips", "a\r\nb", "Tāmaki", "&#x1F455;", "_x000D_", ""),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);
const cellType = fc.constantFrom("", "", "s", "n", "b", "e", "d", "str", "inlineStr", "x");
const cellRef = fc.oneof(
  fc.constant(""),
  fc
    .tuple(
      fc.oneof(
        { weight: 30, arbitrary: fc.constantFrom("A", "B", "C", "D", "AA", "b", "1") },
        { weight: 1, arbitrary: fc.constantFrom("XFD", "XFE") },
      ),
      fc.nat(9),
    )
    .map(([c, r]) => `${c}${r}`),
);

const sharedIndex = fc.constantFrom("0", "1", "2", "3", "4", "5", " 2 ", "9", "x");
const typedValue = cellType.chain((type) =>
  fc.record({ type: fc.constant(type), value: fc.option(type === "s" ? sharedIndex : valueText, { nil: undefined }) }),
);

const cell = fc
  .record({
    ref: cellRef,
    style: fc.constantFrom("", "0", "2", "1", "x", "0000000000000002"),
    typed: typedValue,
    formula: fc.constantFrom("", "", "<f>SUM(A1:A2)</f>", '<f t="shared" si="0"/>'),
    inline: fc.constantFrom("", "", "", "<is><t>Inline</t></is>", '<is><t xml:space="preserve"> x </t></is>', "<is/>"),
    odd: fc.constantFrom("", "", "", "", "", "<!-- note -->", "<is><r><t>a</t></r><r><t>b</t></r></is>", "<extLst/>"),
    extraAttribute: fc.constantFrom("", "", "", ' cm="1"', ' x:r="B1"'),
    single: fc.boolean(),
    gap: space,
  })
  .map(({ typed, ...c }) => {
    const { type, value } = typed;
    const q = (v: string) => (c.single ? `'${v}'` : `"${v}"`);
    const attributes =
      (c.ref ? ` r=${q(c.ref)}` : "") +
      (c.style ? ` s=${q(c.style)}` : "") +
      (type ? ` t=${q(type)}` : "") +
      c.extraAttribute;
    const content = `${c.formula}${value === undefined ? "" : `<v>${value}</v>`}${c.inline}${c.odd}`;
    return content === "" && c.gap === "" ? `<c${attributes}/>` : `<c${attributes}>${c.gap}${content}</c>`;
  });

const row = fc
  .record({
    number: fc.constantFrom("", "1", "2", "3", "7", "x", "2", "5", "1", "3"),
    hidden: fc.constantFrom("", "", ' hidden="1"', " hidden='true'", ' hidden="0"', ' hidden="&#49;"'),
    extra: fc.constantFrom(
      "",
      ' spans="1:3"',
      ' x14ac:dyDescent="0.25"',
      ' x:hidden="1"',
      ' xhidden="1"',
      ' hiddenx="1"',
    ),
    cells: fc.array(cell, { maxLength: 5 }),
    gap: space,
  })
  .map((r) => {
    const attributes = (r.number ? ` r="${r.number}"` : "") + r.hidden + r.extra;
    return r.cells.length === 0 && r.gap === ""
      ? `<row${attributes}/>`
      : `<row${attributes}>${r.gap}${r.cells.join(r.gap)}${r.gap}</row>`;
  });

const worksheetOf = (rows: fc.Arbitrary<string[]>) =>
  fc
    .record({
      rows,
      gap: space,
      head: fc.constantFrom("", '<sheetPr><outlinePr summaryBelow="0"/></sheetPr>', "<!-- <sheetData> -->"),
      tail: fc.constantFrom("", '<mergeCells count="1"><mergeCell ref="A1:B2"/></mergeCells>', "<x:extLst/>"),
      broken: fc.oneof(
        { weight: 12, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.constantFrom("</row>", "<row>", "<c>", "</v>", "&", '<row r="1048577"/>') },
      ),
    })
    .map(
      (w) =>
        '<?xml version="1.0" encoding="UTF-8"?>\r\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        `${w.head}<dimension ref="A1"/><sheetData>${w.gap}${w.rows.join(w.gap)}${w.broken}${w.gap}</sheetData>` +
        w.tail +
        "</worksheet>",
    );
const worksheet = worksheetOf(fc.array(row, { maxLength: 8 }));

describe("the worksheet's byte scanner", () => {
  it("reads every sheet as the XML reader does, however its bytes are cut into pieces", () => {
    let readWhole = 0;
    fc.assert(
      fc.property(worksheet, fc.array(fc.nat(4000), { maxLength: 6 }), (xml, cuts) => {
        const { scanned, whole } = readBothWays(worksheetPart, xml, cuts);
        if (typeof whole === "object" && whole !== null && "rows" in whole) readWhole++;
        expect(scanned).toEqual(whole);
      }),
      { numRuns: 1500 },
    );
    // Most sheets are read whole, not refused at their first odd cell.
    expect(readWhole).toBeGreaterThan(900);
  });

  it("reads sheets of many pieces as the XML reader does, cells cut short joined with the start of the next", () => {
    const plainRow = fc
      .array(fc.tuple(fc.constantFrom("A", "B", "C", "D"), fc.integer({ min: -9, max: 99 })), { maxLength: 6 })
      .map((cells) => `<row>${cells.map(([c, v]) => `<c r="${c}1"><v>${v}</v></c>`).join("")}</row>`);
    fc.assert(
      fc.property(
        worksheetOf(
          fc.array(fc.oneof({ weight: 20, arbitrary: plainRow }, { weight: 1, arbitrary: row }), {
            minLength: 300,
            maxLength: 600,
          }),
        ),
        fc.array(fc.nat(100_000), { minLength: 1, maxLength: 4 }),
        (xml, cuts) => {
          const { scanned, whole } = readBothWays(worksheetPart, xml, cuts);
          expect(scanned).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("places the rows it reads at their <row and </row>, the same however the bytes are cut", () => {
    const plainRow = fc
      .array(fc.tuple(fc.constantFrom("A", "B", "C"), fc.integer({ min: -9, max: 99 })), { minLength: 1, maxLength: 4 })
      .map((cells) => `<row>${cells.map(([c, v]) => `<c r="${c}1"><v>${v}</v></c>`).join("")}</row>`);
    const placesOf = (xml: string, cuts: readonly number[]) => {
      const bytes = new TextEncoder().encode(xml);
      const uncut = readInPieces(placesPart(), bytes, [], "bytes");
      const cutUp = readInPieces(
        placesPart(),
        bytes,
        cuts.map((cut) => cut % (bytes.length + 1)),
        "bytes",
      );
      expect(cutUp).toEqual(uncut);
      // A sheet the reader refuses has no places to check.
      if (!(typeof uncut === "object" && uncut !== null && "starts" in uncut)) return undefined;
      const places = uncut as { starts: number[]; closes: number[] };
      expect(placesHoldRows(places, bytes)).toBe(true);
      return places;
    };
    const cuts = fc.array(fc.nat(4000), { maxLength: 6 });
    fc.assert(
      fc.property(worksheetOf(fc.array(fc.oneof(plainRow, row), { maxLength: 40 })), cuts, (xml, at) => {
        placesOf(xml, at);
      }),
      { numRuns: 800 },
    );
    // Rows as spreadsheet programs write them are every one placed, in small pieces and in pieces long enough that a
    // row cut short is joined with only the start of the next.
    for (const [rowCounts, cutsIn] of [
      [{ maxLength: 60 }, cuts],
      [{ minLength: 300, maxLength: 600 }, fc.array(fc.nat(40_000), { minLength: 1, maxLength: 4 })],
    ] as const) {
      fc.assert(
        fc.property(fc.array(plainRow, rowCounts), space, cutsIn, (rows, gap, at) => {
          const xml = `<worksheet><sheetData>${gap}${rows.join(gap)}${gap}</sheetData></worksheet>`;
          expect(placesOf(xml, at)?.starts.length).toBe(rows.length);
        }),
        { numRuns: 150 },
      );
    }
  });

  it("reads rows written the way spreadsheet programs write them", () => {
    const xml =
      "<worksheet><sheetData>" +
      '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"><v>46000</v></c>' +
      '<c r="C1"><v>-2.5</v></c></row>' +
      '<row r="3" hidden="1"><c r="B3" t="inlineStr"><is><t>Tāmaki &amp; co</t></is></c></row>' +
      "</sheetData></worksheet>";
    const read1 = readInPieces(worksheetPart(), new TextEncoder().encode(xml), [37, 90], "bytes") as {
      rows: unknown[];
      hidden: number[];
    };
    expect(read1.rows).toEqual([["Order No", new Date(Date.UTC(2025, 11, 9)), -2.5], null, [null, "Tāmaki & co"]]);
    expect(read1.hidden).toEqual([3]);
  });

  it("reads plain numbers from their digits exactly as parseFloat reads their text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()), (value) => {
        const text = String(value);
        const number = plainNumberAt(new TextEncoder().encode(text), 0, text.length);
        if (!Number.isNaN(number)) expect(Object.is(number, parseFloat(text))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    const bytes = new TextEncoder().encode("0.30000000000000004");
    expect(plainNumberAt(bytes, 0, bytes.length)).toBeNaN();
  });
});
