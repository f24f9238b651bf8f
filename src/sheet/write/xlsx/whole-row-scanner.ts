import type { PartOutput } from "../../zip/part-text";
import { ByteScanStop, type ByteScanner } from "../../xml/byte-scanned-stream";
import {
  asciiBytes,
  type ByteAttribute,
  digitsAt,
  EMPTY_TAG,
  GT,
  holdsAt,
  indexOfBytes,
  indexOfMarkupByte,
  isSpace,
  isStartOf,
  LT,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  skipSpace,
} from "../../xml/xml-bytes";
import { MAX_WHOLE_ROW_CHARS } from "./row-ends";
import type { RowPlaces } from "../../read/xlsx/row-places";
import {
  type CellTag,
  clearRowTag,
  newCellTag,
  newRowTag,
  noteRowAttribute,
  NOT_LOOKED_FOR,
  ROW,
  type RowTag,
} from "./row-tag-bytes";

const ROW_CLOSE = asciiBytes("</row>");
/** A row's end tag but its `>`: `</row` followed by anything else is another element's (`</rows>`) or spaced out. */
const ROW_CLOSE_NAME = ROW_CLOSE.subarray(0, -1);
/** `</row` is looked for by its `w`, which in a row's content is only ever in text; `<` starts every tag. */
const ROW_CLOSE_ANCHOR = 4;
/** Said of a row whose end tag has white space before its `>` (`</row >`): it is left to the text reader. */
const SPACED_CLOSE = -2;
/** Said of a row placed by the reading whose end is past the bytes. */
const PLACED_PAST_BYTES = -3;
const LETTER_R = 0x72;
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
  /**
   * Where its last cell tag starts (-1 for none), once `lastCellTagOf` has found it, for every reader of the row to
   * share; NOT_LOOKED_FOR until then.
   */
  lastCellTag: number;
  /**
   * That tag as `readLastCellTag` read it, shared as its place is; `lastCellReading` says whether it was read plainly,
   * was not, or is not read yet (NOT_LOOKED_FOR).
   */
  readonly lastCell: CellTag;
  lastCellReading: number;
  /** The attributes of its start tag a writer reads, found as the row is. */
  readonly tag: RowTag;
  /** Whether those are written plainly, each once: else its tag is read as text. */
  isTagPlain: boolean;
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

  replaceWithBytes(start: number, end: number, bytes: Uint8Array): void {
    this.insertBytes(start, bytes);
    this.copied = end;
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

/**
 * Where the row's `</row>` starts, from `from` on: -1 when the bytes end first, SPACED_CLOSE for a `</row >`. Searching
 * for `</row>` whole would pass over a spaced one and take the next row's end for this one's.
 */
function rowCloseFrom(bytes: Uint8Array, from: number): number {
  const after = ROW_CLOSE_NAME.length;
  for (
    let at = indexOfBytes(bytes, ROW_CLOSE_NAME, from, ROW_CLOSE_ANCHOR);
    at >= 0;
    at = indexOfBytes(bytes, ROW_CLOSE_NAME, at + 1, ROW_CLOSE_ANCHOR)
  ) {
    if (at + after >= bytes.length) return -1;
    const next = bytes[at + after] as number;
    if (next === GT) return at;
    if (isSpace(next)) return SPACED_CLOSE;
  }
  return -1;
}

/** Where the next `!` or `?` is, remembered while the same bytes are scanned on: they are rare in a sheet's rows. */
class NextMarkupByte {
  private at = -1;

  forget(): void {
    this.at = -1;
  }

  /** The next at or after `from`; Infinity when there is none. */
  from(bytes: Uint8Array, from: number): number {
    if (this.at >= from) return this.at;
    const found = indexOfMarkupByte(bytes, from);
    this.at = found < 0 ? Infinity : found;
    return this.at;
  }
}

/**
 * Reads `<sheetData>`'s rows straight from a worksheet's UTF-8 bytes, a whole row at a time, for a reader that edits or
 * measures them (see `byteScannedStream`). Like the text readers, it finds a row's end by its `</row>`; a row holding a
 * comment, CDATA or a processing instruction (which could hide one), a row longer than `MAX_WHOLE_ROW_CHARS`, a tag it
 * does not read plainly and anything but a row stop it, for the text reader to go on from there. A row whose end the
 * reading of the file placed (see `RowPlaces`) is not searched: the reading found its `</row>`, cell by cell.
 */
export class WholeRowScanner implements ByteScanner {
  stoppedAt = 0;
  readonly openElements = 0;
  private readonly row: RowSpan = {
    start: 0,
    tagEnd: 0,
    contentEnd: 0,
    end: 0,
    r: Number.NaN,
    isEmpty: false,
    lastCellTag: NOT_LOOKED_FOR,
    lastCell: newCellTag(),
    lastCellReading: NOT_LOOKED_FOR,
    tag: newRowTag(),
    isTagPlain: true,
  };
  private readonly attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };
  private readonly edit: ByteEdit;
  private readonly markupBytes = new NextMarkupByte();
  /** Where the bytes being scanned start in the part's. */
  private origin = 0;
  /** The first of `places` not passed yet. */
  private nextPlace = 0;

  /** `places`: where the reading of the same part found its rows, when it did. */
  constructor(
    private readonly reader: WholeRowReader,
    out: PartOutput,
    private readonly places?: RowPlaces,
  ) {
    this.edit = new ByteEdit(out);
  }

  scan(bytes: Uint8Array, from: number, origin: number): ByteScanStop {
    this.origin = origin;
    this.edit.begin(bytes, from);
    this.markupBytes.forget();
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
      let isTagPlain = true;
      clearRowTag(row.tag);
      let kind = nextAttribute(bytes, at + 1 + ROW.length, attribute);
      for (; kind === 0; kind = nextAttribute(bytes, attribute.end, attribute)) {
        // The first `r` counts, as for the text readers.
        if (attribute.nameEnd - attribute.nameStart === 1 && bytes[attribute.nameStart] === LETTER_R) {
          if (!hasR) r = digitsAt(bytes, attribute.valueStart, attribute.valueEnd);
          hasR = true;
        } else if (isTagPlain) isTagPlain = noteRowAttribute(bytes, attribute, row.tag);
      }
      if (kind === NEEDS_MORE) return ByteScanStop.NeedsMore;
      if (kind === NOT_PLAIN) return ByteScanStop.NotPlain;
      row.start = at;
      row.tagEnd = attribute.end;
      row.r = r;
      row.isEmpty = kind === EMPTY_TAG;
      row.lastCellTag = row.lastCellReading = NOT_LOOKED_FOR;
      row.isTagPlain = isTagPlain;
      if (row.isEmpty) row.contentEnd = row.end = row.tagEnd;
      else {
        let close = this.placedClose(bytes, at, row.tagEnd);
        if (close === -1) {
          close = rowCloseFrom(bytes, row.tagEnd);
          if (close >= 0 && this.holdsMarkup(bytes, row.tagEnd, close)) return ByteScanStop.NotPlain;
        }
        if (close === SPACED_CLOSE) return ByteScanStop.NotPlain;
        if (close < 0) return n - at > MAX_WHOLE_ROW_CHARS ? ByteScanStop.NotPlain : ByteScanStop.NeedsMore;
        row.contentEnd = close;
        row.end = close + ROW_CLOSE_NAME.length + 1;
      }
      if (!this.reader.wholeRow(bytes, row, this.edit)) return ByteScanStop.NotPlain;
    }
  }

  /**
   * Where the row starting at `at` (its start tag ending at `tagEnd`) has its `</row>`, as the reading of the part
   * placed it: -1 when it did not or the bytes there are not `</row>`, PLACED_PAST_BYTES when they end first.
   */
  private placedClose(bytes: Uint8Array, at: number, tagEnd: number): number {
    const places = this.places;
    if (places === undefined) return -1;
    const { starts, closes } = places;
    const start = this.origin + at;
    let k = this.nextPlace;
    while (k < starts.length && (starts[k] as number) < start) k++;
    this.nextPlace = k;
    if (starts[k] !== start) return -1;
    const close = (closes[k] as number) - this.origin;
    if (close + ROW_CLOSE.length > bytes.length) return PLACED_PAST_BYTES;
    return close >= tagEnd && holdsAt(bytes, close, ROW_CLOSE) ? close : -1;
  }

  /** Whether `<!` or `<?` comes between `start` and `end`: found by their second byte, which is rare in a sheet. */
  private holdsMarkup(bytes: Uint8Array, start: number, end: number): boolean {
    const next = this.markupBytes;
    for (let at = next.from(bytes, start); at < end; at = next.from(bytes, at + 1))
      if (bytes[at - 1] === LT) return true;
    return false;
  }
}
