/**
 * The start tags of a row and its cells read straight from a worksheet's UTF-8 bytes: what the writer reads of a row
 * found whole (see `WholeRowScanner`) to edit or measure it.
 */
import { columnNumberInBytes } from "../../formats/cell-ref";
import {
  AMPERSAND,
  asciiBytes,
  type ByteAttribute,
  DOUBLE_QUOTE,
  EMPTY_TAG,
  endsName,
  GT,
  holdsAt,
  isSpace,
  LT,
  nextAttribute,
  OPEN_TAG,
  skipSpace,
} from "../../xml/xml-bytes";
import type { RowSpan } from "./whole-row-scanner";

/** The bytes after `<` that name a row. */
export const ROW = asciiBytes("row");
const CELL_CLOSE = asciiBytes("</c>");
const LETTER_C = 0x63;
const LETTER_R = 0x72;

/** Where an attribute's value is in the bytes; `start` is -1 for an attribute the tag does not have. */
export interface ValueSpan {
  start: number;
  end: number;
}

/**
 * The attributes of a row's start tag that a writer reads or changes, read into the same spans row after row: a row's
 * tag is read for every row written, and the objects made for each were a third of what a write-back made.
 */
export interface RowTag {
  readonly spans: ValueSpan;
  readonly customFormat: ValueSpan;
  readonly style: ValueSpan;
}

const noValue = (): ValueSpan => ({ start: -1, end: -1 });
export const newRowTag = (): RowTag => ({ spans: noValue(), customFormat: noValue(), style: noValue() });

const SPANS = asciiBytes("spans");
const CUSTOM_FORMAT = asciiBytes("customFormat");
const LETTER_S = 0x73;

/** Whether an attribute's value holds only characters written as they are (no reference, no character escaped). */
function isPlainValue(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b === AMPERSAND || b === LT || b === GT || b === DOUBLE_QUOTE || b < 0x20) return false;
  }
  return true;
}

/** Forgets the attributes read for the row before. */
export function clearRowTag(tag: RowTag): void {
  tag.spans.start = tag.customFormat.start = tag.style.start = -1;
}

/**
 * Notes a row tag's attribute in `tag` when it is one a writer reads (read as the row is found, so its tag is read
 * once); false when that attribute appears twice or its value is not plain, for the text readers to read the tag.
 */
export function noteRowAttribute(bytes: Uint8Array, attribute: ByteAttribute, tag: RowTag): boolean {
  const { nameStart, nameEnd, valueStart, valueEnd } = attribute;
  const length = nameEnd - nameStart;
  const value =
    length === 1
      ? bytes[nameStart] === LETTER_S
        ? tag.style
        : undefined
      : length === SPANS.length && holdsAt(bytes, nameStart, SPANS)
        ? tag.spans
        : length === CUSTOM_FORMAT.length && holdsAt(bytes, nameStart, CUSTOM_FORMAT)
          ? tag.customFormat
          : undefined;
  if (value === undefined) return true;
  if (value.start >= 0 || !isPlainValue(bytes, valueStart, valueEnd)) return false;
  value.start = valueStart;
  value.end = valueEnd;
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

/** A row's last cell tag not looked for yet (see `RowSpan`). */
export const NOT_LOOKED_FOR = -2;

/**
 * The start of a row's last cell tag, or -1: found once a row, however many of its readers ask (the used range's scan
 * and the rewriter both look at it).
 */
export function lastCellTagOf(bytes: Uint8Array, row: RowSpan): number {
  if (row.lastCellTag === NOT_LOOKED_FOR) row.lastCellTag = lastCellTagIn(bytes, row.tagEnd, row.contentEnd);
  return row.lastCellTag;
}

/** The start of the last cell tag (`<c …>`, `<c/>`) from `start` to before `end`, or -1. */
export function lastCellTagIn(bytes: Uint8Array, start: number, end: number): number {
  // The last cell's tags are a few bytes back: a loop reaches each `<` sooner than a call to `lastIndexOf` would.
  for (let at = end - 1; at >= start; at--) {
    if (bytes[at] === LT && bytes[at + 1] === LETTER_C && endsName(bytes[at + 2] as number)) return at;
  }
  return -1;
}

/** What `lastCellReading` says once a row's last cell tag is read (see `RowSpan`). */
const READ_PLAINLY = 1;
const NOT_READ_PLAINLY = 0;

/**
 * A row's last cell tag (there must be one: see `lastCellTagOf`) read as `readCellTag` reads it, null where it is not
 * written plainly: read once a row, however many of its readers ask (the used range's scan and the rewriter both do).
 */
export function readLastCellTag(bytes: Uint8Array, row: RowSpan): CellTag | null {
  if (row.lastCellReading === NOT_LOOKED_FOR)
    row.lastCellReading = readCellTag(bytes, lastCellTagOf(bytes, row), row.lastCell) ? READ_PLAINLY : NOT_READ_PLAINLY;
  return row.lastCellReading === READ_PLAINLY ? row.lastCell : null;
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
  // A cell's value is a few bytes: a loop reaches its end sooner than a call to `indexOf` would.
  for (let at = cell.end; at + CELL_CLOSE.length <= limit; at++)
    if (bytes[at] === LT && holdsAt(bytes, at, CELL_CLOSE)) return at + CELL_CLOSE.length;
  return -1;
}

/** Whether only white space lies between `start` and `end`. */
export function isSpaceOnly(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(bytes[i] as number)) return false;
  return true;
}

/** Whether the cell whose start tag `cell` is holds nothing: written `<c/>`, or with only white space before `</c>`. */
export function isEmptyCell(bytes: Uint8Array, cell: CellTag): boolean {
  if (cell.isEmpty) return true;
  return holdsAt(bytes, skipSpace(bytes, cell.end), CELL_CLOSE);
}
