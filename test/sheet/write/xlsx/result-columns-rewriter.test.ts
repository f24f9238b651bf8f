import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ResultCell } from "../../../../src/core/result-sheet-data";
import {
  ResultColumnsRewriter,
  type ResultColumnsPlan,
} from "../../../../src/sheet/write/xlsx/result-columns-rewriter";
import type { DateCells } from "../../../../src/sheet/write/xlsx/cell-xml";
import { UsedRangeScan } from "../../../../src/sheet/write/xlsx/used-range-scan";
import { XmlRefusal } from "../../../../src/sheet/xml/xml-refusal";
import { joinBytes } from "../../../../src/sheet/zip/join-bytes";
import type { PartOutput } from "../../../../src/sheet/zip/part-text";
import { resultColumnsPart, usedRangePart } from "../../../../src/sheet/write/xlsx/sheet-part-streams";
import type { RowPlaces } from "../../../../src/sheet/read/xlsx/row-places";
import { rowPlacesOf } from "../../../helpers/row-places";

const HEADER_STYLE = 90;
/** Money formats are numbered after their base so the tests can see which base was used. */
const moneyStyle = (base: number) => 100 + base;
/** Dates are day 46000 (a date-time half a day on) in formats numbered after their base, as money's are. */
const DATES: DateCells = {
  serial: (date) => (date.kind === "date" ? 46_000 : 46_000.5),
  style: (kind, base) => (kind === "date" ? 200 : 300) + base,
};

function plan(overrides: Partial<ResultColumnsPlan> & { readonly firstColumn: number }): ResultColumnsPlan {
  return {
    headerRowNumber: 1,
    headers: ["Result", "Total"],
    rows: new Map<number, ResultCell[]>([[2, ["ok", 12.5]]]),
    widths: [10, 12],
    isMoney: [false, true],
    headerStyle: () => HEADER_STYLE,
    moneyStyle,
    dates: DATES,
    ...overrides,
  };
}

const utf8 = new TextEncoder();

/**
 * The rewriter's output for `xml` read as the writer reads a sheet: its UTF-8 bytes, rows whole where they can be,
 * their ends where `places` says, when given.
 */
function rewriteBytes(xml: string, p: ResultColumnsPlan, cuts: readonly number[], places?: RowPlaces): string {
  const written: Uint8Array[] = [];
  const out: PartOutput = {
    bytes: (view) => written.push(view.slice()),
    text: (text) => written.push(utf8.encode(text)),
  };
  const part = resultColumnsPart(new ResultColumnsRewriter(p), out, places);
  for (const piece of piecesOf(utf8.encode(xml), cuts)) part.push(piece);
  part.end();
  return new TextDecoder().decode(joinBytes(written));
}

/** The bytes cut at `cuts` (positions, in any order). */
function piecesOf(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const ends = [...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length].sort((a, b) => a - b);
  return ends.map((end, k) => bytes.subarray(k === 0 ? 0 : ends[k - 1], end));
}

/**
 * The rewriter's output for `xml` given whole, given a few characters at a time (tags and rows cut anywhere), and read
 * from its bytes in pieces: the same each way.
 */
function rewrite(xml: string, p: ResultColumnsPlan): string {
  const whole = new ResultColumnsRewriter(p);
  const once = whole.push(xml) + whole.finish();
  for (const size of [1, 3, 7, 64]) {
    const pieces = new ResultColumnsRewriter(p);
    let out = "";
    for (let at = 0; at < xml.length; at += size) out += pieces.push(xml.slice(at, at + size));
    expect(out + pieces.finish(), `in pieces of ${size}`).toBe(once);
  }
  const bytes = utf8.encode(xml).length;
  const places = rowPlacesOf(xml);
  for (const cuts of [[], [bytes >> 1], Array.from({ length: bytes }, (_, i) => i)]) {
    expect(rewriteBytes(xml, p, cuts), `from the bytes cut ${cuts.length} times`).toBe(once);
    expect(rewriteBytes(xml, p, cuts, places), `from the bytes cut ${cuts.length} times, rows placed`).toBe(once);
  }
  return once;
}

/** The used range of `xml` read from its bytes cut at `cuts`, as the writer reads it (its rows at `places`, given). */
function usedRangeOfBytes(
  xml: string,
  cuts: readonly number[],
  headerRowNumber: number,
  writtenRows?: number[],
  places?: RowPlaces,
) {
  const scan = new UsedRangeScan(headerRowNumber, writtenRows);
  const part = usedRangePart(scan, places);
  for (const piece of piecesOf(utf8.encode(xml), cuts)) part.push(piece);
  part.end();
  return scan.finish();
}

