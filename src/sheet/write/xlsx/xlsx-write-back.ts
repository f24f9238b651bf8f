/**
 * Writes an import's results back into the customer's own workbook by patching its XML: the
 * order sheet is rewritten in one streaming pass, the workbook's list of sheets, its
 * relationships, content types and stylesheet get entries added, two sheets are added, and
 * every other part is copied byte for byte, still compressed. Runs in the sheet worker and in
 * Node: no Node APIs, and no spreadsheet library.
 */
import { formatCount } from "../../../core/plural";
import { isResultDate, isSameResultCell, type ResultDate, type ResultSheetData } from "../../../core/result-sheet-data";
import { formatBytes, SHEET_LIMITS } from "../../limits";
import { SheetReadError, type SheetFailureCode } from "../../read-failure";
import type { DateCells } from "./cell-xml";
import { machineZoneOffset, resultDateSerial, type ZoneOffset } from "../result-dates";
import { isTrue, readAttribute } from "../../xml/xml-attributes";
import { packText, readZipText, type PackedPart, type ZipText } from "../../zip/part-text";
import { rewriteOrderSheet, type SheetAsRead } from "./order-sheet-rewrite";
import { rewriteZip } from "../../zip/rewrite-zip";
import { sniffFile } from "../../formats/sniff-file";
import { tableSheetXml } from "./table-sheet-xml";
import { checkWorkbookEntries } from "../../zip/workbook-zip-checks";
import {
  addSheets,
  mainNamespace,
  newWorksheetParts,
  readRelationships,
  readSheets,
  stylesRelationship,
  takenPartNames,
  type PackageTexts,
  type WorkbookSheet,
} from "./package-patch";
import { emptyStylesXml, type StylesPatch } from "./styles-patch";
import { XmlRefusal } from "../../xml/xml-refusal";
import { GRID_ROWS } from "../../formats/cell-ref";
import { listZipEntries, type ZipEntry } from "../../zip/zip-guard";

export type WriteBackFailureCode = SheetFailureCode | "SHEET_MISSING" | "WRITE_FAILED";

export interface WriteBackFailure {
  readonly ok: false;
  readonly code: WriteBackFailureCode;
  /** A sentence for the user: what went wrong and what to do about it. */
  readonly message: string;
}

export type WriteBackResult = { readonly ok: true; readonly bytes: Uint8Array } | WriteBackFailure;

export interface XlsxWriteBackOptions {
  /** The time zone moments are written in (a workbook's date cells have none): the machine's own unless told. */
  readonly zoneOffset?: ZoneOffset;
  /**
   * What reading the file found of the order sheet (its rightmost column holding a value, where its rows lie): the
   * sheet is then rewritten in one pass, that found again as it goes (see `rewriteOrderSheet`).
   */
  readonly asRead?: SheetAsRead;
}

/** How the original file is named in messages: the user dropped it a while ago. */
const FILE = "The original workbook";
const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELATIONSHIPS = "xl/_rels/workbook.xml.rels";
const CONTENT_TYPES = "[Content_Types].xml";

function refused(code: WriteBackFailureCode, message: string): WriteBackFailure {
  return { ok: false, code, message: `The results could not be added to your workbook. ${message}` };
}

/** `detail` says in the user's words what is wrong with the file; never a parser's text. */
const unreadable = (detail: string) =>
  refused(
    "CORRUPT",
    `${FILE} could not be opened again: ${detail}. Open it in your spreadsheet program, ` +
      "save it again and import the new file.",
  );

/**
 * Adds the results to the customer's workbook: result columns to the right of every cell
 * with a value or formula on the order sheet, and of a merged range across a row getting
 * results (on the header row and each row in `data.rows`, nothing anywhere else), then a "Jobs" and an "Audit" sheet
 * after the last sheet, numbered ("Jobs (2)") rather than ever replacing a sheet of the customer's. Nothing else in the
 * file changes: parts other than the order sheet, the workbook, its relationships, content types and stylesheet are
 * copied byte for byte, and those get only additions. Text is written neutralised, numbers as numbers, never a formula.
 * The file's directory is checked by the zip guard before anything is read, and no part inflates beyond the size it
 * declares; a file that cannot be reopened comes back as a failure.
 */
export async function writeXlsxResults(
  original: Uint8Array,
  sheetName: string,
  data: ResultSheetData,
  options: XlsxWriteBackOptions = {},
): Promise<WriteBackResult> {
  assertRowNumbers(data);
  try {
    const checked = checkOriginal(original);
    if (checked) return checked;
    return await addResults(original, sheetName, data, options);
  } catch (error) {
    if (error instanceof SheetReadError) return refused(error.failure.code, error.failure.message);
    if (error instanceof XmlRefusal) {
      if (error.kind === "malformed")
        return unreadable("part of it is damaged or not written as spreadsheet programs write it");
      return refused(
        "UNSAFE_CONTENT",
        `${FILE} holds a single entry (a tag, a comment or a row's empty cells) ` +
          "far longer than spreadsheet programs write. " +
          "Open it in your spreadsheet program, save it again and import the new file.",
      );
    }
    throw error;
  }
}

