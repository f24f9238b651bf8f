import type { CellValue } from "../core/sheet-model";
import { widthWith, type RowSource } from "../core/sheet-table";
import { SHEET_LIMITS } from "./limits";
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
  for (let c = 1; c < values.length; c++) {
    const value = values[c];
    cells[c - 1] = value === undefined ? null : toCellValue(value as Parameters<typeof toCellValue>[0]);
  }
  return cells;
}

/**
 * A worksheet's rows straight from exceljs's model, each converted when read: the sheet is
 * never held twice. The used width is found from the rows' cell counts, converting only rows
 * that reach past the width found so far.
 */
function worksheetRows(worksheet: ExcelWorksheet): RowSource {
  return {
    length: worksheet.rowCount,
    at(index: number) {
      const row = worksheet.findRow(index + 1);
      return row && row.hasValues ? rowCells(row) : undefined;
    },
    usedWidth(from: number): number {
      let width = 0;
      worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
        if (rowNumber > from && row.cellCount > width) width = widthWith(rowCells(row), width);
      });
      return width;
    },
  };
}

function worksheetSheet(worksheet: ExcelWorksheet, hidden: boolean): RawSheet {
  const rows = worksheetRows(worksheet);
  return {
    name: worksheet.name,
    hidden,
    rowCount: worksheet.actualRowCount,
    head(count: number): RawRows {
      return Array.from({ length: Math.min(count, rows.length) }, (_, i) => rows.at(i));
    },
    rows: () => rows,
    hiddenRows(): readonly number[] {
      const hiddenRows: number[] = [];
      worksheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
        if (row.hidden) hiddenRows.push(rowNumber);
      });
      return hiddenRows;
    },
  };
}

/**
 * Reads an XLSX workbook: checked and measured first (zip-bomb guard, row limit), then
 * loaded by exceljs, imported only here so the page never carries it. Rows are converted
 * from exceljs's model as they are read, so the sheet is never held twice.
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
    const inspected = await inspectWorkbookZip(bytes, fileName, maxRows + SHEET_LIMITS.headerAllowance, (fraction) =>
      onProgress?.({ phase: "checking", fraction }),
    );
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
