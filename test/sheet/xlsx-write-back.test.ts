import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { inflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { RESULT_COLUMNS, type ResultCell, type ResultSheetData } from "../../src/core/result-sheet";
import { neutraliseFormula } from "../../src/core/spreadsheet-safety";
import { uniqueSheetName, writeXlsxResults, type WriteBackFailureCode } from "../../src/sheet/xlsx-write-back";
import { workbookSheetParts } from "../../src/sheet/xlsx-parts";
import { listZipEntries } from "../../src/sheet/zip-guard";
import { zip } from "../helpers/zip-writer";

type Workbook = ExcelJS.Workbook;
type Worksheet = ExcelJS.Worksheet;

const fixture = (name: string) => readFile(new URL(`../fixtures/sheets/${name}`, import.meta.url)).then((b) => new Uint8Array(b));
const sample = (name: string) => readFile(new URL(`../../samples/${name}`, import.meta.url)).then((b) => new Uint8Array(b));

async function load(bytes: Uint8Array): Promise<Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  return workbook;
}

function zipParts(bytes: Uint8Array): Map<string, string> {
  const buffer = Buffer.from(bytes);
  const parts = new Map<string, string>();
  for (const entry of listZipEntries(bytes, "test.xlsx")) {
    const at = entry.localHeaderOffset;
    const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    const packed = buffer.subarray(start, start + entry.compressedSize);
    parts.set(entry.name, (entry.method === 8 ? inflateRawSync(packed) : packed).toString("utf8"));
  }
  return parts;
}

function sheetXml(parts: Map<string, string>, sheetName: string): string {
  const sheet = workbookSheetParts(parts.get("xl/workbook.xml") ?? "", parts.get("xl/_rels/workbook.xml.rels") ?? "").find((s) => s.name === sheetName);
  return parts.get(sheet?.part ?? "") ?? "";
}

const columnLetter = (column: number): string => (column > 26 ? columnLetter(Math.floor((column - 1) / 26)) : "") + String.fromCharCode(65 + ((column - 1) % 26));

/** Result cells for an order row: text, a blank, numbers, and text that looks like a formula. */
function resultRow(rowNumber: number): ResultCell[] {
  return ["Submitted", `J-${rowNumber}`, "Open", rowNumber % 2 ? "=1+1" : "ok\n=2+2", "", "No", rowNumber * 1.5, 100 + rowNumber, null, "2027-01-15T10:00:00Z"];
}

function resultsFor(headerRowNumber: number, rowNumbers: readonly number[]): ResultSheetData {
  return {
    headerRowNumber,
    columns: RESULT_COLUMNS,
    rows: new Map(rowNumbers.map((n) => [n, resultRow(n)])),
    jobs: { headers: ["Job number", "Order", "Status", "Total"], rows: rowNumbers.map((n) => [`J-${n}`, `Order ${n}`, "Open", 100 + n]) },
    audit: { headers: ["When", "What", "Detail"], rows: [["2027-01-15T10:00:00Z", "submitted", "-5 lines held"], ["2027-01-15T10:01:00Z", "=HYPERLINK(\"x\")", null]] },
  };
}

/** A plain, comparable snapshot: Dates as ISO text, no undefined keys. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? `date:${v.toISOString()}` : v)));
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
  return plain({ type: cell.type, value: cell.value, style, note: cell.note && (typeof cell.note === "string" ? cell.note : cell.note.texts) });
}

/** A sheet's settings without its rows, columns and used range (which grows). */
function sheetSettings(sheet: Worksheet): unknown {
  const { rows: _rows, cols: _cols, dimensions: _dimensions, pageSetup, ...settings } = sheet.model as unknown as Record<string, unknown> & { pageSetup?: Record<string, unknown> };
  // useFirstPageNumber only matters when the first page number is not 1.
  const { useFirstPageNumber, ...page } = pageSetup ?? {};
  return withoutDefaults(plain({ ...settings, pageSetup: page.firstPageNumber === 1 ? page : { ...page, useFirstPageNumber } }));
}

