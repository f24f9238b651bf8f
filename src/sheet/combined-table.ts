import type { SheetMapping } from "../core/mapping/sheet-mapping";
import { combineColumns, combinedRow, type CombinedColumns, type SourceFile } from "../core/source-files";
import type { SheetRow } from "../core/sheet-model";
import type { TableView } from "../core/sheet-table";
import { SAMPLE_ROWS, type SheetPreview } from "./sheet-preview";

/**
 * The sheet of several files dropped together: not a sheet of any file (no workbook can name a sheet with "*"), the
 * name the page reads and checks them by.
 */
export const COMBINED_SHEET = "*all files*";

/** The header of the column naming each row's file. */
export const FILE_COLUMN = "File";

/** One file's sheet as chosen and mapped on its own, to be combined with the others. */
export interface FileTable {
  readonly name: string;
  readonly table: TableView;
  readonly preview: SheetPreview;
  readonly mapping: SheetMapping;
}

/**
 * The files' tables as one, read row by row as they are asked for (nothing is copied): a File column first, then each
 * field, size and question any file maps, rows numbered by file (see `core/source-files.ts`).
 */
export function combinedTable(files: readonly FileTable[]): {
  readonly table: TableView;
  readonly preview: SheetPreview;
  readonly columns: CombinedColumns;
} {
  const columns = combineColumns(files, { fileColumn: FILE_COLUMN });
  const starts: number[] = [];
  let rowCount = 0;
  for (const file of files) {
    starts.push(rowCount);
    rowCount += file.table.rowCount;
  }
  function row(index: number): SheetRow {
    let fileIndex = files.length - 1;
    while (fileIndex > 0 && (starts[fileIndex] ?? 0) > index) fileIndex--;
    const file = files[fileIndex] as FileTable;
    return combinedRow(columns, fileIndex, file.table.row(index - (starts[fileIndex] ?? 0)));
  }
  const table: TableView = {
    sheetName: COMBINED_SHEET,
    headerRowNumber: 1,
    headers: columns.headers,
    longHeaders: [],
    longestCell: undefined,
    rowCount,
    orderRowCount: files.reduce((n, f) => n + f.table.orderRowCount, 0),
    row,
  };
  // Examples from every file, so each file's columns show what they hold.
  const each = Math.max(1, Math.floor(SAMPLE_ROWS / Math.max(1, files.length)));
  const sampleRows = files.flatMap((file, fileIndex) =>
    file.preview.sampleRows.slice(0, each).map((r) => combinedRow(columns, fileIndex, r)),
  );
  const preview: SheetPreview = {
    sheetName: COMBINED_SHEET,
    headerRowNumber: 1,
    headerCandidates: [],
    headers: columns.headers,
    longHeaders: [],
    rowCount,
    sampleRows,
    hiddenRows: [],
  };
  return { table, preview, columns };
}

/** Where each file's columns sit in the combined sheet (as `combinedTable` placed them), for telling rows by file. */
export function sourcesOf(files: readonly { readonly name: string; readonly mapping: SheetMapping }[]): SourceFile[] {
  return [...combineColumns(files, { fileColumn: FILE_COLUMN }).files];
}
