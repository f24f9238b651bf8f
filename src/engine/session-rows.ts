import { lowerBound } from "../core/sorted-search";
import { packedCell, packedRow, type PackedRows } from "../core/row-windows";
import type { CellValue, SheetRow } from "../core/sheet-model";

/**
 * The sheet's rows as the session holds them: each row's number as the user sees it, its
 * cells with the user's edits, whether it is skipped, and the columns (the sheet's own, then
 * any the user added for values the sheet lacks). Positions (`index`) are 0-based; row
 * numbers are the spreadsheet's.
 *
 * The cells are kept in the packed windows they arrived in (see row-windows.ts), a cell read out when asked for: a
 * hundred thousand rows are a few strings and typed arrays, not millions of strings the collector has to keep moving.
 * A row the user edits is kept unpacked, with the edits.
 */
export function createSessionRows() {
  let headers: string[] = [];
  let rowNumbers: number[] = [];
  let windows: PackedRows[] = [];
  /** The position of each window's first row. */
  let windowStarts: number[] = [];
  const edited = new Map<number, CellValue[]>();
  const indexOf = new Map<number, number>();
  const skipped = new Set<number>();

  /** The window holding row `index`, and the row's place in it. */
  function placeOf(index: number): { readonly packed: PackedRows; readonly row: number } | undefined {
    if (index < 0 || index >= rowNumbers.length) return undefined;
    // The last window whose first row is at or before `index`.
    const window = lowerBound(windowStarts, index + 1) - 1;
    const packed = windows[window];
    return packed && { packed, row: index - (windowStarts[window] ?? 0) };
  }

  function sheetRow(index: number): SheetRow {
    const rowNumber = rowNumbers[index] ?? 0;
    const cells = edited.get(index);
    if (cells) return { rowNumber, cells };
    const place = placeOf(index);
    return place ? packedRow(place.packed, place.row) : { rowNumber, cells: [] };
  }

  return {
    /** Starts again on the sheet's columns and no rows. */
    begin(sheetHeaders: readonly string[]): void {
      headers = [...sheetHeaders];
      rowNumbers = [];
      windows = [];
      windowStarts = [];
      edited.clear();
      indexOf.clear();
      skipped.clear();
    },
    /** Adds a packed window of rows below those held, in the sheet's order. */
    appendPacked(packed: PackedRows): void {
      windowStarts.push(rowNumbers.length);
      windows.push(packed);
      for (const rowNumber of packed.rowNumbers) {
        indexOf.set(rowNumber, rowNumbers.length);
        rowNumbers.push(rowNumber);
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
    cellAt(index: number, column: number): CellValue {
      const cells = edited.get(index);
      if (cells) return cells[column] ?? null;
      const place = placeOf(index);
      return place ? packedCell(place.packed, place.row, column) : null;
    },
    /** The row as the mapping reads it. */
    sheetRow,
    setCell(index: number, column: number, value: CellValue): void {
      const row = [...sheetRow(index).cells];
      while (row.length <= column) row.push(null);
      row[column] = value;
      edited.set(index, row);
    },
    isSkipped: (index: number): boolean => skipped.has(index),
    /** The positions of the skipped rows, in no particular order: few, where the rows are many. */
    skippedIndexes: (): Iterable<number> => skipped.values(),
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
