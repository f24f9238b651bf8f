/**
 * Writes an import's results back into the customer's own workbook. Runs in the sheet worker
 * and in Node: no Node APIs, and exceljs is imported only when a workbook is written.
 */
import type { Cell, Row, Style, Workbook, Worksheet } from "exceljs";
import type { RESULT_COLUMNS, ResultCell, ResultSheetData, ResultTable } from "../core/result-sheet";
import { neutraliseFormula } from "../core/spreadsheet-safety";
import { formatCount, SHEET_LIMITS } from "./limits";
import { SheetReadError, type SheetFailureCode } from "./read-failure";
import { readZipText, rewriteZipEntry } from "./rewrite-zip-entry";
import { sniffFile } from "./sniff-file";
import { inspectWorkbookZip } from "./xlsx-parts";

export type WriteBackFailureCode = SheetFailureCode | "SHEET_MISSING" | "WRITE_FAILED";

export interface WriteBackFailure {
  readonly ok: false;
  readonly code: WriteBackFailureCode;
  /** A sentence for the user: what went wrong and what to do about it. */
  readonly message: string;
}

export type WriteBackResult = { readonly ok: true; readonly bytes: Uint8Array } | WriteBackFailure;

/** How the original file is named in messages: the user dropped it a while ago. */
const FILE = "The original workbook";
const MAX_SHEET_ROWS = 1_048_576;
const MAX_SHEET_COLUMNS = 16_384;
/** Excel refuses to open a file with a longer text in a cell. */
const MAX_CELL_TEXT = 32_767;
const MONEY_FORMAT = "#,##0.00";
const MONEY_COLUMNS: ReadonlySet<string> = new Set<(typeof RESULT_COLUMNS)[number]>(["Line estimate", "Job total"]);
const WIDTH = { min: 8, max: 50, padding: 2 } as const;

function refused(code: WriteBackFailureCode, message: string): WriteBackFailure {
  return { ok: false, code, message: `The results could not be added to your workbook. ${message}` };
}

/**
 * Reopens the customer's workbook and adds the results: result columns to the right of
 * everything used on the order sheet (on the header row and each row in `data.rows`, nothing
 * anywhere else), then a "Jobs" and an "Audit" sheet after the last sheet, numbered ("Jobs (2)")
 * rather than ever replacing a sheet of the customer's. Every existing sheet, cell, formula,
 * style, format, merge, view and validation is left as exceljs reads it. Text is written
 * neutralised, numbers as numbers, never a formula. The file is checked by the zip guard
 * before exceljs sees it; a file that cannot be reopened comes back as a failure.
 */
export async function writeXlsxResults(original: Uint8Array, sheetName: string, data: ResultSheetData): Promise<WriteBackResult> {
  assertRowNumbers(data);
  try {
    const checked = await checkOriginal(original);
    if (checked) return checked;
    const defaultFont = firstFont((await readZipText(original, "xl/styles.xml", SHEET_LIMITS.zip.maxInflatedBytes)) ?? "");
    const written = await addResults(original, sheetName, data);
    if (!written.ok || defaultFont === undefined) return written;
    const bytes = await rewriteZipEntry(written.bytes, "xl/styles.xml", SHEET_LIMITS.zip.maxInflatedBytes, (xml) => withFirstFont(xml, defaultFont));
    return { ok: true, bytes };
  } catch (error) {
    if (error instanceof SheetReadError) return refused(error.failure.code, error.failure.message);
    throw error;
  }
}

function assertRowNumbers(data: ResultSheetData): void {
  const isRowNumber = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SHEET_ROWS;
  if (!isRowNumber(data.headerRowNumber)) throw new RangeError(`Header row ${data.headerRowNumber} is not a spreadsheet row number`);
  for (const [rowNumber, cells] of data.rows) {
    if (!isRowNumber(rowNumber) || rowNumber === data.headerRowNumber) throw new RangeError(`Result row ${rowNumber} is not an order row`);
    if (cells.length > data.columns.length) throw new RangeError(`Result row ${rowNumber} has more cells than result columns`);
  }
}

/** The same checks as reading: what it is, its size, and the zip guard over every part. */
async function checkOriginal(original: Uint8Array): Promise<WriteBackFailure | undefined> {
  const kind = sniffFile(original, FILE);
  if (typeof kind !== "string") return refused(kind.code, kind.message);
  if (kind !== "zip") return refused("NOT_A_SPREADSHEET", `${FILE} is not an Excel workbook (.xlsx).`);
  const { maxBytes, maxRows } = SHEET_LIMITS.xlsx;
  if (original.length > maxBytes) return refused("TOO_LARGE", `${FILE} is larger than the ${maxBytes / 1048576} MB a workbook may be.`);
  await inspectWorkbookZip(original, FILE, maxRows + SHEET_LIMITS.headerAllowance);
  return undefined;
}

