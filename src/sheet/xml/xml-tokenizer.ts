/**
 * The one XML tokenizer of the sheet code, under both of its views: the reader's events
 * (`XmlEventScanner`) and the patcher's offsets (`XmlTagScanner`). Runs in the sheet worker
 * and in Node.
 */
import { columnNumberAt } from "../formats/cell-ref";
import { isSpace } from "./xml-bytes";
import { malformed, XmlRefusal } from "./xml-refusal";
import { decodeXmlAttribute } from "./xml-text";

/** What `XmlTokenizer.next` found; the tokenizer holds its offsets until the next call. */
export const XmlToken = {
  /** No markup from `from` on: the rest of the text is character data. */
  End: 0,
  /** The text ends inside markup: keep the text from `end` on and call again with more, from there. */
  Cut: 1,
  StartTag: 2,
  /** `<c/>`. */
  EmptyTag: 3,
  EndTag: 4,
  /** The text of a CDATA section, `[textStart, textEnd)`; a long one may come in several pieces. */
  Cdata: 5,
  /**
   * `<!` opening neither a comment nor CDATA (a document type, say): refused, or skipped when `next` is called again.
   */
  Declaration: 6,
  /** A comment, a processing instruction or the rest of a declaration, passed over. */
  Skipped: 7,
} as const;
export type XmlToken = (typeof XmlToken)[keyof typeof XmlToken];

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const COLON = 58;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const CR = 13;
/** Long enough to tell `<!--`, `<![CDATA[` and `<!DOCTYPE` apart from a cut-off start. */
const LONGEST_OPENER = 9;

/** Markup whose end is still to come, and the text that ends it. */
const enum Inside {
  None,
  Comment,
  Cdata,
  Instruction,
  Declaration,
}
const TERMINATORS = ["", "-->", "]]>", "?>", ">"] as const;

/**
 * In a tag whose end is searched for: just past an `=`, where a quote opens its value (a quote's code means inside that
 * value).
 */
const AFTER_EQUALS = 1;

/**
 * Searches a tag for its end (just past its `>`) from `from`, in `state` there: 0 outside
 * values, `AFTER_EQUALS`, or the code of the quote whose value it is inside. Quotes count only
 * where a value starts, as for reading. When the text ends first: `-(1 + state)`.
 */
function searchTagEnd(text: string, from: number, state: number): number {
  const n = text.length;
  let i = from;
  while (i < n) {
    if (state > AFTER_EQUALS) {
      const close = text.indexOf(state === DOUBLE_QUOTE ? '"' : "'", i);
      if (close < 0) return -(1 + state);
      i = close + 1;
      state = 0;
      continue;
    }
    const c = text.charCodeAt(i++);
    if (c === GT) return i;
    if (c === EQUALS) state = AFTER_EQUALS;
    else if (state === AFTER_EQUALS && (c === DOUBLE_QUOTE || c === SINGLE_QUOTE)) state = c;
    else if (!isSpace(c)) state = 0;
  }
  return -(1 + state);
}

/**
 * Where the tag starting at `lt` ends (just past its `>`; quoted values may hold one), or -1 when `text` ends first.
 */
export function findTagEnd(text: string, lt: number): number {
  const end = searchTagEnd(text, lt + 1, 0);
  return end < 0 ? -1 : end;
}

const tagTooLong = (max: number) => new XmlRefusal("markup-size", `a tag longer than ${max} characters`);

/** The names met on every row and cell, as constants: most tags then cost no new string. */
function nameOf(text: string, start: number, end: number): string {
  const length = end - start;
  if (length === 1) {
    const c = text.charCodeAt(start);
    if (c === 0x63) return "c";
    if (c === 0x76) return "v";
    if (c === 0x74) return "t";
    if (c === 0x66) return "f";
  } else if (
    length === 3 &&
    text.charCodeAt(start) === 0x72 &&
    text.charCodeAt(start + 1) === 0x6f &&
    text.charCodeAt(start + 2) === 0x77
  )
    return "row";
  return text.slice(start, end);
}

/**
 * A streaming XML tokenizer over text given in pieces: `next` finds the next token from an
 * offset, and the token's offsets (and a tag's name and attributes) are left on the tokenizer
 * until the next call. It keeps no tree and copies nothing: callers keep the text from a cut
 * token on and call again with more. Markup cut across pieces is searched on from where it
 * got to, so a long tag or comment costs no searching again.
 *
 * Every tag is read as the reader reads it: a name, then attributes `name="value"` or
 * `name='value'`, refusing anything else (`malformed`), and no tag, comment, CDATA section,
 * processing instruction or declaration may run on past `maxMarkupChars` (`markup-size`).
 */
