import type { CsvRowsParser, CsvRowTally, Irregular } from "./csv-rows-parser";
import { CsvTextRowsStore, ROW_RECORD } from "./csv-text-rows";
import { doubled } from "../growable";
import { SHEET_LIMITS } from "../../limits";
import type { SheetReadFailure } from "../../read-failure";
import type { CsvDelimiter, LineEnd } from "../../formats/sniff-delimiter";

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

/** The delimiter and line end of a file, as the scanner looks for them. */
interface Dialect {
  readonly delimiter: CsvDelimiter;
  readonly delimiterCode: number;
  readonly newline: LineEnd;
  readonly lineEnd: number;
  /** The line end's second character (of "\r\n"), or -1. */
  readonly lineEndSecond: number;
}

/**
 * Reads the rows of `input` into `store`, exactly as papaparse splits them, and says where the
 * unfinished row starts, or why reading stops. The loop runs once per field, millions of
 * times, and a small file is read before the optimiser has finished with it: so each field and
 * row costs few steps and no calls on the common path, the arrays are in local variables, and
 * every way out goes through one place that puts them back in the store.
 */
function scanRows(
  store: CsvTextRowsStore,
  input: string,
  isLast: boolean,
  dialect: Dialect,
  tally: CsvRowTally,
): number | SheetReadFailure | Irregular {
  const { delimiter, delimiterCode, newline, lineEnd, lineEndSecond } = dialect;
  const { maxColumns } = SHEET_LIMITS;
  const newlineLength = newline.length;
  const length = input.length;
  const textIndex = store.texts.length;
  let { ends, endCount, records, recordEnd, rowCount } = store;
  let result: number | SheetReadFailure | Irregular;
  let rowStart = 0;
  let at = 0;
  let firstEnd = endCount;
  let field = 0;
  let lastNonEmpty = -1;
  let longest = 0;
  let longestColumn = 0;
  let quotedFields = 0;
  // As papaparse: the next delimiter and the next line end are searched for, and kept until passed (or the end).
  let nextDelimiter = input.indexOf(delimiter);
  if (nextDelimiter === -1) nextDelimiter = length;
  let nextLineEnd = input.indexOf(newline);
  if (nextLineEnd === -1) nextLineEnd = length;
  for (;;) {
    // Every read past the text's end is guarded: the optimiser drops code that once read there.
    const first = at < length ? input.charCodeAt(at) : -1;
    if (first === delimiterCode) {
      // An empty field, the commonest kind in an order export.
      if (endCount === ends.length) ends = doubled(ends);
      ends[endCount++] = at;
      field++;
      at++;
      continue;
    }
    let end: number;
    let valueLength: number;
    /** Whether a delimiter ends the field (else a line end or the end of the text). */
    let nextFieldFollows: boolean;
    if (first === QUOTE) {
      quotedFields++;
      let close = input.indexOf('"', at + 1);
      let doubledQuotes = 0;
      while (close !== -1 && close + 1 < length && input.charCodeAt(close + 1) === QUOTE) {
        doubledQuotes++;
        close = input.indexOf('"', close + 2);
      }
      end = close + 1;
      valueLength = end - at - 2 - doubledQuotes;
      const next = end < length ? input.charCodeAt(end) : -1;
      // A quote mark that never closes, or closes before anything but a delimiter or a line end: papaparse reads on.
      if (close === -1 || (next !== -1 && next !== delimiterCode && next !== lineEnd)) {
        result = close === -1 && !isLast ? rowStart : { irregularFrom: rowStart };
        endCount = firstEnd;
        break;
      }
      if (
        next === lineEnd &&
        lineEndSecond !== -1 &&
        (end + 1 === length || input.charCodeAt(end + 1) !== lineEndSecond)
      ) {
        // The line end's second character may be in the next piece.
        result = end + 1 === length && !isLast ? rowStart : { irregularFrom: rowStart };
        endCount = firstEnd;
        break;
      }
      nextFieldFollows = next === delimiterCode;
    } else {
      if (nextDelimiter < at) {
        nextDelimiter = input.indexOf(delimiter, at);
        if (nextDelimiter === -1) nextDelimiter = length;
      }
      if (nextLineEnd < at) {
        nextLineEnd = input.indexOf(newline, at);
        if (nextLineEnd === -1) nextLineEnd = length;
      }
      nextFieldFollows = nextDelimiter < nextLineEnd;
      end = nextFieldFollows ? nextDelimiter : nextLineEnd;
      valueLength = end - at;
    }
    // Another quoted value, a doubled quote mark or a longer line end may follow in the next piece.
    if (end === length && !isLast) {
      result = rowStart;
      endCount = firstEnd;
      break;
    }
    if (endCount === ends.length) ends = doubled(ends);
    ends[endCount++] = end;
    if (valueLength > 0) {
      lastNonEmpty = field;
      if (valueLength > longest) {
        longest = valueLength;
        longestColumn = field;
      }
    }
    field++;
    if (nextFieldFollows) {
      at = end + 1;
      continue;
    }

    // The row ends. Its width ends at its last value: mostly its last non-empty field, unless that is blank.
    let width = lastNonEmpty + 1;
    if (width > 0) {
      const lastStart = width === 1 ? rowStart : (ends[firstEnd + width - 2] as number) + 1;
      let code = input.charCodeAt(lastStart);
      if (code === QUOTE) code = input.charCodeAt(lastStart + 1);
      if (!(code > 0x20 && code < 0x7f)) width = valuedWidth(input, ends, rowStart, firstEnd, width);
    }
    const refused = tally.count(rowCount, width, longest, longestColumn);
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
      records[recordEnd + ROW_RECORD.quoted] = quotedFields > 0 ? 1 : 0;
      recordEnd += ROW_RECORD.size;
    }
    rowCount++;
    at = end + newlineLength;
    // A piece ending at a line end leaves no row unfinished; a file that does has one more row, empty, as papaparse
    // reads it.
    if (end === length || (at === length && !isLast)) {
      result = length;
      break;
    }
    rowStart = at;
    firstEnd = endCount;
    field = 0;
    lastNonEmpty = -1;
    longest = 0;
    longestColumn = 0;
    quotedFields = 0;
  }
  // The text is kept only when a row kept needs it.
  if (recordEnd > store.recordEnd) store.texts.push(input);
  store.ends = ends;
  store.endCount = endCount;
  store.records = records;
  store.recordEnd = recordEnd;
  store.rowCount = rowCount;
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
export function wellFormedCsvParser(delimiter: CsvDelimiter, newline: LineEnd, tally: CsvRowTally): CsvRowsParser {
  const dialect: Dialect = {
    delimiter,
    delimiterCode: delimiter.charCodeAt(0),
    newline,
    lineEnd: newline.charCodeAt(0),
    lineEndSecond: newline.length === 2 ? newline.charCodeAt(1) : -1,
  };
  const store = new CsvTextRowsStore();
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
  };
}
