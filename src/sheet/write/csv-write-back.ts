/**
 * Result columns written back into the customer's own CSV file. Pure: runs in the sheet
 * worker and in Node.
 */
import Papa from "papaparse";
import { isResultDate, type ResultCell, type ResultSheetData } from "../../core/result-sheet-data";
import { neutraliseFormula } from "../../core/spreadsheet-safety";
import { decodeText, type DecodedText, type TextEncodingName } from "../formats/decode-text";
import { encodeText, encodeTextInto, maxEncodedLength } from "../formats/encode-text";
import { SHEET_LIMITS } from "../limits";
import { guessLineEnd, LINE_END_GUESS_CHARS } from "../formats/guess-line-end";
import { sniffDelimiter, type CsvDelimiter } from "../formats/sniff-delimiter";
import { dialectOf, ROW_NO_ROOM, SCAN, scanRow } from "../read/csv/csv-row-scan";
import { widthOfScannedRow } from "../read/csv/csv-well-formed-parser";
import { doubled } from "../read/growable";
import { resultDateText, type ZoneOffset } from "./result-dates";

/** A result value the file's own encoding has no bytes for. */
export interface UnrepresentableValue {
  readonly rowNumber: number;
  readonly column: string;
  readonly text: string;
}

export type CsvWriteBackResult =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly encoding: string }
  | {
      readonly ok: false;
      readonly reason: "unrepresentable";
      readonly encoding: string;
      readonly examples: readonly UnrepresentableValue[];
    }
  /** The result columns would go past `SHEET_LIMITS.maxColumns`: the table already reaches column `tableWidth`. */
  | { readonly ok: false; readonly reason: "too-wide"; readonly tableWidth: number };

export interface CsvWriteBackOptions {
  /**
   * Write the whole file as UTF-8 with a byte-order mark, its own content transcoded (so no
   * longer byte for byte): the way out when its encoding cannot hold every result. A UTF-8
   * file is written as it is, byte-order mark or none, either way.
   */
  readonly utf8?: boolean;
  /** The time zone moments are written in: the machine's own unless told. */
  readonly zoneOffset?: ZoneOffset;
  /** Papaparse to split every record, as the scanner's oracle in tests. */
  readonly splitter?: "papaparse";
  /** Every record's end counted in the bytes, however the file decodes, as the oracle of the shortcut in tests. */
  readonly byteEnds?: "counted";
}

const MAX_EXAMPLES = 5;
const QUOTE = 0x22;
const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
/**
 * Quoted whatever the delimiter, so a program that splits on the other list separator cannot split the value or run
 * what follows.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** The file's records as the reader numbers them: record i is spreadsheet row i + 1. */
interface CsvRecords {
  /** Text offset just past each record, its line end included; the last record runs to the end. */
  readonly textEnds: readonly number[];
  readonly fieldCounts: readonly number[];
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
const unitBytesOf = (encoding: TextEncodingName) => (encoding === "utf-16le" || encoding === "utf-16be" ? 2 : 1);

/**
 * Byte offset just past each record, its line end included. Where each character of the text is
 * one code unit of the encoding (nearly every file), the text's offsets are the bytes' as they
 * are. Otherwise a record ends just after its n-th line-end character, counted in the text; the
 * bytes hold that character as the same code unit, so the n-th one there is the same place.
 * Counting rather than measuring the text keeps this exact where decoding replaced malformed
 * bytes or dropped a second byte-order mark. `counted` counts whatever the file.
 */
function byteEnds(bytes: Uint8Array, decoded: DecodedText, records: CsvRecords, counted: boolean): number[] {
  const { encoding, text } = decoded;
  const unitBytes = unitBytesOf(encoding);
  const markBytes = decoded.hadByteOrderMark ? (encoding === "utf-8" ? 3 : 2) : 0;
  // Decoding never makes more code units than the bytes after the mark hold units: as many means each came from one
  // unit's bytes (no character of several, no second mark dropped), so a text offset is a byte offset as it is.
  if (!counted && bytes.length - markBytes === text.length * unitBytes)
    return records.textEnds.map((textEnd) => markBytes + textEnd * unitBytes);
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

/** Digits of a number's text from its first non-zero digit, up to any exponent. */
function significantDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x65) break;
    if (code > 0x30 ? code <= 0x39 : code === 0x30 && count > 0) count++;
  }
  return count;
}

/**
 * A number as any spreadsheet reads it: up to 15 significant digits (what Excel keeps), a point for decimals, no
 * exponent, no grouping.
 */
