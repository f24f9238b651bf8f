import { columnNumberAt } from "../formats/cell-ref";
import { decodeXmlAttribute, decodeXmlText } from "./xml-text";

/** What made the scanner stop: nothing a spreadsheet program writes looks like this. */
export type XmlRefusalKind = "doctype" | "depth" | "markup-size" | "malformed";

/** Thrown by the scanner; the reader turns it into a failure in the user's words. */
export class XmlRefusal extends Error {
  constructor(
    readonly kind: XmlRefusalKind,
    detail: string,
  ) {
    super(detail);
    this.name = "XmlRefusal";
  }
}

/** The start tag being reported: its local name, and its attributes on request. */
export interface XmlTag {
  /** The element's name without a namespace prefix (`x:c` gives `c`). */
  readonly name: string;
  /** An attribute's value by its local name (`r:id` is found as `id`), decoded; undefined when absent. */
  attr(localName: string): string | undefined;
  /** An attribute's value as a whole number of digits only; NaN when absent or anything else. */
  attrInteger(localName: string): number;
  /** The column index of the letters an attribute's value starts with (`AB12` → 27); -1 without letters. */
  attrColumn(localName: string): number;
}

export interface XmlHandler {
  /** Whether the text at this point is wanted; unwanted text is skipped without being decoded. */
  readonly wantsText: boolean;
  open(tag: XmlTag): void;
  /** Called for every element, right after `open` for an empty one (`<c/>`). */
  close(name: string): void;
  /** Decoded character data; a long run may come in several pieces. */
  text(text: string): void;
}

export interface XmlScannerLimits {
  /** Elements open at once. */
  readonly maxDepth: number;
  /** Characters of one tag, comment or declaration. */
  readonly maxMarkupLength: number;
}

const enum Mode {
  Content,
  Comment,
  Cdata,
  Instruction,
}

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const COLON = 58;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const AMPERSAND_REACH = 12;

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
const DTD_DECLARATIONS = ["<!DOCTYPE", "<!ENTITY", "<!ELEMENT", "<!ATTLIST", "<!NOTATION"];

/**
 * A small streaming XML tokenizer: text goes in as it is inflated and decoded, start tags,
 * end tags and text come out as they complete; a tag cut by a chunk boundary waits for the
 * next chunk. It keeps no tree and holds at most one tag's worth of text between chunks.
 * It refuses what spreadsheet programs never write and what would make reading unbounded:
 * document type declarations (entities), nesting deeper than `maxDepth`, a tag, comment or
 * declaration longer than `maxMarkupLength`.
 */
export class XmlScanner implements XmlTag {
  name = "";
  private source = "";
  private attributeCount = 0;
  /** Per attribute: name start, name end, value start, value end, in `source`. */
  private spans = new Int32Array(64);
  private pending = "";
  private depth = 0;
  private mode = Mode.Content;
  /** Characters of the comment, CDATA section or processing instruction being skipped, so far. */
  private specialLength = 0;

  constructor(
    private readonly handler: XmlHandler,
    private readonly limits: XmlScannerLimits,
  ) {}

  push(text: string): void {
    const source = this.pending.length === 0 ? text : this.pending + text;
    const stop = this.scan(source, false);
    this.pending = stop < source.length ? source.slice(stop) : "";
    if (this.pending.length > this.limits.maxMarkupLength) {
      throw new XmlRefusal("markup-size", `a piece of markup longer than ${this.limits.maxMarkupLength} characters`);
    }
  }

  /** The part has ended: anything left open means it was cut short. */
  end(): void {
    if (this.pending.length > 0) {
      const stop = this.scan(this.pending, true);
      this.pending = this.pending.slice(stop);
    }
    if (this.pending.trim() !== "" || this.mode !== Mode.Content || this.depth !== 0) throw new XmlRefusal("malformed", "the part ends part-way through");
  }

