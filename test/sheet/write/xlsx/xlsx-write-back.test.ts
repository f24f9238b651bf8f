import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import ExcelJS from "exceljs";
import type { SampleFile } from "../../../../samples/make-samples";
import { describe, expect, it } from "vitest";
import { columnLetter } from "../../../../src/core/sheet-model";
import { RESULT_COLUMNS } from "../../../../src/core/result-rows";
import type { ResultCell, ResultSheetData } from "../../../../src/core/result-sheet-data";
import { neutraliseFormula } from "../../../../src/core/spreadsheet-safety";
import { SHEET_LIMITS } from "../../../../src/sheet/limits";
import { columnNumberAt } from "../../../../src/sheet/formats/cell-ref";
import { readXlsx } from "../../../../src/sheet/read/xlsx/read-xlsx";
import { createSheetSession } from "../../../../src/sheet/worker-api";
import {
  uniqueSheetName,
  writeXlsxResults,
  type WriteBackFailureCode,
} from "../../../../src/sheet/write/xlsx/xlsx-write-back";
import { readRelationships, readSheets } from "../../../../src/sheet/write/xlsx/package-patch";
import { platformCodecs, useZipCodecs } from "../../../../src/sheet/zip/zip-codecs";
import { listZipEntries } from "../../../../src/sheet/zip/zip-guard";
import { samplePath } from "../../../helpers/samples";
import { entryData, zip } from "../../../helpers/zip-writer";

type Workbook = ExcelJS.Workbook;
type Worksheet = ExcelJS.Worksheet;

const fixture = (name: string) =>
  readFile(new URL(`../../../fixtures/sheets/${name}`, import.meta.url)).then((b) => new Uint8Array(b));
const sample = (name: SampleFile) => readFile(samplePath(name)).then((b) => new Uint8Array(b));

async function load(bytes: Uint8Array): Promise<Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return workbook;
}

function zipParts(bytes: Uint8Array): Map<string, string> {
  return new Map(
    listZipEntries(bytes, "test.xlsx").map((entry) => [entry.name, entryData(bytes, entry).toString("utf8")]),
  );
}

/** The part of the sheet with this name, as the workbook lists it. */
function sheetPartOf(parts: Map<string, string>, sheetName: string): string | undefined {
  const relationships = readRelationships(parts.get("xl/_rels/workbook.xml.rels") ?? "");
  return readSheets(parts.get("xl/workbook.xml") ?? "", relationships).sheets.find((s) => s.name === sheetName)
    ?.relationship?.part;
}

function sheetXml(parts: Map<string, string>, sheetName: string): string {
  return parts.get(sheetPartOf(parts, sheetName) ?? "") ?? "";
}

/** A 1-based column number (as exceljs counts) as its letters. */
const letterOf = (column: number): string => columnLetter(column - 1);

/** Result cells for an order row: text, a blank, numbers, and text that looks like a formula. */
function resultRow(rowNumber: number): ResultCell[] {
  return [
    "Submitted",
    `J-${rowNumber}`,
    "Open",
    rowNumber % 2 ? "=1+1" : "ok\n=2+2",
    "",
    "No",
    rowNumber * 1.5,
    100 + rowNumber,
    null,
    "2027-01-15T10:00:00Z",
    "Artwork found: PDF.",
  ];
}

function resultsFor(headerRowNumber: number, rowNumbers: readonly number[]): ResultSheetData {
  return {
    headerRowNumber,
    columns: RESULT_COLUMNS,
    rows: new Map(rowNumbers.map((n) => [n, resultRow(n)])),
    jobs: {
      headers: ["Job number", "Order", "Status", "Total"],
      rows: rowNumbers.map((n) => [`J-${n}`, `Order ${n}`, "Open", 100 + n]),
    },
    audit: {
      headers: ["When", "What", "Detail"],
      rows: [
        ["2027-01-15T10:00:00Z", "submitted", "-5 lines held"],
        ["2027-01-15T10:01:00Z", '=HYPERLINK("x")', null],
      ],
    },
  };
}

/** A plain, comparable snapshot: Dates as ISO text, no undefined keys. */
function plain(value: unknown): unknown {
  return value === undefined
    ? undefined
    : JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? `date:${v.toISOString()}` : v)));
}

/** Keys whose value is what a spreadsheet assumes when the attribute is absent. */
const DEFAULTS: Readonly<Record<string, readonly unknown[]>> = {
  numFmt: ["General"],
  horizontal: ["general"],
  vertical: ["bottom"],
  wrapText: [false],
  shrinkToFit: [false],
  indent: [0],
  textRotation: [0],
  cellComments: ["none", "None"],
  blackAndWhite: [false],
  draft: [false],
  showRowColHeaders: [false],
  showGridLines: [false],
  horizontalCentered: [false],
  verticalCentered: [false],
  differentFirst: [false],
  differentOddEven: [false],
  oddHeader: [""],
  oddFooter: [""],
  aboveAverage: [false],
  equalAverage: [false],
  bottom: [false],
  percent: [false],
  rank: [0],
};

/**
 * Drops what only restates a default (exceljs writes defaults by leaving attributes out,
 * where LibreOffice spells every one out), so the comparison is of meaning.
 */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || DEFAULTS[key]?.includes(item)) continue;
    const kept = withoutDefaults(item);
    if (key === "fill" && isDeepStrictEqual(kept, { type: "pattern", pattern: "none" })) continue;
    if (kept !== null && typeof kept === "object" && !Array.isArray(kept) && Object.keys(kept).length === 0) continue;
    out[key] = kept;
  }
  return out;
}

function cellSnapshot(cell: ExcelJS.Cell | undefined): unknown {
  const style = withoutDefaults(plain(cell?.style ?? {}));
  if (!cell || (cell.type === ExcelJS.ValueType.Null && isDeepStrictEqual(style, {}))) return undefined;
  // A note's text; its box (margins, anchor) is drawn again by exceljs.
  return plain({
    type: cell.type,
    value: cell.value,
    style,
    note: cell.note && (typeof cell.note === "string" ? cell.note : cell.note.texts),
  });
}

/** A sheet's settings without its rows, columns and used range (which grows). */
function sheetSettings(sheet: Worksheet): unknown {
  const {
    rows: _rows,
    cols: _cols,
    dimensions: _dimensions,
    pageSetup,
    ...settings
  } = sheet.model as unknown as Record<string, unknown> & { pageSetup?: Record<string, unknown> };
  // useFirstPageNumber only matters when the first page number is not 1.
  const { useFirstPageNumber, ...page } = pageSetup ?? {};
  return withoutDefaults(
    plain({ ...settings, pageSetup: page.firstPageNumber === 1 ? page : { ...page, useFirstPageNumber } }),
  );
}

