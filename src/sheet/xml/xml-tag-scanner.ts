import { SHEET_LIMITS } from "../limits";
import { endsName } from "./xml-bytes";
import { decodeXmlAttribute } from "./xml-text";
import { XmlToken, XmlTokenizer } from "./xml-tokenizer";

export type TagKind = "open" | "close" | "empty";

/**
 * One tag found by `XmlTagScanner.scan`, as offsets into the scanned text; what it holds holds until `onTag` returns.
 */
export interface XmlTagSpan {
  /** Where its `<` is. */
  readonly start: number;
  /** Just after its `>`. */
  readonly end: number;
  readonly kind: TagKind;
  /** The name without a prefix: `row` for `<x:row>`. */
  readonly name: string;
  /** The prefix with its colon (`x:`), or "". */
  readonly prefix: string;
  /** An attribute's value as written, entities and all; `name` is matched as written (`r:id`, `ref`). */
  rawAttribute(name: string): string | undefined;
  /** An attribute's value, decoded. */
  attribute(name: string): string | undefined;
}

/** What `onTag` returns to stop at this tag until there is more text. */
export const NEEDS_MORE_TEXT = -1;

/**
 * The prefix with its colon of the tag name starting at `nameStart` (`x:` of `<x:row>`), or "": up to its last colon,
 * as the tokenizer reads it.
 */
function prefixOf(text: string, nameStart: number): string {
  let local = nameStart;
  for (let i = nameStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) local = i + 1;
    else if (endsName(c)) break;
  }
  return local === nameStart ? "" : text.slice(nameStart, local);
}

class ScannedTag implements XmlTagSpan {
  start = 0;
  end = 0;
  kind: TagKind = "open";
  name = "";
  prefix = "";

  constructor(private readonly tokens: XmlTokenizer) {}

  rawAttribute(name: string): string | undefined {
    const tokens = this.tokens;
    if (this.kind === "close") return undefined;
    const k = tokens.attributeIndex(name);
    return k < 0 ? undefined : tokens.source.slice(tokens.attributeOffset(k, 2), tokens.attributeOffset(k, 3));
  }

  attribute(name: string): string | undefined {
    const raw = this.rawAttribute(name);
    return raw === undefined ? undefined : decodeXmlAttribute(raw);
  }
}

/**
 * The patcher's view of the tokenizer: each tag as offsets into the text, so what is not
 * patched can be copied through as it was. Comments, CDATA sections, processing instructions
 * and declarations are stepped over. One scanner serves one stream of text: given more text,
 * it goes on where it stopped rather than searching the same text again.
 */
export class XmlTagScanner {
  private readonly tokens: XmlTokenizer;
  private readonly tag: ScannedTag;

  constructor(maxMarkupChars: number = SHEET_LIMITS.xlsx.maxMarkupChars) {
    this.tokens = new XmlTokenizer(maxMarkupChars);
    this.tag = new ScannedTag(this.tokens);
  }

  /**
   * Calls `onTag` for each complete tag in `text` from `from` on. Returns where it stopped:
   * the end of `text`; the start of a tag that `text` cuts short, to be scanned again with
   * more text; or, inside a comment or the like, a point before which the text is done with.
   * When `isFinal`, markup cut short is refused instead. The tag object is reused between
   * calls. `onTag` may return where to go on from (past an element it read itself), or
   * `NEEDS_MORE_TEXT` to stop there and see the same tag again with more text.
   */
  scan(text: string, from: number, isFinal: boolean, onTag: (tag: XmlTagSpan) => number | void): number {
    const { tokens, tag } = this;
    let at = from;
    for (;;) {
      const token = tokens.next(text, at, isFinal);
      switch (token) {
        case XmlToken.End:
          return text.length;
        case XmlToken.Cut:
          return tokens.end;
        case XmlToken.StartTag:
        case XmlToken.EmptyTag:
        case XmlToken.EndTag:
          break;
        default:
          at = tokens.end;
          continue;
      }
      tag.start = tokens.start;
      tag.end = tokens.end;
      tag.kind = token === XmlToken.EndTag ? "close" : token === XmlToken.EmptyTag ? "empty" : "open";
      tag.name = tokens.name;
      tag.prefix = prefixOf(text, token === XmlToken.EndTag ? tag.start + 2 : tag.start + 1);
      const goOnFrom = onTag(tag);
      if (goOnFrom === NEEDS_MORE_TEXT) return tokens.start;
      at = goOnFrom ?? tokens.end;
    }
  }
}
