/**
 * A CSV's records as the reader splits them, found again in the text and the bytes of the file being written back
 * into. Pure: runs in the sheet worker and in Node.
 */
import Papa from "papaparse";
import type { DecodedText, TextEncodingName } from "../formats/decode-text";
import { guessLineEnd, LINE_END_GUESS_CHARS } from "../formats/guess-line-end";
import type { CsvDelimiter } from "../formats/sniff-delimiter";
import { dialectOf, ROW_NO_ROOM, SCAN, scanRow } from "../read/csv/csv-row-scan";
import { widthOfScannedRow } from "../read/csv/csv-well-formed-parser";
import { doubled } from "../read/growable";

/** The file's records as the reader numbers them: record i is spreadsheet row i + 1. */
export interface CsvRecords {
  /** Text offset just past each record, its line end included; the last record runs to the end. */
  readonly textEnds: ArrayLike<number>;
  readonly fieldCounts: ArrayLike<number>;
  /** Records that are rows: the reader drops a final empty record after the last line end. */
  readonly rowCount: number;
  /** The line end the reader splits records at (one per file; any other line break stays inside its record). */
  readonly newline: string;
  /** Index just past the last field holding a value, over the header row and all rows below it. */
  readonly tableWidth: number;
}

/**
 * Splits records as readCsv does, with the reader's own scanner (see scanRow), from `start` (past a byte-order mark the
 * reader drops): exactly as papaparse would, for text in which every quote mark is where CSV puts one (nearly every
 * file). Undefined at the first record the scanner leaves to papaparse, or for no text at all: readRecords splits
 * those. Offsets are into `text`.
 */
function scanRecords(
  text: string,
  start: number,
  delimiter: CsvDelimiter,
  headerIndex: number,
): CsvRecords | undefined {
  if (start >= text.length) return undefined;
  // papaparse guesses the line end past a byte-order mark it drops (see readRecords), from its input's first MiB.
  const guessFrom = text.charCodeAt(start) === 0xfeff ? start + 1 : start;
  const newline = guessLineEnd(text.slice(guessFrom, guessFrom + LINE_END_GUESS_CHARS));
  const dialect = dialectOf(delimiter, newline);
  const state = new Int32Array(SCAN.size);
  state[SCAN.nextDelimiter] = -1;
  state[SCAN.nextLineEnd] = -1;
  let ends: Uint32Array = new Uint32Array(64);
  const textEnds: number[] = [];
  const fieldCounts: number[] = [];
  let tableWidth = 0;
  let lastIsEmpty = false;
  for (let rowStart = start; ; ) {
    state[SCAN.endCount] = 0;
    const end = scanRow(text, rowStart, true, dialect, ends, state);
    if (end === ROW_NO_ROOM) {
      ends = doubled(ends);
      continue;
    }
    if (end < 0) return undefined;
    const lastNonEmpty = state[SCAN.lastNonEmpty] as number;
    if (textEnds.length >= headerIndex && lastNonEmpty >= tableWidth)
      tableWidth = Math.max(tableWidth, widthOfScannedRow(text, ends, rowStart, 0, lastNonEmpty));
    fieldCounts.push(state[SCAN.fields] as number);
    lastIsEmpty = state[SCAN.fields] === 1 && lastNonEmpty === -1;
    // A record ends just past its line end; the last one at the end of the text (an empty one after a final line end).
    if (end === text.length) {
      textEnds.push(end);
      break;
    }
    rowStart = end + newline.length;
    textEnds.push(rowStart);
  }
  return { textEnds, fieldCounts, rowCount: textEnds.length - (lastIsEmpty ? 1 : 0), newline, tableWidth };
}

/**
 * Splits records exactly as readCsv does, by running papaparse with the reader's delimiter and
 * its default line end detection, on the text from `start` (past a byte-order mark the reader
 * drops). Offsets are into `text`.
 */