/** Where two plain values differ, leaf by leaf. */
function changes(path: string, a: unknown, b: unknown): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object" ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    return [`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`];
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    changes(`${path}.${key}`, (a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

interface Region {
  readonly sheet: string;
  readonly rows: ReadonlySet<number>;
  readonly firstColumn: number;
  readonly columnCount: number;
}

const inRegion = (region: Region, sheet: string, column: number) =>
  sheet === region.sheet && column >= region.firstColumn && column < region.firstColumn + region.columnCount;

/**
 * Every difference exceljs can see between the original's sheets and the same sheets in the
 * output, cell by cell and for each sheet's settings, except the result cells in `region`.
 */
function differences(before: Workbook, after: Workbook, region: Region): string[] {
  const found: string[] = [];
  const compare = (what: string, a: unknown, b: unknown) => void found.push(...changes(what, plain(a), plain(b)));
  compare(
    "sheets",
    before.worksheets.map((s) => [s.name, s.state]),
    after.worksheets.slice(0, before.worksheets.length).map((s) => [s.name, s.state]),
  );
  compare("defined names", before.definedNames.model, after.definedNames.model);
  compare("workbook views", before.views, after.views);
  compare("workbook properties", before.properties, after.properties);
  compare("calculation", before.calcProperties, after.calcProperties);
  // exceljs writes an empty author as "Unknown": listed with the losses below.
  const properties = (book: Workbook) => [
    book.creator || "Unknown",
    book.lastModifiedBy || "Unknown",
    book.title ?? "",
    book.subject ?? "",
    book.company ?? "",
    book.description ?? "",
  ];
  compare("document properties", properties(before), properties(after));
  const media = (book: Workbook) =>
    book.model.media.map((m) => [m.type, m.extension, (m.buffer as ArrayBuffer | undefined)?.byteLength]);
  compare("media", media(before), media(after));
  for (const a of before.worksheets) {
    const b = after.getWorksheet(a.name);
    if (!b) {
      found.push(`${a.name} is missing`);
      continue;
    }
    found.push(...sheetDifferences(a, b, region));
  }
  return found;
}

function sheetDifferences(a: Worksheet, b: Worksheet, region: Region): string[] {
  const found: string[] = [];
  const compare = (what: string, x: unknown, y: unknown) =>
    void found.push(...changes(`${a.name} ${what}`, plain(x), plain(y)));
  // Merges, views, validations, conditional formats, page setup, images, protection, tables, tab colour.
  compare("settings", sheetSettings(a), sheetSettings(b));
  const rowCount = Math.max(a.rowCount, b.rowCount);
  for (let r = 1; r <= rowCount; r++) {
    const rowA = a.findRow(r);
    const rowB = b.findRow(r);
    const rowSnapshot = (row: ExcelJS.Row | undefined) =>
      row &&
      plain([
        row.height,
        row.hidden,
        row.outlineLevel,
        withoutDefaults(plain((row as unknown as { style: unknown }).style)),
      ]);
    compare(`row ${r}`, rowSnapshot(rowA) ?? rowSnapshot(rowB), rowSnapshot(rowB) ?? rowSnapshot(rowA));
    const cellCount = Math.max(rowA?.cellCount ?? 0, rowB?.cellCount ?? 0);
    for (let c = 1; c <= cellCount; c++) {
      if (inRegion(region, a.name, c) && region.rows.has(r)) continue;
      compare(`${letterOf(c)}${r}`, cellSnapshot(rowA?.findCell(c)), cellSnapshot(rowB?.findCell(c)));
    }
  }
  const columnCount = Math.max(a.columns?.length ?? 0, b.columns?.length ?? 0);
  for (let c = 1; c <= columnCount; c++) {
    if (inRegion(region, a.name, c)) continue;
    const x = a.getColumn(c);
    const y = b.getColumn(c);
    compare(
      `column ${letterOf(c)}`,
      [x.width, x.hidden, x.outlineLevel, withoutDefaults(plain(x.style))],
      [y.width, y.hidden, y.outlineLevel, withoutDefaults(plain(y.style))],
    );
  }
  return found;
}

/** Every relationship points at a part in the zip, and every content-type override names one. */
function danglingReferences(parts: Map<string, string>): string[] {
  const dangling: string[] = [];
  for (const [name, xml] of parts) {
    if (!name.endsWith(".rels")) continue;
    const base = name.replace(/_rels\/[^/]*\.rels$/, "");
    for (const [tag] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
      if (/TargetMode="External"/.test(tag)) continue;
      const target = /Target="([^"]*)"/.exec(tag)?.[1] ?? "";
      const segments = (target.startsWith("/") ? target.slice(1) : base + target).split("/");
      const path: string[] = [];
      for (const segment of segments) segment === ".." ? path.pop() : path.push(segment);
      if (!parts.has(path.join("/"))) dangling.push(`${name} → ${target}`);
    }
  }
  for (const [, partName] of (parts.get("[Content_Types].xml") ?? "").matchAll(
    /<Override\b[^>]*PartName="\/([^"]*)"/g,
  )) {
    if (!parts.has(partName ?? "")) dangling.push(`[Content_Types].xml → ${partName}`);
  }
  return dangling;
}

interface ZipRecords {
  /** Local header, compressed data and any data descriptor, as stored. */
  readonly local: Buffer;
  /** The directory record, with its offset zeroed (the records move). */
  readonly central: Buffer;
}

/** Every entry's records as stored in the file, by name. */
function zipRecords(bytes: Uint8Array): Map<string, ZipRecords> {
  const buffer = Buffer.from(bytes);
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buffer.readUInt32LE(eocd + 16);
  const records = new Map<string, ZipRecords>();
  for (const entry of listZipEntries(bytes, "test.xlsx")) {
    const centralLength =
      46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const central = Buffer.from(buffer.subarray(at, at + centralLength));
    central.writeUInt32LE(0, 42);
    at += centralLength;
    const local = entry.localHeaderOffset;
    const flags = buffer.readUInt16LE(local + 6);
    let end = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28) + entry.compressedSize;
    if (flags & 8) end += (buffer.readUInt32LE(end) === 0x08074b50 ? 4 : 0) + 12;
    records.set(entry.name, { local: buffer.subarray(local, end), central });
  }
  return records;
}

/** `after` without the runs `added` matches, and how many there were. */
function withoutAdded(after: string, added: RegExp): { readonly rest: string; readonly count: number } {
  let count = 0;
  const rest = after.replace(added, () => {
    count++;
    return "";
  });
  return { rest, count };
}

/** The children of a stylesheet section, as XML. */
function styleItems(stylesXml: string, section: string): string[] {
  const body = new RegExp(`<${section}\\b[^>]*>([\\s\\S]*?)</${section}>`).exec(stylesXml)?.[1] ?? "";
  return [...body.matchAll(/<(\w+)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g)].map((m) => m[0]);
}

/**
 * A sheet's XML without what the results add: cells from `firstColumn` on, rows left empty by that, the used range, the
 * column widths and row spans.
 */
function withoutResults(xml: string, firstColumn: number): string {
  return xml
    .replace(/<c r="([A-Z]+)\d+"[^>]*?(\/>|>[\s\S]*?<\/c>)/g, (cell, letters: string) =>
      columnNumberAt(letters, 0) >= firstColumn ? "" : cell,
    )
    .replace(/<row r="\d+"><\/row>/g, "")
    .replace(/<dimension [^>]*\/>/, "")
    .replace(/<cols>[\s\S]*?<\/cols>/, "")
    .replace(/ spans="[^"]*"/g, "");
}

interface RoundTrip {
  readonly name: string;
  readonly bytes: () => Promise<Uint8Array>;
  readonly sheet: string;
  readonly headerRowNumber: number;
  /** Order rows given results; other rows (titles, blanks, totals, notes) get none. */
  readonly resultRows: readonly number[];
  /** Where the result columns start: after the rightmost used column anywhere in the sheet. */
  readonly firstColumn: number;
  readonly sheetNames: readonly string[];
}

const ROUND_TRIPS: readonly RoundTrip[] = [
  {
    name: "libreoffice-order-form.xlsx",
    bytes: () => fixture("libreoffice-order-form.xlsx"),
    sheet: "Orders",
    headerRowNumber: 4,
    // Row 7 is hidden, row 9 blank, 11 the totals, 12 and 13 notes.
    resultRows: [5, 6, 7, 8, 10],
    // The header ends at I; "Discount rate" and its formula sit in J2:K2.
    firstColumn: 12,
    sheetNames: ["Instructions", "Orders", "Lists"],
  },
  {
    name: "libreoffice-features.xlsx",
    bytes: () => fixture("libreoffice-features.xlsx"),
    sheet: "Orders",
    headerRowNumber: 3,
    resultRows: [4, 5, 6],
    firstColumn: 11,
    sheetNames: ["Read me", "Orders", "Lists"],
  },
  {
    name: "exceljs-features.xlsx",
    bytes: () => fixture("exceljs-features.xlsx"),
    sheet: "Team orders",
    headerRowNumber: 3,
    resultRows: [4, 5, 6],
    firstColumn: 12,
    sheetNames: ["Instructions", "Team orders", "Lists"],
  },
  {
    name: "samples/team-orders-winter.xlsx",
    bytes: () => sample("team-orders-winter.xlsx"),
    sheet: "Orders",
    headerRowNumber: 4,
    resultRows: Array.from({ length: 24 }, (_, i) => i + 5),
    firstColumn: 29,
    sheetNames: ["How to order", "Orders", "Lists"],
  },
];

