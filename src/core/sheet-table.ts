import { cellText, columnLetter, isBlankCell, type CellValue, type SheetRow, type SheetTable } from "./sheet-model";

/** The most characters of a header cell that name its column; a longer one is cut, ending in "…". */
export const HEADER_NAME_CHARS = 256;

/**
 * A header cell's text as a column name: whitespace (line breaks included) collapsed, at most HEADER_NAME_CHARS long.
 */
function headerName(cell: CellValue | undefined): { readonly name: string; readonly isCut: boolean } {
  const text = cellText(cell);
  // Only the start can show, so a megabyte-long header costs no more than a short one.
  const isSliced = text.length > HEADER_NAME_CHARS * 4;
  const name = (isSliced ? text.slice(0, HEADER_NAME_CHARS * 4) : text).replace(/\s+/g, " ");
  if (!isSliced && name.length <= HEADER_NAME_CHARS) return { name, isCut: false };
  let end = Math.min(name.length, HEADER_NAME_CHARS - 1);
  // Never half a surrogate pair.
  if (/[\ud800-\udbff]/.test(name[end - 1] ?? "")) end--;
  return { name: `${name.slice(0, end).trimEnd()}…`, isCut: true };
}

export interface LongHeader {
  /** 0-based column index. */
  readonly columnIndex: number;
  /** Characters in the header cell. */
  readonly length: number;
}

/** Header cells too long to name their column whole (their names are cut). */
export function longHeaders(cells: readonly CellValue[], width: number): LongHeader[] {
  const long: LongHeader[] = [];
  for (let index = 0; index < Math.min(width, cells.length); index++) {
    if (headerName(cells[index]).isCut) long.push({ columnIndex: index, length: cellText(cells[index]).length });
  }
  return long;
}

/**
 * Header texts made usable as column names: whitespace (line breaks included) collapsed,
 * long texts cut to HEADER_NAME_CHARS, blanks named by their column letter, repeats numbered
 * ("Qty", "Qty (2)") without taking a name the user wrote themselves.
 */
