import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SampleFile } from "../../../../samples/make-samples";
import { RESULT_COLUMNS } from "../../../../src/core/result-rows";
import type { ResultCell, ResultSheetData } from "../../../../src/core/result-sheet-data";
import { readXlsx } from "../../../../src/sheet/read/xlsx/read-xlsx";
import { createSheetSession } from "../../../../src/sheet/worker-api";
import {
  rewriteOrderSheet,
  type OrderSheetSource,
  type SheetAsRead,
} from "../../../../src/sheet/write/xlsx/order-sheet-rewrite";
import { readRelationships, readSheets } from "../../../../src/sheet/write/xlsx/package-patch";
import { emptyStylesXml } from "../../../../src/sheet/write/xlsx/styles-patch";
import { dateCellsOf, writeXlsxResults } from "../../../../src/sheet/write/xlsx/xlsx-write-back";
import { listZipEntries } from "../../../../src/sheet/zip/zip-guard";
import { SHEETS_DIR } from "../../../corpus/corpus-files";
import { samplePath } from "../../../helpers/samples";
import { entryData, zip } from "../../../helpers/zip-writer";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const fromFile = (path: string | URL) => readFile(path).then((b) => new Uint8Array(b));
const fixture = (name: string) => fromFile(new URL(`../../../fixtures/sheets/${name}`, import.meta.url));
const sample = (name: SampleFile) => fromFile(samplePath(name));
const corpus = (name: string) => fromFile(join(SHEETS_DIR, name));

