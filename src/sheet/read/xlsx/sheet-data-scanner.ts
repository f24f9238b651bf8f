import { columnNumberInBytes } from "../../formats/cell-ref";
import {
  AMPERSAND,
  asciiBytes,
  type ByteAttribute,
  digitsAt,
  EMPTY_TAG,
  endTagAt,
  GT,
  holds,
  holdsAt,
  isStartOf,
  isPrefixedShortName,
  LT,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  OPEN_TAG,
  plainNumberAt,
  skipSpace,
  SLASH,
  textAt,
  xmlTextAt,
} from "../../xml/xml-bytes";
import { ByteScanStop, type ByteScanner } from "../../xml/byte-scanned-stream";
import type { RowPlacesRecorder } from "./row-places";

/** Where the rows and cells the scanner reads go: the worksheet reader, as it would get them from the XML reader. */
export interface SheetDataSink {
  /** A row starts: its number as written (NaN when not given as digits), and whether it is hidden. */
  startRow(rowNumber: number, isHidden: boolean): void;
  endRow(): void;
  /** A cell starts: the column of its reference (-1 without one) and its style (0 without one). */
  startCell(refColumn: number, style: number): void;
  /** The cell's value is the shared text at `index`. */
  keepShared(index: number): void;
  /** The cell's value is this number, written plainly. */
  keepNumber(value: number): void;
  /** The cell's `<v>` text, decoded, with its type (`t`, "n" when not given). */
  keepValue(type: string, value: string): void;
  /** The cell's inline text (`<is><t>`), decoded. */
  keepInline(text: string): void;
}

const ROW = asciiBytes("row");
const ROW_CLOSE_LENGTH = "</row>".length;
const CELL = asciiBytes("c");
const VALUE = asciiBytes("v");
const FORMULA = asciiBytes("f");
const INLINE = asciiBytes("is");
const TEXT = asciiBytes("t");
const SHEET_DATA = asciiBytes("sheetData");
// Compared as bytes: most rows have an attribute of seven letters or more (Excel's `x14ac:dyDescent`), and a string of
// each one's end made for the comparison was 19 of the 50 MB a 100k-row read made.
const HIDDEN = asciiBytes("hidden");
const PREFIXED_HIDDEN = asciiBytes(":hidden");
const ch = (c: string) => c.charCodeAt(0);
const [C, N, R, S, T, V] = ["c", "n", "r", "s", "t", "v"].map(ch) as [number, number, number, number, number, number];
const SPACE = 0x20;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;

/**
 * Reads a worksheet's rows and cells straight from its UTF-8 bytes, as the full XML reader
 * would give them to the worksheet reader but a fraction of the cost: no text is decoded but
 * the values kept, shared-text indexes and plain numbers are read from their digits. It takes
 * rows as spreadsheet programs write them (`<row>`, `<c r s t>`, `<f>`, `<v>`, `<is><t>`); at
 * anything else (a prefix, a comment, rich inline text, markup it does not expect) it stops
 * before the cell or row holding it, nothing of it passed on, and the full reader goes on from
 * there. A cell is passed on only once it is whole, so a scan can stop anywhere and resume.
 */