export class XmlTokenizer {
  /** The text the last start tag was read from, which its attributes' offsets are into. */
  source = "";
  /**
   * Where the token starts (its `<`): the character data before it runs from where `next`
   * was asked to look up to here. For `End`, the end of the text; resumed inside markup, `from`.
   */
  start = 0;
  /** Just past the token: where to go on from. For `Cut`, where the text to keep for the next call starts. */
  end = 0;
  /** A tag's local name (`x:c` gives `c`). */
  name = "";
  /** A CDATA token's text. */
  textStart = 0;
  textEnd = 0;
  /** A start tag's attributes, each as four offsets: name start, name end, value start, value end (quotes excluded). */
  attributeCount = 0;
  private spans = new Int32Array(64);
  private inside = Inside.None;
  /** Characters of the markup being passed over, so far. */
  private insideChars = 0;
  /**
   * A tag cut short where `next` stopped: how far past its `<` its end was searched for (0 when none), and the search's
   * state there.
   */
  private cutSearched = 0;
  private cutState = 0;

  constructor(readonly maxMarkupChars: number) {}

  /** Whether `next` stopped inside a comment, CDATA section, processing instruction or declaration. */
  get isInsideMarkup(): boolean {
    return this.inside !== Inside.None;
  }

  /** Forgets where it stopped, for text that has nothing to do with the last. */
  reset(): void {
    this.inside = Inside.None;
    this.insideChars = 0;
    this.cutSearched = 0;
  }

  /**
   * The next token of `text` from `from`. After `Cut`, call again with the same text and more
   * (or the text from `end` on), from `end`. When `isFinal`, markup cut short is refused instead.
   */
  next(text: string, from: number, isFinal: boolean): XmlToken {
    if (this.isResuming) return this.nextAfterCut(text, from, isFinal);
    // Tags mostly follow one another: no search for the one right here.
    const lt = text.charCodeAt(from) === LT ? from : text.indexOf("<", from);
    if (lt < 0) {
      this.start = this.end = text.length;
      return XmlToken.End;
    }
    return this.at(text, lt, isFinal);
  }

  /** Whether the last call stopped inside markup or in a tag cut short: `next` goes on from there. */
  get isResuming(): boolean {
    return this.inside !== Inside.None || this.cutSearched > 0;
  }

  /** The token at `lt`, a `<` of `text`, when the tokenizer is not resuming (see `isResuming`). */
  at(text: string, lt: number, isFinal: boolean): XmlToken {
    this.start = lt;
    const next = text.charCodeAt(lt + 1);
    if (next === BANG || next === QUESTION || lt + 1 >= text.length) return this.markupOrCut(text, lt, next, isFinal);
    const token = next === SLASH ? this.endTag(text, lt) : this.startTag(text, lt);
    return token === XmlToken.Cut ? this.cutTag(text, lt, isFinal, searchTagEnd(text, lt + 1, 0)) : token;
  }

  /** `next` where the last call stopped inside markup or in a tag cut short. */
  private nextAfterCut(text: string, from: number, isFinal: boolean): XmlToken {
    if (this.inside !== Inside.None) {
      this.start = from;
      return this.passInside(text, from, isFinal);
    }
    const lt = text.indexOf("<", from);
    if (lt !== from) {
      // Not the tag cut short: that one was dropped, or is somewhere else now.
      this.cutSearched = 0;
      return this.next(text, from, isFinal);
    }
    this.start = lt;
    const searched = searchTagEnd(text, lt + this.cutSearched, this.cutState);
    if (searched < 0) return this.cutTag(text, lt, isFinal, searched);
    // Its end has come: it is read whole, once.
    this.cutSearched = 0;
    return this.next(text, from, isFinal);
  }

  /**
   * The markup at `lt` that is not a tag (a comment, CDATA section, declaration or instruction), or a `<` the text ends
   * at.
   */
  private markupOrCut(text: string, lt: number, next: number, isFinal: boolean): XmlToken {
    if (next === BANG || next === QUESTION) {
      if (!isFinal && text.length - lt < LONGEST_OPENER) {
        this.end = lt;
        return XmlToken.Cut;
      }
      return this.openMarkup(text, lt, next === QUESTION, isFinal);
    }
    return this.cutTag(text, lt, isFinal, searchTagEnd(text, lt + 1, 0));
  }