describe("writeXlsxResults: round trips leave the customer's workbook as it was", () => {
  it("the LibreOffice order form has what the round trip is meant to keep", async () => {
    const book = await load(await fixture("libreoffice-order-form.xlsx"));
    expect(book.worksheets.map((s) => [s.name, s.state])).toEqual([
      ["Instructions", "visible"],
      ["Orders", "visible"],
      ["Lists", "hidden"],
    ]);
    expect(book.definedNames.model.map((n) => n.name).sort()).toEqual(["GstRate", "Sizes"]);
    expect(book.model.media).toHaveLength(1);
    const instructions = book.getWorksheet("Instructions") as Worksheet;
    expect(instructions.getImages()).toHaveLength(1);
    expect(instructions.getCell("A4").value).toEqual({
      text: "Size guide",
      hyperlink: "https://club.example/size-guide",
    });
    const orders = book.getWorksheet("Orders") as Worksheet;
    expect(orders.model.merges).toEqual(["A1:F1"]);
    expect(orders.views[0]).toMatchObject({ state: "frozen", ySplit: 4, topLeftCell: "A5" });
    expect(orders.pageSetup).toMatchObject({ orientation: "landscape", printArea: "A1:I13" });
    expect(orders.properties.tabColor).toEqual({ argb: "FF1F4E79" });
    expect([
      orders.getRow(1).height,
      orders.getRow(7).hidden,
      orders.getColumn(3).hidden,
      orders.getColumn(9).width,
    ]).toEqual([28.8, true, true, 24.94]);
    expect(orders.getCell("E5").dataValidation).toMatchObject({ type: "list", formulae: ["Lists!$A$2:$A$6", "0"] });
    expect(
      (orders.model as unknown as { conditionalFormattings: { ref: string }[] }).conditionalFormattings.map(
        (f) => f.ref,
      ),
    ).toEqual(["F5:F8 F10"]);
    expect(orders.getCell("I5").note).toBeTruthy();
    expect([orders.getCell("K2").value, orders.getCell("K2").numFmt]).toEqual([
      { formula: "Lists!B2", result: 0.05 },
      "0.0%",
    ]);
    expect(orders.getCell("I2").value).toEqual({ formula: 'IF(K2>0,"discounted","full price")', result: "discounted" });
    expect(orders.getCell("F11").value).toEqual({ formula: "SUM(F5:F10)", result: 52 });
    expect(orders.getCell("H12").value).toEqual({ formula: "ROUND(H11*GstRate/(1+GstRate),2)", result: 177.75 });
    expect([orders.getCell("B5").value, orders.getCell("B5").numFmt, orders.getCell("G5").numFmt]).toEqual([
      new Date(Date.UTC(2027, 2, 15)),
      "dd/mm/yyyy",
      "#,##0.00 [$NZD]",
    ]);
    expect(orders.getCell("A4").style).toMatchObject({
      font: { bold: true, color: { argb: "FF1F4E79" } },
      fill: { fgColor: { argb: "FFDDEBF7" } },
      border: { bottom: { style: "thin" } },
    });
    expect(orders.getCell("I8").value).toBe("=name on back");
  });

  it.each(ROUND_TRIPS)("$name: only the result cells and the two new sheets differ", async (trip) => {
    const original = await trip.bytes();
    const data = resultsFor(trip.headerRowNumber, trip.resultRows);
    const written = await writeXlsxResults(original, trip.sheet, data);
    if (!written.ok) throw new Error(written.message);
    const before = await load(original);
    const after = await load(written.bytes);

    expect(before.worksheets.map((s) => s.name)).toEqual(trip.sheetNames);
    expect(after.worksheets.map((s) => s.name)).toEqual([...trip.sheetNames, "Jobs", "Audit"]);
    const region = {
      sheet: trip.sheet,
      rows: new Set([trip.headerRowNumber, ...trip.resultRows]),
      firstColumn: trip.firstColumn,
      columnCount: RESULT_COLUMNS.length,
    };
    expect(differences(before, after, region)).toEqual([]);

    const sheet = after.getWorksheet(trip.sheet) as Worksheet;
    const headers = RESULT_COLUMNS.map((_, i) => sheet.getRow(trip.headerRowNumber).getCell(trip.firstColumn + i));
    expect(headers.map((cell) => cell.value)).toEqual([...RESULT_COLUMNS]);
    expect(headers.every((cell) => cell.font?.bold === true)).toBe(true);
    // Nothing before the first result column was used on any row.
    const lastBefore = before.getWorksheet(trip.sheet) as Worksheet;
    let widest = 0;
    lastBefore.eachRow((row) => row.eachCell((_cell, column) => void (widest = Math.max(widest, column))));
    expect(widest).toBe(trip.firstColumn - 1);

    for (let r = 1; r <= sheet.rowCount; r++) {
      const cells = RESULT_COLUMNS.map((_, i) => sheet.findRow(r)?.findCell(trip.firstColumn + i));
      if (r === trip.headerRowNumber) continue;
      const expected = data.rows.get(r);
      if (!expected) {
        expect(
          cells.every((cell) => cell === undefined || cell.type === ExcelJS.ValueType.Null),
          `row ${r} gets no results`,
        ).toBe(true);
        continue;
      }
      expect(cells.map((cell) => cell?.value ?? null)).toEqual(
        expected.map((value) =>
          typeof value === "string" && value !== ""
            ? neutraliseFormula(value)
            : typeof value === "number"
              ? value
              : null,
        ),
      );
      expect(cells.map((cell) => cell?.type ?? ExcelJS.ValueType.Null)).toEqual(
        expected.map((value) =>
          typeof value === "number"
            ? ExcelJS.ValueType.Number
            : typeof value === "string" && value !== ""
              ? ExcelJS.ValueType.String
              : ExcelJS.ValueType.Null,
        ),
      );
      expect([cells[6]?.numFmt, cells[7]?.numFmt]).toEqual(["#,##0.00", "#,##0.00"]);
    }
    for (let i = 0; i < RESULT_COLUMNS.length; i++) {
      const column = sheet.getColumn(trip.firstColumn + i);
      expect(column.hidden).toBe(false);
      expect(column.width).toBeGreaterThanOrEqual(8);
      expect(column.width).toBeLessThanOrEqual(50);
    }
  });

  it.each(ROUND_TRIPS)(
    "$name: the output opens without repair (no dangling parts), keeps its default font and absolute print areas",
    async (trip) => {
      const original = await trip.bytes();
      const written = await writeXlsxResults(original, trip.sheet, resultsFor(trip.headerRowNumber, trip.resultRows));
      if (!written.ok) throw new Error(written.message);
      const before = zipParts(original);
      const after = zipParts(written.bytes);
      expect(danglingReferences(after)).toEqual([]);
      const firstFont = (parts: Map<string, string>) =>
        /<fonts\b[^>]*>\s*(<font\b[^>]*\/>|<font\b[^>]*>[\s\S]*?<\/font>)/.exec(parts.get("xl/styles.xml") ?? "")?.[1];
      expect(firstFont(after)).toBe(firstFont(before));
      const printAreas = (parts: Map<string, string>) =>
        [
          ...(parts.get("xl/workbook.xml") ?? "").matchAll(/<definedName\b[^>]*name="_xlnm.Print_Area"[^>]*>([^<]*)</g),
        ].map((m) => (m[1] ?? "").replace(/&apos;|'/g, ""));
      expect(printAreas(after)).toEqual(printAreas(before));
    },
  );
});

describe("writeXlsxResults: only what the results need is touched", () => {
  it.each(ROUND_TRIPS)(
    "$name: every part but the order sheet, the workbook, " +
      "its relationships, content types and stylesheet is copied byte for byte",
    async (trip) => {
      const original = await trip.bytes();
      const written = await writeXlsxResults(original, trip.sheet, resultsFor(trip.headerRowNumber, trip.resultRows));
      if (!written.ok) throw new Error(written.message);
      const before = zipParts(original);
      const after = zipParts(written.bytes);
      const orderSheet = sheetPartOf(before, trip.sheet) ?? "";
      const changed = new Set([
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "[Content_Types].xml",
        "xl/styles.xml",
        orderSheet,
      ]);

      const beforeRecords = zipRecords(original);
      const afterRecords = zipRecords(written.bytes);
      const copied = [...beforeRecords.keys()].filter((name) => !changed.has(name));
      expect(copied.length).toBeGreaterThan(4);
      for (const name of copied) {
        expect(
          afterRecords.get(name)?.local.equals(beforeRecords.get(name)?.local ?? Buffer.alloc(0)),
          `${name} stored as it was`,
        ).toBe(true);
        expect(
          afterRecords.get(name)?.central.equals(beforeRecords.get(name)?.central ?? Buffer.alloc(0)),
          `${name} listed as it was`,
        ).toBe(true);
      }
      expect([...afterRecords.keys()].slice(0, beforeRecords.size)).toEqual([...beforeRecords.keys()]);
      expect([...afterRecords.keys()].slice(beforeRecords.size)).toEqual([
        sheetPartOf(after, "Jobs"),
        sheetPartOf(after, "Audit"),
      ]);

      // The parts that change only gain entries.
      const newParts = [sheetPartOf(after, "Jobs"), sheetPartOf(after, "Audit")].map((part) =>
        (part ?? "").replace(/\./g, "\\."),
      );
      const additions: readonly [string, RegExp][] = [
        ["xl/workbook.xml", /<sheet name="(Jobs|Audit)" sheetId="\d+" r:id="rId\d+"\/>/g],
        [
          "xl/_rels/workbook.xml.rels",
          new RegExp(
            '<Relationship Id="rId\\d+" ' +
              `Type="[^"]*/worksheet" Target="(${newParts.map((part) => part.slice(3)).join("|")})"/>`,
            "g",
          ),
        ],
        [
          "[Content_Types].xml",
          new RegExp(
            `<Override PartName="/(${newParts.join("|")})" ` +
              'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet\\+xml"/>',
            "g",
          ),
        ],
      ];
      for (const [name, added] of additions) {
        const { rest, count } = withoutAdded(after.get(name) ?? "", added);
        expect([rest, count], name).toEqual([before.get(name), 2]);
      }
      const [stylesBefore, stylesAfter] = [before.get("xl/styles.xml") ?? "", after.get("xl/styles.xml") ?? ""];
      for (const section of ["numFmts", "fonts", "cellXfs"]) {
        expect(styleItems(stylesAfter, section).slice(0, styleItems(stylesBefore, section).length), section).toEqual(
          styleItems(stylesBefore, section),
        );
      }
      expect(
        styleItems(stylesAfter, "cellXfs").length - styleItems(stylesBefore, "cellXfs").length,
      ).toBeLessThanOrEqual(3);
      for (const section of ["fills", "borders", "cellStyleXfs", "cellStyles", "dxfs"])
        expect(styleItems(stylesAfter, section), section).toEqual(styleItems(stylesBefore, section));
      expect(withoutResults(after.get(orderSheet) ?? "", trip.firstColumn)).toBe(
        withoutResults(before.get(orderSheet) ?? "", trip.firstColumn),
      );
    },
  );

  it.each(ROUND_TRIPS)("$name: the importer reads the output back with the results in place", async (trip) => {
    const data = resultsFor(trip.headerRowNumber, trip.resultRows);
    const written = await writeXlsxResults(await trip.bytes(), trip.sheet, data);
    if (!written.ok) throw new Error(written.message);
    const session = createSheetSession();
    const opened = await session.open(written.bytes, "results.xlsx");
    if (!opened.ok) throw new Error(opened.message);
    const preview = session.preview(trip.sheet, trip.headerRowNumber);
    if (!preview.ok) throw new Error(preview.message);
    const first = trip.firstColumn - 1;
    expect(preview.preview.headers.slice(first, first + RESULT_COLUMNS.length)).toEqual([...RESULT_COLUMNS]);
    const rows = session.rows(trip.sheet, trip.headerRowNumber, 0, preview.preview.rowCount);
    for (const [rowNumber, cells] of data.rows) {
      const row = rows.find((r) => r.rowNumber === rowNumber);
      const expected = cells.map((value) =>
        typeof value === "string" && value !== "" ? neutraliseFormula(value) : typeof value === "number" ? value : null,
      );
      expect(
        RESULT_COLUMNS.map((_, i) => row?.cells[first + i] ?? null),
        `row ${rowNumber}`,
      ).toEqual(expected);
    }
    expect(opened.summary.sheets.map((sheet) => sheet.name)).toEqual([...trip.sheetNames, "Jobs", "Audit"]);
  });
});

describe("writeXlsxResults: what is written", () => {
  it("never writes a formula: text that looks like one stays text", async () => {
    const data: ResultSheetData = {
      headerRowNumber: 4,
      columns: ["Import result", "Messages", "Job total"],
      rows: new Map<number, ResultCell[]>([
        [5, ["=1+1", "ok\n=2+2", 12.5]],
        [6, ["+SUM(A1)", "@cmd", -3]],
        [8, ["-2+3", "\t=1", 0]],
      ]),
      jobs: { headers: ["=Job"], rows: [["=1+1"], [-5]] },
      audit: { headers: ["Audit"], rows: [["\r=2"]] },
    };
    const written = await writeXlsxResults(await fixture("libreoffice-order-form.xlsx"), "Orders", data);
    if (!written.ok) throw new Error(written.message);
    const parts = zipParts(written.bytes);
    const orders = sheetXml(parts, "Orders");
    for (const row of [4, 5, 6, 8]) {
      for (const column of ["L", "M", "N"]) {
        const cell = new RegExp(`<c r="${column}${row}"[^>]*?(/>|>[\\s\\S]*?</c>)`).exec(orders)?.[0] ?? "";
        expect(cell, `${column}${row}`).not.toMatch(/<f[\s>]/);
      }
    }
    expect(sheetXml(parts, "Jobs")).not.toMatch(/<f[\s>]/);
    expect(sheetXml(parts, "Audit")).not.toMatch(/<f[\s>]/);

    const sheet = (await load(written.bytes)).getWorksheet("Orders") as Worksheet;
    for (const [rowNumber, cells] of data.rows) {
      cells.forEach((value, i) => {
        const cell = sheet.getRow(rowNumber).getCell(12 + i);
        expect(cell.formula).toBeUndefined();
        if (typeof value === "number") expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.Number, value]);
        else
          expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, neutraliseFormula(String(value ?? ""))]);
      });
    }
    expect(sheet.getCell("L5").value).not.toMatch(/^=/);
  });

  it("adds frozen, bold-headed Jobs and Audit sheets with numbers kept as numbers", async () => {
    const data = resultsFor(3, [4, 5, 6]);
    const written = await writeXlsxResults(await fixture("libreoffice-features.xlsx"), "Orders", data);
    if (!written.ok) throw new Error(written.message);
    const after = await load(written.bytes);
    for (const [name, table] of [
      ["Jobs", data.jobs],
      ["Audit", data.audit],
    ] as const) {
      const sheet = after.getWorksheet(name) as Worksheet;
      expect(sheet.state).toBe("visible");
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(sheet.getRow(1).values).toEqual([undefined, ...table.headers]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      table.rows.forEach((cells, i) => {
        const row = sheet.getRow(i + 2);
        cells.forEach((value, c) => {
          const cell = row.getCell(c + 1);
          expect(cell.value ?? null).toEqual(typeof value === "string" ? neutraliseFormula(value) : value);
          expect(cell.formula).toBeUndefined();
        });
      });
      table.headers.forEach((_, c) => {
        const width = sheet.getColumn(c + 1).width ?? 0;
        expect(width).toBeGreaterThanOrEqual(8);
        expect(width).toBeLessThanOrEqual(50);
      });
    }
    expect((after.getWorksheet("Jobs") as Worksheet).getCell("D2").type).toBe(ExcelJS.ValueType.Number);
  });

  it(
    "names the new sheets Jobs (2) and Audit (2) " + "when the workbook already has them, and leaves those alone",
    async () => {
      const first = await writeXlsxResults(
        await fixture("libreoffice-order-form.xlsx"),
        "Orders",
        resultsFor(4, [5, 6]),
      );
      if (!first.ok) throw new Error(first.message);
      const again = await writeXlsxResults(first.bytes, "Orders", resultsFor(4, [5, 6, 8]));
      if (!again.ok) throw new Error(again.message);
      const before = await load(first.bytes);
      const after = await load(again.bytes);
      expect(after.worksheets.map((s) => s.name)).toEqual([
        "Instructions",
        "Orders",
        "Lists",
        "Jobs",
        "Audit",
        "Jobs (2)",
        "Audit (2)",
      ]);
      // The earlier results are part of the used range now: the new ones go after them.
      const region = {
        sheet: "Orders",
        rows: new Set([4, 5, 6, 8]),
        firstColumn: 12 + RESULT_COLUMNS.length,
        columnCount: RESULT_COLUMNS.length,
      };
      expect(differences(before, after, region)).toEqual([]);
      expect((after.getWorksheet("Jobs (2)") as Worksheet).rowCount).toBe(4);
    },
  );

  it.each([
    [[], "Jobs", "Jobs"],
    [["Jobs"], "Jobs", "Jobs (2)"],
    [["JOBS", "jobs (2)"], "Jobs", "Jobs (3)"],
    [["Orders", "Audit"], "Audit", "Audit (2)"],
  ])("with sheets %j, %s is added as %s", (taken, base, expected) => {
    expect(uniqueSheetName(taken, base)).toBe(expected);
  });

  it(
    "keeps a very hidden sheet very hidden, " + "and shows result columns the customer had hidden with the unused ones",
    async () => {
      const book = new ExcelJS.Workbook();
      const orders = book.addWorksheet("Orders");
      orders.addRow(["Order No", "Qty"]);
      orders.addRow(["A-1", 5]);
      for (let c = 3; c <= 30; c++) orders.getColumn(c).hidden = true;
      book.addWorksheet("Secret", { state: "veryHidden" }).addRow(["x"]);
      const original = new Uint8Array(await book.xlsx.writeBuffer());
      const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
      if (!written.ok) throw new Error(written.message);
      const after = await load(written.bytes);
      expect(after.worksheets.map((s) => [s.name, s.state])).toEqual([
        ["Orders", "visible"],
        ["Secret", "veryHidden"],
        ["Jobs", "visible"],
        ["Audit", "visible"],
      ]);
      const sheet = after.getWorksheet("Orders") as Worksheet;
      expect(sheet.getCell("C1").value).toBe("Import result");
      expect(RESULT_COLUMNS.map((_, i) => sheet.getColumn(3 + i).hidden)).toEqual(RESULT_COLUMNS.map(() => false));
      expect(sheet.getColumn(3 + RESULT_COLUMNS.length).hidden).toBe(true);
    },
  );
});

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const WORKSHEET = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet";