export class SheetDataScanner implements ByteScanner {
  /** Inside a row: what the full reader must know when it takes over. */
  isInRow = false;
  /** Where the last scan stopped: the `<` of the row, cell or end tag not read. */
  stoppedAt = 0;
  private readonly attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };
  // The cell being read.
  private refColumn = -1;
  private style = 0;
  private typeStart = 0;
  private typeEnd = 0;
  private valueStart = -1;
  private valueEnd = -1;
  private inlineStart = -1;
  private inlineEnd = -1;
  /** Where the bytes being scanned start in the part's bytes. */
  private origin = 0;
  /** Where the row being read starts in the part's bytes. */
  private rowPlace = 0;

  /** `places`, when given, notes where each row read ends. */
  constructor(
    private readonly sink: SheetDataSink,
    private readonly places?: RowPlacesRecorder,
  ) {}

  get openElements(): number {
    return this.isInRow ? 1 : 0;
  }

  /** Scans `bytes` from `from` until it must stop (see `ByteScanStop`); `</sheetData>` ends it. */
  scan(bytes: Uint8Array, from: number, origin: number): ByteScanStop {
    this.origin = origin;
    let at = from;
    for (;;) {
      at = skipSpace(bytes, at);
      this.stoppedAt = at;
      if (at + 1 >= bytes.length) return ByteScanStop.NeedsMore;
      if (bytes[at] !== LT) return ByteScanStop.NotPlain;
      const next = this.isInRow ? this.inRow(bytes, at) : this.betweenRows(bytes, at);
      if (next === NEEDS_MORE) return ByteScanStop.NeedsMore;
      if (next === NOT_PLAIN) return ByteScanStop.NotPlain;
      if (next === END_OF_SHEET_DATA) return ByteScanStop.End;
      at = next;
    }
  }

  private betweenRows(bytes: Uint8Array, at: number): number {
    if (isStartOf(bytes, at, ROW)) return this.rowStart(bytes, at);
    if (bytes[at + 1] === SLASH) {
      const end = endTagAt(bytes, at, SHEET_DATA);
      return end >= 0 ? END_OF_SHEET_DATA : end;
    }
    return at + 1 + ROW.length >= bytes.length ? NEEDS_MORE : NOT_PLAIN;
  }

  private inRow(bytes: Uint8Array, at: number): number {
    if (isStartOf(bytes, at, CELL)) return this.cell(bytes, at + 1 + CELL.length);
    if (bytes[at + 1] === SLASH) {
      const end = endTagAt(bytes, at, ROW);
      if (end >= 0) {
        this.isInRow = false;
        this.sink.endRow();
        // Noted where it is written `</row>`, as the writer looks for it.
        if (end === at + ROW_CLOSE_LENGTH) this.places?.add(this.rowPlace, this.origin + at);
      }
      return end;
    }
    return at + 2 >= bytes.length ? NEEDS_MORE : NOT_PLAIN;
  }

  /** A row's start tag, its `<` at `at`. */
  private rowStart(bytes: Uint8Array, at: number): number {
    const attribute = this.attribute;
    let rowNumber = NaN;
    let isHidden = false;
    let kind = nextAttribute(bytes, at + 1 + ROW.length, attribute);
    for (; kind === 0; kind = nextAttribute(bytes, attribute.end, attribute)) {
      const { nameStart, nameEnd, valueStart, valueEnd } = attribute;
      const length = nameEnd - nameStart;
      if (length === 1 && bytes[nameStart] === R) rowNumber = digitsAt(bytes, valueStart, valueEnd);
      else if (length === HIDDEN.length && holdsAt(bytes, nameStart, HIDDEN)) {
        if (holds(bytes, AMPERSAND, valueStart, valueEnd)) return NOT_PLAIN;
        const value = textAt(bytes, valueStart, valueEnd);
        isHidden = value === "1" || value === "true";
      } else if (isPrefixedShortName(bytes, attribute) && bytes[nameEnd - 1] === R) return NOT_PLAIN;
      else if (length > PREFIXED_HIDDEN.length && holdsAt(bytes, nameEnd - PREFIXED_HIDDEN.length, PREFIXED_HIDDEN))
        return NOT_PLAIN;
    }
    if (kind !== OPEN_TAG && kind !== EMPTY_TAG) return kind;
    this.sink.startRow(rowNumber, isHidden);
    if (kind === EMPTY_TAG) this.sink.endRow();
    else {
      this.isInRow = true;
      this.rowPlace = this.origin + at;
    }
    return attribute.end;
  }

  /** A whole cell from just after `<c`: passed on when it ends within the bytes. */
  private cell(bytes: Uint8Array, at: number): number {
    const plain = this.plainCell(bytes, at);
    return plain === NOT_PLAIN ? this.anyCell(bytes, at) : plain;
  }

  /**
   * A cell as spreadsheet programs write nearly all of them, read in one pass: `r`, `s` and a one-letter `t` in double
   * quotes, a single space before each, then a plain `<v>` or nothing. `NOT_PLAIN` sends any other to `anyCell`.
   */
  private plainCell(bytes: Uint8Array, at: number): number {
    const n = bytes.length;
    let i = at;
    let refColumn = -1;
    let style = 0;
    let type = 0;
    while (bytes[i] === SPACE) {
      const name = bytes[i + 1];
      if (bytes[i + 2] !== EQUALS || bytes[i + 3] !== DOUBLE_QUOTE) return i + 3 >= n ? NEEDS_MORE : NOT_PLAIN;
      let j = i + 4;
      if (name === R) {
        const start = j;
        while (j < n && bytes[j] !== DOUBLE_QUOTE) j++;
        refColumn = columnNumberInBytes(bytes, start, j) - 1;
      } else if (name === S) {
        let digit = (bytes[j] as number) - 48;
        while (digit >= 0 && digit <= 9) {
          style = style * 10 + digit;
          digit = (bytes[++j] as number) - 48;
        }
        // As the XML reader reads a style: more than 15 digits is no style at all.
        if (j - i - 4 > 15) return NOT_PLAIN;
      } else if (name === T) type = bytes[j++] as number;
      else return NOT_PLAIN;
      if (j >= n) return NEEDS_MORE;
      if (bytes[j] !== DOUBLE_QUOTE) return NOT_PLAIN;
      i = j + 1;
    }
    if (i + 4 > n) return NEEDS_MORE;
    if (bytes[i] !== GT)
      return bytes[i] === SLASH && bytes[i + 1] === GT ? this.emptyCell(refColumn, style, i + 2) : NOT_PLAIN;
    i++;
    if (bytes[i] === LT && bytes[i + 1] === SLASH) {
      if (bytes[i + 2] !== C || bytes[i + 3] !== GT) return NOT_PLAIN;
      return this.emptyCell(refColumn, style, i + 4);
    }
    if (bytes[i] !== LT || bytes[i + 1] !== V || bytes[i + 2] !== GT) return NOT_PLAIN;
    const valueStart = i + 3;
    let j = valueStart;
    while (j < n && bytes[j] !== LT) j++;
    if (j + 8 > n) return NEEDS_MORE;
    if (
      bytes[j + 1] !== SLASH ||
      bytes[j + 2] !== V ||
      bytes[j + 3] !== GT ||
      bytes[j + 4] !== LT ||
      bytes[j + 5] !== SLASH ||
      bytes[j + 6] !== C ||
      bytes[j + 7] !== GT
    )
      return NOT_PLAIN;
    this.sink.startCell(refColumn, style);
    if (j > valueStart) this.passValue(bytes, type === 0 ? N : type, valueStart, j);
    return j + 8;
  }

  private emptyCell(refColumn: number, style: number, end: number): number {
    this.sink.startCell(refColumn, style);
    return end;
  }

  /** A value of a one-letter type, read the cheapest way the type allows. */
  private passValue(bytes: Uint8Array, type: number, start: number, end: number): void {
    const { sink } = this;
    if (type === S) {
      const index = digitsAt(bytes, start, end);
      if (!Number.isNaN(index)) {
        sink.keepShared(index);
        return;
      }
    } else if (type === N) {
      const number = plainNumberAt(bytes, start, end);
      if (!Number.isNaN(number)) {
        sink.keepNumber(number);
        return;
      }
    }
    sink.keepValue(String.fromCharCode(type), xmlTextAt(bytes, start, end));
  }

  /** Any cell, its attributes and content as XML allows them. */
  private anyCell(bytes: Uint8Array, at: number): number {
    const attribute = this.attribute;
    this.refColumn = -1;
    this.style = 0;
    this.typeStart = this.typeEnd = 0;
    this.valueStart = this.valueEnd = this.inlineStart = this.inlineEnd = -1;
    let kind = nextAttribute(bytes, at, attribute);
    for (; kind === 0; kind = nextAttribute(bytes, attribute.end, attribute)) {
      const { nameStart, nameEnd, valueStart, valueEnd } = attribute;
      if (nameEnd - nameStart === 1) {
        switch (bytes[nameStart]) {
          case R:
            this.refColumn = columnNumberInBytes(bytes, valueStart, valueEnd) - 1;
            break;
          case S:
            this.style = digitsAt(bytes, valueStart, valueEnd) || 0;
            break;
          case T:
            if (holds(bytes, AMPERSAND, valueStart, valueEnd)) return NOT_PLAIN;
            this.typeStart = valueStart;
            this.typeEnd = valueEnd;
        }
      } else if (isPrefixedShortName(bytes, attribute)) {
        const local = bytes[nameEnd - 1];
        if (local === R || local === S || local === T) return NOT_PLAIN;
      }
    }
    if (kind === EMPTY_TAG) {
      this.sink.startCell(this.refColumn, this.style);
      return attribute.end;
    }
    if (kind !== OPEN_TAG) return kind;
    const end = this.cellContent(bytes, attribute.end);
    if (end >= 0) this.passCell(bytes);
    return end;
  }

  /** The cell's formula, value and inline text, up to and past `</c>`. */
  private cellContent(bytes: Uint8Array, from: number): number {
    let at = from;
    for (;;) {
      at = skipSpace(bytes, at);
      if (at + 3 >= bytes.length) return NEEDS_MORE;
      if (bytes[at] !== LT) return NOT_PLAIN;
      if (bytes[at + 1] === SLASH) return endTagAt(bytes, at, CELL);
      let next: number;
      if (isStartOf(bytes, at, VALUE)) {
        if (this.valueStart >= 0) return NOT_PLAIN;
        next = this.textElement(bytes, at + 1 + VALUE.length, VALUE);
        if (next >= 0) {
          this.valueStart = this.textStart;
          this.valueEnd = this.textEnd;
        }
      } else if (isStartOf(bytes, at, FORMULA)) {
        next = this.textElement(bytes, at + 1 + FORMULA.length, FORMULA);
      } else if (isStartOf(bytes, at, INLINE)) {
        if (this.inlineStart >= 0) return NOT_PLAIN;
        next = this.inlineText(bytes, at + 1 + INLINE.length);
      } else return NOT_PLAIN;
      if (next < 0) return next;
      at = next;
    }
  }

  private textStart = 0;
  private textEnd = 0;

  /**
   * An element holding only text, from just after its name (attributes are passed over): the text's place goes to
   * `textStart` and `textEnd`; returns the position after its end tag.
   */
  private textElement(bytes: Uint8Array, at: number, name: Uint8Array): number {
    const attribute = this.attribute;
    let kind = nextAttribute(bytes, at, attribute);
    while (kind === 0) kind = nextAttribute(bytes, attribute.end, attribute);
    if (kind === EMPTY_TAG) {
      this.textStart = this.textEnd = attribute.end;
      return attribute.end;
    }
    if (kind !== OPEN_TAG) return kind;
    const lt = bytes.indexOf(LT, attribute.end);
    if (lt < 0) return NEEDS_MORE;
    this.textStart = attribute.end;
    this.textEnd = lt;
    return endTagAt(bytes, lt, name);
  }

  /** `<is>` holding one plain `<t>`, from just after `<is`. */
  private inlineText(bytes: Uint8Array, at: number): number {
    const attribute = this.attribute;
    const kind = nextAttribute(bytes, at, attribute);
    if (kind === EMPTY_TAG) {
      this.inlineStart = this.inlineEnd = attribute.end;
      return attribute.end;
    }
    if (kind !== OPEN_TAG) return kind;
    let next = skipSpace(bytes, attribute.end);
    if (next + 3 >= bytes.length) return NEEDS_MORE;
    if (bytes[next] === LT && bytes[next + 1] === SLASH) {
      this.inlineStart = this.inlineEnd = next;
    } else {
      if (!isStartOf(bytes, next, TEXT)) return NOT_PLAIN;
      next = this.textElement(bytes, next + 1 + TEXT.length, TEXT);
      if (next < 0) return next;
      this.inlineStart = this.textStart;
      this.inlineEnd = this.textEnd;
      next = skipSpace(bytes, next);
    }
    return endTagAt(bytes, next, INLINE);
  }

  /** The whole cell to the sink: its value read the cheapest way its type allows. */
  private passCell(bytes: Uint8Array): void {
    const { sink, valueStart, valueEnd, typeStart, typeEnd } = this;
    sink.startCell(this.refColumn, this.style);
    if (this.inlineStart >= 0) {
      sink.keepInline(xmlTextAt(bytes, this.inlineStart, this.inlineEnd));
      return;
    }
    if (valueStart < 0 || valueEnd === valueStart) return;
    if (typeEnd === typeStart) this.passValue(bytes, N, valueStart, valueEnd);
    else if (typeEnd - typeStart === 1) this.passValue(bytes, bytes[typeStart] as number, valueStart, valueEnd);
    else sink.keepValue(textAt(bytes, typeStart, typeEnd), xmlTextAt(bytes, valueStart, valueEnd));
  }
}

/** What `betweenRows` returns at `</sheetData>`. */
const END_OF_SHEET_DATA = -10;
