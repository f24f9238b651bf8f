import type { CsvRowsParser, CsvRowTally } from "./csv-rows-parser";
import { CsvTextRowsBuilder } from "./csv-text-rows";
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
 * Reads CSV text in which every quote mark is where CSV puts one (a quoted field closes right
 * before a delimiter, a line end or the end of the file; a doubled quote mark inside is one),
 * exactly as papaparse splits it, but keeps each row as its text and field ends instead of a
 * string per cell. At text outside that (a quote mark followed by anything else, or one that
 * never closes) it says where that row starts, for papaparse to read on from there: its rules
 * for such text are not repeated here.
 */
export function wellFormedCsvParser(delimiter: CsvDelimiter, newline: LineEnd, tally: CsvRowTally): CsvRowsParser {
  const { maxColumns } = SHEET_LIMITS;
  const builder = new CsvTextRowsBuilder();
  const ends = builder.fieldEnds;
  const delimiterCode = delimiter.charCodeAt(0);
  const lineEnd = newline.charCodeAt(0);
  const lineEndSecond = newline.length === 2 ? newline.charCodeAt(1) : -1;
  let text = "";
  let textIndex = -1;

  /** Keeps the row of `fields` fields starting at `rowStart`, whose field ends were pushed from `firstEnd`. */
  function keepRow(
    rowStart: number,
    firstEnd: number,
    fields: number,
    lastNonEmpty: number,
    longest: number,
    longestColumn: number,
  ): SheetReadFailure | undefined {
    let width = lastNonEmpty + 1;
    while (
      width > 0 &&
      isBlankField(text, width === 1 ? rowStart : ends.get(firstEnd + width - 2) + 1, ends.get(firstEnd + width - 1))
    )
      width--;
    const refused = tally.count(builder.rowCount, width, longest, longestColumn);
    if (refused) return refused;
    if (textIndex === -1) textIndex = builder.addText(text);
    builder.addRow(textIndex, rowStart, firstEnd, Math.min(lastNonEmpty + 1, maxColumns), Math.min(fields, maxColumns));
    return undefined;
  }

  /** Lets go of the field ends of the row not read (yet) and says where it starts. */
  function unfinishedRow(rowStart: number, firstEnd: number): number {
    ends.length = firstEnd;
    return rowStart;
  }

  return {
    get rowCount() {
      return builder.rowCount;
    },

    parse(input, isLast) {
      text = input;
      textIndex = -1;
      const length = input.length;
      // As papaparse: an empty text has no rows, not one empty row.
      if (length === 0) return 0;
      let rowStart = 0;
      let at = 0;
      let firstEnd = ends.length;
      let field = 0;
      let lastNonEmpty = -1;
      let longest = 0;
      let longestColumn = 0;
      let nextDelimiter = input.indexOf(delimiter);
      let nextLineEnd = input.indexOf(newline);
      for (;;) {
        let end: number;
        let valueLength: number;
        // Every read past the text's end is guarded: the optimiser drops code that once read there.
        if (at < length && input.charCodeAt(at) === QUOTE) {
          let close = input.indexOf('"', at + 1);
          let doubled = 0;
          while (close !== -1 && close + 1 < length && input.charCodeAt(close + 1) === QUOTE) {
            doubled++;
            close = input.indexOf('"', close + 2);
          }
          if (close === -1) {
            const from = unfinishedRow(rowStart, firstEnd);
            return isLast ? { irregularFrom: from } : from;
          }
          end = close + 1;
          valueLength = end - at - 2 - doubled;
          if (end < length) {
            const next = input.charCodeAt(end);
            if (next === lineEnd && lineEndSecond !== -1) {
              if (end + 1 === length) {
                if (isLast) return { irregularFrom: unfinishedRow(rowStart, firstEnd) };
                return unfinishedRow(rowStart, firstEnd);
              }
              if (input.charCodeAt(end + 1) !== lineEndSecond)
                return { irregularFrom: unfinishedRow(rowStart, firstEnd) };
            } else if (next !== delimiterCode && next !== lineEnd) {
              return { irregularFrom: unfinishedRow(rowStart, firstEnd) };
            }
          }
        } else {
          // As papaparse: the next delimiter and the next line end are searched for, and kept until passed.
          if (nextDelimiter !== -1 && nextDelimiter < at) nextDelimiter = input.indexOf(delimiter, at);
          if (nextLineEnd !== -1 && nextLineEnd < at) nextLineEnd = input.indexOf(newline, at);
          end =
            nextDelimiter !== -1 && (nextLineEnd === -1 || nextDelimiter < nextLineEnd)
              ? nextDelimiter
              : nextLineEnd !== -1
                ? nextLineEnd
                : length;
          valueLength = end - at;
        }
        // Another quoted value, a doubled quote mark or a longer line end may follow in the next piece.
        if (end === length && !isLast) return unfinishedRow(rowStart, firstEnd);
        ends.push(end);
        if (valueLength > 0) {
          lastNonEmpty = field;
          if (valueLength > longest) {
            longest = valueLength;
            longestColumn = field;
          }
        }
        field++;
        if (end < length && input.charCodeAt(end) === delimiterCode) {
          at = end + 1;
          continue;
        }
        const refused = keepRow(rowStart, firstEnd, field, lastNonEmpty, longest, longestColumn);
        if (refused) return refused;
        if (end === length) return length;
        at = end + newline.length;
        // A piece ending at a line end leaves no row unfinished; a file that does has one more row, empty, as papaparse
        // reads it.
        if (at === length && !isLast) return length;
        rowStart = at;
        firstEnd = ends.length;
        field = 0;
        lastNonEmpty = -1;
        longest = 0;
        longestColumn = 0;
      }
    },

    rows(rowCount) {
      return builder.finish(rowCount);
    },
  };
}
