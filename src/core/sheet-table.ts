import { cellText, columnLetter, isBlankCell, type CellValue, type SheetRow, type SheetTable } from "./sheet-model";

/**
 * Header texts made usable as column names: whitespace (line breaks included) collapsed,
 * blanks named by their column letter, repeats numbered ("Qty", "Qty (2)") without taking a
 * name the user wrote themselves.
 */
export function uniqueHeaders(cells: readonly CellValue[], width: number): string[] {
  const bases = Array.from({ length: width }, (_, index) => cellText(cells[index]).replace(/\s+/g, " ") || `Column ${columnLetter(index)}`);
  const written = new Set(bases.map((base) => base.toLowerCase()));
  const used = new Set<string>();
  return bases.map((base) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()) || (name !== base && written.has(name.toLowerCase())); n++) name = `${base} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Index just past a row's last value, or `width` when it has none beyond that. */
export function widthWith(cells: readonly CellValue[], width: number): number {
  for (let c = cells.length - 1; c >= width; c--) if (!isBlankCell(cells[c])) return c + 1;
  return width;
}

/** Index just past the last column holding a value in any of the rows from `from` on. */
export function usedWidthOf(rows: RowSource, from: number): number {
  let width = 0;
  for (let r = from; r < rows.length; r++) {
    const cells = rows.at(r);
    if (cells) width = widthWith(cells, width);
  }
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
}

/** A plain array of rows as a row source. */
export function arrayRows(rows: readonly (readonly CellValue[] | undefined)[]): RowSource {
  return { length: rows.length, at: (index) => rows[index] };
}

/**
 * The table below a header row, read through without copying: rows become SheetRow objects
 * only when asked for, so a 100,000-row sheet is not held twice.
 */
export interface TableView {
  readonly sheetName: string;
  readonly headerRowNumber: number;
  readonly headers: readonly string[];
  /** Data rows below the header, blank rows between them included. */
  readonly rowCount: number;
  /** The data row at a 0-based position below the header. */
  row(index: number): SheetRow;
}

/**
 * The table below a header row. Trailing empty columns and rows are dropped; blank rows in
 * between keep their place so every row keeps the number the user sees.
 */
export function tableView(sheetName: string, rows: RowSource, headerIndex: number): TableView {
  const width = rows.usedWidth ? rows.usedWidth(headerIndex) : usedWidthOf(rows, headerIndex);
  let last = rows.length - 1;
  while (last > headerIndex && (rows.at(last) ?? []).every((cell) => isBlankCell(cell))) last--;
  const header = rows.at(headerIndex) ?? [];
  const empty: readonly CellValue[] = [];
  return {
    sheetName,
    headerRowNumber: headerIndex + 1,
    headers: uniqueHeaders(header, width),
    rowCount: Math.max(0, last - headerIndex),
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

export function extractTable(sheetName: string, rows: readonly (readonly CellValue[] | undefined)[], headerIndex: number): SheetTable {
  return materialise(tableView(sheetName, arrayRows(rows), headerIndex));
}
