import Papa from "papaparse";
import { formatCount } from "../../../core/plural";
import { fingerprintOf } from "../../formats/bytes-fingerprint";
import type { CsvAsRead } from "./csv-as-read";
import { measureRow, type CsvRowMeasures } from "./csv-row-measures";
import { csvRowTally, isIrregular, type CsvRowsParser, type CsvRowTally } from "./csv-rows-parser";
import { emptyRowOf, type CsvRows } from "./csv-text-rows";
import { wellFormedCsvParser } from "./csv-well-formed-parser";
import {
  decodeChunks,
  NotUtf8Error,
  textLayoutOf,
  WINDOWS_1252_LAYOUT,
  type DecodedChunk,
  type TextEncodingName,
  type TextLayout,
} from "../../formats/decode-text";
import { guessLineEnd, LINE_END_GUESS_CHARS } from "../../formats/guess-line-end";
import { formatBytes, SHEET_LIMITS } from "../../limits";
import { failure, type SheetReadFailure } from "../../read-failure";
import { sniffDelimiter, type CsvDelimiter, type LineEnd } from "../../formats/sniff-delimiter";
import type { ReadProgress } from "../workbook";

export interface CsvContent {
  readonly ok: true;
  /**
   * `rows[i]` is spreadsheet row i + 1: a quoted line break stays inside its row. Blank lines
   * between rows keep their place; blank lines after the last value are not rows. A row may be
   * made into strings only when asked for.
   */
  readonly rows: CsvRows;
  /** Each row's used width and longest text, so the table needs no second pass over every cell. */
  readonly measures: CsvRowMeasures;
  readonly encoding: TextEncodingName;
  readonly delimiter: CsvDelimiter;
  readonly hadByteOrderMark: boolean;
  /**
   * The first row papaparse read, when the file holds text the scanner leaves to it (a quote
   * mark where CSV has none); the rows above it were scanned.
   */
  readonly papaparseFrom: number | undefined;
  /** Its records as split, for writing back into the same file; undefined where papaparse read any of it. */
  readonly asRead: CsvAsRead | undefined;
}

export interface CsvReadOptions {
  /** Bytes decoded and parsed at a time; tests make it tiny to put boundaries inside characters and rows. */
  readonly chunkBytes?: number;
  /** Papaparse for every row, as the scanner's oracle in tests. */
  readonly parser?: "papaparse";
  /** Files of at least this many bytes have their records noted for a write back (`NOTED_FROM_BYTES` unless told). */
  readonly noteRecordsFrom?: number;
}

// A quarter-megabyte: progress comes often, and a row split between two chunks costs little to join.
const CHUNK_BYTES = 256 << 10;
/**
 * Smaller files are split again when written back into, in a few milliseconds: their reading, where a cold read of
 * 10,000 rows is timed against papaparse's, is spared noting their records and fingerprinting them.
 */
const NOTED_FROM_BYTES = 4 << 20;
const QUOTE = '"';

interface ParsedText {
  readonly data: string[][];
  readonly errors: readonly Papa.ParseError[];
  /** Index just past the last complete row. */
  readonly meta: { readonly cursor: number };
}

/**
 * Reads CSV bytes: encoding detected, delimiter sniffed, quotes and any line ending honoured.
 * The size is checked before anything is decoded; then the text is decoded and parsed a chunk
 * at a time (the whole text never exists at once), with progress after each chunk. Rows are
 * split exactly as papaparse splits the whole text. Well-formed text (nearly every file) is
 * read by a scanner that keeps each row as its text and field ends, a fraction of the time and
 * memory of a string per cell; from the first row it cannot read on, papaparse reads the rest.
 */