/** Where two plain values differ, leaf by leaf. */
function changes(path: string, a: unknown, b: unknown): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) {
    return [`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`];
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changes(`${path}.${key}`, (a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
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
  compare("sheets", before.worksheets.map((s) => [s.name, s.state]), after.worksheets.slice(0, before.worksheets.length).map((s) => [s.name, s.state]));
  compare("defined names", before.definedNames.model, after.definedNames.model);
  compare("workbook views", before.views, after.views);
  compare("workbook properties", before.properties, after.properties);
  compare("calculation", before.calcProperties, after.calcProperties);
  // exceljs writes an empty author as "Unknown": listed with the losses below.
  const properties = (book: Workbook) => [book.creator || "Unknown", book.lastModifiedBy || "Unknown", book.title ?? "", book.subject ?? "", book.company ?? "", book.description ?? ""];
  compare("document properties", properties(before), properties(after));
  const media = (book: Workbook) => book.model.media.map((m) => [m.type, m.extension, (m.buffer as ArrayBuffer | undefined)?.byteLength]);
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
  const compare = (what: string, x: unknown, y: unknown) => void found.push(...changes(`${a.name} ${what}`, plain(x), plain(y)));
  // Merges, views, validations, conditional formats, page setup, images, protection, tables, tab colour.
  compare("settings", sheetSettings(a), sheetSettings(b));
  const rowCount = Math.max(a.rowCount, b.rowCount);
  for (let r = 1; r <= rowCount; r++) {
    const rowA = a.findRow(r);
    const rowB = b.findRow(r);
    const rowSnapshot = (row: ExcelJS.Row | undefined) => row && plain([row.height, row.hidden, row.outlineLevel, withoutDefaults(plain((row as unknown as { style: unknown }).style))]);
    compare(`row ${r}`, rowSnapshot(rowA) ?? rowSnapshot(rowB), rowSnapshot(rowB) ?? rowSnapshot(rowA));
    const cellCount = Math.max(rowA?.cellCount ?? 0, rowB?.cellCount ?? 0);
    for (let c = 1; c <= cellCount; c++) {
      if (inRegion(region, a.name, c) && region.rows.has(r)) continue;
      compare(`${columnLetter(c)}${r}`, cellSnapshot(rowA?.findCell(c)), cellSnapshot(rowB?.findCell(c)));
    }
  }
  const columnCount = Math.max(a.columns?.length ?? 0, b.columns?.length ?? 0);
  for (let c = 1; c <= columnCount; c++) {
    if (inRegion(region, a.name, c)) continue;
    const x = a.getColumn(c);
    const y = b.getColumn(c);
    compare(`column ${columnLetter(c)}`, [x.width, x.hidden, x.outlineLevel, withoutDefaults(plain(x.style))], [y.width, y.hidden, y.outlineLevel, withoutDefaults(plain(y.style))]);
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
  for (const [, partName] of (parts.get("[Content_Types].xml") ?? "").matchAll(/<Override\b[^>]*PartName="\/([^"]*)"/g)) {
    if (!parts.has(partName ?? "")) dangling.push(`[Content_Types].xml → ${partName}`);
  }
  return dangling;
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
    name: "samples/team-orders-winter-2027.xlsx",
    bytes: () => sample("team-orders-winter-2027.xlsx"),
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
    expect(book.worksheets.map((s) => [s.name, s.state])).toEqual([["Instructions", "visible"], ["Orders", "visible"], ["Lists", "hidden"]]);
    expect(book.definedNames.model.map((n) => n.name).sort()).toEqual(["GstRate", "Sizes"]);
    expect(book.model.media).toHaveLength(1);
    const instructions = book.getWorksheet("Instructions") as Worksheet;
    expect(instructions.getImages()).toHaveLength(1);
    expect(instructions.getCell("A4").value).toEqual({ text: "Size guide", hyperlink: "https://club.example/size-guide" });
    const orders = book.getWorksheet("Orders") as Worksheet;
    expect(orders.model.merges).toEqual(["A1:F1"]);
    expect(orders.views[0]).toMatchObject({ state: "frozen", ySplit: 4, topLeftCell: "A5" });
    expect(orders.pageSetup).toMatchObject({ orientation: "landscape", printArea: "A1:I13" });
    expect(orders.properties.tabColor).toEqual({ argb: "FF1F4E79" });
    expect([orders.getRow(1).height, orders.getRow(7).hidden, orders.getColumn(3).hidden, orders.getColumn(9).width]).toEqual([28.8, true, true, 24.94]);
    expect(orders.getCell("E5").dataValidation).toMatchObject({ type: "list", formulae: ["Lists!$A$2:$A$6", "0"] });
    expect((orders.model as unknown as { conditionalFormattings: { ref: string }[] }).conditionalFormattings.map((f) => f.ref)).toEqual(["F5:F8 F10"]);
    expect(orders.getCell("I5").note).toBeTruthy();
    expect([orders.getCell("K2").value, orders.getCell("K2").numFmt]).toEqual([{ formula: "Lists!B2", result: 0.05 }, "0.0%"]);
    expect(orders.getCell("I2").value).toEqual({ formula: 'IF(K2>0,"discounted","full price")', result: "discounted" });
    expect(orders.getCell("F11").value).toEqual({ formula: "SUM(F5:F10)", result: 52 });
    expect(orders.getCell("H12").value).toEqual({ formula: "ROUND(H11*GstRate/(1+GstRate),2)", result: 177.75 });
    expect([orders.getCell("B5").value, orders.getCell("B5").numFmt, orders.getCell("G5").numFmt]).toEqual([new Date(Date.UTC(2027, 2, 15)), "dd/mm/yyyy", "#,##0.00 [$NZD]"]);
    expect(orders.getCell("A4").style).toMatchObject({ font: { bold: true, color: { argb: "FF1F4E79" } }, fill: { fgColor: { argb: "FFDDEBF7" } }, border: { bottom: { style: "thin" } } });
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
    const region = { sheet: trip.sheet, rows: new Set([trip.headerRowNumber, ...trip.resultRows]), firstColumn: trip.firstColumn, columnCount: RESULT_COLUMNS.length };
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
        expect(cells.every((cell) => cell === undefined || cell.type === ExcelJS.ValueType.Null), `row ${r} gets no results`).toBe(true);
        continue;
      }
      expect(cells.map((cell) => cell?.value ?? null)).toEqual(expected.map((value) => (typeof value === "string" && value !== "" ? neutraliseFormula(value) : typeof value === "number" ? value : null)));
      expect(cells.map((cell) => cell?.type ?? ExcelJS.ValueType.Null)).toEqual(expected.map((value) => (typeof value === "number" ? ExcelJS.ValueType.Number : typeof value === "string" && value !== "" ? ExcelJS.ValueType.String : ExcelJS.ValueType.Null)));
      expect([cells[6]?.numFmt, cells[7]?.numFmt]).toEqual(["#,##0.00", "#,##0.00"]);
    }
    for (let i = 0; i < RESULT_COLUMNS.length; i++) {
      const column = sheet.getColumn(trip.firstColumn + i);
      expect(column.hidden).toBe(false);
      expect(column.width).toBeGreaterThanOrEqual(8);
      expect(column.width).toBeLessThanOrEqual(50);
    }
  });

  it.each(ROUND_TRIPS)("$name: the output opens without repair (no dangling parts), keeps its default font and absolute print areas", async (trip) => {
    const original = await trip.bytes();
    const written = await writeXlsxResults(original, trip.sheet, resultsFor(trip.headerRowNumber, trip.resultRows));
    if (!written.ok) throw new Error(written.message);
    const before = zipParts(original);
    const after = zipParts(written.bytes);
    expect(danglingReferences(after)).toEqual([]);
    const firstFont = (parts: Map<string, string>) => /<fonts\b[^>]*>\s*(<font\b[^>]*\/>|<font\b[^>]*>[\s\S]*?<\/font>)/.exec(parts.get("xl/styles.xml") ?? "")?.[1];
    expect(firstFont(after)).toBe(firstFont(before));
    const printAreas = (parts: Map<string, string>) =>
      [...(parts.get("xl/workbook.xml") ?? "").matchAll(/<definedName\b[^>]*name="_xlnm.Print_Area"[^>]*>([^<]*)</g)].map((m) => (m[1] ?? "").replace(/&apos;|'/g, ""));
    expect(printAreas(after)).toEqual(printAreas(before));
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
        else expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, neutraliseFormula(value ?? "")]);
      });
    }
    expect(sheet.getCell("L5").value).not.toMatch(/^=/);
  });

  it("adds frozen, bold-headed Jobs and Audit sheets with numbers kept as numbers", async () => {
    const data = resultsFor(3, [4, 5, 6]);
    const written = await writeXlsxResults(await fixture("libreoffice-features.xlsx"), "Orders", data);
    if (!written.ok) throw new Error(written.message);
    const after = await load(written.bytes);
    for (const [name, table] of [["Jobs", data.jobs], ["Audit", data.audit]] as const) {
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

  it("names the new sheets Jobs (2) and Audit (2) when the workbook already has them, and leaves those alone", async () => {
    const first = await writeXlsxResults(await fixture("libreoffice-order-form.xlsx"), "Orders", resultsFor(4, [5, 6]));
    if (!first.ok) throw new Error(first.message);
    const again = await writeXlsxResults(first.bytes, "Orders", resultsFor(4, [5, 6, 8]));
    if (!again.ok) throw new Error(again.message);
    const before = await load(first.bytes);
    const after = await load(again.bytes);
    expect(after.worksheets.map((s) => s.name)).toEqual(["Instructions", "Orders", "Lists", "Jobs", "Audit", "Jobs (2)", "Audit (2)"]);
    // The earlier results are part of the used range now: the new ones go after them.
    const region = { sheet: "Orders", rows: new Set([4, 5, 6, 8]), firstColumn: 12 + RESULT_COLUMNS.length, columnCount: RESULT_COLUMNS.length };
    expect(differences(before, after, region)).toEqual([]);
    expect((after.getWorksheet("Jobs (2)") as Worksheet).rowCount).toBe(4);
  });

  it.each([
    [[], "Jobs", "Jobs"],
    [["Jobs"], "Jobs", "Jobs (2)"],
    [["JOBS", "jobs (2)"], "Jobs", "Jobs (3)"],
    [["Orders", "Audit"], "Audit", "Audit (2)"],
  ])("with sheets %j, %s is added as %s", (taken, base, expected) => {
    expect(uniqueSheetName(taken, base)).toBe(expected);
  });

  it("keeps a very hidden sheet very hidden, and shows result columns the customer had hidden with the unused ones", async () => {
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
    expect(after.worksheets.map((s) => [s.name, s.state])).toEqual([["Orders", "visible"], ["Secret", "veryHidden"], ["Jobs", "visible"], ["Audit", "visible"]]);
    const sheet = after.getWorksheet("Orders") as Worksheet;
    expect(sheet.getCell("C1").value).toBe("Import result");
    expect(RESULT_COLUMNS.map((_, i) => sheet.getColumn(3 + i).hidden)).toEqual(RESULT_COLUMNS.map(() => false));
    expect(sheet.getColumn(3 + RESULT_COLUMNS.length).hidden).toBe(true);
  });
});

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

  it("refuses a sheet the workbook does not have", async () => {
    const written = await writeXlsxResults(await fixture("libreoffice-order-form.xlsx"), "Order", resultsFor(4, [5]));
    expect(written).toEqual({ ok: false, code: "SHEET_MISSING", message: expect.stringContaining('no sheet named "Order"') });
  });

  it("throws on row numbers no sheet has (a programming error)", async () => {
    const original = await fixture("libreoffice-order-form.xlsx");
    await expect(writeXlsxResults(original, "Orders", resultsFor(0, [5]))).rejects.toThrow(RangeError);
    await expect(writeXlsxResults(original, "Orders", resultsFor(4, [4]))).rejects.toThrow(RangeError);
    await expect(writeXlsxResults(original, "Orders", resultsFor(4, [2.5]))).rejects.toThrow(RangeError);
  });
});

