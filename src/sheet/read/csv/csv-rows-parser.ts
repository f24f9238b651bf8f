import { formatCount } from "../../../core/plural";
import { csvRowMeasurer, type CsvRowMeasures } from "./csv-row-measures";
import type { CsvRows } from "./csv-text-rows";
import { SHEET_LIMITS } from "../../limits";
import { failure, type SheetReadFailure } from "../../read-failure";

/**
 * Said by a parser that met text outside what it reads (a quote mark where CSV has none): another parser must read on
 * from there.
 */
export interface Irregular {
  /** Where, in the text given, the row it cannot read starts. */
  readonly irregularFrom: number;
}

export function isIrregular(read: number | SheetReadFailure | Irregular): read is Irregular {
  return typeof read === "object" && "irregularFrom" in read;
}

/** Turns a CSV's text into rows a piece at a time, counting them with a {@link CsvRowTally} as they come. */
export interface CsvRowsParser<Read = number | SheetReadFailure | Irregular> {
  /** Position of the next row, counting rows read before this parser took over. */
  readonly rowCount: number;
  /**
   * Reads the complete rows at the start of `text` (all of it when `isLast`) and says where the
   * unfinished row starts, or why reading stops here.
   */
  parse(text: string, isLast: boolean): Read;
  /** The rows this parser read, up to position `rowCount` (positions before its first row are not its own). */
  rows(rowCount: number): CsvRows;
}

/**
 * What every parser of one file reports each row to: the row's measures, and the limits on a
 * CSV's rows (columns holding a value, and rows with a value: blank lines are not order rows).
 * Rows after the last with a value are not kept.
 */
export function csvRowTally(fileName: string) {
  const { maxColumns } = SHEET_LIMITS;
  const maxValuedRows = SHEET_LIMITS.csv.maxRows + SHEET_LIMITS.headerAllowance;
  const measurer = csvRowMeasurer();
  let valuedRows = 0;
  let lastValued = -1;
  return {
    /** Counts the row at `position` (0-based), whose values end at column `width`, or refuses the file. */
    count(position: number, width: number, longest: number, longestColumn: number): SheetReadFailure | undefined {
      measurer.record(position, width, longest, longestColumn);
      if (width === 0) return undefined;
      const rowNumber = position + 1;
      if (width > maxColumns) {
        return failure(
          "TOO_MANY_COLUMNS",
          `Row ${formatCount(rowNumber)} of ${fileName} has values in ${formatCount(width)} columns; ` +
            `an order sheet may have up to ${formatCount(maxColumns)}. Is it really an order sheet? ` +
            "Save only the order table as CSV and drop that file.",
          { rowNumber },
        );
      }
      if (++valuedRows > maxValuedRows) {
        return failure(
          "TOO_MANY_ROWS",
          `${fileName} has more than ${formatCount(SHEET_LIMITS.csv.maxRows)} order rows (blank lines not counted), ` +
            "the most a CSV sheet may have here. Split it into smaller files.",
        );
      }
      lastValued = position;
      return undefined;
    },
    /** Rows up to the last with a value. */
    get keptRows(): number {
      return lastValued + 1;
    },
    measures(): CsvRowMeasures {
      return measurer.measures(lastValued + 1);
    },
  };
}

export type CsvRowTally = ReturnType<typeof csvRowTally>;