function assertRowNumbers(data: ResultSheetData): void {
  const isRowNumber = (n: number) => Number.isInteger(n) && n >= 1 && n <= GRID_ROWS;
  if (!isRowNumber(data.headerRowNumber))
    throw new RangeError(`Header row ${data.headerRowNumber} is not a spreadsheet row number`);
  // Not `for…of`, which makes an array for every row.
  data.rows.forEach((cells, rowNumber) => {
    if (!isRowNumber(rowNumber) || rowNumber === data.headerRowNumber)
      throw new RangeError(`Result row ${rowNumber} is not an order row`);
    if (cells.length > data.columns.length)
      throw new RangeError(`Result row ${rowNumber} has more cells than result columns`);
  });
}

/**
 * The file checks of reading: what it is, its size, and the zip guard over its directory (its rows were counted when it
 * was read). No part is inflated to check it: each part inflated here is held to the size its entry declares, which
 * the guard checks, and every other part is copied as it is.
 */
function checkOriginal(original: Uint8Array): WriteBackFailure | undefined {
  const kind = sniffFile(original, FILE);
  if (typeof kind !== "string") return refused(kind.code, kind.message);
  if (kind !== "zip") return refused("NOT_A_SPREADSHEET", `${FILE} is not an Excel workbook (.xlsx).`);
  const { maxBytes } = SHEET_LIMITS.xlsx;
  if (original.length > maxBytes)
    return refused("TOO_LARGE", `${FILE} is larger than the ${formatBytes(maxBytes)} a workbook may be.`);
  checkWorkbookEntries(listZipEntries(original, FILE), FILE);
  return undefined;
}

/** The parts that say what the workbook holds, and the order sheet's among them. */
interface OpenedPackage {
  readonly entries: readonly ZipEntry[];
  readonly texts: PackageTexts;
  /** What each of those parts is stored in, to be written back in. */
  readonly encodings: { readonly [Part in keyof PackageTexts]: ZipText["encoding"] };
  readonly sheets: readonly WorkbookSheet[];
  readonly sheet: WorkbookSheet;
  readonly sheetEntry: ZipEntry;
  readonly stylesEntry: ZipEntry | undefined;
}

function entryNamed(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  return (
    entries.find((entry) => entry.name === name) ??
    entries.find((entry) => entry.name.toLowerCase() === name.toLowerCase())
  );
}

async function readText(original: Uint8Array, entry: ZipEntry | undefined): Promise<ZipText | undefined> {
  return entry && readZipText(original, entry, SHEET_LIMITS.zip.maxInflatedBytes);
}

async function openPackage(original: Uint8Array, sheetName: string): Promise<OpenedPackage | WriteBackFailure> {
  const entries = listZipEntries(original, FILE);
  const [workbook, relationships, contentTypes] = await Promise.all(
    [WORKBOOK, WORKBOOK_RELATIONSHIPS, CONTENT_TYPES].map((name) => readText(original, entryNamed(entries, name))),
  );
  if (workbook === undefined || relationships === undefined || contentTypes === undefined) {
    const missing =
      workbook === undefined
        ? "list of sheets"
        : relationships === undefined
          ? "table of parts"
          : "list of content types";
    return unreadable(`its ${missing} is missing`);
  }
  const links = readRelationships(relationships.text);
  const sheets = readSheets(workbook.text, links).sheets;
  const sheet = sheets.find((s) => s.name === sheetName);
  if (!sheet?.relationship?.type.endsWith("/worksheet"))
    return refused("SHEET_MISSING", `${FILE} has no sheet named "${sheetName}".`);
  const sheetEntry = entryNamed(entries, sheet.relationship.part);
  if (!sheetEntry) return unreadable(`the cells of its sheet "${sheetName}" are missing`);
  const stylesLink = stylesRelationship(links);
  const stylesEntry = stylesLink && entryNamed(entries, stylesLink.part);
  if (stylesLink && !stylesEntry) return unreadable("its table of cell styles is missing");
  return {
    entries,
    texts: { workbook: workbook.text, relationships: relationships.text, contentTypes: contentTypes.text },
    encodings: {
      workbook: workbook.encoding,
      relationships: relationships.encoding,
      contentTypes: contentTypes.encoding,
    },
    sheets,
    sheet,
    sheetEntry,
    stylesEntry,
  };
}