  private openMarkup(text: string, lt: number, isInstruction: boolean, isFinal: boolean): XmlToken {
    this.insideChars = 0;
    if (isInstruction) {
      this.inside = Inside.Instruction;
      return this.passInside(text, lt + 2, isFinal);
    }
    if (text.startsWith("<!--", lt)) {
      this.inside = Inside.Comment;
      return this.passInside(text, lt + 4, isFinal);
    }
    if (text.startsWith("<![CDATA[", lt)) {
      this.inside = Inside.Cdata;
      return this.passInside(text, lt + 9, isFinal);
    }
    this.inside = Inside.Declaration;
    this.end = lt + 2;
    return XmlToken.Declaration;
  }

  /**
   * Inside a comment or the like from `at`: past its end (a CDATA section's text given), or as far as the text allows.
   */
  private passInside(text: string, at: number, isFinal: boolean): XmlToken {
    const inside = this.inside;
    const terminator = TERMINATORS[inside];
    const close = text.indexOf(terminator, at);
    let keep = close >= 0 ? close : isFinal ? text.length : Math.max(at, text.length - (terminator.length - 1));
    // A CR at the cut waits for the next piece, which may begin with the LF that makes the two one line end.
    if (close < 0 && inside === Inside.Cdata && keep > at && text.charCodeAt(keep - 1) === CR) keep--;
    this.insideChars += keep - at;
    if (this.insideChars > this.maxMarkupChars) {
      throw new XmlRefusal(
        "markup-size",
        `a comment, CDATA section, processing instruction or declaration longer than ${this.maxMarkupChars} characters`,
      );
    }
    this.textStart = at;
    this.textEnd = keep;
    if (close >= 0) {
      this.inside = Inside.None;
      this.end = close + terminator.length;
      return inside === Inside.Cdata ? XmlToken.Cdata : XmlToken.Skipped;
    }
    if (isFinal) throw malformed("the part ends inside a comment, CDATA section or declaration");
    this.end = keep;
    return inside === Inside.Cdata && keep > at ? XmlToken.Cdata : XmlToken.Cut;
  }

  /**
   * A tag the text ends inside, to be searched on from the end of `text` with more text; `searched` is what
   * `searchTagEnd` gave.
   */
  private cutTag(text: string, lt: number, isFinal: boolean, searched: number): XmlToken {
    if (isFinal) throw malformed("the part ends part-way through a tag");
    if (text.length - lt > this.maxMarkupChars) throw tagTooLong(this.maxMarkupChars);
    this.cutSearched = text.length - lt;
    this.cutState = -searched - 1;
    this.start = this.end = lt;
    return XmlToken.Cut;
  }