function readRecords(text: string, start: number, delimiter: string, headerIndex: number): CsvRecords {
  const textEnds: number[] = [];
  const fieldCounts: number[] = [];
  let newline = "\n";
  let tableWidth = 0;
  let lastIsEmpty = false;
  let finished = false;
  // papaparse drops a byte-order mark its input starts with, which the reader keeps there: it is given one of its own
  // to drop.
  const input = text.charCodeAt(start) === 0xfeff ? `\uFEFF${text.slice(start)}` : start > 0 ? text.slice(start) : text;
  Papa.parse<string[]>(input, {
    delimiter,
    step(results) {
      const fields = results.data;
      if (textEnds.length >= headerIndex) {
        for (let c = fields.length - 1; c >= tableWidth; c--) {
          if ((fields[c] ?? "").trim() !== "") {
            tableWidth = c + 1;
            break;
          }
        }
      }
      textEnds.push(start + results.meta.cursor);
      fieldCounts.push(fields.length);
      newline = results.meta.linebreak;
      lastIsEmpty = fields.length === 1 && fields[0] === "";
    },
    complete: () => {
      finished = true;
    },
  });
  if (!finished) throw new Error("papaparse did not finish a string input synchronously");
  return { textEnds, fieldCounts, rowCount: textEnds.length - (lastIsEmpty ? 1 : 0), newline, tableWidth };
}

/**
 * Finds the byte just past the next code unit `code` (a CR or LF) at or after `from`: one
 * byte in UTF-8 and Windows-1252, two aligned bytes in UTF-16.
 */
function lineBreakFinder(bytes: Uint8Array, encoding: TextEncodingName, code: number): (from: number) => number {
  if (encoding === "utf-16le") {
    return (from) => {
      for (let p = bytes.indexOf(code, from); p !== -1; p = bytes.indexOf(code, p + 1))
        if (p % 2 === 0 && bytes[p + 1] === 0) return p + 2;
      return -1;
    };
  }
  if (encoding === "utf-16be") {
    return (from) => {
      for (let p = bytes.indexOf(code, from + 1); p !== -1; p = bytes.indexOf(code, p + 1))
        if (p % 2 === 1 && bytes[p - 1] === 0) return p + 1;
      return -1;
    };
  }
  return (from) => {
    const p = bytes.indexOf(code, from);
    return p === -1 ? -1 : p + 1;
  };
}

/** Bytes in one code unit of the encoding. */
export const unitBytesOf = (encoding: TextEncodingName) => (encoding === "utf-16le" || encoding === "utf-16be" ? 2 : 1);

/**
 * Byte offset just past each record, its line end included. Where each character of the text is
 * one code unit of the encoding (nearly every file), the text's offsets are the bytes' as they
 * are. Otherwise a record ends just after its n-th line-end character, counted in the text; the
 * bytes hold that character as the same code unit, so the n-th one there is the same place.
 * Counting rather than measuring the text keeps this exact where decoding replaced malformed
 * bytes or dropped a second byte-order mark. `counted` counts whatever the file.
 */
export function byteEnds(bytes: Uint8Array, decoded: DecodedText, records: CsvRecords, counted: boolean): number[] {
  const { encoding, text, start } = decoded;
  const unitBytes = unitBytesOf(encoding);
  // Decoding never makes more code units than the bytes after the mark hold units: as many means each came from one
  // unit's bytes (no character of several, no second mark dropped), so a text offset is a byte offset as it is.
  if (!counted && bytes.length - start === text.length * unitBytes)
    return Array.from(records.textEnds, (textEnd) => start + textEnd * unitBytes);
  const lastChar = records.newline[records.newline.length - 1] ?? "\n";
  const next = lineBreakFinder(bytes, encoding, lastChar.charCodeAt(0));
  const ends: number[] = [];
  let textAt = 0;
  let byteAt = 0;
  for (let index = 0; index < records.textEnds.length - 1; index++) {
    const textEnd = records.textEnds[index] ?? 0;
    while (textAt < textEnd) {
      const found = text.indexOf(lastChar, textAt);
      if (found === -1 || found >= textEnd) throw new Error("A CSV record does not end with its line end");
      textAt = found + 1;
      byteAt = next(byteAt);
      if (byteAt === -1) throw new Error("A line end in the text is missing from the bytes");
    }
    ends.push(byteAt);
  }
  ends.push(bytes.length);
  return ends;
}

/**
 * The records of `text` from `start` (past a byte-order mark the reader drops), split exactly as readCsv splits them:
 * by the reader's own scanner, or by papaparse where the scanner leaves the text to it (always with `splitter`
 * "papaparse", the scanner's oracle in tests).
 */
export function splitRecords(
  text: string,
  start: number,
  delimiter: CsvDelimiter,
  headerIndex: number,
  splitter?: "papaparse",
): CsvRecords {
  return (
    (splitter === "papaparse" ? undefined : scanRecords(text, start, delimiter, headerIndex)) ??
    readRecords(text, start, delimiter, headerIndex)
  );
}