interface PackageParts {
  readonly sheetName?: string;
  readonly sheetXml: string;
  readonly stylesXml?: string;
  readonly contentTypes?: string;
  /** The workbook's properties element, before its sheets (`<workbookPr date1904="1"/>`). */
  readonly workbookPr?: string;
}

/** A workbook as other programs write them: one sheet, and only the parts given. */
function workbookOf({
  sheetName = "Orders",
  sheetXml,
  stylesXml,
  contentTypes,
  workbookPr = "",
}: PackageParts): Uint8Array {
  const escaped = sheetName.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const styles =
    stylesXml === undefined
      ? ""
      : '<Relationship Id="rId2" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>';
  return new Uint8Array(
    zip([
      {
        name: "[Content_Types].xml",
        data: Buffer.from(
          contentTypes ??
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
              '<Default Extension="xml" ContentType="application/xml"/></Types>',
        ),
      },
      {
        name: "xl/workbook.xml",
        data: Buffer.from(
          `<?xml version="1.0"?><workbook xmlns="${MAIN}" ` +
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
            `${workbookPr}<sheets><sheet name="${escaped}" sheetId="7" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: Buffer.from(
          '<?xml version="1.0"?>' +
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            `<Relationship Id="rId1" Type="${WORKSHEET}" Target="/xl/worksheets/sheet1.xml"/>` +
            `${styles}</Relationships>`,
        ),
      },
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from(sheetXml) },
      ...(stylesXml === undefined ? [] : [{ name: "xl/styles.xml", data: Buffer.from(stylesXml) }]),
    ]),
  );
}

const ORDERS_XML =
  `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Order</t></is></c></row>` +
  '<row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c></row></sheetData></worksheet>';

describe("writeXlsxResults: dates", () => {
  /** Auckland's offset: +13:00 in its summer, +12:00 in its winter. */
  const auckland = (at: Date) => (at.getUTCMonth() >= 3 && at.getUTCMonth() < 8 ? 720 : 780);
  const SUBMITTED = RESULT_COLUMNS.indexOf("Submitted at");
  const dated: ResultSheetData = {
    headerRowNumber: 1,
    columns: RESULT_COLUMNS,
    rows: new Map([
      [
        2,
        RESULT_COLUMNS.map(
          (_, i): ResultCell =>
            i === 0 ? "Created" : i === SUBMITTED ? { kind: "date-time", at: "2026-11-25T01:03:00.000Z" } : null,
        ),
      ],
    ]),
    jobs: {
      headers: ["Order number", "Due date"],
      rows: [
        ["A-1", { kind: "date", day: "2027-03-01" }],
        ["A-2", "next week"],
      ],
    },
    audit: { headers: ["At"], rows: [] },
  };

  it("writes Submitted at as a date-time cell at local time, and the Jobs sheet's due dates as dates", async () => {
    const written = await writeXlsxResults(workbookOf({ sheetXml: ORDERS_XML }), "Orders", dated, {
      zoneOffset: auckland,
    });
    if (!written.ok) throw new Error(written.message);
    const book = await load(written.bytes);
    const submitted = (book.getWorksheet("Orders") as Worksheet).getRow(2).getCell(2 + SUBMITTED);
    expect([submitted.type, submitted.value, submitted.numFmt]).toEqual([
      ExcelJS.ValueType.Date,
      new Date("2026-11-25T14:03:00.000Z"),
      "yyyy-mm-dd hh:mm",
    ]);
    const jobs = book.getWorksheet("Jobs") as Worksheet;
    expect([jobs.getCell("B2").type, jobs.getCell("B2").value, jobs.getCell("B2").numFmt]).toEqual([
      ExcelJS.ValueType.Date,
      new Date("2027-03-01T00:00:00.000Z"),
      "yyyy-mm-dd",
    ]);
    expect(jobs.getCell("B3").value).toBe("next week");
    // Wide enough to show "2026-11-25 14:03" whole.
    expect(sheetXml(zipParts(written.bytes), "Orders")).toMatch(
      new RegExp(`<col min="${2 + SUBMITTED}" max="${2 + SUBMITTED}" width="18" customWidth="1"/>`),
    );
  });

  it("writes each row's own moment where an order's rows share theirs, each made anew as the app does", async () => {
    const moments = ["01:03", "01:03", "01:03", "01:10", "01:10", "01:03", "02:00"].map(
      (time) => `2026-11-25T${time}:00.000Z`,
    );
    const orderRows = moments.map((_, k) => `<row r="${k + 2}"><c r="A${k + 2}"><v>${k}</v></c></row>`).join("");
    const sheetXml = `<worksheet xmlns="${MAIN}"><sheetData>${orderRows}</sheetData></worksheet>`;
    const data: ResultSheetData = {
      ...dated,
      rows: new Map(
        moments.map((at, k) => [
          k + 2,
          RESULT_COLUMNS.map((_, i): ResultCell => (i === SUBMITTED ? { kind: "date-time", at } : "Created")),
        ]),
      ),
    };
    const written = await writeXlsxResults(workbookOf({ sheetXml }), "Orders", data, { zoneOffset: auckland });
    if (!written.ok) throw new Error(written.message);
    const orders = (await load(written.bytes)).getWorksheet("Orders") as Worksheet;
    const local = (at: string) => new Date(new Date(at).getTime() + 13 * 3_600_000);
    expect(moments.map((_, k) => orders.getRow(k + 2).getCell(2 + SUBMITTED).value)).toEqual(moments.map(local));
  });

  it("counts the days from 1904 in a workbook that does", async () => {
    const written = await writeXlsxResults(
      workbookOf({ sheetXml: ORDERS_XML, workbookPr: '<workbookPr date1904="1"/>' }),
      "Orders",
      dated,
      { zoneOffset: auckland },
    );
    if (!written.ok) throw new Error(written.message);
    expect(sheetXml(zipParts(written.bytes), "Jobs")).toMatch(/<c r="B2" s="\d+"><v>44985<\/v><\/c>/);
  });

  it("writes them in the machine's own time zone unless told", async () => {
    const written = await writeXlsxResults(workbookOf({ sheetXml: ORDERS_XML }), "Orders", dated);
    if (!written.ok) throw new Error(written.message);
    const submitted = (await load(written.bytes))
      .getWorksheet("Orders")
      ?.getRow(2)
      .getCell(2 + SUBMITTED);
    const at = new Date("2026-11-25T01:03:00.000Z");
    expect(submitted?.value).toEqual(new Date(at.getTime() - at.getTimezoneOffset() * 60_000));
  });
});

describe("writeXlsxResults: workbooks as other programs write them", () => {
  it("adds a stylesheet to a workbook without one, with the bold header and the money format", async () => {
    const written = await writeXlsxResults(workbookOf({ sheetXml: ORDERS_XML }), "Orders", resultsFor(1, [2]));
    if (!written.ok) throw new Error(written.message);
    const parts = zipParts(written.bytes);
    expect(danglingReferences(parts)).toEqual([]);
    expect(parts.get("[Content_Types].xml")).toContain(
      '<Override PartName="/xl/styles.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>',
    );
    expect(parts.get("xl/_rels/workbook.xml.rels")).toMatch(
      /Type="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/relationships\/styles" Target="styles.xml"/,
    );
    const sheet = (await load(written.bytes)).getWorksheet("Orders") as Worksheet;
    expect([sheet.getCell("B1").value, sheet.getCell("B1").font?.bold]).toEqual(["Import result", true]);
    expect([sheet.getCell("H2").value, sheet.getCell("H2").numFmt]).toEqual([3, "#,##0.00"]);
  });

  it("uses the workbook's own #,##0.00 format and adds formats after its own", async () => {
    const stylesXml =
      `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="170" formatCode="#,##0.00"/></numFmts>` +
      '<fonts count="1"><font><sz val="10"/><name val="Arial"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill>' +
      '<patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' +
      '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/></cellXfs></styleSheet>';
    const written = await writeXlsxResults(
      workbookOf({ sheetXml: ORDERS_XML, stylesXml }),
      "Orders",
      resultsFor(1, [2]),
    );
    if (!written.ok) throw new Error(written.message);
    const styles = zipParts(written.bytes).get("xl/styles.xml") ?? "";
    expect(styles).toContain('<numFmts count="1"><numFmt numFmtId="170" formatCode="#,##0.00"/></numFmts>');
    expect(styles).toContain(
      '<fonts count="2"><font><sz val="10"/><name val="Arial"/></font>' +
        '<font><b/><sz val="10"/><name val="Arial"/></font></fonts>',
    );
    expect(styles).toContain(
      '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' +
        '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" applyFont="1"/>' +
        '<xf numFmtId="170" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/></cellXfs>',
    );
  });

  it(
    "finds a sheet whose name needs escaping, " + "and numbers new parts past a content type naming a missing one",
    async () => {
      const contentTypes =
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/worksheets/sheet2.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
      const written = await writeXlsxResults(
        workbookOf({ sheetName: 'Orders & "Co" <1>', sheetXml: ORDERS_XML, contentTypes }),
        'Orders & "Co" <1>',
        resultsFor(1, [2]),
      );
      if (!written.ok) throw new Error(written.message);
      const parts = zipParts(written.bytes);
      expect([...parts.keys()].filter((name) => name.startsWith("xl/worksheets/"))).toEqual([
        "xl/worksheets/sheet1.xml",
        "xl/worksheets/sheet3.xml",
        "xl/worksheets/sheet4.xml",
      ]);
      expect(parts.get("xl/workbook.xml")).toContain(
        '<sheet name="Jobs" sheetId="8" r:id="rId2"/><sheet name="Audit" sheetId="9" r:id="rId3"/></sheets>',
      );
      const book = await load(written.bytes);
      expect(book.worksheets.map((s) => s.name)).toEqual(['Orders & "Co" <1>', "Jobs", "Audit"]);
      expect(book.worksheets[0]?.getCell("B2").value).toBe("Submitted");
    },
  );

  it.each([
    ["a sheet part that is not XML", '<worksheet><sheetData><row r="1"></sheetData></worksheet>'],
    ["a sheet part that ends early", ORDERS_XML.slice(0, -20)],
    ["a chart sheet", `<chartsheet xmlns="${MAIN}"/>`],
  ])("refuses %s as damaged", async (_name, sheetXml) => {
    const written = await writeXlsxResults(workbookOf({ sheetXml }), "Orders", resultsFor(1, [2]));
    expect(written).toEqual({
      ok: false,
      code: "CORRUPT",
      message:
        "The results could not be added to your workbook. The original workbook could not be opened again: " +
        "part of it is damaged or not written as spreadsheet programs write it. " +
        "Open it in your spreadsheet program, save it again and import the new file.",
    });
  });
});

/** The rows of the sheet as the reader reads them back, or its refusal. */
async function readBack(
  bytes: Uint8Array,
  sheetName = "Orders",
): Promise<readonly (readonly unknown[] | undefined)[] | string> {
  const read = await readXlsx(bytes, "results.xlsx");
  if (!read.ok) return `${read.code}: ${read.message}`;
  const rows = read.sheets.find((sheet) => sheet.name === sheetName)?.rows();
  return rows ? Array.from({ length: rows.length }, (_, i) => rows.at(i)) : "no such sheet";
}

/** Letters that do not compress far, so a long run of them is no zip bomb. */
function noise(length: number): string {
  let seed = 1;
  let text = "";
  while (text.length < length) {
    let chunk = "";
    for (let i = 0; i < 4096; i++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      chunk += String.fromCharCode(97 + ((seed >>> 16) % 26));
    }
    text += chunk;
  }
  return text.slice(0, length);
}

describe("writeXlsxResults: a workbook the reader took is not refused for its rows", () => {
  it("adds the results to a sheet of 2 order rows and 300,100 blank formatted rows", async () => {
    const blank = Array.from({ length: 300_100 }, (_, i) => `<row r="${i + 3}" ht="20" customHeight="1"/>`).join("");
    const xml =
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Order</t></is></c></row>` +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c></row>${blank}</sheetData></worksheet>`;
    const original = workbookOf({ sheetXml: xml });
    expect(await readBack(original)).toEqual([["Order"], ["A-1"]]);
    const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
    if (!written.ok) throw new Error(written.message);
    const rows = await readBack(written.bytes);
    expect(typeof rows === "string" ? rows : rows.map((row) => row?.slice(0, 2))).toEqual([
      ["Order", "Import result"],
      ["A-1", "Submitted"],
    ]);
    expect(withoutResults(sheetXml(zipParts(written.bytes), "Orders"), 2)).toBe(withoutResults(xml, 2));
  });
});

describe("writeXlsxResults: merged ranges, as the reader cuts them", () => {
  const merged = (refs: string, headerRow = 2) =>
    workbookOf({
      sheetXml:
        `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is>` +
        `<t>Spring orders</t></is></c></row><row r="${headerRow}"><c r="A${headerRow}" t="inlineStr">` +
        `<is><t>Order</t></is></c><c r="B${headerRow}" t="inlineStr"><is><t>Qty</t></is></c></row>` +
        `<row r="${headerRow + 1}"><c r="A${headerRow + 1}" t="inlineStr"><is><t>A-1</t></is></c>` +
        `<c r="B${headerRow + 1}"><v>2</v></c></row></sheetData><mergeCells>${refs}</mergeCells></worksheet>`,
    });
  const resultColumns = async (bytes: Uint8Array, headerRow = 2) => {
    const rows = await readBack(bytes);
    if (typeof rows === "string") return rows;
    return rows[headerRow - 1]?.indexOf("Import result");
  };

  it.each([
    ["a title merged across the whole sheet", '<mergeCell ref="A1:XFD1"/>'],
    ["a note merged past column 1,000 below the table", '<mergeCell ref="A5:AZZ6"/>'],
  ])("puts the results right of the values past %s, where the file reads back", async (_name, refs) => {
    const original = merged(refs);
    expect(typeof (await readBack(original))).not.toBe("string");
    const written = await writeXlsxResults(original, "Orders", resultsFor(2, [3]));
    if (!written.ok) throw new Error(written.message);
    expect(await resultColumns(written.bytes)).toBe(2);
  });

  it("puts the results right of a merged range across the header row, so they are not hidden under it", async () => {
    const written = await writeXlsxResults(merged('<mergeCell ref="B2:E2"/>'), "Orders", resultsFor(2, [3]));
    if (!written.ok) throw new Error(written.message);
    expect(await resultColumns(written.bytes)).toBe(5);
  });

  it(
    "puts them right of the values when right of such a " + "range they would pass the columns a sheet may have",
    async () => {
      const written = await writeXlsxResults(merged('<mergeCell ref="A1:XFD2"/>', 2), "Orders", resultsFor(2, [3]));
      if (!written.ok) throw new Error(written.message);
      expect(sheetXml(zipParts(written.bytes), "Orders")).toContain('<c r="C2" s="');
    },
  );
});

describe("writeXlsxResults: parts as the reader reads them", () => {
  const utf16 = (text: string, littleEndian: boolean) => {
    const bytes = Buffer.from(`\uFEFF${text}`, "utf16le");
    return littleEndian ? bytes : Buffer.from(bytes.map((_, i) => bytes[i ^ 1] as number));
  };

  it.each([true, false])(
    "writes a workbook whose parts are UTF-16 (little-endian: %s) back in UTF-16",
    async (littleEndian) => {
      const declared = (xml: string) => `<?xml version="1.0" encoding="UTF-16"?>${xml.replace(/^<\?xml[^>]*\?>/, "")}`;
      const parts = zipPartsOf(
        workbookOf({
          sheetXml: ORDERS_XML,
          stylesXml: `<styleSheet xmlns="${MAIN}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`,
        }),
      );
      const original = new Uint8Array(
        zip(
          parts.map((part) =>
            part.name.startsWith("xl/")
              ? { name: part.name, data: utf16(declared(part.data.toString()), littleEndian) }
              : part,
          ),
        ),
      );
      expect(await readBack(original)).toEqual([["Order"], ["A-1"]]);
      const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
      if (!written.ok) throw new Error(written.message);
      const rows = await readBack(written.bytes);
      expect(typeof rows === "string" ? rows : rows.map((row) => row?.slice(0, 2))).toEqual([
        ["Order", "Import result"],
        ["A-1", "Submitted"],
      ]);
      const raw = new Map(
        listZipEntries(written.bytes, "results.xlsx").map((entry) => [entry.name, entryData(written.bytes, entry)]),
      );
      for (const name of [
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "xl/styles.xml",
        "xl/worksheets/sheet1.xml",
      ]) {
        const bytes = raw.get(name) as Buffer;
        expect([...bytes.subarray(0, 2)], name).toEqual(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
        const text = (littleEndian ? bytes : Buffer.from(bytes.map((_, i) => bytes[i ^ 1] as number))).toString(
          "utf16le",
        );
        expect(text, name).toMatch(/^\uFEFF<\?xml version="1\.0" encoding="UTF-16"\?><\w/);
      }
      expect((raw.get("xl/workbook.xml") as Buffer).length % 2).toBe(0);
    },
  );

  it("takes a row numbered with anything but digits as the row after the one before, as the reader does", async () => {
    const sheet = ORDERS_XML.replace('<row r="2">', '<row r="two">');
    const original = workbookOf({ sheetXml: sheet });
    expect(await readBack(original)).toEqual([["Order"], ["A-1"]]);
    const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
    if (!written.ok) throw new Error(written.message);
    expect(sheetXml(zipParts(written.bytes), "Orders")).toContain(
      '<row r="two"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c>' +
        '<c r="B2" t="inlineStr"><is><t>Submitted</t></is></c>',
    );
  });
});