/** The used range of `xml`, checked to be the same however the text is cut, and read from its bytes. */
function usedRange(xml: string, headerRowNumber = 1) {
  const scanIn = (size: number) => {
    const scan = new UsedRangeScan(headerRowNumber);
    for (let at = 0; at < xml.length; at += size) scan.push(xml.slice(at, at + size));
    return scan.finish();
  };
  const whole = scanIn(Math.max(1, xml.length));
  for (const size of [1, 5]) expect(scanIn(size), `in pieces of ${size}`).toEqual(whole);
  const bytes = utf8.encode(xml).length;
  for (const cuts of [[], [bytes >> 1], Array.from({ length: bytes }, (_, i) => i)])
    expect(usedRangeOfBytes(xml, cuts, headerRowNumber), `from the bytes cut ${cuts.length} times`).toEqual(whole);
  return whole;
}

const sheet = (sheetData: string, before = "") =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ' +
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  `${before}<sheetData>${sheetData}</sheetData></worksheet>`;
const NEW_COLS =
  '<cols><col min="3" max="3" width="10" customWidth="1"/><col min="4" max="4" width="12" customWidth="1"/></cols>';
const HEADER_CELLS =
  `<c r="C1" s="${HEADER_STYLE}" t="inlineStr"><is><t>Result</t></is></c>` +
  `<c r="D1" s="${HEADER_STYLE}" t="inlineStr"><is><t>Total</t></is></c>`;
const ROW2_CELLS = `<c r="C2" t="inlineStr"><is><t>ok</t></is></c><c r="D2" s="${moneyStyle(0)}"><v>12.5</v></c>`;