/** A one-sheet workbook ("Orders") with the sheet's XML given and a stylesheet of three formats. */
function workbookOf(sheetXml: string): Uint8Array {
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return new Uint8Array(
    zip([
      part(
        "[Content_Types].xml",
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      part(
        "xl/workbook.xml",
        `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          '<sheets><sheet name="Orders" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      part(
        "xl/_rels/workbook.xml.rels",
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" ' +
          'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
          'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" ' +
          'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          "</Relationships>",
      ),
      part("xl/worksheets/sheet1.xml", sheetXml),
      part(
        "xl/styles.xml",
        `<styleSheet xmlns="${MAIN}"><fonts count="2"><font/><font><i/></font></fonts>` +
          '<fills count="1"><fill/></fills><borders count="1"><border/></borders>' +
          '<cellXfs count="3"><xf fontId="0"/><xf fontId="1" applyFont="1"/><xf fontId="0" numFmtId="4"/></cellXfs>' +
          "</styleSheet>",
      ),
    ]),
  );
}

const text = (ref: string, value: string, style = "") =>
  `<c r="${ref}"${style} t="inlineStr"><is><t>${value}</t></is></c>`;
/**
 * A title, a header row of two columns (B in italics) and two order rows, with `extra` in each order row and `after`
 * after them.
 */
const orderSheet = ({ header = "", extra = "", merges = "", prefix = "", after = "" } = {}) => {
  const p = prefix ? `${prefix}:` : "";
  const sheet =
    `<${p}worksheet xmlns${prefix ? `:${prefix}` : ""}="${MAIN}"><${p}sheetData>` +
    `<${p}row r="1">${text("A1", "Club order")}</${p}row>` +
    `<${p}row r="2">${text("A2", "Order")}${text("B2", "Qty", ' s="1"')}${header}</${p}row>` +
    `<${p}row r="3">${text("A3", "A-1")}<c r="B3"><v>2</v></c>${extra.replaceAll("#", "3")}</${p}row>` +
    `<${p}row r="4">${text("A4", "A-2")}<c r="B4"><v>5</v></c>${extra.replaceAll("#", "4")}</${p}row>` +
    `${after}</${p}sheetData>${merges}</${p}worksheet>`;
  return prefix ? sheet.replaceAll("<c ", `<${p}c `).replaceAll("</c>", `</${p}c>`) : sheet;
};

const GENERATED: readonly (readonly [string, () => Uint8Array])[] = [
  ["plain", () => workbookOf(orderSheet())],
  ["formatted empty cells right of the values", () => workbookOf(orderSheet({ extra: '<c r="D#" s="2"/>' }))],
  ["a formula right of the values", () => workbookOf(orderSheet({ extra: '<c r="E#"><f>B#*2</f></c>' }))],
  ["cells without references", () => workbookOf(orderSheet({ extra: '<c t="inlineStr"><is><t>x</t></is></c>' }))],
  ["a prefix on every element", () => workbookOf(orderSheet({ prefix: "x" }))],
  [
    "a merged range across the header row",
    () => workbookOf(orderSheet({ merges: '<mergeCells count="1"><mergeCell ref="B2:F2"/></mergeCells>' })),
  ],
  ["the header's look on its last cell", () => workbookOf(orderSheet({ header: text("C2", "Note", ' s="1"') }))],
  [
    "the header row again after the orders, with another look",
    () => workbookOf(orderSheet({ after: `<row r="2">${text("A2", "Order")}${text("B2", "Qty", ' s="2"')}</row>` })),
  ],
];

const FILES: readonly (readonly [string, () => Promise<Uint8Array>])[] = [
  ["libreoffice-order-form.xlsx", () => fixture("libreoffice-order-form.xlsx")],
  ["libreoffice-features.xlsx", () => fixture("libreoffice-features.xlsx")],
  ["exceljs-features.xlsx", () => fixture("exceljs-features.xlsx")],
  ["team-orders-winter.xlsx", () => sample("team-orders-winter.xlsx")],
  ["stock-order.xlsx", () => sample("stock-order.xlsx")],
  ...[
    "club-kit-order.xlsx",
    "de-druckerei-transfers.xlsx",
    "fr-club-commande.xlsx",
    "it-ordine-squadra.xlsx",
    "nl-sportclub-breed.xlsx",
    "school-sports-long.xlsx",
    "us-tournament-order.xlsx",
  ].map((name) => [name, () => corpus(name)] as const),
  ...GENERATED.map(([name, make]) => [name, async () => make()] as const),
];

/** Results on every order row the importer reads, and what it read of the sheet. */
async function readForResults(bytes: Uint8Array, fileName: string) {
  const session = createSheetSession();
  const opened = await session.open(bytes.slice(), fileName);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet);
  if (!preview.ok) throw new Error(preview.message);
  const { sheetName, headerRowNumber, rowCount } = preview.preview;
  const rowNumbers = session.rows(sheetName, headerRowNumber, 0, rowCount).map((row) => row.rowNumber);
  const rows = new Map<number, ResultCell[]>(
    rowNumbers.map((n, i) => [n, ["Created", 300_000 + i, "Received", "Created", `A${n}`, null, 12.5, 37.5, "", ""]]),
  );
  const data: ResultSheetData = {
    headerRowNumber,
    columns: RESULT_COLUMNS,
    rows,
    jobs: { headers: ["Order number"], rows: [] },
    audit: { headers: ["At"], rows: [] },
  };
  return { session, sheetName, data };
}

/** What `rewriteOrderSheet` is given for a workbook's sheet, as the write-back gives it. */
function sourceOf(bytes: Uint8Array, sheetName: string, data: ResultSheetData): OrderSheetSource {
  const entries = listZipEntries(bytes, "test.xlsx");
  const textOf = (name: string) => {
    const entry = entries.find((e) => e.name === name);
    return entry && entryData(bytes, entry).toString("utf8");
  };
  const links = readRelationships(textOf("xl/_rels/workbook.xml.rels") ?? "");
  const part = readSheets(textOf("xl/workbook.xml") ?? "", links).sheets.find((s) => s.name === sheetName)?.relationship
    ?.part;
  const entry = entries.find((e) => e.name === part);
  if (!entry) throw new Error(`no part for ${sheetName}`);
  return {
    original: bytes,
    entry,
    data,
    fileLabel: "The workbook",
    stylesXml: textOf("xl/styles.xml") ?? emptyStylesXml(MAIN),
    datesOf: (styles) => dateCellsOf(styles, false, () => 0),
  };
}

/** What the reader found of the sheet: its rightmost column holding a value, and where its rows lie. */
async function sheetAsReadOf(bytes: Uint8Array, fileName: string, sheetName: string): Promise<SheetAsRead> {
  const read = await readXlsx(bytes.slice(), fileName);
  const sheet = read.ok ? read.sheets.find((s) => s.name === sheetName) : undefined;
  if (sheet?.lastColumn === undefined) throw new Error(`${fileName} was not read`);
  return { lastColumn: sheet.lastColumn, rowPlaces: sheet.rowPlaces };
}

describe("rewriteOrderSheet: the used range as read, found again in passing", () => {
  it.each(FILES)("%s: the same file, whatever the reading found and whether it was read", async (name, bytesOf) => {
    const bytes = await bytesOf();
    const { session, sheetName, data } = await readForResults(bytes, name);
    const read = await sheetAsReadOf(bytes, name, sheetName);
    expect(read.lastColumn).toBeGreaterThan(0);
    const zone = { zoneOffset: () => 0 };
    const unread = await writeXlsxResults(bytes, sheetName, data, zone);
    if (!unread.ok) throw new Error(unread.message);
    for (const lastColumn of [read.lastColumn, read.lastColumn - 1, read.lastColumn + 1, 0]) {
      for (const rowPlaces of [read.rowPlaces, undefined]) {
        const written = await writeXlsxResults(bytes, sheetName, data, { ...zone, asRead: { lastColumn, rowPlaces } });
        expect(written.ok && Buffer.from(written.bytes).equals(Buffer.from(unread.bytes))).toBe(true);
      }
    }
    // As the app writes: through the session that read the file.
    const viaSession = await session.writeResults(bytes, name, sheetName, data, zone);
    expect(viaSession.ok && Buffer.from(viaSession.bytes).equals(Buffer.from(unread.bytes))).toBe(true);
  });

  /**
   * Where the reader does not see what the write-back must (a formula with no value kept, a merged range), or the
   * header's look is not known when its row is written.
   */
  const READ_DIFFERENTLY = [
    "a formula right of the values",
    "a merged range across the header row",
    "the header row again after the orders, with another look",
  ];

  it.each(FILES)(
    "%s: is rewritten in one pass on what the reading found, where the reader and the write-back agree on it",
    async (name, bytesOf) => {
      const bytes = await bytesOf();
      const { sheetName, data } = await readForResults(bytes, name);
      const read = await sheetAsReadOf(bytes, name, sheetName);
      const rewritten = await rewriteOrderSheet(sourceOf(bytes, sheetName, data), read);
      expect("passes" in rewritten && rewritten.passes).toBe(READ_DIFFERENTLY.includes(name) ? 2 : 1);
    },
  );

  it("reads the sheet again where the reading's word does not hold, and twice without one", async () => {
    const bytes = workbookOf(orderSheet());
    const { sheetName, data } = await readForResults(bytes, "plain.xlsx");
    const passes = async (lastColumn: number | undefined) => {
      const asRead = lastColumn === undefined ? undefined : { lastColumn };
      const rewritten = await rewriteOrderSheet(sourceOf(bytes, sheetName, data), asRead);
      return "passes" in rewritten ? rewritten.passes : rewritten;
    };
    expect([await passes(2), await passes(1), await passes(3), await passes(undefined)]).toEqual([1, 2, 2, 2]);
    // A merged range across the header row reaches past the values: the results go right of it.
    const merged = workbookOf(orderSheet({ merges: '<mergeCells count="1"><mergeCell ref="B2:F2"/></mergeCells>' }));
    const rewritten = await rewriteOrderSheet(sourceOf(merged, sheetName, data), { lastColumn: 2 });
    expect("passes" in rewritten && rewritten.passes).toBe(2);
  });

  it("takes where the reading found the rows only for the part it read", async () => {
    const worksheet = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
    const header = `<row r="1">${text("A1", "Order")}${text("B1", "Qty")}</row>`;
    const orderRow = (n: number, more = "") =>
      `<row r="${n}">${text(`A${n}`, `A-${n}`)}<c r="B${n}"><v>${n}</v></c>${more}</row>`;
    // The other sheet's row 2 starts where this one's does, and ends where this one's row 3 does.
    const rows = orderRow(2) + orderRow(3, text("C3", "y"));
    const padded = (value: string) => orderRow(2, text("C2", value));
    const read = workbookOf(worksheet(header + padded("x".repeat(rows.length - padded("").length))));
    const other = workbookOf(worksheet(header + rows));
    const { rowPlaces } = await sheetAsReadOf(read, "read.xlsx", "Orders");
    expect(rowPlaces?.starts.length).toBe(2);
    const { data } = await readForResults(other, "other.xlsx");
    const unread = await writeXlsxResults(other, "Orders", data);
    const onOthers = await writeXlsxResults(other, "Orders", data, { asRead: { lastColumn: 3, rowPlaces } });
    expect(onOthers.ok && unread.ok && Buffer.from(onOthers.bytes).equals(Buffer.from(unread.bytes))).toBe(true);
    // Taken for this part, they would put row 3's results in row 2.
    const part = listZipEntries(other, "other.xlsx").find((entry) => entry.name === "xl/worksheets/sheet1.xml");
    const mistaken = await writeXlsxResults(other, "Orders", data, {
      asRead: { lastColumn: 3, rowPlaces: rowPlaces && part && { ...rowPlaces, part } },
    });
    expect(mistaken.ok && unread.ok && Buffer.from(mistaken.bytes).equals(Buffer.from(unread.bytes))).toBe(false);
  });

  it("refuses a damaged sheet in the same words whether or not the reading's word was given", async () => {
    const bytes = workbookOf(orderSheet().replace("</sheetData>", "</sheetDatum>"));
    const data = (await readForResults(workbookOf(orderSheet()), "plain.xlsx")).data;
    const unread = await writeXlsxResults(bytes, "Orders", data);
    const onWord = await writeXlsxResults(bytes, "Orders", data, { asRead: { lastColumn: 2 } });
    expect(unread.ok).toBe(false);
    expect(onWord).toEqual(unread);
  });
});