/** Loads, adds and writes in one scope, so the loaded workbook can go once its bytes exist. */
async function addResults(original: Uint8Array, sheetName: string, data: ResultSheetData): Promise<WriteBackResult> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(original.buffer.slice(original.byteOffset, original.byteOffset + original.byteLength) as ArrayBuffer);
  } catch (error) {
    return refused("CORRUPT", `${FILE} could not be opened again (${(error as Error).message}). Open it in your spreadsheet program, save it again and import the new file.`);
  }
  const sheet = workbook.worksheets.find((worksheet) => worksheet.name === sheetName);
  if (!sheet) return refused("SHEET_MISSING", `${FILE} has no sheet named "${sheetName}".`);

  const isUsed = (cell: Cell) => cell.type !== ExcelJS.ValueType.Null;
  const lastColumn = lastUsedColumn(sheet, isUsed);
  if (lastColumn + data.columns.length > MAX_SHEET_COLUMNS) {
    return refused("TOO_MANY_COLUMNS", `The sheet "${sheetName}" already uses ${formatCount(lastColumn)} columns, so ${data.columns.length} more do not fit.`);
  }
  addResultColumns(sheet, lastColumn + 1, data, isUsed);
  addTableSheet(workbook, "Jobs", data.jobs);
  addTableSheet(workbook, "Audit", data.audit);
  keepPrintAreasAbsolute(workbook);
  keepWidthsOfNine(workbook);
  writeThemeIfMissing(workbook);
  try {
    const buffer: unknown = await workbook.xlsx.writeBuffer();
    return { ok: true, bytes: buffer instanceof Uint8Array ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer as ArrayBuffer) };
  } catch (error) {
    return refused("WRITE_FAILED", `Writing it failed (${(error as Error).message}).`);
  }
}

/**
 * The rightmost column holding anything (a value, a formula, part of a merged range) on any
 * row: results go after it, so they never land under a title or a note. Each row is scanned
 * from its end only down to the widest column found so far.
 */
function lastUsedColumn(sheet: Worksheet, isUsed: (cell: Cell) => boolean): number {
  let last = 0;
  sheet.eachRow((row) => {
    for (let column = row.cellCount; column > last; column--) {
      const cell = row.findCell(column);
      if (cell && isUsed(cell)) {
        last = column;
        break;
      }
    }
  });
  return last;
}

function addResultColumns(sheet: Worksheet, firstColumn: number, data: ResultSheetData, isUsed: (cell: Cell) => boolean): void {
  const headerRow = sheet.getRow(data.headerRowNumber);
  const headStyle = headerStyle(headerRow, firstColumn - 1, isUsed);
  const widths = data.columns.map((name) => textWidth(name));
  data.columns.forEach((name, i) => {
    const cell = headerRow.getCell(firstColumn + i);
    cell.value = safeText(name);
    cell.style = headStyle;
  });
  const isMoney = data.columns.map((name) => MONEY_COLUMNS.has(name));
  const moneyStyles = new Map<Partial<Style>, Partial<Style>>();
  for (const [rowNumber, cells] of data.rows) {
    const row = sheet.getRow(rowNumber);
    cells.forEach((value, i) => {
      const written = cellValue(value);
      if (written === null) return;
      const cell = row.getCell(firstColumn + i);
      cell.value = written;
      cell.style = typeof written === "number" && isMoney[i] ? moneyStyle(cell.style, moneyStyles) : shared(cell.style);
      widths[i] = Math.max(widths[i] ?? 0, valueWidth(written, isMoney[i] ?? false));
    });
  }
  widths.forEach((width, i) => {
    const column = sheet.getColumn(firstColumn + i);
    column.width = clampWidth(width);
    // Customers often hide every unused column; results there would be invisible.
    column.hidden = false;
  });
}

/** The look of the customer's own header (fill, border, alignment, font), in bold. */
function headerStyle(headerRow: Row, lastColumn: number, isUsed: (cell: Cell) => boolean): Partial<Style> {
  for (let column = lastColumn; column >= 1; column--) {
    const cell = headerRow.findCell(column);
    if (!cell || !isUsed(cell)) continue;
    const { font, fill, border, alignment } = cell.style;
    return { ...(fill && { fill }), ...(border && { border }), ...(alignment && { alignment }), font: { ...font, bold: true } };
  }
  return { font: { bold: true } };
}

const EMPTY_STYLE: Partial<Style> = Object.freeze({});

/**
 * exceljs gives each new cell a style object of its own and, when writing, works out the
 * style of every object it has not seen; one shared empty style makes that once per file.
 */