describe("UsedRangeScan: the rightmost column with a value, a formula or a merged cell", () => {
  it.each([
    {
      description: "values and formulas",
      xml: sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="B2"><f>1+1</f></c></row>'),
      lastColumn: 2,
    },
    {
      description: "an inline string",
      xml: sheet('<row r="3"><c r="E3" t="inlineStr"><is><t>x</t></is></c></row>'),
      lastColumn: 5,
    },
    {
      description: "formatted empty cells do not count",
      xml: sheet('<row r="1"><c r="A1"><v>1</v></c><c r="H1" s="3"/><c r="I1" s="3"></c></row>'),
      lastColumn: 1,
    },
    {
      description: "a merged range is cut to the columns with values",
      xml: sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace(
        "</worksheet>",
        '<mergeCells count="1"><mergeCell ref="A1:F2"/></mergeCells></worksheet>',
      ),
      lastColumn: 1,
    },
    {
      description: "cells without r follow each other",
      xml: sheet("<row><c><v>1</v></c><c/><c><v>3</v></c></row>"),
      lastColumn: 3,
    },
    {
      description: "a cell past the grid (only a damaged file has one) is left out",
      xml: sheet(
        `<row r="1"><c r="B1"><v>1</v></c><c r="${"A".repeat(40)}1" t="inlineStr">` +
          '<is><t> </t></is></c></row><row r="2"><c r="XFE2"><v>1</v></c></row>',
      ),
      lastColumn: 2,
    },
    {
      description: "a row numbered with anything but digits follows the one before",
      xml: sheet(
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="abc"><c r="C2">' +
          '<v>1</v></c></row><row r=" 3"><c r="D3"><v>1</v></c></row>',
      ),
      lastColumn: 4,
    },
    {
      description: "a row holding a comment is read tag by tag",
      xml: sheet('<row r="1"><c r="A1"><v>1</v></c><!-- <c r="Z1"><v>9</v></c> --><c r="C1"><v>1</v></c></row>'),
      lastColumn: 3,
    },
    {
      description: "prefixed elements",
      xml:
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row r="1"><x:c r="D1"><x:v>1</x:v></x:c><x:c r="G1" s="1"/></x:row></x:sheetData></x:worksheet>',
      lastColumn: 4,
    },
    { description: "an empty sheet", xml: sheet(""), lastColumn: 0 },
  ])("$description", ({ xml, lastColumn }) => {
    expect(usedRange(xml).lastColumn).toBe(lastColumn);
  });

  it("gives how far a merged range across a row to be written reaches, and no other", () => {
    const merged = (refs: string) =>
      sheet('<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="B3"><v>1</v></c></row>').replace(
        "</worksheet>",
        `<mergeCells>${refs}</mergeCells></worksheet>`,
      );
    const scan = (xml: string, writtenRows: number[]) => {
      const s = new UsedRangeScan(writtenRows[0] as number, writtenRows);
      s.push(xml);
      return s.finish();
    };
    expect(scan(merged('<mergeCell ref="A1:XFD1"/><mergeCell ref="C2:ALZ2"/>'), [3])).toMatchObject({
      lastColumn: 2,
      mergedLastColumn: 0,
    });
    expect(scan(merged('<mergeCell ref="A1:XFD1"/><mergeCell ref="B2:F4"/>'), [3])).toMatchObject({
      lastColumn: 2,
      mergedLastColumn: 6,
    });
    expect(scan(merged('<mergeCell ref="A1:XFD1"/><mergeCell ref="B2:F4"/>'), [1, 3])).toMatchObject({
      lastColumn: 2,
      mergedLastColumn: 16_384,
    });
    expect(scan(merged('<mergeCell ref="A3:B3"/>'), [3])).toMatchObject({ lastColumn: 2, mergedLastColumn: 0 });
  });

  it("gives the style of the header row's rightmost cell with a value", () => {
    expect(
      usedRange(sheet('<row r="2"><c r="A2" s="4"><v>1</v></c><c r="B2" s="5"><v>2</v></c><c r="C2" s="6"/></row>'), 2)
        .headerStyle,
    ).toBe(5);
    expect(usedRange(sheet('<row r="2"><c r="A2"><v>1</v></c></row>'), 2).headerStyle).toBeUndefined();
  });

  it("ends a row at an end tag written with white space before its >, not at the next row's", () => {
    const xml = sheet('<row r="1"><c r="A1" s="4"><v>1</v></c></row ><row r="2"><c r="C2" s="7"><v>2</v></c></row>');
    expect(usedRange(xml)).toEqual({ lastColumn: 3, mergedLastColumn: 0, headerStyle: 4 });
  });

  it.each([
    ["an element never closed", sheet('<row r="1"><c r="A1"><v>1</v></c>').replace("</sheetData>", "")],
    ["end tags out of order", sheet("<row></row>", "<sheetViews>")],
    ["a part that is not a worksheet", "<chartsheet/>"],
    ["a cut-off tag", sheet("").slice(0, -3)],
  ])("refuses %s", (_name, xml) => {
    const scan = new UsedRangeScan(1);
    expect(() => {
      scan.push(xml);
      scan.finish();
    }).toThrow(XmlRefusal);
  });
});

