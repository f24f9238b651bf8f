import type { CsvDelimiter, LineEnd } from "../../formats/sniff-delimiter";

const QUOTE = 0x22;

/** The delimiter and line end of a file, as the scanner looks for them. */
export interface Dialect {
  readonly delimiter: CsvDelimiter;
  readonly delimiterCode: number;
  readonly newline: LineEnd;
  readonly lineEnd: number;
  /** The line end's second character (of "\r\n"), or -1. */
  readonly lineEndSecond: number;
}

export function dialectOf(delimiter: CsvDelimiter, newline: LineEnd): Dialect {
  return {
    delimiter,
    delimiterCode: delimiter.charCodeAt(0),
    newline,
    lineEnd: newline.charCodeAt(0),
    lineEndSecond: newline.length === 2 ? newline.charCodeAt(1) : -1,
  };
}

/** Said by {@link scanRow} instead of where the row ends: the row may go on in the next piece of text. */
export const ROW_UNFINISHED = -1;
/** Said by {@link scanRow}: a quote mark is where CSV has none, and papaparse's own rules must read the row. */
export const ROW_IRREGULAR = -2;
/** Said by {@link scanRow}: the field ends array is full; the row is to be scanned again into a bigger one. */
export const ROW_NO_ROOM = -3;

/**
 * Slots of the numbers {@link scanRow} shares with its caller, in one small array: a function returns one value, and
 * an object for the rest would be one more allocation per row.
 */
export const SCAN = {
  /** In: field ends used so far. Out: with the row's fields. */
  endCount: 0,
  /** In and out: the next delimiter and line end found (kept until passed, as papaparse does), or -1 for none yet. */
  nextDelimiter: 1,
  nextLineEnd: 2,
  /** Out: the row's fields, its last non-empty field (-1 when none), its longest field and that field's column. */
  fields: 3,
  lastNonEmpty: 4,
  longest: 5,
  longestColumn: 6,
  /** Out: 1 when a field of the row is quoted. */
  quoted: 7,
  size: 8,
} as const;

/**
 * Scans the row starting at `rowStart` of `input` exactly as papaparse splits it, writing where each field ends into
 * `ends` (from `state[SCAN.endCount]` on), and says where the row ends (at its line end or the end of the text), or
 * one of the ROW_ sentinels. This loop runs once per field, millions of times, and a small file is read before the
 * optimiser is done with it: it is kept small, to be optimised soon, and a call a row, so that every way out of it has
 * run (an optimised loop left by a way that never ran is thrown away).
 */
export function scanRow(
  input: string,
  rowStart: number,
  isLast: boolean,
  dialect: Dialect,
  ends: Uint32Array,
  state: Int32Array,
): number {
  const { delimiter, delimiterCode, newline, lineEnd, lineEndSecond } = dialect;
  const length = input.length;
  const room = ends.length;
  let endCount = state[SCAN.endCount] as number;
  let nextDelimiter = state[SCAN.nextDelimiter] as number;
  let nextLineEnd = state[SCAN.nextLineEnd] as number;
  let at = rowStart;
  let field = 0;
  let lastNonEmpty = -1;
  let longest = 0;
  let longestColumn = 0;
  let quoted = 0;
  for (;;) {
    // Every read past the text's end is guarded: the optimiser drops code that once read there.
    const first = at < length ? input.charCodeAt(at) : -1;
    if (first === delimiterCode) {
      // An empty field, the commonest kind in an order export.
      if (endCount === room) return ROW_NO_ROOM;
      ends[endCount++] = at;
      field++;
      at++;
      continue;
    }
    let end: number;
    /** Whether a delimiter ends the field (else a line end or the end of the text). */
    let nextFieldFollows: boolean;
    let valueLength: number;
    if (first === QUOTE) {
      quoted = 1;
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
      if (close === -1 || (next !== -1 && next !== delimiterCode && next !== lineEnd))
        return close === -1 && !isLast ? ROW_UNFINISHED : ROW_IRREGULAR;
      // The line end's second character may be in the next piece.
      if (
        next === lineEnd &&
        lineEndSecond !== -1 &&
        (end + 1 === length || input.charCodeAt(end + 1) !== lineEndSecond)
      )
        return end + 1 === length && !isLast ? ROW_UNFINISHED : ROW_IRREGULAR;
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
    if (end === length && !isLast) return ROW_UNFINISHED;
    if (endCount === room) return ROW_NO_ROOM;
    ends[endCount++] = end;
    if (valueLength > 0) {
      lastNonEmpty = field;
      if (valueLength > longest) {
        longest = valueLength;
        longestColumn = field;
      }
    }
    field++;
    if (!nextFieldFollows) {
      state[SCAN.endCount] = endCount;
      state[SCAN.nextDelimiter] = nextDelimiter;
      state[SCAN.nextLineEnd] = nextLineEnd;
      state[SCAN.fields] = field;
      state[SCAN.lastNonEmpty] = lastNonEmpty;
      state[SCAN.longest] = longest;
      state[SCAN.longestColumn] = longestColumn;
      state[SCAN.quoted] = quoted;
      return end;
    }
    at = end + 1;
  }
}