export function uniqueHeaders(cells: readonly CellValue[], width: number): string[] {
  const bases = Array.from(
    { length: width },
    (_, index) => headerName(cells[index]).name || `Column ${columnLetter(index)}`,
  );
  const written = new Set(bases.map((base) => base.toLowerCase()));
  const used = new Set<string>();
  return bases.map((base) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()) || (name !== base && written.has(name.toLowerCase())); n++)
      name = `${base} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Index just past a row's last value, or `width` when it has none beyond that. */
export function widthWith(cells: readonly CellValue[], width: number): number {
  for (let c = cells.length - 1; c >= width; c--) if (!isBlankCell(cells[c])) return c + 1;
  return width;
}

/**
 * A sheet's rows by position: `at(i)` is spreadsheet row i + 1, undefined when empty. A
 * source may convert each row only when asked for it, and may know its used width cheaply.
 */
export interface RowSource {
  readonly length: number;
  at(index: number): readonly CellValue[] | undefined;
  /** Index just past the last column with a value, from row index `from` on. */
  usedWidth?(from: number): number;
  /** The longest text from row index `from` on, where the source measured it as it read the rows. */
  longestCell?(from: number): LongestCell | undefined;
  /** Rows holding a value (not blank) from row index `from` on, where the source counted them as it read the rows. */
  filledRowsFrom?(from: number): number;
}

/** A plain array of rows as a row source. */
export function arrayRows(rows: readonly (readonly CellValue[] | undefined)[]): RowSource {
  return { length: rows.length, at: (index) => rows[index] };
}

/** Where a sheet's longest text below the header is, and how long it is. */
export interface LongestCell {
  /** As the user numbers rows. */
  readonly rowNumber: number;
  readonly columnIndex: number;
  readonly length: number;
}

/**
 * The used width from the header row on, found by reading every row, and on the way the
 * longest text below the header (its row, column and length) and the rows holding a value.
 */
function measureRows(
  rows: RowSource,
  headerIndex: number,
): { width: number; longestCell: LongestCell | undefined; filledRows: number } {
  const header = rows.at(headerIndex);
  let width = header ? widthWith(header, 0) : 0;
  let longest = { row: -1, column: -1, length: 0 };
  let filledRows = 0;
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const cells = rows.at(r);
    if (!cells) continue;
    width = widthWith(cells, width);
    if (cells.some((cell) => !isBlankCell(cell))) filledRows++;
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      if (typeof cell === "string" && cell.length > longest.length)
        longest = { row: r, column: c, length: cell.length };
    }
  }
  return {
    width,
    longestCell:
      longest.row === -1
        ? undefined
        : { rowNumber: longest.row + 1, columnIndex: longest.column, length: longest.length },
    filledRows,
  };
}

/** Rows holding a value from row index `from` on, counted by reading them. */
function countFilledRows(rows: RowSource, from: number): number {
  let count = 0;
  for (let r = from; r < rows.length; r++) if ((rows.at(r) ?? []).some((cell) => !isBlankCell(cell))) count++;
  return count;
}

/** The measures of the table below a header row: as the source took them while reading, or by reading every row. */
function measuresBelow(rows: RowSource, headerIndex: number): ReturnType<typeof measureRows> {
  if (!rows.usedWidth) return measureRows(rows, headerIndex);
  return {
    width: rows.usedWidth(headerIndex),
    longestCell: rows.longestCell?.(headerIndex + 1),
    filledRows: rows.filledRowsFrom?.(headerIndex + 1) ?? countFilledRows(rows, headerIndex + 1),
  };
}

/**
 * The table below a header row, read through without copying: rows become SheetRow objects
 * only when asked for, so a 100,000-row sheet is not held twice.
 */
export interface TableView {
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly headers: readonly string[];
  /** Header cells whose text is too long to name their column whole; their names are cut. */
  readonly longHeaders: readonly LongHeader[];
  /**
   * The longest text in a cell below the header, where the source measured it or finding the
   * width reads every row anyway; undefined for a workbook's rows (its reader refuses a long
   * cell itself).
   */
  readonly longestCell: LongestCell | undefined;
  /** Data rows below the header, blank rows between them included. */
  readonly rowCount: number;
  /** Rows below the header holding a value: the order rows (and any totals or notes), blank ones not counted. */
  readonly orderRowCount: number;
  /** The data row at a 0-based position below the header. */
  row(index: number): SheetRow;
}

/**
 * The table below a header row. Trailing empty columns and rows are dropped; blank rows in
 * between keep their place so every row keeps the number the user sees.
 */
export function tableView(sheetName: string, rows: RowSource, headerIndex: number): TableView {
  const { width, longestCell, filledRows } = measuresBelow(rows, headerIndex);
  let last = rows.length - 1;
  while (last > headerIndex && (rows.at(last) ?? []).every((cell) => isBlankCell(cell))) last--;
  const header = rows.at(headerIndex) ?? [];
  const empty: readonly CellValue[] = [];
  return {
    sheetName,
    headerRowNumber: headerIndex + 1,
    headers: uniqueHeaders(header, width),
    longHeaders: longHeaders(header, width),
    longestCell,
    rowCount: Math.max(0, last - headerIndex),
    orderRowCount: filledRows,
    row(index: number): SheetRow {
      const position = headerIndex + 1 + index;
      const cells = rows.at(position) ?? empty;
      return { rowNumber: position + 1, cells: cells.length > width ? cells.slice(0, width) : cells };
    },
  };
}

/** Every row of a view, as a plain table (for the result sheet and for tests). */
export function materialise(view: TableView): SheetTable {
  const rows: SheetRow[] = [];
  for (let i = 0; i < view.rowCount; i++) rows.push(view.row(i));
  return { sheetName: view.sheetName, headerRowNumber: view.headerRowNumber, headers: view.headers, rows };
}

export function extractTable(
  sheetName: string,
  rows: readonly (readonly CellValue[] | undefined)[],
  headerIndex: number,
): SheetTable {
  return materialise(tableView(sheetName, arrayRows(rows), headerIndex));
}