describe("ResultColumnsRewriter: result cells added to the sheet's XML", () => {
  it("writes the same sheet however it is cut, comments and instructions anywhere among many rows", () => {
    const markup = fc.constantFrom("", "", "", "", "<!-- </row> -->", "<?pi x?>", "<![CDATA[</row>]]>");
    const row = fc
      .tuple(fc.integer({ min: 1, max: 40 }), markup, markup)
      .map(([n, a, b]) => `<row r="${n}"><c r="A${n}"><v>${n}</v></c>${a}<c r="B${n}"><v>2</v></c>${b}</row>`);
    const rowsInOrder = fc
      .uniqueArray(row, { selector: (r) => Number(/r="(\d+)"/.exec(r)?.[1]), maxLength: 25 })
      .map((rows) => rows.sort((a, b) => Number(/r="(\d+)"/.exec(a)?.[1]) - Number(/r="(\d+)"/.exec(b)?.[1])));
    fc.assert(
      fc.property(rowsInOrder, fc.array(fc.nat(3000), { maxLength: 6 }), (rows, cuts) => {
        const xml = sheet(rows.join(""));
        const p = plan({ firstColumn: 5, rows: new Map([[3, ["Created", 12.5]]]) });
        const whole = new ResultColumnsRewriter(p);
        const once = whole.push(xml) + whole.finish();
        const pieces = new ResultColumnsRewriter(p);
        let out = "";
        let at = 0;
        for (const cut of [...cuts.map((c) => c % (xml.length + 1))].sort((x, y) => x - y)) {
          out += pieces.push(xml.slice(at, Math.max(at, cut)));
          at = Math.max(at, cut);
        }
        expect(out + pieces.push(xml.slice(at)) + pieces.finish()).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("writes rows read whole from the bytes as from the text, whatever the rows hold and wherever they are cut", () => {
    const cell = fc.oneof(
      fc.constantFrom(
        (n: number) => `<c r="A${n}"><v>${n}</v></c>`,
        (n: number) => `<c r="B${n}" s="2" t="inlineStr"><is><t>Köln! ok?</t></is></c>`,
        (n: number) => `<c r="C${n}" t="s"><v>1</v></c>`,
        () => "<c><v>7</v></c>",
        (n: number) => `<c r="F${n}" s="4"/>`,
        (n: number) => `<c r="G${n}" s="5"></c>`,
        (n: number) => `<c r="H${n}"><v>8</v></c>`,
        (n: number) => `<c r='D${n}'  s = "3"><f>A1+1</f><v>2</v></c>`,
        () => "\n  ",
        () => "<!-- </row> -->",
        () => "<?pi x?>",
        () => "<![CDATA[</row>]]>",
        () => "<extLst/>",
      ),
    );
    const rowTag = fc.constantFrom(
      (n: number) => `<row r="${n}"`,
      (n: number) => `<row r="${n}" spans="1:3"`,
      (n: number) => `<row r="${n}" spans="2:3 5:6" x14ac:dyDescent="0.25"`,
      (n: number) => `<row r="${n}" s="7" customFormat="1"`,
      (n: number) => `<row r="${n}" spans="1:&#51;"`,
      (n: number) => `<row r="${n}" spans="1:2&#32;3:4"`,
      (n: number) => `<row r="${n}" spans="1:2\t3:4"`,
      (n: number) => `<row r="${n}" r="${n}"`,
      (n: number) => `<row r="${n}" s="7" customFormat="&#49;"`,
      (n: number) => `<row r="${n}" s="7" customFormat="1" s="8"`,
      (n: number) => `<row x:s="7" r="${n}" customFormat="1" ht="15"`,
      (n: number) => `<row spans=" 1:2 " r="${n}"`,
      // Single quotes, but not on `spans`: the text path rewrites it in double quotes, the byte path keeps its quote.
      (n: number) => `<row r='${n}' spans="1:3" customFormat='1' s='7'`,
      (n: number) => `<row\n  r="${n}"\tspans="1:3"`,
      () => "<row",
      () => '<row r="x"',
    );
    const row = fc
      .tuple(
        fc.integer({ min: 1, max: 30 }),
        rowTag,
        fc.array(cell, { maxLength: 5 }),
        fc.boolean(),
        // An end tag may have white space before its `>`.
        fc.constantFrom("</row>", "</row>", "</row >", "</row\r\n>"),
      )
      .map(([n, tag, cells, isEmpty, end]) => ({
        n,
        xml: isEmpty && cells.length === 0 ? `${tag(n)}/>` : `${tag(n)}>${cells.map((c) => c(n)).join("")}${end}`,
      }));
    const rowsInOrder = fc
      .uniqueArray(row, { selector: (r) => r.n, maxLength: 20 })
      .map((rows) => rows.sort((a, b) => a.n - b.n).map((r) => r.xml));
    const between = fc.constantFrom("", "", "\r\n", " ");
    fc.assert(
      fc.property(
        rowsInOrder,
        between,
        fc.array(fc.nat(4000), { maxLength: 8 }),
        fc.subarray([2, 3, 5, 8, 13, 21, 34]),
        fc.integer({ min: 4, max: 9 }),
        fc.boolean(),
        (rows, space, cuts, written, firstColumn, isBackward) => {
          const xml = sheet(rows.join(space), '<dimension ref="A1:H30"/><cols><col min="5" max="9" s="6"/></cols>');
          // Values that repeat down a column, change, and come back: a cell is copied, written anew or taken in place.
          const p = plan({
            firstColumn,
            headers: ["Result", "Total", "Ref."],
            widths: [10, 12, 8],
            isMoney: [false, true, false],
            // The results as the map holds them, added in row order or not.
            rows: new Map(
              (isBackward ? [...written].reverse() : written).map((n) => [
                n,
                ["Créé", n % 2 ? 12.5 : null, n % 3 ? "Reçu" : `Réf ${n}`],
              ]),
            ),
          });
          const outcome = (write: () => unknown) => {
            try {
              return write();
            } catch (error) {
              if (error instanceof XmlRefusal) return error.kind;
              throw error;
            }
          };
          const fromText = outcome(() => {
            const whole = new ResultColumnsRewriter(p);
            return whole.push(xml) + whole.finish();
          });
          expect(outcome(() => rewriteBytes(xml, p, cuts))).toBe(fromText);
          const places = rowPlacesOf(xml);
          expect(outcome(() => rewriteBytes(xml, p, cuts, places))).toBe(fromText);
          const rangeFromText = outcome(() => {
            const scan = new UsedRangeScan(1, [1, ...written]);
            scan.push(xml);
            return scan.finish();
          });
          expect(outcome(() => usedRangeOfBytes(xml, cuts, 1, [1, ...written]))).toEqual(rangeFromText);
          expect(outcome(() => usedRangeOfBytes(xml, cuts, 1, [1, ...written], places))).toEqual(rangeFromText);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("appends the cells to the header row and the order row, with widths, and leaves the rest as it was", () => {
    const xml = sheet(
      '<row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s">' +
        '<v>1</v></c></row><row r="2" spans="1:2"><c r="A2"><v>5</v></c>' +
        '<c r="B2" t="s"><v>2</v></c></row><row r="3"><c r="A3"><v>6</v></c></row>',
      '<dimension ref="A1:B3"/>',
    );
    expect(rewrite(xml, plan({ firstColumn: 3 }))).toBe(
      sheet(
        '<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
          `${HEADER_CELLS}</row><row r="2" spans="1:4"><c r="A2"><v>5</v></c><c r="B2" t="s">` +
          `<v>2</v></c>${ROW2_CELLS}</row><row r="3"><c r="A3"><v>6</v></c></row>`,
        `<dimension ref="A1:D3"/>${NEW_COLS}`,
      ),
    );
  });

  it("writes a date made anew for each row as the one above it only when its moment is the same", () => {
    // A serial from the moment's hour, so that different moments are told apart.
    const dates: DateCells = { ...DATES, serial: (date) => 46_000 + Number(date.kind === "date" ? 0 : date.at[12]) };
    const moment = (at: string): ResultCell => ({ kind: "date-time", at });
    const rows = new Map<number, ResultCell[]>([
      [2, ["ok", moment("2026-11-20T01:00:00Z")]],
      [3, ["ok", moment("2026-11-20T01:00:00Z")]],
      [4, ["ok", moment("2026-11-20T01:00:00Z")]],
      [5, ["ok", moment("2026-11-20T02:00:00Z")]],
      [6, ["ok", { kind: "date", day: "2026-11-20" }]],
    ]);
    const orderRows = [2, 3, 4, 5, 6].map((n) => `<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`).join("");
    const out = rewrite(sheet(orderRows), plan({ firstColumn: 2, rows, dates }));
    expect(out.match(/<c r="C\d"[^>]*><v>[^<]*<\/v><\/c>/g)).toEqual([
      '<c r="C2" s="300"><v>46001</v></c>',
      '<c r="C3" s="300"><v>46001</v></c>',
      '<c r="C4" s="300"><v>46001</v></c>',
      '<c r="C5" s="300"><v>46002</v></c>',
      '<c r="C6" s="200"><v>46000</v></c>',
    ]);
  });

  it("inserts rows the XML leaves out, in order, and finds a row without r by the one before it", () => {
    const rows = new Map<number, ResultCell[]>([
      [2, ["ok", 12.5]],
      [4, ["late", null]],
      [9, [null, 3]],
    ]);
    const xml = sheet(
      '<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>3</v></c></row><row><c r="A4"><v>4</v></c></row>',
    );
    expect(rewrite(xml, plan({ firstColumn: 3, rows }))).toBe(
      sheet(
        `<row r="1"><c r="A1"><v>1</v></c>${HEADER_CELLS}</row><row r="2">${ROW2_CELLS}</row>` +
          '<row r="3"><c r="A3"><v>3</v></c></row><row><c r="A4"><v>4</v></c><c r="C4" t="inlineStr">' +
          `<is><t>late</t></is></c></row><row r="9"><c r="D9" s="${moneyStyle(0)}"><v>3</v></c></row>`,
        NEW_COLS,
      ),
    );
  });

  it("counts cells and rows without r", () => {
    const xml = sheet("<row><c><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>");
    expect(rewrite(xml, plan({ firstColumn: 3 }))).toBe(
      sheet(
        `<row><c><v>1</v></c><c><v>2</v></c>${HEADER_CELLS}</row><row><c><v>3</v></c>${ROW2_CELLS}</row>`,
        NEW_COLS,
      ),
    );
  });

  it(
    "replaces the formatted empty cells where results go, " + "in column order, taking their format; keeps those after",
    () => {
      const xml = sheet('<row r="2"><c r="A2"><v>1</v></c><c r="C2" s="5"/><c s="6"></c><c r="F2" s="7"/></row>');
      expect(rewrite(xml, plan({ firstColumn: 3, headerRowNumber: 1 }))).toBe(
        sheet(
          `<row r="1">${HEADER_CELLS}</row><row r="2"><c r="A2"><v>1</v></c><c r="C2" s="5" t="inlineStr">` +
            `<is><t>ok</t></is></c><c r="D2" s="${moneyStyle(6)}"><v>12.5</v></c><c r="F2" s="7"/></row>`,
          NEW_COLS,
        ),
      );
    },
  );

  it("gives new cells the row's own format, else the column's", () => {
    const xml = sheet(
      '<row r="2" s="8" customFormat="1"><c r="A2"><v>1</v></c></row>',
      '<cols><col min="4" max="4" width="3" style="9"/></cols>',
    );
    expect(rewrite(xml, plan({ firstColumn: 3, rows: new Map([[2, ["ok", 12.5]]]) }))).toContain(
      `<c r="C2" s="8" t="inlineStr"><is><t>ok</t></is></c><c r="D2" s="${moneyStyle(8)}"><v>12.5</v></c>`,
    );
    const byColumn = rewrite(
      sheet('<row r="2"><c r="A2"><v>1</v></c></row>', '<cols><col min="3" max="4" width="3" style="9"/></cols>'),
      plan({ firstColumn: 3 }),
    );
    expect(byColumn).toContain(
      `<c r="C2" s="9" t="inlineStr"><is><t>ok</t></is></c><c r="D2" s="${moneyStyle(9)}"><v>12.5</v></c>`,
    );
  });

  it(
    "splits the workbook's columns around the result columns, " +
      "so hidden unused columns stay hidden and results show",
    () => {
      const cols =
        '<cols><col min="1" max="1" width="20" customWidth="1"/>' +
        '<col min="2" max="30" width="4" hidden="1" style="2"/></cols>';
      const out = rewrite(sheet('<row r="1"><c r="A1"><v>1</v></c></row>', cols), plan({ firstColumn: 2 }));
      expect(out).toContain(
        '<cols><col min="1" max="1" width="20" customWidth="1"/>' +
          '<col min="2" max="2" width="10" customWidth="1" style="2"/>' +
          '<col min="3" max="3" width="12" customWidth="1" style="2"/>' +
          '<col min="4" max="30" width="4" hidden="1" style="2"/></cols>',
      );
    },
  );

  it("writes rows into an empty sheetData and keeps the sheet's prefix", () => {
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<x:dimension ref="A1"/><x:sheetData/></x:worksheet>';
    expect(rewrite(prefixed, plan({ firstColumn: 1 }))).toBe(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<x:dimension ref="A1:B2"/><x:cols><x:col min="1" max="1" width="10" customWidth="1"/>' +
        '<x:col min="2" max="2" width="12" customWidth="1"/></x:cols><x:sheetData><x:row r="1">' +
        '<x:c r="A1" s="90" t="inlineStr"><x:is><x:t>Result</x:t></x:is></x:c><x:c r="B1" s="90" t="inlineStr">' +
        '<x:is><x:t>Total</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" t="inlineStr"><x:is>' +
        '<x:t>ok</x:t></x:is></x:c><x:c r="B2" s="100"><x:v>12.5</x:v></x:c></x:row></x:sheetData></x:worksheet>',
    );
  });

  it("reads a row holding a comment tag by tag, and an empty row element gets its cells", () => {
    const xml = sheet('<row r="1"><c r="A1"><v>1</v></c><!-- </row> --></row><row r="2"/>');
    expect(rewrite(xml, plan({ firstColumn: 3 }))).toBe(
      sheet(
        `<row r="1"><c r="A1"><v>1</v></c><!-- </row> -->${HEADER_CELLS}</row><row r="2">${ROW2_CELLS}</row>`,
        NEW_COLS,
      ),
    );
  });

  it(
    "keeps every cell of a row to write, one out of order after " +
      "the result columns' cells too, whether read whole or tag by tag",
    () => {
      const content =
        '<c r="A2"><v>1</v></c><c r="C2" s="5"/><c s="6"></c><c r="B2"><v>2</v></c><c r="F2" s="7"/><extLst/>';
      const cells =
        '<c r="C2" s="5" t="inlineStr"><is><t>ok</t></is></c>' +
        `<c r="D2" s="${moneyStyle(6)}"><v>12.5</v></c><c r="F2" s="7"/>`;
      expect(rewrite(sheet(`<row r="2">${content}</row>`), plan({ firstColumn: 3 }))).toContain(
        `<row r="2"><c r="A2"><v>1</v></c>${cells}<c r="B2"><v>2</v></c><extLst/></row>`,
      );
      const withComment = content.replace("</c>", "</c><!-- note -->");
      expect(rewrite(sheet(`<row r="2">${withComment}</row>`), plan({ firstColumn: 3 }))).toContain(
        `<row r="2"><c r="A2"><v>1</v></c><!-- note -->${cells}<c r="B2"><v>2</v></c><extLst/></row>`,
      );
    },
  );

  it("ends a row at an end tag written with white space before its >, not at the next row's", () => {
    const xml = sheet(
      '<row r="1"><c r="A1"><v>1</v></c></row ><row r="2"><c r="A2"><v>2</v></c></row\t>' +
        '<row r="3"><c r="A3"><v>3</v></c></row>',
    );
    expect(rewrite(xml, plan({ firstColumn: 3 }))).toBe(
      sheet(
        `<row r="1"><c r="A1"><v>1</v></c>${HEADER_CELLS}</row ><row r="2"><c r="A2"><v>2</v></c>${ROW2_CELLS}` +
          '</row\t><row r="3"><c r="A3"><v>3</v></c></row>',
        NEW_COLS,
      ),
    );
  });

  it("does not search the bytes for the ends of rows the reading placed", () => {
    const formatted = (n: number) => "BCDEFGH".replace(/./g, (column) => `<c r="${column}${n}" s="1"/>`);
    const rows = Array.from(
      { length: 300 },
      (_, i) =>
        `<row r="${i + 1}" spans="1:9"><c r="A${i + 1}" t="inlineStr"><is><t>Order ${i}</t></is></c>` +
        `${formatted(i + 1)}<c r="I${i + 1}"><v>${i}</v></c></row>`,
    );
    const xml = sheet(rows.join(""));
    const p = plan({ firstColumn: 10, rows: new Map(rows.map((_, i) => [i + 2, ["ok", i]])) });
    const places = rowPlacesOf(xml);
    expect(places?.starts.length).toBe(rows.length);
    let searched = "";
    const unplaced = byteSearchWork(() => {
      searched = rewriteBytes(xml, p, [xml.length >> 1]);
    });
    let placed = "";
    const onPlaces = byteSearchWork(() => {
      placed = rewriteBytes(xml, p, [xml.length >> 1], places);
    });
    expect(placed).toBe(searched);
    // What is left is each row's last cell's end tag, a few bytes on.
    expect(unplaced).toBeGreaterThan(xml.length / 2);
    expect(onPlaces).toBeLessThan(unplaced / 10);
  });

  it("keeps a row's extension list after its cells", () => {
    const xml = sheet('<row r="2"><c r="A2"><v>1</v></c><extLst><ext uri="x"/></extLst></row>');
    expect(rewrite(xml, plan({ firstColumn: 3 }))).toContain(
      `<row r="2"><c r="A2"><v>1</v></c>${ROW2_CELLS}<extLst><ext uri="x"/></extLst></row>`,
    );
  });

  it("escapes text for XML and for Excel, keeping spaces and line breaks", () => {
    const rows = new Map<number, ResultCell[]>([[2, [' a & b <c> "d"\r\n_x0041_ \u0001', 1e21]]]);
    expect(rewrite(sheet(""), plan({ firstColumn: 1, rows }))).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is>' +
        '<t xml:space="preserve"> a &amp; b &lt;c&gt; "d"&#13;\n_x005F_x0041_ _x0001_</t>' +
        '</is></c><c r="B2" s="100"><v>1e+21</v></c></row>',
    );
  });

  it("refuses XML that ends inside an element", () => {
    const rewriter = new ResultColumnsRewriter(plan({ firstColumn: 3 }));
    rewriter.push(sheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace("</sheetData></worksheet>", ""));
    expect(() => rewriter.finish()).toThrow(XmlRefusal);
  });
});

/**
 * What the string searches run while `run` runs look at, character by character: the work a
 * scan does. A scan that searched the whole held text again for each piece given it would
 * look at the text many times over.
 */
function searchWork(run: () => void): number {
  const { indexOf, lastIndexOf } = String.prototype;
  let work = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number): number {
    const start = Math.min(Math.max(from ?? 0, 0), this.length);
    const found = indexOf.call(this, search, start);
    work += (found < 0 ? this.length : found + search.length) - start;
    return found;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, from?: number): number {
    const start = Math.min(Math.max(from ?? this.length, 0), this.length);
    const found = lastIndexOf.call(this, search, start);
    work += start - Math.max(found, 0);
    return found;
  };
  try {
    run();
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.lastIndexOf = lastIndexOf;
  }
  return work;
}

/** What byte searches (`indexOf` on bytes) look at while `run` runs, byte by byte. */
function byteSearchWork(run: () => void): number {
  const { indexOf } = Uint8Array.prototype;
  let work = 0;
  Uint8Array.prototype.indexOf = function (this: Uint8Array, search: number, from?: number): number {
    const start = Math.min(Math.max(from ?? 0, 0), this.length);
    const found = indexOf.call(this, search, start);
    work += (found < 0 ? this.length : found + 1) - start;
    return found;
  };
  try {
    run();
  } finally {
    Uint8Array.prototype.indexOf = indexOf;
  }
  return work;
}

function inPieces(xml: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < xml.length; at += size) pieces.push(xml.slice(at, at + size));
  return pieces;
}

describe(
  "UsedRangeScan and ResultColumnsRewriter: " + "long rows and comments cost no searching again as more text comes",
  () => {
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Order</t></is></c></row>';
    const cases = [
      // Cut every KiB, a row read whole (under MAX_WHOLE_ROW_CHARS) is searched on from where the last piece ended.
      {
        name: "a 512 KiB row of empty cells",
        row2: `<row r="2"><c r="A2"><v>1</v></c>${'<c r="A2"/>'.repeat(48_000)}</row>`,
        size: 1024,
      },
      // Longer, it is read tag by tag.
      {
        name: "a 3 MiB row of empty cells",
        row2: `<row r="2"><c r="A2"><v>1</v></c>${'<c r="A2"/>'.repeat(290_000)}</row>`,
        size: 16_384,
      },
      // A comment's text is passed on, not held and searched again.
      {
        name: "a row holding a 1 MiB comment",
        row2: `<row r="2"><c r="A2"><v>1</v></c><!--${"x".repeat(1 << 20)}--></row>`,
        size: 1024,
      },
      {
        name: "a 1 MiB comment between rows",
        row2: `<!--${"</row> ".repeat(180_000)}--><row r="2"><c r="A2"><v>1</v></c></row>`,
        size: 1024,
      },
    ];

    it.each(cases)("$name: the used range", ({ row2, size }) => {
      const xml = sheet(header + row2);
      let used: ReturnType<UsedRangeScan["finish"]> | undefined;
      const work = searchWork(() => {
        const scan = new UsedRangeScan(1);
        for (const piece of inPieces(xml, size)) scan.push(piece);
        used = scan.finish();
      });
      expect(used?.lastColumn).toBe(1);
      expect(work).toBeLessThan(6 * xml.length);
    });

    it.each(cases)("$name: the results added, on a row to write and on one to leave", ({ row2, size }) => {
      const xml = sheet(header + row2);
      for (const rows of [new Map<number, ResultCell[]>([[2, ["ok", 12.5]]]), new Map<number, ResultCell[]>()]) {
        let out = "";
        const work = searchWork(() => {
          const rewriter = new ResultColumnsRewriter(plan({ firstColumn: 2, rows }));
          for (const piece of inPieces(xml, size)) out += rewriter.push(piece);
          out += rewriter.finish();
        });
        const cells =
          rows.size > 0 ? '<c r="B2" t="inlineStr"><is><t>ok</t></is></c><c r="C2" s="100"><v>12.5</v></c>' : "";
        const rewritten = row2.replace(/<\/row>$/, `${cells}</row>`);
        expect(out.includes(rewritten), `row 2 ${rows.size > 0 ? "gets its cells" : "is kept as it was"}`).toBe(true);
        expect(work).toBeLessThan(6 * xml.length);
      }
    });
  },
);