export function readCsv(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
  options: CsvReadOptions = {},
): CsvContent | SheetReadFailure {
  const { maxBytes } = SHEET_LIMITS.csv;
  if (bytes.length > maxBytes) {
    return failure(
      "TOO_LARGE",
      `${fileName} is ${formatBytes(bytes.length)}; CSV files up to ${formatBytes(maxBytes)} can be read. ` +
        "Split the sheet into smaller files.",
    );
  }
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  let shown = 0;
  // A restart as Windows-1252 must not send progress backwards.
  const progress = (fraction: number, isLast: boolean) => {
    if (isLast ? shown >= 1 : fraction < shown + 0.01) return;
    shown = isLast ? 1 : fraction;
    onProgress?.({ phase: "parsing", fraction: shown });
  };
  const scan = options.parser !== "papaparse";
  const noteRecords = bytes.length >= (options.noteRecordsFrom ?? NOTED_FROM_BYTES);
  try {
    return readText(bytes, fileName, textLayoutOf(bytes), { chunkBytes, progress, scan, noteRecords });
  } catch (error) {
    if (!(error instanceof NotUtf8Error)) throw error;
    return readText(bytes, fileName, WINDOWS_1252_LAYOUT, { chunkBytes, progress, scan, noteRecords });
  }
}

function readText(
  bytes: Uint8Array,
  fileName: string,
  layout: TextLayout,
  how: {
    readonly chunkBytes: number;
    readonly progress: (fraction: number, isLast: boolean) => void;
    /** The reader's own scanner first; papaparse alone otherwise. */
    readonly scan: boolean;
    /** Each record noted, for a write back (see `CsvAsRead`). */
    readonly noteRecords: boolean;
  },
): CsvContent | SheetReadFailure {
  const { chunkBytes, progress, scan } = how;
  const chunks = decodeChunks(bytes, layout, chunkBytes);
  // The delimiter and line end are decided on the same text as when the whole text was parsed at once: at least as
  // much as papaparse looks at to guess the line end.
  const head: DecodedChunk[] = [];
  let headChars = 0;
  while (headChars < LINE_END_GUESS_CHARS) {
    const next = chunks.next();
    if (next.done) break;
    head.push(next.value);
    headChars += next.value.text.length;
  }
  let headText = head.map((chunk) => chunk.text).join("");
  // papaparse drops a byte-order mark left at the start of its input (a second one, after the decoder's).
  let hasStrayBom = headText.charCodeAt(0) === 0xfeff;
  if (hasStrayBom) headText = headText.slice(1);
  const delimiter = sniffDelimiter(headText);
  const newline = lineEndOf(headText);
  headText = "";

  const textStart = hasStrayBom ? 1 : 0;
  const tally = csvRowTally(fileName);
  const scanner = scan
    ? wellFormedCsvParser(delimiter, newline, tally, how.noteRecords ? textStart : undefined)
    : undefined;
  let parser: CsvRowsParser = scanner ?? papaparseRowsParser(fileName, delimiter, newline, tally, 0);
  const rowEnd = newline[newline.length - 1] ?? "\n";
  const pieces = (function* () {
    yield* head.splice(0);
    yield* chunks;
  })();
  /** Text of the row being read, from its start: the rows before it are parsed and kept. */
  let unfinished = "";
  let textLength = 0;
  for (let current = pieces.next(); !current.done; ) {
    const next = pieces.next();
    const isLast = next.done === true;
    let { text } = current.value;
    textLength += text.length;
    if (hasStrayBom && text !== "") {
      text = text.slice(1);
      hasStrayBom = false;
    }
    // Chunks mostly end at a line end, so this is mostly the chunk's own text, not a copy.
    unfinished = unfinished === "" ? text : unfinished + text;
    // A row can only end at a line end (or at the end of the file).
    if (isLast || text.indexOf(rowEnd) !== -1) {
      const parsed = parser.parse(unfinished, isLast);
      let read: number | SheetReadFailure;
      if (isIrregular(parsed)) {
        // Text the scanner does not read: papaparse reads on from that row, by its own rules.
        unfinished = unfinished.slice(parsed.irregularFrom);
        const papaparse = papaparseRowsParser(fileName, delimiter, newline, tally, parser.rowCount);
        parser = papaparse;
        read = papaparse.parse(unfinished, isLast);
      } else {
        read = parsed;
      }
      if (typeof read !== "number") return read;
      unfinished = unfinished.slice(read);
    }
    if (unfinished.length > SHEET_LIMITS.csv.maxRowChars)
      return overlongRow(fileName, parser.rowCount + 1, unfinished, delimiter, newline, pieces);
    progress(current.value.bytesRead / bytes.length, isLast);
    current = next;
  }
  progress(1, true);
  const kept = tally.keptRows;
  const rows =
    scanner !== undefined && parser !== scanner
      ? joinedRows(scanner.rows(kept), parser.rows(kept), kept)
      : parser.rows(kept);
  const papaparseFrom = parser === scanner ? undefined : (scanner?.rowCount ?? 0) + 1;
  const measures = tally.measures();
  const records = parser === scanner ? scanner?.scannedRecords() : undefined;
  return {
    ok: true,
    rows,
    measures,
    encoding: layout.encoding,
    delimiter,
    hadByteOrderMark: layout.hadByteOrderMark,
    papaparseFrom,
    asRead: records && {
      file: fingerprintOf(bytes),
      encoding: layout.encoding,
      start: layout.start,
      textLength,
      textStart,
      delimiter,
      newline,
      records,
      measures,
    },
  };
}

