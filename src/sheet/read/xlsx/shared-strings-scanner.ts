import {
  asciiBytes,
  type ByteAttribute,
  EMPTY_TAG,
  endTagAt,
  isStartOf,
  LT,
  NEEDS_MORE,
  nextAttribute,
  NOT_PLAIN,
  OPEN_TAG,
  skipSpace,
  SLASH,
} from "../../xml/xml-bytes";
import { ByteScanStop, type ByteScanner } from "../../xml/byte-scanned-stream";

const ITEM = asciiBytes("si");
const TEXT = asciiBytes("t");
const TABLE = asciiBytes("sst");

/**
 * Reads the shared strings straight from their UTF-8 bytes: each item holding one plain
 * `<t>` (as nearly all are) passed on as its text. At an item of rich text or phonetic guides,
 * or anything else, it stops before that item and the XML reader goes on from there.
 */
export class SharedStringsScanner implements ByteScanner {
  readonly openElements = 0;
  stoppedAt = 0;
  private readonly attribute: ByteAttribute = { nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0, end: 0 };

  /** `addText` takes each item's text as written, `bytes[start..end)`, to decode as the XML reader would. */
  constructor(private readonly addText: (bytes: Uint8Array, start: number, end: number) => void) {}

  /** Scans `bytes` from `from` until it must stop (see `ByteScanStop`); `</sst>` ends it. */
  scan(bytes: Uint8Array, from: number): ByteScanStop {
    let at = from;
    for (;;) {
      at = skipSpace(bytes, at);
      this.stoppedAt = at;
      if (at + 1 >= bytes.length) return ByteScanStop.NeedsMore;
      if (bytes[at] !== LT) return ByteScanStop.NotPlain;
      if (bytes[at + 1] === SLASH) {
        const end = endTagAt(bytes, at, TABLE);
        return end === NEEDS_MORE ? ByteScanStop.NeedsMore : end < 0 ? ByteScanStop.NotPlain : ByteScanStop.End;
      }
      const next = this.item(bytes, at);
      if (next === NEEDS_MORE) return ByteScanStop.NeedsMore;
      if (next === NOT_PLAIN) return ByteScanStop.NotPlain;
      at = next;
    }
  }

  /** `<si><t>text</t></si>` from its `<`: the position after it, once its text is passed on. */
  private item(bytes: Uint8Array, at: number): number {
    const attribute = this.attribute;
    if (at + 1 + ITEM.length >= bytes.length) return NEEDS_MORE;
    if (!isStartOf(bytes, at, ITEM)) return NOT_PLAIN;
    let kind = nextAttribute(bytes, at + 1 + ITEM.length, attribute);
    if (kind !== OPEN_TAG) return kind === NEEDS_MORE ? NEEDS_MORE : NOT_PLAIN;
    let next = skipSpace(bytes, attribute.end);
    if (next + 1 + TEXT.length >= bytes.length) return NEEDS_MORE;
    if (!isStartOf(bytes, next, TEXT)) return NOT_PLAIN;
    kind = nextAttribute(bytes, next + 1 + TEXT.length, attribute);
    while (kind === 0) kind = nextAttribute(bytes, attribute.end, attribute);
    let textStart = attribute.end;
    let textEnd = textStart;
    if (kind === OPEN_TAG) {
      textEnd = bytes.indexOf(LT, textStart);
      if (textEnd < 0) return NEEDS_MORE;
      next = endTagAt(bytes, textEnd, TEXT);
      if (next < 0) return next;
    } else if (kind === EMPTY_TAG) next = textStart = textEnd = attribute.end;
    else return kind === NEEDS_MORE ? NEEDS_MORE : NOT_PLAIN;
    const end = endTagAt(bytes, skipSpace(bytes, next), ITEM);
    if (end < 0) return end;
    this.addText(bytes, textStart, textEnd);
    return end;
  }
}
