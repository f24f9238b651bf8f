import type { CellValue } from "../../core/sheet-model";
import type { RowSource } from "../../core/sheet-table";
import type { TextEncodingName } from "../formats/decode-text";
import type { RowPlaces } from "./xlsx/row-places";
import type { CsvAsRead } from "./csv/csv-as-read";

export interface ReadProgress {
  readonly phase: "checking" | "parsing" | "converting";
  /** 0..1 when the phase can tell; absent while a library works without reporting. */
  readonly fraction?: number;
}

/** The first rows of a sheet by position: `rows[i]` is spreadsheet row i + 1, undefined when empty. */
export type RawRows = readonly (readonly CellValue[] | undefined)[];

/** One sheet of an opened file; a workbook's rows are converted only as they are read. */
export interface RawSheet {
  readonly name: string;
  readonly hidden: boolean;
  /** Rows the file says the sheet has (for summaries, before conversion). */
  readonly rowCount: number;
  /**
   * A workbook sheet's rightmost column (1-based) holding a value, 0 when none does: where results written back into
   * the file are expected to start after.
   */
  readonly lastColumn?: number;
  /** Where a workbook sheet's rows lie in its part, as read: writing back into the same file finds them there. */
  readonly rowPlaces?: RowPlaces;
  /** The first `count` rows, without converting the rest. */
  head(count: number): RawRows;
  rows(): RowSource;
  /** Row numbers the user has hidden. */
  hiddenRows(): readonly number[];
}

export interface OpenedWorkbook {
  readonly fileName: string;
  readonly format: "csv" | "xlsx";
  readonly sheets: readonly RawSheet[];
  /** How a CSV was read: its encoding and delimiter. */
  readonly csv?: { readonly encoding: TextEncodingName; readonly delimiter: string };
  /** A CSV's records as read, for writing back into it; never sent out of the worker. */
  readonly csvAsRead?: CsvAsRead;
}
