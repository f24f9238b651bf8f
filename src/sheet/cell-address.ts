import { columnLetter } from "../core/sheet-model";

/** The 1-based column number of the letters at `at` (`AB12` → 28), or 0 when no letter is there. */
export function columnNumberAt(text: string, at: number): number {
  let columnNumber = 0;
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    columnNumber = columnNumber * 26 + code - 0x60;
  }
  return columnNumber;
}

/** Column 28 → `AB`. */
export const columnName = (columnNumber: number) => columnLetter(columnNumber - 1);

/** Column 28, row 12 → `AB12`. */
export const cellAddress = (columnNumber: number, rowNumber: number) => `${columnName(columnNumber)}${rowNumber}`;