  private endTag(s: string, i: number): XmlToken {
    const n = s.length;
    let j = i + 2;
    let local = j;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      // Letters are past every character that ends a name.
      if (c > GT) continue;
      if (c === GT || c === SLASH || isSpace(c)) break;
      if (c === COLON) local = j + 1;
    }
    const nameEnd = j;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    if (j >= n) return XmlToken.Cut;
    if (nameEnd === i + 2) throw malformed("a tag without a name");
    if (s.charCodeAt(j) !== GT) throw malformed("an end tag with more than a name");
    this.name = nameOf(s, local, nameEnd);
    this.end = j + 1;
    if (j >= i + this.maxMarkupChars) throw tagTooLong(this.maxMarkupChars);
    return XmlToken.EndTag;
  }

  private startTag(s: string, i: number): XmlToken {
    const n = s.length;
    let j = i + 1;
    let local = j;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      // Letters are past every character that ends a name.
      if (c > GT) continue;
      if (c === GT || c === SLASH || isSpace(c)) break;
      if (c === COLON) local = j + 1;
    }
    if (j >= n) return XmlToken.Cut;
    if (j === i + 1) throw malformed("a tag without a name");
    const nameEnd = j;
    let count = 0;
    let isEmpty = false;
    for (;;) {
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return XmlToken.Cut;
      const c = s.charCodeAt(j);
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (j + 1 >= n) return XmlToken.Cut;
        if (s.charCodeAt(j + 1) !== GT) throw malformed("a stray slash in a tag");
        isEmpty = true;
        j += 2;
        break;
      }
      const attributeStart = j;
      while (j < n) {
        const a = s.charCodeAt(j);
        if (a < GT && (a === EQUALS || a === SLASH || isSpace(a))) break;
        if (a === GT) break;
        j++;
      }
      const attributeEnd = j;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return XmlToken.Cut;
      if (s.charCodeAt(j) !== EQUALS || attributeEnd === attributeStart)
        throw malformed("an attribute without a value");
      j++;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return XmlToken.Cut;
      const quote = s.charCodeAt(j);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw malformed("an attribute value without quotes");
      const valueEnd = s.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", j + 1);
      if (valueEnd < 0) return XmlToken.Cut;
      if (count * 4 + 4 > this.spans.length) this.growSpans();
      const spans = this.spans;
      const at = count * 4;
      spans[at] = attributeStart;
      spans[at + 1] = attributeEnd;
      spans[at + 2] = j + 1;
      spans[at + 3] = valueEnd;
      count++;
      j = valueEnd + 1;
    }
    this.name = nameOf(s, local, nameEnd);
    this.attributeCount = count;
    this.source = s;
    this.end = j;
    if (j - i > this.maxMarkupChars) throw tagTooLong(this.maxMarkupChars);
    return isEmpty ? XmlToken.EmptyTag : XmlToken.StartTag;
  }

  private growSpans(): void {
    const grown = new Int32Array(this.spans.length * 2);
    grown.set(this.spans);
    this.spans = grown;
  }

  /** An attribute's value by its local name (`r:id` is found as `id`), decoded; undefined when absent. */
  attr(localName: string): string | undefined {
    const k = this.localAttributeIndex(localName);
    return k < 0 ? undefined : decodeXmlAttribute(this.source.slice(this.spans[k * 4 + 2], this.spans[k * 4 + 3]));
  }

  /** An attribute's value as a whole number of digits only; NaN when absent or anything else. */
  attrInteger(localName: string): number {
    const k = this.localAttributeIndex(localName);
    if (k < 0) return NaN;
    const end = this.spans[k * 4 + 3] as number;
    let value = 0;
    let i = this.spans[k * 4 + 2] as number;
    if (i === end || end - i > 15) return NaN;
    for (; i < end; i++) {
      const c = this.source.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return NaN;
      value = value * 10 + c;
    }
    return value;
  }

  /** The column index of the letters an attribute's value starts with (`AB12` → 27); -1 without letters. */
  attrColumn(localName: string): number {
    const k = this.localAttributeIndex(localName);
    if (k < 0) return -1;
    return columnNumberAt(this.source, this.spans[k * 4 + 2] as number, this.spans[k * 4 + 3] as number) - 1;
  }

  /** Which attribute has this local name (namespace declarations aside), or -1. */
  private localAttributeIndex(localName: string): number {
    const { source, spans } = this;
    const length = localName.length;
    const first = localName.charCodeAt(0);
    for (let k = 0; k < this.attributeCount; k++) {
      const at = k * 4;
      const nameStart = spans[at] as number;
      const nameEnd = spans[at + 1] as number;
      // Most names have no prefix: the whole name is the local name.
      if (nameEnd - nameStart === length) {
        if (source.charCodeAt(nameStart) !== first) continue;
        let i = 1;
        while (i < length && source.charCodeAt(nameStart + i) === localName.charCodeAt(i)) i++;
        if (i === length) return k;
        continue;
      }
      if (nameEnd - nameStart < length + 2) continue;
      let local = nameStart;
      for (let i = nameStart; i < nameEnd; i++) if (source.charCodeAt(i) === COLON) local = i + 1;
      if (nameEnd - local !== length || local === nameStart || source.startsWith("xmlns:", nameStart)) continue;
      let i = 0;
      while (i < length && source.charCodeAt(local + i) === localName.charCodeAt(i)) i++;
      if (i === length) return k;
    }
    return -1;
  }

  /** Which attribute is named `name` exactly as written (`r:id`, `xmlns:x`), or -1. */
  attributeIndex(name: string): number {
    const { source, spans } = this;
    for (let k = 0; k < this.attributeCount; k++) {
      const nameStart = spans[k * 4] as number;
      if ((spans[k * 4 + 1] as number) - nameStart === name.length && source.startsWith(name, nameStart)) return k;
    }
    return -1;
  }

  /**
   * Attribute `k`'s offsets: 0 its name's start, 1 its name's end, 2 its value's start, 3 its value's end (quotes
   * excluded).
   */
  attributeOffset(k: number, which: 0 | 1 | 2 | 3): number {
    return this.spans[k * 4 + which] as number;
  }
}