function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  // A whole number within 15 digits is written as it is: most numbers in results are.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const shortest = String(value);
  const text = significantDigits(shortest) <= 15 ? shortest : String(Number(value.toPrecision(15)));
  const e = text.indexOf("e");
  if (e === -1) return text;
  const negative = text.startsWith("-");
  const mantissa = text.slice(negative ? 1 : 0, e);
  const point = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const pointAt = (point === -1 ? mantissa.length : point) + Number(text.slice(e + 1));
  const plain =
    pointAt <= 0
      ? `0.${"0".repeat(-pointAt)}${digits}`
      : pointAt >= digits.length
        ? digits + "0".repeat(pointAt - digits.length)
        : `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * What a cell says once written: text made safe from formulas, a number in plain digits, a date in ISO 8601 (a moment
 * in the zone's local time with its offset), null as nothing.
 */
function cellText(cell: ResultCell, zoneOffset: ZoneOffset | undefined): string {
  if (cell === null) return "";
  if (isResultDate(cell)) return resultDateText(cell, zoneOffset);
  return typeof cell === "number" ? plainNumber(cell) : neutraliseFormula(cell);
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

function csvField(text: string, delimiter: string): string {
  return NEEDS_QUOTES.test(text) || text.includes(delimiter) ? quoted(text) : text;
}

/**
 * Where in the record `text[start, end)` field `field` begins (at the delimiter before it),
 * when every field from there on is blank (spaces at most, quoted or not): found by stepping
 * back over those fields from the record's end. -1 when they cannot be stepped over so simply.
 */
function blankFieldsStart(
  text: string,
  start: number,
  end: number,
  fieldCount: number,
  field: number,
  delimiter: string,
): number {
  const delimiterCode = delimiter.charCodeAt(0);
  let remaining = fieldCount - field;
  for (let i = end - 1; i >= start; i--) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // A quoted blank field: only space back to its opening quote, which starts the field.
      let open = i - 1;
      while (open >= start && text.charCodeAt(open) !== QUOTE) open--;
      if (open < start || text.slice(open + 1, i).trim() !== "") return -1;
      if (open > start && text.charCodeAt(open - 1) !== delimiterCode) return -1;
      i = open;
    } else if (code === delimiterCode && --remaining === 0) return i;
  }
  return -1;
}

/**
 * Where the fields go at the end of the record `text[start, end)`: before any CR or LF it ends
 * with that is not its line end (a file with mixed line ends, "…\r\n" among "\n"). A
 * spreadsheet program ends the row there, so fields after it would land on a line of their own.
 */
function beforeStrayLineBreaks(text: string, start: number, end: number): number {
  let at = end;
  while (at > start && (text.charCodeAt(at - 1) === 0x0d || text.charCodeAt(at - 1) === 0x0a)) at--;
  return at > start ? at : end;
}

/** Programmer errors: results for rows the file does not have, or more cells than columns. */
function checkRows(data: Pick<ResultSheetData, "headerRowNumber" | "columns" | "rows">, rowCount: number): void {
  const { headerRowNumber } = data;
  if (!Number.isInteger(headerRowNumber) || headerRowNumber < 1 || headerRowNumber > rowCount) {
    throw new RangeError(`Header row ${headerRowNumber} is not a row of this file (it has ${rowCount})`);
  }
  for (const [rowNumber, cells] of data.rows) {
    if (!Number.isInteger(rowNumber) || rowNumber <= headerRowNumber || rowNumber > rowCount) {
      throw new RangeError(`Row ${rowNumber} is not a row below the header of this file`);
    }
    if (cells.length > data.columns.length)
      throw new RangeError(`Row ${rowNumber} has ${cells.length} result cells for ${data.columns.length} columns`);
  }
}

/** Bytes written one after another into one buffer that grows by doubling: no piece is kept or copied twice. */
function byteWriter(capacity: number) {
  let bytes = new Uint8Array(capacity);
  let length = 0;
  const reserve = (extra: number) => {
    if (length + extra <= bytes.length) return;
    const grown = new Uint8Array(Math.max(bytes.length * 2, length + extra));
    grown.set(bytes.subarray(0, length));
    bytes = grown;
  };
  return {
    get length(): number {
      return length;
    },
    bytes(chunk: Uint8Array): void {
      reserve(chunk.length);
      // A call to `set` costs more than copying the few bytes a field is.
      if (chunk.length > 32) bytes.set(chunk, length);
      else for (let k = 0; k < chunk.length; k++) bytes[length + k] = chunk[k] as number;
      length += chunk.length;
    },
    /** False, writing nothing, when the encoding has no bytes for some of the text. */
    text(text: string, encoding: TextEncodingName): boolean {
      reserve(maxEncodedLength(text));
      const written = encodeTextInto(text, encoding, bytes, length);
      if (written === undefined) return false;
      length += written;
      return true;
    },
    /** A copy of what was written from `start` on. */
    copyFrom: (start: number): Uint8Array => bytes.slice(start, length),
    done: (): Uint8Array => (length === bytes.length ? bytes : bytes.slice(0, length)),
  };
}

/** Distinct result fields remembered as their bytes at most. */
const MAX_REMEMBERED_FIELDS = 4096;

/**
 * Writes a result cell of result column `column` as a field, its delimiter first, into `out` in `encoding`; false,
 * having written nothing, when the encoding has no bytes for it. Results repeat from row to row ("Created", a price): a
 * field is made and encoded once, then its bytes are copied; a field like the one above it in its column is not even
 * looked up.
 */
function resultFieldWriter(
  out: ReturnType<typeof byteWriter>,
  delimiter: string,
  encoding: TextEncodingName,
  zoneOffset: ZoneOffset | undefined,
) {
  const remembered = new Map<string | number, Uint8Array>();
  /** Each column's last field written unquoted from what was remembered, and its bytes. */
  const lastCells: unknown[] = [];
  const lastBytes: Uint8Array[] = [];
  return (cell: ResultCell, isQuoted: boolean, column: number): boolean => {
    if (!isQuoted && lastCells[column] === cell && cell !== undefined) {
      out.bytes(lastBytes[column] as Uint8Array);
      return true;
    }
    lastCells[column] = undefined;
    const key = !isQuoted && (typeof cell === "string" || typeof cell === "number") ? cell : undefined;
    let known = key === undefined ? undefined : remembered.get(key);
    if (known) out.bytes(known);
    else {
      const text = cellText(cell, zoneOffset);
      const start = out.length;
      if (!out.text(delimiter + (isQuoted ? quoted(text) : csvField(text, delimiter)), encoding)) return false;
      if (key === undefined || remembered.size >= MAX_REMEMBERED_FIELDS) return true;
      remembered.set(key, (known = out.copyFrom(start)));
    }
    lastCells[column] = key;
    lastBytes[column] = known;
    return true;
  };
}

/**
 * The customer's CSV file with the result columns added: `columns` on the header row and
 * each row's cells on the rows in `rows`; every other row is left as it is. The file keeps its
 * encoding, byte-order mark (or none), delimiter and line ends, and every record keeps its
 * bytes, in order: only a delimiter and the new fields go in, between a record and its line
 * end, or before the empty fields it ends with, or before a stray CR or LF it ends with (where
 * a spreadsheet program would end the row).
 *
 * Result columns start at the same column on every row that gets them: right of every value in
 * the table from the header row down, as the reader measures it (empty fields after a row's
 * last value do not count). Shorter rows are padded with empty fields to that column first; a
 * ragged file is fine in CSV, but the results would otherwise not line up under their names.
 * A row with empty fields past that column gets its results before them (a row whose empty
 * fields are quoted in a way not simply stepped over moves the column right of them instead).
 * Results that would go past `SHEET_LIMITS.maxColumns` are refused ("too-wide"): the file
 * could not be read again.
 *
 * A result that the file's encoding cannot hold (Windows-1252 has no "ā" or "✓") fails with
 * examples, unless `options.utf8` asks for the whole file as UTF-8 instead.
 */
export function writeCsvResults(
  original: Uint8Array,
  data: Pick<ResultSheetData, "headerRowNumber" | "columns" | "rows">,
  options: CsvWriteBackOptions = {},
): CsvWriteBackResult {
  const decoded = decodeText(original);
  const { text } = decoded;
  // As the reader: one more byte-order mark at the start (after those decoding drops) is not text.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const delimiter = sniffDelimiter(start > 0 ? text.slice(start) : text);
  const headerIndex = data.headerRowNumber - 1;
  const records =
    (options.splitter === "papaparse" ? undefined : scanRecords(text, start, delimiter, headerIndex)) ??
    readRecords(text, start, delimiter, headerIndex);
  checkRows(data, records.rowCount);

  const { fieldCounts, textEnds, newline } = records;
  const recordStart = (index: number) => (index === 0 ? start : (textEnds[index - 1] ?? start));
  const contentEndOf = (index: number) =>
    (textEnds[index] ?? text.length) - (index === textEnds.length - 1 ? 0 : newline.length);
  let width = records.tableWidth;
  /** Widens the table to a written row's fields when its empty ones past the table are not simply stepped over. */
  const widenTo = (index: number) => {
    const fieldCount = fieldCounts[index] ?? 0;
    if (
      fieldCount > width &&
      blankFieldsStart(text, recordStart(index), contentEndOf(index), fieldCount, records.tableWidth, delimiter) < 0
    )
      width = fieldCount;
  };
  widenTo(data.headerRowNumber - 1);
  for (const [rowNumber, cells] of data.rows) if (cells.length > 0) widenTo(rowNumber - 1);
  if (width + data.columns.length > SHEET_LIMITS.maxColumns)
    return { ok: false, reason: "too-wide", tableWidth: width };

  const encoding: TextEncodingName = options.utf8 ? "utf-8" : decoded.encoding;
  const transcode = encoding !== decoded.encoding;
  const ends = transcode ? [] : byteEnds(original, decoded, records, options.byteEnds === "counted");
  const unitBytes = unitBytesOf(decoded.encoding);
  // A guess at the size; the writer grows if it is short.
  const out = byteWriter(
    Math.ceil(
      (transcode ? text.length * 1.2 : original.length) +
        (data.rows.size + 1) * (data.columns.length + 4) * 8 * unitBytes,
    ),
  );
  if (transcode) out.bytes(UTF8_BOM);
  const writeField = resultFieldWriter(out, delimiter, encoding, options.zoneOffset);
  /** The original content up to here is written: a byte offset, or a text offset when transcoding. */
  let copied = 0;
  const examples: UnrepresentableValue[] = [];
  for (let index = 0; index < textEnds.length; index++) {
    const rowNumber = index + 1;
    const cells = rowNumber === data.headerRowNumber ? data.columns : data.rows.get(rowNumber);
    if (cells === undefined || cells.length === 0) continue;
    const lineEndUnits = index === textEnds.length - 1 ? 0 : newline.length;
    const fieldCount = fieldCounts[index] ?? 0;
    const textContentEnd = contentEndOf(index);
    // The fields go before the empty fields the record ends with, if any: the text after them (all spaces and
    // delimiters) is measured in bytes.
    const textAt =
      fieldCount > width
        ? blankFieldsStart(text, recordStart(index), textContentEnd, fieldCount, width, delimiter)
        : beforeStrayLineBreaks(text, recordStart(index), textContentEnd);
    if (textAt < 0) throw new Error(`Row ${rowNumber}'s empty fields past column ${width} were not found again`);
    const after = textContentEnd - textAt;
    const afterBytes =
      after === 0 || transcode
        ? 0
        : unitBytes === 2
          ? after * 2
          : (encodeText(text.slice(textAt, textContentEnd), decoded.encoding)?.length ?? 0);
    const insertAt = transcode ? textAt : (ends[index] ?? original.length) - lineEndUnits * unitBytes - afterBytes;
    // Before a stray CR or LF the last field is quoted, so the reader too takes that as the space after a value.
    const beforeBreak =
      textAt < textContentEnd && (text.charCodeAt(textAt) === 0x0d || text.charCodeAt(textAt) === 0x0a);
    if (examples.length === 0) {
      if (transcode) out.text(text.slice(copied, insertAt), encoding);
      else out.bytes(original.subarray(copied, insertAt));
      copied = insertAt;
      // The delimiters padding a short row are in every encoding.
      if (width > fieldCount) out.text(delimiter.repeat(width - fieldCount), encoding);
      let isWritten = true;
      for (let c = 0; c < cells.length && isWritten; c++)
        isWritten = writeField(cells[c] as ResultCell, beforeBreak && c === cells.length - 1, c);
      // A field the encoding has no bytes for: nothing written is kept, and the examples are gathered from here on.
      if (isWritten) continue;
    }
    cells.forEach((cell, c) => {
      const field = cellText(cell, options.zoneOffset);
      if (examples.length < MAX_EXAMPLES && encodeText(field, encoding) === undefined)
        examples.push({ rowNumber, column: data.columns[c] ?? "", text: field });
    });
    if (examples.length >= MAX_EXAMPLES) break;
  }
  if (examples.length > 0) return { ok: false, reason: "unrepresentable", encoding, examples };
  if (transcode) out.text(text.slice(copied), encoding);
  else out.bytes(original.subarray(copied));
  return { ok: true, bytes: out.done(), encoding };
}
