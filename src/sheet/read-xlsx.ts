import type { CellValue } from "../core/sheet-model";
import { formatCount, SHEET_LIMITS } from "./limits";
import { failure, SheetReadError, type SheetReadFailure } from "./read-failure";
import type { RawRows, RawSheet, ReadProgress } from "./workbook";
import { toCellValue } from "./xlsx-cell";
import { inspectWorkbookZip } from "./xlsx-parts";

type ExcelWorksheet = import("exceljs").Worksheet;
type ExcelRow = import("exceljs").Row;

function rowCells(row: ExcelRow): CellValue[] {
  // exceljs gives row values 1-based and sparse; merged cells give their top-left value.
  const values = row.values as unknown[];
  const cells: CellValue[] = new Array(Math.max(0, values.length - 1));
  for (let c = 1; c < values.length; c++) cells[c - 1] = toCellValue(values[c] as Parameters<typeof toCellValue>[0]);
  for (let c = 0; c < cells.length; c++) if (cells[c] === undefined) cells[c] = null;
  return cells;
}

function worksheetSheet(worksheet: ExcelWorksheet, hidden: boolean): RawSheet {
  let converted: { rows: (CellValue[] | undefined)[]; hidden: number[] } | undefined;
  const convert = () => {
    if (converted) return converted;
    const rows: (CellValue[] | undefined)[] = [];
    const hiddenRows: number[] = [];
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      rows[rowNumber - 1] = rowCells(row);
      if (row.hidden) hiddenRows.push(rowNumber);
    });
    converted = { rows, hidden: hiddenRows };
    return converted;
  };
  return {
    name: worksheet.name,
    hidden,
    rowCount: worksheet.actualRowCount,
    head(count: number): RawRows {
      if (converted) return converted.rows.slice(0, count);
      const rows: (CellValue[] | undefined)[] = [];
      const last = Math.min(count, worksheet.rowCount);
      for (let n = 1; n <= last; n++) {
        const row = worksheet.findRow(n);
        rows[n - 1] = row && row.hasValues ? rowCells(row) : undefined;
      }
      return rows;
    },
    rows: () => convert().rows,
    hiddenRows: () => convert().hidden,
  };
}

/**
 * Reads an XLSX workbook: checked and measured first (zip-bomb guard, row limit), then
 * loaded by exceljs, loaded only here so the page never carries it. Sheets convert lazily.
 */
export async function readXlsx(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ ok: true; sheets: RawSheet[] } | SheetReadFailure> {
  const { maxBytes, maxRows } = SHEET_LIMITS.xlsx;
  try {
    if (bytes.length > maxBytes) {
      return failure("TOO_LARGE", `${fileName} is ${(bytes.length / 1048576).toFixed(0)} MB; workbooks up to ${maxBytes / 1048576} MB can be read (larger ones need more memory than a browser tab has). Save the order sheet as CSV, or split it.`);
    }
    const inspected = await inspectWorkbookZip(bytes, fileName, (fraction) => onProgress?.({ phase: "checking", fraction }));
    const total = [...inspected.rowCounts.values()].reduce((sum, n) => sum + n, 0);
    if (total > maxRows) {
      const biggest = inspected.sheets
        .map((sheet) => ({ name: sheet.name, rows: inspected.rowCounts.get(sheet.part) ?? 0 }))
        .sort((a, b) => b.rows - a.rows)[0];
      return failure(
        "TOO_MANY_ROWS",
        `${fileName} has ${formatCount(total)} rows${biggest ? ` (${formatCount(biggest.rows)} on sheet "${biggest.name}")` : ""}; workbooks up to ${formatCount(maxRows)} rows can be read, as reading one takes about 1 GB of memory per 100,000 rows. Save the order sheet as CSV (up to ${formatCount(SHEET_LIMITS.csv.maxRows)} rows) or split it.`,
      );
    }
    onProgress?.({ phase: "parsing" });
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch (error) {
      return failure("CORRUPT", `${fileName} could not be read as a workbook (${(error as Error).message}). Open it in your spreadsheet program, save it again and drop the new file.`);
    }
    const hiddenByName = new Map(inspected.sheets.map((sheet) => [sheet.name, sheet.hidden]));
    const sheets = workbook.worksheets.map((worksheet) =>
      worksheetSheet(worksheet, hiddenByName.get(worksheet.name) ?? worksheet.state !== "visible"),
    );
    if (sheets.length === 0) return failure("NO_TABLE", `${fileName} has no worksheets.`);
    return { ok: true, sheets };
  } catch (error) {
    if (error instanceof SheetReadError) return error.failure;
    throw error;
  }
}