describe("writeXlsxResults: what exceljs does not carry over from a LibreOffice file", () => {
  // Characterisation, not a wish: each assertion shows a loss in the written XML. If exceljs
  // starts keeping one, this fails and the list in the report should shrink.
  it("loses a note's author, named cell styles and a picture's name, writes an empty document author as Unknown, and marks every row height as custom", async () => {
    const original = await fixture("libreoffice-order-form.xlsx");
    const written = await writeXlsxResults(original, "Orders", resultsFor(4, [5]));
    if (!written.ok) throw new Error(written.message);
    const before = zipParts(original);
    const after = zipParts(written.bytes);
    const comments = (parts: Map<string, string>) => [...parts].find(([name]) => /^xl\/comments\d*\.xml$/.test(name))?.[1] ?? "";
    expect(comments(before)).toContain("<author>Coach</author>");
    expect(comments(after)).not.toContain("Coach");
    expect(comments(after)).toContain("Rush: needed for the first game.");

    const namedStyles = (parts: Map<string, string>) => [...(parts.get("xl/styles.xml") ?? "").matchAll(/<cellStyle\b[^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(namedStyles(before)).toEqual(["Normal", "Comma", "Comma [0]", "Currency", "Currency [0]", "Percent", "Highlight"]);
    expect(namedStyles(after)).toEqual(["Normal"]);

    expect(before.get("xl/drawings/drawing1.xml")).toContain('name="Club logo"');
    expect(after.get("xl/drawings/drawing1.xml")).not.toContain("Club logo");

    const author = (parts: Map<string, string>) => /<dc:creator>([^<]*)</.exec(parts.get("docProps/core.xml") ?? "")?.[1];
    expect([author(before), author(after)]).toEqual(["", "Unknown"]);

    const row2 = (parts: Map<string, string>) => /<row r="2"[^>]*>/.exec(sheetXml(parts, "Orders"))?.[0] ?? "";
    expect(row2(before)).toMatch(/customHeight="false"/);
    expect(row2(after)).toMatch(/customHeight="1"/);
  });
});
