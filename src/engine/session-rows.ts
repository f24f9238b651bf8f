import type { CellValue, SheetRow } from "../core/sheet-model";

/**
 * The sheet's rows as the session holds them: each row's number as the user sees it, its
 * cells with the user's edits, whether it is skipped, and the columns (the sheet's own, then
 * any the user added for values the sheet lacks). Positions (`index`) are 0-based; row
 * numbers are the spreadsheet's.
 */
export function createSessionRows() {
  let headers: string[] = [];
  let rowNumbers: number[] = [];
  let cells: CellValue[][] = [];
  const indexOf = new Map<number, number>();
  const skipped = new Set<number>();

  return {
    /** Starts again on the sheet's columns and no rows. */
    begin(sheetHeaders: readonly string[]): void {
      headers = [...sheetHeaders];
      rowNumbers = [];
      cells = [];
      indexOf.clear();
      skipped.clear();
    },
    /** Adds rows below those held, in the sheet's order. */
    append(rows: readonly SheetRow[]): void {
      for (const row of rows) {
        indexOf.set(row.rowNumber, rowNumbers.length);
        rowNumbers.push(row.rowNumber);
        cells.push(row.cells as CellValue[]);
      }
    },
    get count(): number {
      return rowNumbers.length;
    },
    get headers(): readonly string[] {
      return headers;
    },
    get skippedCount(): number {
      return skipped.size;
    },
    rowNumberAt: (index: number): number => rowNumbers[index] ?? 0,
    /** The position of a row, or undefined when the session has no such row. */
    indexOf: (rowNumber: number): number | undefined => indexOf.get(rowNumber),
    /** The position of a row; throws for a row the session does not have. */
    indexFor(rowNumber: number): number {
      const index = indexOf.get(rowNumber);
      if (index === undefined) throw new Error(`No row ${rowNumber} in the session`);
      return index;
    },
    cellAt: (index: number, column: number): CellValue => cells[index]?.[column] ?? null,
    /** The row as the mapping reads it. */
    sheetRow: (index: number): SheetRow => ({ rowNumber: rowNumbers[index] ?? 0, cells: cells[index] ?? [] }),
    setCell(index: number, column: number, value: CellValue): void {
      const row = [...(cells[index] ?? [])];
      while (row.length <= column) row.push(null);
      row[column] = value;
      cells[index] = row;
    },
    isSkipped: (index: number): boolean => skipped.has(index),
    setSkipped(index: number, skip: boolean): void {
      if (skip) skipped.add(index);
      else skipped.delete(index);
    },
    /** A column for values the sheet does not have; its cells start blank. Returns its position. */
    addColumn(header: string): number {
      headers.push(header);
      return headers.length - 1;
    },
    /** A column's position by position or header; throws for a column the session does not have. */
    columnIndex(column: number | string): number {
      const index = typeof column === "number" ? column : headers.indexOf(column);
      if (index < 0 || index >= headers.length) throw new Error(`No column ${String(column)} in the session`);
      return index;
    },
  };
}

export type SessionRows = ReturnType<typeof createSessionRows>;
