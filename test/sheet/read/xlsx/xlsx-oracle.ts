/**
 * Both readings of one workbook, side by side: the streaming reader's, and exceljs's
 * whole-workbook load converted to cell values the way the app converted them when it read
 * workbooks with exceljs (formulas as their results, rich text as text, errors as their code,
 * a hyperlink as `linkedCellValue` gives it, merged cells as their top-left value).
 */
import ExcelJS from "exceljs";
import type { CellValue } from "../../../../src/core/sheet-model";
import { readXlsx } from "../../../../src/sheet/read/xlsx/read-xlsx";
import { linkedCellValue } from "../../../../src/sheet/read/xlsx/cell-values";

export interface SheetReading {
  readonly name: string;
  readonly hidden: boolean;
  /** `rows[i]` is spreadsheet row i + 1; trailing blank cells and trailing empty rows left off. */
  readonly rows: readonly (readonly CellValue[])[];
  readonly hiddenRows: readonly number[];
}

type RichText = { readonly richText: readonly { readonly text: string }[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const richText = (value: RichText) => value.richText.map((run) => run.text).join("");
const hasRichText = (value: unknown): value is RichText => isObject(value) && Array.isArray(value["richText"]);

/** An exceljs cell value as the app's cell value. */
export function fromExceljs(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date)
    return value;
  if (hasRichText(value)) return richText(value);
  if (!isObject(value)) return null;
  if (typeof value["hyperlink"] === "string") {
    const text =
      typeof value["text"] === "string" ? value["text"] : hasRichText(value["text"]) ? richText(value["text"]) : "";
    return linkedCellValue(text, value["hyperlink"]);
  }
  if ("formula" in value || "sharedFormula" in value || "result" in value)
    return value["result"] === undefined ? null : fromExceljs(value["result"]);
  if (typeof value["error"] === "string") return value["error"];
  return null;
}

function trimRow(cells: readonly CellValue[] | undefined): CellValue[] {
  const row = cells ? [...cells] : [];
  while (row.length > 0 && (row[row.length - 1] === null || row[row.length - 1] === undefined)) row.pop();
  return row.map((cell) => cell ?? null);
}

function trimRows(rows: CellValue[][]): CellValue[][] {
  while (rows.length > 0 && (rows[rows.length - 1] as CellValue[]).length === 0) rows.pop();
  return rows;
}

export async function readWithExceljs(bytes: Uint8Array): Promise<SheetReading[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets.map((worksheet) => {
    const rows: CellValue[][] = [];
    const hiddenRows: number[] = [];
    for (let r = 1; r <= worksheet.rowCount; r++) {
      const row = worksheet.findRow(r);
      if (row?.hidden) hiddenRows.push(r);
      const values = (row?.values ?? []) as unknown[];
      const cells: CellValue[] = [];
      for (let c = 1; c < values.length; c++) cells.push(fromExceljs(values[c]));
      rows.push(trimRow(cells));
    }
    return { name: worksheet.name, hidden: worksheet.state !== "visible", rows: trimRows(rows), hiddenRows };
  });
}

export async function readWithStreamingReader(bytes: Uint8Array, fileName = "book.xlsx"): Promise<SheetReading[]> {
  const read = await readXlsx(bytes, fileName);
  if (!read.ok) throw new Error(`${read.code}: ${read.message}`);
  return read.sheets.map((sheet) => {
    const source = sheet.rows();
    const rows: CellValue[][] = [];
    for (let i = 0; i < source.length; i++) rows.push(trimRow(source.at(i)));
    return { name: sheet.name, hidden: sheet.hidden, rows: trimRows(rows), hiddenRows: sheet.hiddenRows() };
  });
}
