import { endsName, GT, isSpace } from "../../xml/xml-bytes";
import { NEEDS_MORE_TEXT, type XmlTagSpan } from "../../xml/xml-tag-scanner";

/**
 * A row longer than this is read tag by tag rather than whole: reading it whole would hold
 * it all until its end tag comes.
 */
export const MAX_WHOLE_ROW_CHARS = 1 << 20;

/**
 * Finds where a row element's content ends directly rather than tag by tag. A comment, CDATA
 * section or processing instruction inside a row could hide a `</row>`, so such a row is
 * left to be read tag by tag, as is a row longer than `MAX_WHOLE_ROW_CHARS`. Where the next
 * of those is, is remembered as the text grows and loses its start (see `shift`); a row whose
 * end the text does not reach yet is searched on from where it got to.
 */
export class RowEnds {
  private readonly declarations = new NextMarkup("<!");
  private readonly instructions = new NextMarkup("<?");
  /** For the row last told to wait for more text: how far past its `<` it was searched. */
  private searched = 0;

  /** The text lost its first `dropped` characters (text added at its end changes nothing found). */
  shift(dropped: number): void {
    this.declarations.shift(dropped);
    this.instructions.shift(dropped);
  }

  /**
   * The start of the row's `</row>`; `NEEDS_MORE_TEXT` when `text` ends first; undefined when
   * the row must be read tag by tag. After `NEEDS_MORE_TEXT`, the next call is for the same
   * row, with more text.
   */
  contentEnd(text: string, rowTag: XmlTagSpan, isFinal: boolean): number | undefined {
    const from = Math.max(rowTag.end, rowTag.start + this.searched);
    this.searched = 0;
    const closeTag = `</${rowTag.prefix}row>`;
    const close = rowCloseIn(text, closeTag, from);
    const limit = close < 0 ? text.length : close;
    if (this.declarations.next(text, from) < limit || this.instructions.next(text, from) < limit) return undefined;
    if (close === SPACED_CLOSE) return undefined;
    if (close >= 0) return close;
    if (isFinal || text.length - rowTag.start > MAX_WHOLE_ROW_CHARS) return undefined;
    // An end tag may have begun in the last characters.
    this.searched = Math.max(0, text.length - (closeTag.length - 1) - rowTag.start);
    return NEEDS_MORE_TEXT;
  }
}

/** Said of a row whose end tag has white space before its `>` (`</row >`): it is read tag by tag. */
const SPACED_CLOSE = -2;

/**
 * Where `closeTag` (`</row>`, prefixed as the row is) starts in `text` from `from` on: -1 when the text ends first,
 * SPACED_CLOSE where the first end tag of the row's name is written `</row >`. Searching for `</row>` whole would pass
 * over that one and take the next row's end for this one's.
 */
function rowCloseIn(text: string, closeTag: string, from: number): number {
  const name = closeTag.slice(0, -1);
  for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, at + 1)) {
    if (at + name.length >= text.length) return -1;
    const next = text.charCodeAt(at + name.length);
    if (next === GT) return at;
    if (isSpace(next)) return SPACED_CLOSE;
  }
  return -1;
}

/**
 * Where the next `<!` (or `<?`) is, remembered as the text grows at its end and loses its start: each stretch of text
 * is searched once, not once for every piece that comes.
 */
class NextMarkup {
  /** Where the next one was found; -1 when none was, up to `clearTo`. */
  private at = -1;
  private clearTo = 0;

  constructor(private readonly markup: string) {}

  /** The next one at or after `from`; Infinity when the text holds none there. */
  next(text: string, from: number): number {
    if (this.at >= from) return this.at;
    // One may have begun in the last characters searched before the text grew.
    const start = this.at < 0 ? Math.max(from, this.clearTo - (this.markup.length - 1)) : from;
    this.at = text.indexOf(this.markup, start);
    if (this.at >= 0) return this.at;
    this.clearTo = text.length;
    return Infinity;
  }

  shift(dropped: number): void {
    if (this.at < 0) this.clearTo = Math.max(0, this.clearTo - dropped);
    else if (this.at >= dropped) this.at -= dropped;
    else {
      // The one found has gone with the text before it: nothing is known of what follows.
      this.at = -1;
      this.clearTo = 0;
    }
  }
}

/** The start of the last cell tag (`<c …>`, `<c/>`) in `text` before `end` and from `start` on, or -1. */
export function lastCellTagBefore(text: string, prefix: string, start: number, end: number): number {
  const open = `<${prefix}c`;
  for (let at = text.lastIndexOf(open, end - open.length); at >= start; at = text.lastIndexOf(open, at - 1)) {
    const next = text.charCodeAt(at + open.length);
    if (endsName(next)) return at;
    if (at === 0) break;
  }
  return -1;
}
