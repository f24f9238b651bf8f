import { columnNumberInBytes } from "../../formats/cell-ref";
import type { PartOutput } from "../../zip/part-text";
import { ByteScanStop, type ByteScanner } from "../../xml/byte-scanned-stream";
import {
  AMPERSAND,
  asciiBytes,
  DOUBLE_QUOTE,
  GT,
  type ByteAttribute,
  digitsAt,
  EMPTY_TAG,
  endsName,
  indexOfBytes,
  isSpace,
  isStartOf,
  LT,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  OPEN_TAG,
  skipSpace,
} from "../../xml/xml-bytes";
import { MAX_WHOLE_ROW_CHARS } from "./row-ends";

const ROW = asciiBytes("row");
const ROW_CLOSE = asciiBytes("</row>");
/** `</row>` is looked for by its `w`, which in a row's content is only ever in text; `<` starts every tag. */
const ROW_CLOSE_ANCHOR = 4;
const CELL_CLOSE = asciiBytes("</c>");
const LETTER_C = 0x63;

const LETTER_R = 0x72;
const EXCLAMATION = 0x21;
const QUESTION = 0x3f;
const NOTHING = new Uint8Array(0);

/** A `<row>` element found whole in the bytes, as positions in them. */
export interface RowSpan {
  /** Its `<`. */
  start: number;
  /** After its start tag. */
  tagEnd: number;
  /** Its `</row>` (`tagEnd` for `<row/>`). */
  contentEnd: number;
  /** After its end tag. */
  end: number;
  /** Its `r` read as a row number (digits only, as the text readers read it); NaN without one. */
  r: number;
  /** Whether it is written `<row …/>`. */
  isEmpty: boolean;
}

/** The row a `RowSpan` is: its `r`, or the row after the one before it. */
export const rowNumberOf = (row: RowSpan, previous: number) => (row.r >= 1 ? row.r : previous + 1);

/**
 * Bytes edited as they pass: what is not replaced is written out as it came, as views into the bytes, and text in place
 * of what is.
 */
export class ByteEdit {
  private bytes: Uint8Array = NOTHING;
  private copied = 0;

  constructor(private readonly out: PartOutput) {}

  /** Edits of `bytes` follow, everything before `from` having been written out. */
  begin(bytes: Uint8Array, from: number): void {
    this.bytes = bytes;
    this.copied = from;
  }

  keepUpTo(at: number): void {
    if (at > this.copied) this.out.bytes(this.bytes.subarray(this.copied, at));
    this.copied = Math.max(this.copied, at);
  }

  insert(at: number, text: string): void {
    this.keepUpTo(at);
    this.out.text(text);
  }

  replace(start: number, end: number, text: string): void {
    this.insert(start, text);
    this.copied = end;
  }

  insertBytes(at: number, bytes: Uint8Array): void {
    this.keepUpTo(at);
    this.out.bytes(bytes);
  }
}

/** What reads the rows the scanner finds whole. */
export interface WholeRowReader {
  /**
   * A row found whole, edited through `edit`; false leaves it, and everything after it, to the text reader, having
   * changed nothing.
   */
  wholeRow(bytes: Uint8Array, row: RowSpan, edit: ByteEdit): boolean;
}

/** Where the next of one byte is, remembered while the same bytes are scanned on. */
class NextByte {
  private at = -1;

  constructor(private readonly byte: number) {}

  forget(): void {
    this.at = -1;
  }

  /** The next at or after `from`; Infinity when there is none. */
  from(bytes: Uint8Array, from: number): number {
    if (this.at >= from) return this.at;
    const found = bytes.indexOf(this.byte, from);
    this.at = found < 0 ? Infinity : found;
    return this.at;
  }
}

/**
 * Reads `<sheetData>`'s rows straight from a worksheet's UTF-8 bytes, a whole row at a time, for a reader that edits or
 * measures them (see `byteScannedStream`). Like the text readers, it finds a row's end by its `</row>`; a row holding a
 * comment, CDATA or a processing instruction (which could hide one), a row longer than `MAX_WHOLE_ROW_CHARS`, a tag it
 * does not read plainly and anything but a row stop it, for the text reader to go on from there.
 */