describe("writeXlsxResults: long rows and comments", () => {
  const orderRow = (inside: string) =>
    `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Order</t></is></c></row>` +
    `<row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c>${inside}</row></sheetData></worksheet>`;

  it("adds the results to a row of 3 MB of empty cells", async () => {
    const original = workbookOf({ sheetXml: orderRow('<c r="A2"/>'.repeat(280_000)) });
    expect(await readBack(original)).toEqual([["Order"], ["A-1"]]);
    const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
    if (!written.ok) throw new Error(written.message);
    const rows = await readBack(written.bytes);
    expect(typeof rows === "string" ? rows : rows.map((row) => row?.slice(0, 3))).toEqual([
      ["Order", "Import result", "Job number"],
      ["A-1", "Submitted", "J-2"],
    ]);
  });

  it("refuses a comment longer than the reader takes, in plain words, as the reader does", async () => {
    const original = workbookOf({ sheetXml: orderRow(`<!--${noise(SHEET_LIMITS.xlsx.maxMarkupChars + 1)}-->`) });
    expect(await readBack(original)).toMatch(/^UNSAFE_CONTENT: /);
    const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
    const entryTooLong = new RegExp(
      "^The results could not be added to your workbook\\. " +
        "The original workbook holds a single entry .* far longer than spreadsheet programs write\\. " +
        "Open it in your spreadsheet program, save it again and import the new file\\.$",
    );
    expect(written).toEqual({
      ok: false,
      code: "UNSAFE_CONTENT",
      message: expect.stringMatching(entryTooLong),
    });
  });

  it("adds the results to a row holding a comment just within what the reader takes", async () => {
    const original = workbookOf({ sheetXml: orderRow(`<!--${noise(SHEET_LIMITS.xlsx.maxMarkupChars - 10)}-->`) });
    expect(await readBack(original)).toEqual([["Order"], ["A-1"]]);
    const written = await writeXlsxResults(original, "Orders", resultsFor(1, [2]));
    if (!written.ok) throw new Error(written.message);
    const rows = await readBack(written.bytes);
    expect(typeof rows === "string" ? rows : rows.map((row) => row?.slice(0, 2))).toEqual([
      ["Order", "Import result"],
      ["A-1", "Submitted"],
    ]);
  });
});