/** The rows of `first`, then from its end on those of `rest` (which numbers them as the whole file does). */
function joinedRows(first: CsvRows, rest: CsvRows, length: number): CsvRows {
  return {
    length,
    at: (index) => (index < first.length ? first.at(index) : index < length ? rest.at(index) : undefined),
  };
}

/** The line end papaparse picks for this text (it looks at the first 1 MiB, outside quotes, less a byte-order mark). */
function lineEndOf(text: string): LineEnd {
  return guessLineEnd(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * Papaparse's own parser over each piece, from row position `firstRow` on, the rows kept as
 * the arrays of strings it gives.
 */
function papaparseRowsParser(
  fileName: string,
  delimiter: CsvDelimiter,
  newline: LineEnd,
  tally: CsvRowTally,
  firstRow: number,
): CsvRowsParser<number | SheetReadFailure> {
  const { maxColumns } = SHEET_LIMITS;
  const parser = new Papa.Parser({ delimiter, newline });
  const rows: (readonly string[])[] = [];
  const position = () => firstRow + rows.length;
  return {
    get rowCount() {
      return position();
    },
    parse(text, isLast) {
      const parsed = parser.parse(text, 0, !isLast) as ParsedText;
      const unterminated = parsed.errors.find((error) => error.code === "MissingQuotes");
      if (unterminated)
        return unterminatedQuote(fileName, position() + (unterminated.row ?? 0) + 1, text, unterminated.index ?? 0);
      for (const row of parsed.data) {
        const { width, longest, longestColumn } = measureRow(row);
        const refused = tally.count(position(), width, longest, longestColumn);
        if (refused) return refused;
        // Empty fields after the last value (an export's unused columns) are not kept beyond the column limit.
        // A row with no character in it is empty: one shared array per width.
        rows.push(
          longest === 0
            ? emptyRowOf(Math.min(row.length, maxColumns))
            : row.length > maxColumns
              ? row.slice(0, maxColumns)
              : row,
        );
      }
      return isLast ? text.length : parsed.meta.cursor;
    },
    rows(rowCount) {
      return {
        length: rowCount,
        at: (index) => (index >= firstRow && index < rowCount ? rows[index - firstRow] : undefined),
      };
    },
  };
}

/** The first characters of a value, on one line, for a message. */
function excerpt(text: string, from: number): string {
  const line = text.slice(from, from + 200).split(/\r\n|\r|\n/)[0] ?? "";
  const chars = Array.from(line);
  return chars.length > 30 ? `${chars.slice(0, 30).join("")}…` : line;
}

function unterminatedQuote(fileName: string, rowNumber: number, text: string, valueStart: number): SheetReadFailure {
  const start = excerpt(text, valueStart);
  return failure(
    "UNTERMINATED_QUOTE",
    `Row ${formatCount(rowNumber)} opens a quoted value that never ends (the file ends inside it): ` +
      `the quote mark before ${start === "" ? "the end of that line" : `“${start}”`} has no closing quote mark, ` +
      `so the rest of ${fileName} would be one cell. ` +
      "Add the missing quote mark where the value ends (or remove the opening one), save the file and drop it again.",
    { rowNumber },
  );
}

/**
 * A row longer than any order row: a quoted value that runs on (a quote mark missing or one
 * too many) or text that is not a sheet. Reading stops here; for a quoted value the rest of
 * the file is only searched for a quote mark, to say whether the value ever ends.
 */
function overlongRow(
  fileName: string,
  rowNumber: number,
  text: string,
  delimiter: string,
  newline: string,
  rest: Iterator<DecodedChunk>,
): SheetReadFailure {
  const quoteAt = openQuoteIn(text, delimiter, newline);
  const limit = formatCount(SHEET_LIMITS.csv.maxRowChars);
  if (quoteAt === undefined) {
    return failure(
      "ROW_TOO_LONG",
      `Row ${formatCount(rowNumber)} of ${fileName} runs on for more than ${limit} characters, ` +
        "far more than an order row holds. Is it really an order sheet? " +
        "Open it in your spreadsheet program, save it as CSV again and drop the new file.",
      { rowNumber },
    );
  }
  for (let next = rest.next(); !next.done; next = rest.next()) {
    if (next.value.text.indexOf(QUOTE) !== -1) {
      return failure(
        "ROW_TOO_LONG",
        `Row ${formatCount(rowNumber)} opens a quoted value that runs on for more than ${limit} characters, ` +
          `over many lines: the quote mark before “${excerpt(text, quoteAt + 1)}” in ${fileName} ` +
          "is probably missing its closing quote mark. " +
          "Add it where the value ends (or remove the opening one), save the file and drop it again.",
        { rowNumber },
      );
    }
  }
  return unterminatedQuote(fileName, rowNumber, text, quoteAt + 1);
}

/**
 * Where the quoted value that leaves this row unfinished opens, following papaparse's rules:
 * a quote opens a value only at the start of a field, a doubled quote is a quote mark, and a
 * value closes at a quote followed by (spaces and) a delimiter or a line end.
 */
function openQuoteIn(text: string, delimiter: string, newline: string): number | undefined {
  let at = 0;
  while (at < text.length) {
    if (text[at] === QUOTE) {
      const next = fieldAfterQuotedValue(text, at, delimiter, newline);
      if (next === "open") return at;
      if (next === "row ends") return undefined;
      at = next;
      continue;
    }
    const nextDelimiter = text.indexOf(delimiter, at);
    const nextNewline = text.indexOf(newline, at);
    if (nextDelimiter === -1 || (nextNewline !== -1 && nextNewline < nextDelimiter)) return undefined;
    at = nextDelimiter + delimiter.length;
  }
  return undefined;
}

/** Where the field after the quoted value opening at `open` starts, or why there is none. */
function fieldAfterQuotedValue(
  text: string,
  open: number,
  delimiter: string,
  newline: string,
): number | "open" | "row ends" {
  for (let quote = text.indexOf(QUOTE, open + 1); quote !== -1; quote = text.indexOf(QUOTE, quote + 1)) {
    if (text[quote + 1] === QUOTE) {
      quote++;
      continue;
    }
    let after = quote + 1;
    while (
      after < text.length &&
      text[after] !== delimiter &&
      text[after] !== newline[0] &&
      (text[after] as string).trim() === ""
    )
      after++;
    if (text.startsWith(delimiter, after)) return after + delimiter.length;
    if (after >= text.length || text.startsWith(newline, after)) return "row ends";
  }
  return "open";
}