export class WholeRowScanner implements ByteScanner {
  stoppedAt = 0;
  readonly openElements = 0;
  private readonly row: RowSpan = { start: 0, tagEnd: 0, contentEnd: 0, end: 0, r: Number.NaN, isEmpty: false };
  private readonly attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };
  private readonly edit: ByteEdit;
  private readonly exclamations = new NextByte(EXCLAMATION);
  private readonly questions = new NextByte(QUESTION);

  constructor(
    private readonly reader: WholeRowReader,
    out: PartOutput,
  ) {
    this.edit = new ByteEdit(out);
  }

  scan(bytes: Uint8Array, from: number): ByteScanStop {
    this.edit.begin(bytes, from);
    this.exclamations.forget();
    this.questions.forget();
    const stop = this.scanRows(bytes, from);
    this.edit.keepUpTo(this.stoppedAt);
    return stop;
  }

  private scanRows(bytes: Uint8Array, from: number): ByteScanStop {
    const n = bytes.length;
    const { row, attribute } = this;
    for (let at = from; ; at = row.end) {
      at = skipSpace(bytes, at);
      this.stoppedAt = at;
      if (at + ROW.length + 2 > n) return ByteScanStop.NeedsMore;
      if (!isStartOf(bytes, at, ROW)) return ByteScanStop.NotPlain;
      let r = Number.NaN;
      let hasR = false;
      let kind = nextAttribute(bytes, at + 1 + ROW.length, attribute);
      for (; kind === 0; kind = nextAttribute(bytes, attribute.end, attribute)) {
        // The first `r` counts, as for the text readers.
        if (attribute.nameEnd - attribute.nameStart !== 1 || bytes[attribute.nameStart] !== LETTER_R || hasR) continue;
        hasR = true;
        r = digitsAt(bytes, attribute.valueStart, attribute.valueEnd);
      }
      if (kind === NEEDS_MORE) return ByteScanStop.NeedsMore;
      if (kind === NOT_PLAIN) return ByteScanStop.NotPlain;
      row.start = at;
      row.tagEnd = attribute.end;
      row.r = r;
      row.isEmpty = kind === EMPTY_TAG;
      if (row.isEmpty) row.contentEnd = row.end = row.tagEnd;
      else {
        const close = indexOfBytes(bytes, ROW_CLOSE, row.tagEnd, ROW_CLOSE_ANCHOR);
        if (close < 0) return n - at > MAX_WHOLE_ROW_CHARS ? ByteScanStop.NotPlain : ByteScanStop.NeedsMore;
        if (this.holdsMarkup(bytes, row.tagEnd, close)) return ByteScanStop.NotPlain;
        row.contentEnd = close;
        row.end = close + ROW_CLOSE.length;
      }
      if (!this.reader.wholeRow(bytes, row, this.edit)) return ByteScanStop.NotPlain;
    }
  }

  /** Whether `<!` or `<?` comes between `start` and `end`: found by their second byte, which is rare in a sheet. */
  private holdsMarkup(bytes: Uint8Array, start: number, end: number): boolean {
    return this.follows(this.exclamations, bytes, start, end) || this.follows(this.questions, bytes, start, end);
  }

  /** Whether a `<` is followed by the byte `next` finds, between `start` and `end`. */
  private follows(next: NextByte, bytes: Uint8Array, start: number, end: number): boolean {
    for (let at = next.from(bytes, start); at < end; at = next.from(bytes, at + 1))
      if (bytes[at - 1] === LT) return true;
    return false;
  }
}

/** Where an attribute's value is in the bytes. */
export interface ValueSpan {
  start: number;
  end: number;
}

/** The attributes of a row's start tag that a writer reads or changes: undefined for one it does not have. */
export interface RowTag {
  spans: ValueSpan | undefined;
  customFormat: ValueSpan | undefined;
  style: ValueSpan | undefined;
}

export const newRowTag = (): RowTag => ({ spans: undefined, customFormat: undefined, style: undefined });

const SPANS = asciiBytes("spans");
const CUSTOM_FORMAT = asciiBytes("customFormat");
const STYLE = asciiBytes("s");
const rowAttribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };

const isNamed = (bytes: Uint8Array, attribute: ByteAttribute, name: Uint8Array) =>
  attribute.nameEnd - attribute.nameStart === name.length &&
  name.every((byte, k) => bytes[attribute.nameStart + k] === byte);