type ZipPartList = { readonly name: string; readonly data: Buffer }[];

/** A zip's parts, inflated, to build a changed copy from. */
function zipPartsOf(bytes: Uint8Array): ZipPartList {
  return [...zipParts(bytes)].map(([name, text]) => ({ name, data: Buffer.from(text) }));
}

describe("writeXlsxResults: files that cannot be reopened are refused with a message", () => {
  const damaged = async () =>
    new Uint8Array(
      zip([
        { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
        { name: "xl/workbook.xml", data: Buffer.from("<workbook><sheets><sheet") },
      ]),
    );
  it.each([
    ["encrypted.xlsx", "ENCRYPTED", () => fixture("encrypted.xlsx"), /password/],
    ["truncated.xlsx", "CORRUPT", () => fixture("truncated.xlsx"), /looks damaged/],
    ["a zip whose workbook part is broken", "CORRUPT", damaged, /could not be opened again/],
    ["not-a-workbook.xlsx", "NOT_A_SPREADSHEET", () => fixture("not-a-workbook.xlsx"), /not an Excel workbook/],
    ["orders.ods", "UNSUPPORTED_FORMAT", () => fixture("orders.ods"), /OpenDocument/],
    ["legacy.xls", "LEGACY_XLS", () => fixture("legacy.xls"), /Excel 97/],
    ["zip-bomb-declared.xlsx", "ZIP_BOMB", () => fixture("zip-bomb-declared.xlsx"), /not opened/],
    ["a CSV file", "NOT_A_SPREADSHEET", () => fixture("pipe.csv"), /not an Excel workbook/],
    ["an empty file", "EMPTY_FILE", async () => new Uint8Array(0), /empty/],
  ] as const)("%s → %s", async (_name, code: WriteBackFailureCode, bytes, message) => {
    const written = await writeXlsxResults(await bytes(), "Orders", resultsFor(1, [2]));
    expect(written.ok).toBe(false);
    if (written.ok) return;
    expect(written.code).toBe(code);
    expect(written.message).toMatch(/^The results could not be added to your workbook\. /);
    expect(written.message).toMatch(message);
  });

  it.each(["xl/worksheets/sheet1.xml", "xl/styles.xml"])(
    "refuses a file whose %s unpacks to more than its entry declares",
    async (lying) => {
      const parts = zipPartsOf(workbookOf({ sheetXml: ORDERS_XML, stylesXml: `<styleSheet xmlns="${MAIN}"/>` }));
      const bytes = zip(parts.map((part) => (part.name === lying ? { ...part, declaredSize: 10 } : part)));
      const written = await writeXlsxResults(new Uint8Array(bytes), "Orders", resultsFor(1, [2]));
      expect(written).toMatchObject({ ok: false, code: "ZIP_BOMB", message: /unpacks to more than it declares/ });
    },
  );

  it.each([
    [
      "the sheet's cells",
      (parts: ZipPartList) => parts.filter((part) => part.name !== "xl/worksheets/sheet1.xml"),
      'the cells of its sheet "Orders" are missing',
    ],
    [
      "the cell styles",
      (parts: ZipPartList) => parts.filter((part) => part.name !== "xl/styles.xml"),
      "its table of cell styles is missing",
    ],
    [
      "the list of content types",
      (parts: ZipPartList) => parts.filter((part) => part.name !== "[Content_Types].xml"),
      "its list of content types is missing",
    ],
  ])("says in plain words when %s cannot be found, naming no part", async (_name, drop, detail) => {
    const parts = zipPartsOf(workbookOf({ sheetXml: ORDERS_XML, stylesXml: `<styleSheet xmlns="${MAIN}"/>` }));
    const written = await writeXlsxResults(new Uint8Array(zip(drop(parts))), "Orders", resultsFor(1, [2]));
    expect(written).toEqual({
      ok: false,
      code: "CORRUPT",
      message:
        "The results could not be added to your workbook. The original workbook could not be opened again: " +
        `${detail}. Open it in your spreadsheet program, save it again and import the new file.`,
    });
  });

  it("refuses a sheet the workbook does not have", async () => {
    const written = await writeXlsxResults(await fixture("libreoffice-order-form.xlsx"), "Order", resultsFor(4, [5]));
    expect(written).toEqual({
      ok: false,
      code: "SHEET_MISSING",
      message: expect.stringContaining('no sheet named "Order"'),
    });
  });

  it("throws on row numbers no sheet has (a programming error)", async () => {
    const original = await fixture("libreoffice-order-form.xlsx");
    await expect(writeXlsxResults(original, "Orders", resultsFor(0, [5]))).rejects.toThrow(RangeError);
    await expect(writeXlsxResults(original, "Orders", resultsFor(4, [4]))).rejects.toThrow(RangeError);
    await expect(writeXlsxResults(original, "Orders", resultsFor(4, [2.5]))).rejects.toThrow(RangeError);
  });
});

describe("writeXlsxResults: what a round trip through exceljs would lose is kept", () => {
  // exceljs rewrote every part: a note's author, named cell styles, a picture's name and an
  // empty document author were lost, and every row height became custom. The parts are now
  // patched or copied, so each of those comes back as it was.
  it(
    "keeps a note's author, named cell styles, a picture's name, " +
      "an empty document author and row heights that are not custom",
    async () => {
      const original = await fixture("libreoffice-order-form.xlsx");
      const written = await writeXlsxResults(original, "Orders", resultsFor(4, [5]));
      if (!written.ok) throw new Error(written.message);
      const before = zipParts(original);
      const after = zipParts(written.bytes);
      const comments = (parts: Map<string, string>) =>
        [...parts].find(([name]) => /^xl\/comments\d*\.xml$/.test(name))?.[1] ?? "";
      expect(comments(before)).toContain("<author>Coach</author>");
      expect(comments(after)).toBe(comments(before));

      const namedStyles = (parts: Map<string, string>) =>
        [...(parts.get("xl/styles.xml") ?? "").matchAll(/<cellStyle\b[^>]*name="([^"]*)"/g)].map((m) => m[1]);
      expect(namedStyles(before)).toEqual([
        "Normal",
        "Comma",
        "Comma [0]",
        "Currency",
        "Currency [0]",
        "Percent",
        "Highlight",
      ]);
      expect(namedStyles(after)).toEqual(namedStyles(before));

      expect(before.get("xl/drawings/drawing1.xml")).toContain('name="Club logo"');
      expect(after.get("xl/drawings/drawing1.xml")).toBe(before.get("xl/drawings/drawing1.xml"));

      const author = (parts: Map<string, string>) =>
        /<dc:creator>([^<]*)</.exec(parts.get("docProps/core.xml") ?? "")?.[1];
      expect([author(before), author(after)]).toEqual(["", ""]);

      const row2 = (parts: Map<string, string>) => /<row r="2"[^>]*>/.exec(sheetXml(parts, "Orders"))?.[0] ?? "";
      expect(row2(before)).toMatch(/customHeight="false"/);
      expect(row2(after)).toBe(row2(before));
    },
  );
});

describe("writeXlsxResults: either inflater", () => {
  it("writes the same bytes into a sheet of many pieces with either inflater", async () => {
    const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const rows = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<row r="${i + 2}">${text(`A${i + 2}`, `Order ${i % 3000}`)}<c r="B${i + 2}"><v>${(i * 7) % 13}</v></c>` +
        `${text(`C${i + 2}`, `Colour ${i % 17}`)}</row>`,
    );
    const xml =
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Order</t></is></c>` +
      `<c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>${rows.join("")}</sheetData></worksheet>`;
    expect(xml.length).toBeGreaterThan(4 * 256 * 1024);
    const original = workbookOf({ sheetXml: xml });
    const data = resultsFor(
      1,
      Array.from({ length: 20_000 }, (_, i) => i + 2).filter((n) => n % 3 !== 0),
    );
    const withWasm = await writeXlsxResults(original, "Orders", data);
    useZipCodecs({ ...platformCodecs, pieceInflater: undefined });
    try {
      const withStreams = await writeXlsxResults(original, "Orders", data);
      if (!withWasm.ok || !withStreams.ok) throw new Error("the write-back failed");
      expect(Buffer.from(withWasm.bytes).equals(Buffer.from(withStreams.bytes))).toBe(true);
    } finally {
      useZipCodecs(platformCodecs);
    }
  }, 60_000);
});
