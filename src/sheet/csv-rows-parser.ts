import type { CsvRowMeasures } from "./csv-row-measures";
import type { CsvRows } from "./csv-text-rows";
import { failure, type SheetReadFailure } from "./read-failure";
import { formatCount, SHEET_LIMITS } from "./limits";

/** Said by a parser that met text outside what it reads (a quote mark where CSV has none): another parser must read the file. */
export const IRREGULAR = Symbol("irregular CSV");

/** Turns a CSV's text into rows a piece at a time, measuring and counting them as they come. */
export interface CsvRowsParser {
  /** Rows read so far. */
  readonly rowCount: number;
  /**
   * Reads the complete rows at the start of `text` (all of it when `isLast`) and says where the
   * unfinished row starts, or why reading stops here.
   */
  parse(text: string, isLast: boolean): number | SheetReadFailure | typeof IRREGULAR;
  /** The rows up to the last with a value, and their measures. */
  finish(): { rows: CsvRows; measures: CsvRowMeasures };
}

/**
 * The limits on a CSV's rows, checked as each row is read: columns holding a value, and rows
 * with a value (blank lines are not order rows).
 */
export function csvRowLimits(fileName: string) {
  const { maxColumns } = SHEET_LIMITS;
  const maxValuedRows = SHEET_LIMITS.csv.maxRows + SHEET_LIMITS.headerAllowance;
  let valuedRows = 0;
  return {
    /** Counts row `rowNumber`, which has values up to column `width`, or refuses the file. */
    countValuedRow(rowNumber: number, width: number): SheetReadFailure | undefined {
      if (width > maxColumns) {
        return failure(
          "TOO_MANY_COLUMNS",
          `Row ${formatCount(rowNumber)} of ${fileName} has values in ${formatCount(width)} columns; an order sheet may have up to ${formatCount(maxColumns)}. Is it really an order sheet? Save only the order table as CSV and drop that file.`,
          { rowNumber },
        );
      }
      if (++valuedRows > maxValuedRows) {
        return failure("TOO_MANY_ROWS", `${fileName} has more than ${formatCount(SHEET_LIMITS.csv.maxRows)} order rows (blank lines not counted), the most a CSV sheet may have here. Split it into smaller files.`);
      }
      return undefined;
    },
  };
}
