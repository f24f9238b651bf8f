/**
 * Result columns written back into the customer's own CSV file. Pure: runs in the sheet
 * worker and in Node.
 */
import type { ResultCell, ResultSheetData } from "../../core/result-sheet-data";
import type { CsvAsRead } from "../read/csv/csv-as-read";
import { fingerprintOf, isSameFingerprint } from "../formats/bytes-fingerprint";
import { decodeAs, decodeText, type DecodedText, type TextEncodingName } from "../formats/decode-text";
import { encodeText } from "../formats/encode-text";
import { SHEET_LIMITS } from "../limits";
import { sniffDelimiter, type CsvDelimiter } from "../formats/sniff-delimiter";
import { byteEnds, splitRecords, unitBytesOf, type CsvRecords } from "./csv-records";
import { byteWriter, cellText, resultFieldWriter } from "./csv-result-fields";
import type { ZoneOffset } from "./result-dates";

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
  /** What reading the file found of it: its records are not split again if these are the bytes read. */
  readonly asRead?: CsvAsRead;
}

/** The file's text, as far as the writer reads it: a string, or the bytes read as one (see {@link bytesAsText}). */
type FileText = Pick<string, "length" | "charCodeAt" | "slice">;

const MAX_EXAMPLES = 5;
const QUOTE = 0x22;
const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/**
 * Where in the record `text[start, end)` field `field` begins (at the delimiter before it),
 * when every field from there on is blank (spaces at most, quoted or not): found by stepping
 * back over those fields from the record's end. -1 when they cannot be stepped over so simply.
 */
function blankFieldsStart(
  text: FileText,
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
function beforeStrayLineBreaks(text: FileText, start: number, end: number): number {
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

/** The file split into its records, with its text and where each record ends in its bytes. */
interface FileRecords {
  readonly text: FileText;
  readonly encoding: TextEncodingName;
  /** Where the first record starts in the text: past one more byte-order mark than decoding drops, as the reader. */
  readonly start: number;
  readonly delimiter: CsvDelimiter;
  readonly records: CsvRecords;
  /** Byte offset just past record `index`, its line end included. */
  byteEnd(index: number): number;
  /** Each code unit of the text is one unit of the encoding in the bytes, so a span of text has as many of those. */
  readonly unitsAreBytes: boolean;
}

/**
 * A file's bytes read as its text where each code unit of the text is one unit of the encoding in the bytes (`length`
 * of them from `start`): nothing decoded but the spans asked for. Code units below 0x80 are exact; the writer compares
 * only those (quote marks, delimiters, line breaks), and decodes any text it keeps.
 */
function bytesAsText(bytes: Uint8Array, encoding: TextEncodingName, start: number, length: number): FileText {
  const unitBytes = unitBytesOf(encoding);
  const unitAt =
    encoding === "utf-16le"
      ? (at: number) => (bytes[at] as number) | ((bytes[at + 1] as number) << 8)
      : encoding === "utf-16be"
        ? (at: number) => ((bytes[at] as number) << 8) | (bytes[at + 1] as number)
        : (at: number) => bytes[at] as number;
  return {
    length,
    charCodeAt: (index = 0) => (index >= 0 && index < length ? unitAt(start + index * unitBytes) : Number.NaN),
    slice: (from = 0, to = length) =>
      decodeAs(bytes.subarray(start + from * unitBytes, start + Math.min(to, length) * unitBytes), encoding),
  };
}

/**
 * The records of the file as the reader split them: taken from what reading it found (`options.asRead`) when the bytes
 * are the ones read, where the text then need not even be decoded if each of its code units is one unit of the
 * encoding (nearly every file); otherwise decoded and split again.
 */
function fileRecordsOf(original: Uint8Array, headerIndex: number, options: CsvWriteBackOptions): FileRecords {
  const { asRead } = options;
  let decoded: DecodedText | undefined;
  if (
    asRead !== undefined &&
    options.splitter === undefined &&
    options.byteEnds === undefined &&
    asRead.records.textEnds.length > 0 &&
    isSameFingerprint(asRead.file, fingerprintOf(original))
  ) {
    const { encoding, start: byteStart, textLength, textStart: start, delimiter } = asRead;
    const { textEnds, fieldCounts, lastIsEmpty } = asRead.records;
    const records: CsvRecords = {
      textEnds,
      fieldCounts,
      rowCount: textEnds.length - (lastIsEmpty ? 1 : 0),
      newline: asRead.newline,
      tableWidth: asRead.measures.usedWidth(headerIndex),
    };
    const unitBytes = unitBytesOf(encoding);
    if (original.length - byteStart === textLength * unitBytes) {
      const text = bytesAsText(original, encoding, byteStart, textLength);
      const byteEnd = (index: number) => byteStart + (textEnds[index] as number) * unitBytes;
      return { text, encoding, start, delimiter, records, byteEnd, unitsAreBytes: true };
    }
    decoded = decodeText(original);
    if (decoded.encoding === encoding && decoded.text.length === textLength) {
      const byteEnd = byteEndFinder(original, decoded, records, false);
      return { text: decoded.text, encoding, start, delimiter, records, byteEnd, unitsAreBytes: false };
    }
  }
  // Decoded once: a file that turned out not to be as read was decoded above.
  decoded ??= decodeText(original);
  const { text, encoding } = decoded;
  // As the reader: one more byte-order mark at the start (after those decoding drops) is not text.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const delimiter = sniffDelimiter(start > 0 ? text.slice(start) : text);
  const records = splitRecords(text, start, delimiter, headerIndex, options.splitter);
  const counted = options.byteEnds === "counted";
  const byteEnd = byteEndFinder(original, decoded, records, counted);
  const unitsAreBytes = !counted && original.length - decoded.start === text.length * unitBytesOf(encoding);
  return { text, encoding, start, delimiter, records, byteEnd, unitsAreBytes };
}

/** Where each record ends in the bytes (see `byteEnds`), found when first asked: a file transcoded never needs it. */
function byteEndFinder(bytes: Uint8Array, decoded: DecodedText, records: CsvRecords, counted: boolean) {
  let ends: readonly number[] | undefined;
  return (index: number) => {
    ends ??= byteEnds(bytes, decoded, records, counted);
    return ends[index] as number;
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
 *
 * Given what reading the file found (`options.asRead`), its records are taken from there when these are the bytes
 * read: a file whose every character is one unit of its encoding is then not even decoded.
 */
export function writeCsvResults(
  original: Uint8Array,
  data: Pick<ResultSheetData, "headerRowNumber" | "columns" | "rows">,
  options: CsvWriteBackOptions = {},
): CsvWriteBackResult {
  const file = fileRecordsOf(original, data.headerRowNumber - 1, options);
  const { text, start, delimiter, records } = file;
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

  const encoding: TextEncodingName = options.utf8 ? "utf-8" : file.encoding;
  const transcode = encoding !== file.encoding;
  const unitBytes = unitBytesOf(file.encoding);
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
        : file.unitsAreBytes || unitBytes === 2
          ? after * unitBytes
          : (encodeText(text.slice(textAt, textContentEnd), file.encoding)?.length ?? 0);
    const insertAt = transcode ? textAt : file.byteEnd(index) - lineEndUnits * unitBytes - afterBytes;
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