/** Whether an attribute's value holds only characters written as they are (no reference, no character escaped). */
function isPlainValue(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b === AMPERSAND || b === LT || b === GT || b === DOUBLE_QUOTE || b < 0x20) return false;
  }
  return true;
}

/**
 * Reads the row tag at `at` (as the scanner found it) into `tag`; false when one of those attributes appears twice or
 * is not a plain value, for the text readers to read it.
 */
export function readRowTag(bytes: Uint8Array, at: number, tag: RowTag): boolean {
  tag.spans = tag.customFormat = tag.style = undefined;
  for (
    let kind = nextAttribute(bytes, at + 1 + ROW.length, rowAttribute);
    kind === 0;
    kind = nextAttribute(bytes, rowAttribute.end, rowAttribute)
  ) {
    const key = isNamed(bytes, rowAttribute, SPANS)
      ? "spans"
      : isNamed(bytes, rowAttribute, CUSTOM_FORMAT)
        ? "customFormat"
        : isNamed(bytes, rowAttribute, STYLE)
          ? "style"
          : undefined;
    if (key === undefined) continue;
    const { valueStart, valueEnd } = rowAttribute;
    if (tag[key] !== undefined || !isPlainValue(bytes, valueStart, valueEnd)) return false;
    tag[key] = { start: valueStart, end: valueEnd };
  }
  return true;
}

/** A cell's start tag read from the bytes: valid until the next `readCellTag` into the same object. */
export interface CellTag {
  /** After the tag. */
  end: number;
  /** Its column from its `r`; 0 without one. */
  column: number;
  /** Whether it is written `<c …/>`. */
  isEmpty: boolean;
}

export const newCellTag = (): CellTag => ({ end: 0, column: 0, isEmpty: false });

/** The start of the last cell tag (`<c …>`, `<c/>`) from `start` to before `end`, or -1. */
export function lastCellTagIn(bytes: Uint8Array, start: number, end: number): number {
  for (let at = end - 1; at >= start; at--) {
    at = bytes.lastIndexOf(LT, at);
    if (at < start) return -1;
    if (bytes[at + 1] === LETTER_C && endsName(bytes[at + 2] as number)) return at;
  }
  return -1;
}

const cellAttribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };

/** Reads the cell tag at `at` into `cell`; false for a tag not written plainly. */
export function readCellTag(bytes: Uint8Array, at: number, cell: CellTag): boolean {
  cell.column = 0;
  let hasR = false;
  let kind = nextAttribute(bytes, at + 2, cellAttribute);
  for (; kind === 0; kind = nextAttribute(bytes, cellAttribute.end, cellAttribute)) {
    const { nameStart, nameEnd, valueStart, valueEnd } = cellAttribute;
    if (nameEnd - nameStart !== 1 || bytes[nameStart] !== LETTER_R || hasR) continue;
    hasR = true;
    cell.column = columnNumberInBytes(bytes, valueStart, valueEnd);
  }
  if (kind !== OPEN_TAG && kind !== EMPTY_TAG) return false;
  cell.end = cellAttribute.end;
  cell.isEmpty = kind === EMPTY_TAG;
  return true;
}

/** Where the cell whose start tag `cell` is ends: after its `</c>`; -1 when that is not found before `limit`. */
export function cellEndOf(bytes: Uint8Array, cell: CellTag, limit: number): number {
  if (cell.isEmpty) return cell.end;
  const close = indexOfBytes(bytes, CELL_CLOSE, cell.end);
  return close < 0 || close + CELL_CLOSE.length > limit ? -1 : close + CELL_CLOSE.length;
}

/** Whether only white space lies between `start` and `end`. */
export function isSpaceOnly(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(bytes[i] as number)) return false;
  return true;
}

/** Whether the cell whose start tag `cell` is holds nothing: written `<c/>`, or with only white space before `</c>`. */
export function isEmptyCell(bytes: Uint8Array, cell: CellTag): boolean {
  if (cell.isEmpty) return true;
  const at = skipSpace(bytes, cell.end);
  for (let k = 0; k < CELL_CLOSE.length; k++) if (bytes[at + k] !== CELL_CLOSE[k]) return false;
  return true;
}
