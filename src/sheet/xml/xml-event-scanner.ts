import { malformed, XmlRefusal } from "./xml-refusal";
import { decodeXmlText } from "./xml-text";
import { XmlToken, XmlTokenizer } from "./xml-tokenizer";

/** The start tag being reported: its local name, and its attributes on request. */
export interface XmlStartTag {
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
  open(tag: XmlStartTag): void;
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

/**
 * The longest character reference (`&#x10FFFF;`, with room to spare): a text cut within this of a `&` keeps it for the
 * next piece.
 */
const AMPERSAND_REACH = 12;
const LT = 60;
const DTD_DECLARATIONS = ["<!DOCTYPE", "<!ENTITY", "<!ELEMENT", "<!ATTLIST", "<!NOTATION"];

const isDocumentType = (text: string, at: number) => {
  const head = text.slice(at, at + 10).toUpperCase();
  return DTD_DECLARATIONS.some((d) => head.startsWith(d));
};

/**
 * The reader's view of the tokenizer: text goes in as it is inflated and decoded, start tags,
 * end tags and text come out to a handler as they complete. It holds at most one tag's worth
 * of text between pieces. Besides what the tokenizer refuses, it refuses what would make
 * reading unbounded or unsafe: document type declarations (entities) and nesting deeper than
 * `maxDepth`.
 */
export class XmlEventScanner {
  private readonly tokens: XmlTokenizer;
  private pending = "";
  private depth = 0;

  constructor(
    private readonly handler: XmlHandler,
    private readonly limits: XmlScannerLimits,
  ) {
    this.tokens = new XmlTokenizer(limits.maxMarkupLength);
  }

  push(text: string): void {
    const source = this.pending.length === 0 ? text : this.pending + text;
    const stop = this.scan(source, false);
    this.pending = stop < source.length ? source.slice(stop) : "";
    if (this.pending.length > this.limits.maxMarkupLength) {
      throw new XmlRefusal("markup-size", `a piece of markup longer than ${this.limits.maxMarkupLength} characters`);
    }
  }

  /** Whether the text pushed so far ended between two tokens, nothing held back. */
  get isBetweenTokens(): boolean {
    return this.pending === "" && !this.tokens.isResuming;
  }

  /** Elements open now. */
  get openElements(): number {
    return this.depth;
  }

  /** Elements another reader opened after the text pushed so far: their content and end tags come here next. */
  enterOpened(count: number): void {
    this.depth += count;
  }

  /** The part has ended: anything left open means it was cut short. */
  end(): void {
    if (this.pending.length > 0) {
      const stop = this.scan(this.pending, true);
      this.pending = this.pending.slice(stop);
    }
    if (this.pending.trim() !== "" || this.tokens.isInsideMarkup || this.depth !== 0)
      throw malformed("the part ends part-way through");
  }

  /** Scans `s` from the start; returns where the text still to be read begins (or `s.length`). */
  private scan(s: string, isFinal: boolean): number {
    const { tokens, handler } = this;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const isResuming = tokens.isResuming;
      if (s.charCodeAt(i) !== LT && !isResuming) {
        // Character data up to the next markup, decoded only when it is wanted.
        const lt = s.indexOf("<", i);
        if (!handler.wantsText) {
          if (lt < 0) return n;
          i = lt;
          continue;
        }
        if (lt < 0) return isFinal ? this.passText(s, i, n) : this.textUpToCut(s, i);
        i = this.passText(s, i, lt);
        continue;
      }
      const token = isResuming ? tokens.next(s, i, isFinal) : tokens.at(s, i, isFinal);
      switch (token) {
        case XmlToken.Cut:
          return tokens.end;
        case XmlToken.StartTag:
        case XmlToken.EmptyTag:
          if (++this.depth > this.limits.maxDepth)
            throw new XmlRefusal("depth", `elements nested more than ${this.limits.maxDepth} deep`);
          handler.open(tokens);
          if (token === XmlToken.EmptyTag) {
            this.depth--;
            handler.close(tokens.name);
          }
          break;
        case XmlToken.EndTag:
          if (--this.depth < 0) throw malformed("an end tag without its start tag");
          handler.close(tokens.name);
          break;
        case XmlToken.Cdata:
          if (handler.wantsText && tokens.textEnd > tokens.textStart) {
            const raw = s.slice(tokens.textStart, tokens.textEnd);
            handler.text(raw.indexOf("\r") === -1 ? raw : raw.replace(/\r\n?/g, "\n"));
          }
          break;
        case XmlToken.Declaration:
          throw isDocumentType(s, tokens.start)
            ? new XmlRefusal("doctype", "a document type declaration")
            : malformed("a declaration XML does not have");
      }
      i = tokens.end;
    }
    return n;
  }

  /** Passes on the text `[start, end)`; returns `end`. */
  private passText(s: string, start: number, end: number): number {
    this.handler.text(decodeXmlText(s.slice(start, end)));
    return end;
  }

  /**
   * Text running to the end of the piece: passed on but for a reference or a CR the next piece may finish; returns
   * where it stopped.
   */
  private textUpToCut(s: string, i: number): number {
    const n = s.length;
    let cut = n;
    const amp = s.lastIndexOf("&");
    if (amp >= i && n - amp <= AMPERSAND_REACH && s.indexOf(";", amp) < 0) cut = amp;
    if (cut > i && s.charCodeAt(cut - 1) === 13) cut--;
    if (cut > i) this.handler.text(decodeXmlText(s.slice(i, cut)));
    return cut;
  }
}