function shared(style: Partial<Style>): Partial<Style> {
  return Object.keys(style).length === 0 ? EMPTY_STYLE : style;
}

/** A money number format over the cell's own style; loaded cells share style objects, so none is changed. */
function moneyStyle(style: Partial<Style>, cache: Map<Partial<Style>, Partial<Style>>): Partial<Style> {
  const key = Object.keys(style).length === 0 ? EMPTY_STYLE : style;
  let money = cache.get(key);
  if (!money) {
    money = { ...style, numFmt: MONEY_FORMAT };
    cache.set(key, money);
  }
  return money;
}

function addTableSheet(workbook: Workbook, baseName: string, table: ResultTable): void {
  const name = uniqueSheetName(
    workbook.worksheets.map((worksheet) => worksheet.name),
    baseName,
  );
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }] });
  const widths = table.headers.map((header) => textWidth(header));
  const header = sheet.addRow(table.headers.map(safeText));
  header.font = { bold: true };
  for (const cells of table.rows) {
    const row = sheet.addRow(
      cells.map((value, i) => {
        const written = cellValue(value);
        if (written !== null) widths[i] = Math.max(widths[i] ?? 0, valueWidth(written, false));
        return written;
      }),
    );
    row.eachCell((cell) => void (cell.style = shared(cell.style)));
  }
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = clampWidth(width);
  });
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

function cellValue(value: ResultCell): string | number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  return value === null || value === "" ? null : safeText(value);
}

/** Text that can never run as a formula, and that Excel will open. */
function safeText(text: string): string {
  const safe = neutraliseFormula(text);
  return safe.length > MAX_CELL_TEXT ? `${safe.slice(0, MAX_CELL_TEXT - 1)}…` : safe;
}

function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, line.length);
  return widest;
}

function valueWidth(value: string | number, isMoney: boolean): number {
  return typeof value === "number" ? (isMoney ? value.toFixed(2).length + Math.floor(Math.log10(Math.max(1, Math.abs(value))) / 3) : String(value).length) : textWidth(value);
}

function clampWidth(characters: number): number {
  return Math.min(WIDTH.max, Math.max(WIDTH.min, characters + WIDTH.padding));
}

/**
 * exceljs reads a print area as "A1:I13" and writes it back as `$A1:$I13`, whose rows then
 * move with the selected cell; "A$1:I$13" comes back out as `$A$1:$I$13`.
 */
function keepPrintAreasAbsolute(workbook: Workbook): void {
  for (const sheet of workbook.worksheets) {
    const area = sheet.pageSetup?.printArea;
    if (!area) continue;
    sheet.pageSetup.printArea = area
      .split("&&")
      .map((range) =>
        range
          .split(":")
          .map((ref) => ref.replace(/^\$?([A-Za-z]+)\$?(\d+)$/, "$1$$$2"))
          .join(":"),
      )
      .join("&&");
  }
}

/**
 * exceljs takes a column 9 wide for one of its defaults and leaves it out, so it would fall
 * back to the sheet's default width; a width a millionth wider is written and looks the same.
 */
function keepWidthsOfNine(workbook: Workbook): void {
  for (const sheet of workbook.worksheets) {
    for (const column of sheet.columns ?? []) if (column.width === 9) column.width = 9.000001;
  }
}

/**
 * exceljs always links a theme part, but writes one only if the file it loaded had one or
 * none was loaded; LibreOffice writes no theme, and Excel then repairs the file it is given
 * ("Removed Records: Document Theme", exceljs issues #425 and #2009). With no theme it writes
 * its default one, which is what Excel uses for a workbook without a theme.
 */
function writeThemeIfMissing(workbook: Workbook): void {
  const book = workbook as unknown as { _themes?: Record<string, string> };
  if (book._themes && Object.keys(book._themes).length === 0) book._themes = undefined;
}

const FIRST_FONT = /(<fonts\b[^>]*>\s*)(<font\b[^>]*\/>|<font\b[^>]*>[\s\S]*?<\/font>)/;

/** The workbook's default font (the Normal style's), as XML, when its styles are unprefixed. */
function firstFont(stylesXml: string): string | undefined {
  return FIRST_FONT.exec(stylesXml)?.[2];
}

/**
 * exceljs writes its own default font (Calibri 11) as font 0, the font of every cell without
 * a style of its own and of the Normal style; the customer's (Arial 10 in LibreOffice, Aptos
 * Narrow in recent Excel) is put back.
 */
function withFirstFont(stylesXml: string, font: string): string | undefined {
  const match = FIRST_FONT.exec(stylesXml);
  if (!match) return undefined;
  const start = match.index + (match[1] ?? "").length;
  return stylesXml.slice(0, start) + font + stylesXml.slice(start + (match[2] ?? "").length);
}
