import type { CsvRowsParser, CsvRowTally, Irregular } from "./csv-rows-parser";
import { CsvTextRowsStore, MAX_SCANNED_RECORDS, ROW_RECORD, type ScannedRecords } from "./csv-text-rows";
import { doubled } from "../growable";
import { SHEET_LIMITS } from "../../limits";
import type { SheetReadFailure } from "../../read-failure";
import type { CsvDelimiter, LineEnd } from "../../formats/sniff-delimiter";
import { dialectOf, ROW_NO_ROOM, ROW_UNFINISHED, SCAN, scanRow, type Dialect } from "./csv-row-scan";

const QUOTE = 0x22;

/** Whether `code` is a character String.prototype.trim removes. */
function isWhiteSpace(code: number): boolean {
  return String.fromCharCode(code).trim() === "";
}

/** Whether a field's value is empty or white space only. */
function isBlankField(text: string, start: number, end: number): boolean {
  if (start < end && text.charCodeAt(start) === QUOTE) {
    start++;
    end--;
  }
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if ((code > 0x20 && code < 0x7f) || !isWhiteSpace(code)) return false;
  }
  return true;
}

/**
 * Index just past a row's last value, from `width` (just past its last non-empty field) down: text of spaces only is
 * not a value.
 */
function valuedWidth(text: string, ends: Uint32Array, rowStart: number, firstEnd: number, width: number): number {
  while (
    width > 0 &&
    isBlankField(
      text,
      width === 1 ? rowStart : (ends[firstEnd + width - 2] as number) + 1,
      ends[firstEnd + width - 1] as number,
    )
  )
    width--;
  return width;
}

/**
 * Index just past the last value of the row {@link scanRow} just scanned from `rowStart`, its field ends from
 * `ends[firstEnd]` on: mostly just past its last non-empty field, unless that is blank (text of spaces only is not a
 * value).
 */
export function widthOfScannedRow(
  input: string,
  ends: Uint32Array,
  rowStart: number,
  firstEnd: number,
  lastNonEmpty: number,
): number {
  const width = lastNonEmpty + 1;
  if (width === 0) return 0;
  const lastStart = width === 1 ? rowStart : (ends[firstEnd + width - 2] as number) + 1;
  let code = input.charCodeAt(lastStart);
  if (code === QUOTE) code = input.charCodeAt(lastStart + 1);
  return code > 0x20 && code < 0x7f ? width : valuedWidth(input, ends, rowStart, firstEnd, width);
}

/**
 * Reads the rows of `input` into `store`, exactly as papaparse splits them, and says where the
 * unfinished row starts, or why reading stops. {@link scanRow} finds each row's fields; the
 * arrays and counts are in local variables, and every way out goes through one place that puts
 * them back in the store.
 */