  attr(localName: string): string | undefined {
    const k = this.attributeIndex(localName);
    return k < 0 ? undefined : decodeXmlAttribute(this.source.slice(this.spans[k * 4 + 2], this.spans[k * 4 + 3]));
  }

  attrInteger(localName: string): number {
    const k = this.attributeIndex(localName);
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

  attrColumn(localName: string): number {
    const k = this.attributeIndex(localName);
    if (k < 0) return -1;
    return columnNumberAt(this.source, this.spans[k * 4 + 2] as number, this.spans[k * 4 + 3] as number) - 1;
  }

  /** Which of the current tag's attributes has this local name (namespace declarations aside), or -1. */
  private attributeIndex(localName: string): number {
    const { source, spans } = this;
    for (let k = 0; k < this.attributeCount; k++) {
      const at = k * 4;
      const nameStart = spans[at] as number;
      const nameEnd = spans[at + 1] as number;
      let local = nameStart;
      for (let i = nameStart; i < nameEnd; i++) if (source.charCodeAt(i) === COLON) local = i + 1;
      if (nameEnd - local !== localName.length) continue;
      let same = true;
      for (let i = 0; i < localName.length && same; i++) same = source.charCodeAt(local + i) === localName.charCodeAt(i);
      if (!same || (local > nameStart && source.startsWith("xmlns:", nameStart))) continue;
      return k;
    }
    return -1;
  }

  /** Scans `s` from the start; returns where an incomplete token begins (or `s.length`). */
  private scan(s: string, isFinal: boolean): number {
    const n = s.length;
    const handler = this.handler;
    let i = 0;
    while (i < n) {
      if (this.mode !== Mode.Content) {
        const stop = this.skipSpecial(s, i, isFinal);
        if (stop < 0) return -stop - 1;
        i = stop;
        continue;
      }
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf("<", i);
        if (!handler.wantsText) {
          if (lt < 0) return n;
          i = lt;
          continue;
        }
        if (lt < 0) {
          let cut = n;
          if (!isFinal) {
            const amp = s.lastIndexOf("&");
            if (amp >= i && n - amp <= AMPERSAND_REACH && s.indexOf(";", amp) < 0) cut = amp;
            if (cut > i && s.charCodeAt(cut - 1) === 13) cut--;
          }
          if (cut > i) handler.text(decodeXmlText(s.slice(i, cut)));
          return cut;
        }
        handler.text(decodeXmlText(s.slice(i, lt)));
        i = lt;
        continue;
      }
      if (i + 1 >= n) return i;
      const next = s.charCodeAt(i + 1);
      let stop: number;
      if (next === SLASH) stop = this.endTag(s, i);
      else if (next === QUESTION) {
        this.mode = Mode.Instruction;
        this.specialLength = 0;
        stop = i + 2;
      } else if (next === BANG) stop = this.declaration(s, i, isFinal);
      else stop = this.startTag(s, i);
      if (stop < 0) {
        if (n - i > this.limits.maxMarkupLength) throw new XmlRefusal("markup-size", `a tag longer than ${this.limits.maxMarkupLength} characters`);
        return i;
      }
      i = stop;
    }
    return n;
  }

  /**
   * Inside a comment, CDATA section or processing instruction: where scanning goes on, or,
   * when its end is not in `s` yet, `-(keep + 1)` where `keep` is where the rest must wait.
   */
  private skipSpecial(s: string, i: number, isFinal: boolean): number {
    const terminator = this.mode === Mode.Comment ? "-->" : this.mode === Mode.Cdata ? "]]>" : "?>";
    const end = s.indexOf(terminator, i);
    let keep = end < 0 ? (isFinal ? s.length : Math.max(i, s.length - 2)) : end;
    if (this.mode === Mode.Cdata && this.handler.wantsText) {
      if (end < 0 && keep > i && s.charCodeAt(keep - 1) === 13) keep--;
      if (keep > i) {
        const raw = s.slice(i, keep);
        this.handler.text(raw.indexOf("\r") === -1 ? raw : raw.replace(/\r\n?/g, "\n"));
      }
    }
    this.specialLength += keep - i;
    if (this.specialLength > this.limits.maxMarkupLength) {
      throw new XmlRefusal("markup-size", `a comment, CDATA section or processing instruction longer than ${this.limits.maxMarkupLength} characters`);
    }
    if (end < 0) return -(keep + 1);
    this.mode = Mode.Content;
    return end + terminator.length;
  }