async function addResults(
  original: Uint8Array,
  sheetName: string,
  data: ResultSheetData,
  { zoneOffset = machineZoneOffset, asRead }: XlsxWriteBackOptions,
): Promise<WriteBackResult> {
  const opened = await openPackage(original, sheetName);
  if ("ok" in opened) return opened;
  const { entries, texts, encodings, sheets, sheet, sheetEntry, stylesEntry } = opened;
  const namespace = mainNamespace(texts.workbook);
  const stylesText = await readText(original, stylesEntry);
  const is1904 = usesDate1904(texts.workbook);
  const rewritten = await rewriteOrderSheet(
    {
      original,
      entry: sheetEntry,
      data,
      fileLabel: FILE,
      stylesXml: stylesText?.text ?? emptyStylesXml(namespace),
      datesOf: (styles) => dateCellsOf(styles, is1904, zoneOffset),
    },
    asRead,
  );
  if ("tooManyColumns" in rewritten) {
    return refused(
      "TOO_MANY_COLUMNS",
      `The sheet "${sheetName}" already uses ${formatCount(rewritten.tooManyColumns)} columns, ` +
        `so ${data.columns.length} more do not fit.`,
    );
  }
  const { part: orderSheet, styles, dates } = rewritten;
  const tableHeaderStyle = styles.boldFormat(0);
  // The new sheets are written after the stylesheet: the formats their dates take are added now.
  for (const table of [data.jobs, data.audit])
    for (const cells of table.rows) for (const cell of cells) if (isResultDate(cell)) dates.style(cell.kind, 0);

  const taken = takenPartNames(
    entries.map((entry) => entry.name),
    texts.contentTypes,
  );
  const [jobsPart, auditPart] = newWorksheetParts(taken, 2) as [string, string];
  const sheetNames = sheets.map((s) => s.name);
  const jobsName = uniqueSheetName(sheetNames, "Jobs");
  const auditName = uniqueSheetName([...sheetNames, jobsName], "Audit");
  const newStylesPart = stylesEntry ? undefined : freeStylesPart(taken);
  const patched = addSheets(
    texts,
    sheet,
    [
      { name: jobsName, part: jobsPart },
      { name: auditName, part: auditPart },
    ],
    newStylesPart,
  );
  const stylesXml = styles.toXml();

  const replaced = new Map<string, PackedPart>([[sheetEntry.name, orderSheet]]);
  const changes: readonly [ZipEntry | undefined, string | undefined, ZipText["encoding"] | undefined][] = [
    [entryNamed(entries, WORKBOOK), patched.workbook, encodings.workbook],
    [entryNamed(entries, WORKBOOK_RELATIONSHIPS), patched.relationships, encodings.relationships],
    [entryNamed(entries, CONTENT_TYPES), patched.contentTypes, encodings.contentTypes],
    [stylesEntry, stylesXml, stylesText?.encoding],
  ];
  for (const [entry, text, encoding] of changes)
    if (entry && text !== undefined) replaced.set(entry.name, await packText(entry.name, [text], encoding));
  const added = [
    await packText(jobsPart, tableSheetXml(data.jobs, namespace, tableHeaderStyle, dates)),
    await packText(auditPart, tableSheetXml(data.audit, namespace, tableHeaderStyle, dates)),
  ];
  if (newStylesPart && stylesXml !== undefined) added.push(await packText(newStylesPart, [stylesXml]));
  try {
    return { ok: true, bytes: rewriteZip(original, replaced, added) };
  } catch {
    return refused(
      "WRITE_FAILED",
      `${FILE} could not be written again with the results added: ` +
        "it would be larger than a workbook file can be, or its packing is damaged. " +
        "Open it in your spreadsheet program, save it again and import the new file.",
    );
  }
}

/** Whether the workbook counts its dates from 1904 (`<workbookPr date1904="1"/>`), as some Mac workbooks do. */
function usesDate1904(workbookXml: string): boolean {
  const tag = /<(\w+:)?workbookPr\b[^>]*>/.exec(workbookXml)?.[0];
  return tag !== undefined && isTrue(readAttribute(tag, "date1904"));
}

/** The workbook's date cells: serial numbers in its date system, formats added to its stylesheet once each. */
export function dateCellsOf(styles: StylesPatch, is1904: boolean, zoneOffset: ZoneOffset): DateCells {
  // By kind, then by base format: asked for every date cell written, so not keyed by a string made each time.
  const formats = { date: new Map<number, number>(), "date-time": new Map<number, number>() };
  // The rows of one order share their dates: the last one's serial is worked out once.
  let last: ResultDate | undefined;
  let lastSerial: number | null = null;
  return {
    serial(date) {
      if (last === undefined || !isSameResultCell(last, date)) {
        last = date;
        lastSerial = resultDateSerial(date, is1904, zoneOffset);
      }
      return lastSerial;
    },
    style(kind, base) {
      const ofKind = formats[kind];
      let style = ofKind.get(base);
      if (style === undefined) ofKind.set(base, (style = styles.dateFormat(base, kind)));
      return style;
    },
  };
}

/** Where a stylesheet goes in a workbook that has none. */
function freeStylesPart(taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? "xl/styles.xml" : `xl/styles${n}.xml`;
    if (!taken.has(name)) return name;
  }
}

/** `base`, or `base (2)`, `base (3)`…: sheet names are unique regardless of case. */
export function uniqueSheetName(taken: readonly string[], base: string): string {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const name = `${base} (${n})`;
    if (!names.has(name.toLowerCase())) return name;
  }
}
