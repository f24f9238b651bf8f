import { columnLetter } from "../../core/sheet-model";

/** The 1-based column number of the letters at `at` (`AB12` → 28), or 0 when no letter is there; counted as everywhere else. */
export { columnNumberAt } from "./cell-ref";

/** Column 28 → `AB`. */
export const columnName = (columnNumber: number) => columnLetter(columnNumber - 1);

/** Column 28, row 12 → `AB12`. */
export const cellAddress = (columnNumber: number, rowNumber: number) => `${columnName(columnNumber)}${rowNumber}`;