function scanRows(
  store: CsvTextRowsStore,
  input: string,
  isLast: boolean,
  dialect: Dialect,
  tally: CsvRowTally,
): number | SheetReadFailure | Irregular {
  const { maxColumns } = SHEET_LIMITS;
  const newlineLength = dialect.newline.length;
  const length = input.length;
  const textIndex = store.texts.length;
  const state = store.scanState;
  let { ends, endCount, records, recordEnd, rowCount, recordEnds, recordFields, recordCount, lastRecordEmpty } = store;
  const textOffset = store.textOffset;
  let result: number | SheetReadFailure | Irregular;
  let rowStart = 0;
  // Nothing is found yet in this text.
  state[SCAN.nextDelimiter] = -1;
  state[SCAN.nextLineEnd] = -1;
  for (;;) {
    state[SCAN.endCount] = endCount;
    const end = scanRow(input, rowStart, isLast, dialect, ends, state);
    if (end < 0) {
      if (end === ROW_NO_ROOM) {
        ends = doubled(ends);
        continue;
      }
      result = end === ROW_UNFINISHED ? rowStart : { irregularFrom: rowStart };
      break;
    }
    const firstEnd = endCount;
    const field = state[SCAN.fields] as number;
    const lastNonEmpty = state[SCAN.lastNonEmpty] as number;
    const longest = state[SCAN.longest] as number;
    const width = widthOfScannedRow(input, ends, rowStart, firstEnd, lastNonEmpty);
    const refused = tally.count(rowCount, width, longest, state[SCAN.longestColumn] as number);
    if (refused) {
      result = refused;
      break;
    }
    // Empty fields after the last value (an export's unused columns) are not stored, nor any beyond the column limit.
    const stored = Math.min(lastNonEmpty + 1, maxColumns);
    endCount = firstEnd + stored;
    if (stored === 0) {
      store.emptyRows.add(rowCount, Math.min(field, maxColumns));
    } else {
      if (recordEnd + ROW_RECORD.size > records.length) records = doubled(records);
      records[recordEnd + ROW_RECORD.position] = rowCount;
      records[recordEnd + ROW_RECORD.text] = textIndex;
      records[recordEnd + ROW_RECORD.start] = rowStart;
      records[recordEnd + ROW_RECORD.firstEnd] = firstEnd;
      records[recordEnd + ROW_RECORD.fields] = Math.min(field, maxColumns);
      records[recordEnd + ROW_RECORD.quoted] = state[SCAN.quoted] as number;
      recordEnd += ROW_RECORD.size;
    }
    rowCount++;
    rowStart = end + newlineLength;
    if (recordEnds !== undefined && recordFields !== undefined) {
      if (recordCount === MAX_SCANNED_RECORDS) {
        recordEnds = undefined;
        recordFields = undefined;
      } else {
        if (recordCount === recordEnds.length) {
          recordEnds = doubled(recordEnds);
          recordFields = doubled(recordFields);
        }
        recordEnds[recordCount] = textOffset + (end === length ? end : rowStart);
        recordFields[recordCount] = field;
        recordCount++;
        lastRecordEmpty = field === 1 && lastNonEmpty === -1;
      }
    }
    // A piece ending at a line end leaves no row unfinished; a file that does has one more row, empty, as papaparse
    // reads it.
    if (end === length || (rowStart === length && !isLast)) {
      result = length;
      break;
    }
  }
  // The text is kept only when a row kept needs it.
  if (recordEnd > store.recordEnd) store.texts.push(input);
  store.ends = ends;
  store.endCount = endCount;
  store.records = records;
  store.recordEnd = recordEnd;
  store.rowCount = rowCount;
  store.recordEnds = recordEnds;
  store.recordFields = recordFields;
  store.recordCount = recordCount;
  store.lastRecordEmpty = lastRecordEmpty;
  // Text before the row left unfinished is read: the next text starts with that row.
  if (typeof result === "number") store.textOffset = textOffset + result;
  return result;
}

/**
 * Reads CSV text in which every quote mark is where CSV puts one (a quoted field closes right
 * before a delimiter, a line end or the end of the file; a doubled quote mark inside is one),
 * exactly as papaparse splits it, but keeps each row as its text and field ends instead of a
 * string per cell. At text outside that (a quote mark followed by anything else, or one that
 * never closes) it says where that row starts, for papaparse to read on from there: its rules
 * for such text are not repeated here.
 */
export function wellFormedCsvParser(
  delimiter: CsvDelimiter,
  newline: LineEnd,
  tally: CsvRowTally,
  /** Where the text given starts in the whole text, when each record is to be noted (see `scannedRecords`). */
  notedFrom?: number,
): CsvRowsParser & { scannedRecords(): ScannedRecords | undefined } {
  const dialect = dialectOf(delimiter, newline);
  const store = new CsvTextRowsStore(notedFrom);
  return {
    get rowCount() {
      return store.rowCount;
    },
    parse(input, isLast) {
      // As papaparse: an empty text has no rows, not one empty row.
      return input.length === 0 ? 0 : scanRows(store, input, isLast, dialect, tally);
    },
    rows(count) {
      return store.rows(count);
    },
    /** Every record as split, in the whole text: for writing back into the same file; undefined unless noted. */
    scannedRecords() {
      return store.scannedRecords();
    },
  };
}