  private declaration(s: string, i: number, isFinal: boolean): number {
    if (s.length - i < 9 && !isFinal) return -1;
    this.specialLength = 0;
    if (s.startsWith("<!--", i)) {
      this.mode = Mode.Comment;
      return i + 4;
    }
    if (s.startsWith("<![CDATA[", i)) {
      this.mode = Mode.Cdata;
      return i + 9;
    }
    const head = s.slice(i, i + 10).toUpperCase();
    if (DTD_DECLARATIONS.some((d) => head.startsWith(d))) throw new XmlRefusal("doctype", "a document type declaration");
    throw new XmlRefusal("malformed", "a declaration XML does not have");
  }

  private endTag(s: string, i: number): number {
    const gt = s.indexOf(">", i + 2);
    if (gt < 0) return -1;
    let end = gt;
    while (end > i + 2 && isSpace(s.charCodeAt(end - 1))) end--;
    let local = i + 2;
    for (let k = i + 2; k < end; k++) if (s.charCodeAt(k) === COLON) local = k + 1;
    if (--this.depth < 0) throw new XmlRefusal("malformed", "an end tag without its start tag");
    this.handler.close(s.slice(local, end));
    return gt + 1;
  }

  private startTag(s: string, i: number): number {
    const n = s.length;
    let j = i + 1;
    let local = j;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === GT || c === SLASH || isSpace(c)) break;
      if (c === COLON) local = j + 1;
    }
    if (j >= n) return -1;
    if (j === i + 1) throw new XmlRefusal("malformed", "a tag without a name");
    const nameEnd = j;
    let count = 0;
    let isEmpty = false;
    for (;;) {
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      const c = s.charCodeAt(j);
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (j + 1 >= n) return -1;
        if (s.charCodeAt(j + 1) !== GT) throw new XmlRefusal("malformed", "a stray slash in a tag");
        isEmpty = true;
        j += 2;
        break;
      }
      const attributeStart = j;
      while (j < n) {
        const a = s.charCodeAt(j);
        if (a === EQUALS || a === GT || a === SLASH || isSpace(a)) break;
        j++;
      }
      const attributeEnd = j;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      if (s.charCodeAt(j) !== EQUALS || attributeEnd === attributeStart) throw new XmlRefusal("malformed", "an attribute without a value");
      j++;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      const quote = s.charCodeAt(j);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw new XmlRefusal("malformed", "an attribute value without quotes");
      const valueEnd = s.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", j + 1);
      if (valueEnd < 0) return -1;
      if (count * 4 + 4 > this.spans.length) {
        const grown = new Int32Array(this.spans.length * 2);
        grown.set(this.spans);
        this.spans = grown;
      }
      const at = count * 4;
      this.spans[at] = attributeStart;
      this.spans[at + 1] = attributeEnd;
      this.spans[at + 2] = j + 1;
      this.spans[at + 3] = valueEnd;
      count++;
      j = valueEnd + 1;
    }
    if (j - i > this.limits.maxMarkupLength) throw new XmlRefusal("markup-size", `a tag longer than ${this.limits.maxMarkupLength} characters`);
    this.source = s;
    this.attributeCount = count;
    this.name = s.slice(local, nameEnd);
    if (++this.depth > this.limits.maxDepth) throw new XmlRefusal("depth", `elements nested more than ${this.limits.maxDepth} deep`);
    this.handler.open(this);
    if (isEmpty) {
      this.depth--;
      this.handler.close(this.name);
    }
    return j;
  }
}
