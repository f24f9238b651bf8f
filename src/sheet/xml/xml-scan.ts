/**
 * Just enough XML to patch a workbook's parts as text: find tags, read and set attributes,
 * escape values. What is not patched is never parsed into anything, so it can be copied as
 * it was. Runs in the sheet worker and in Node.
 */
import { SHEET_LIMITS } from "../limits";
import { decodeXmlAttribute } from "./xml-text";

export type TagKind = "open" | "close" | "empty";

/** One tag found by `scanTags`, as offsets into the scanned text. */
export interface XmlTag {
  /** Where its `<` is. */
  start: number;
  /** Just after its `>`. */
  end: number;
  kind: TagKind;
  /** The name without a prefix: `row` for `<x:row>`. */
  name: string;
  /** The prefix with its colon (`x:`), or "". */
  prefix: string;
}

/** Text that is not XML, or not the XML expected; the message says where it broke. */
export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
}

/** Long enough to tell `<!--` and `<![CDATA[` apart from a cut-off start. */
const LONGEST_OPENER = "<![CDATA[".length;

/**
 * A tag, comment, CDATA section, processing instruction or declaration longer than the
 * reader takes (`SHEET_LIMITS.xlsx.maxMarkupChars`); nothing a spreadsheet program writes.
 */
export class XmlMarkupTooLong extends XmlSyntaxError {
  override name = "XmlMarkupTooLong";
}

/**
 * Where `scanTags` stopped, so that given more text it goes on from there instead of
 * searching the same text again: inside a comment (or the like) whose text it has passed
 * on, or at a tag cut short, searched so far. Pass the same object to every call for one
 * stream of text, each starting where the one before stopped.
 */
export class TagScanState {
  /** The end of the comment, CDATA section or the like the stop is inside; "" when none. */
  inside = "";
  /** How much of that markup has gone by. */
  insideChars = 0;
  /** For a tag cut short at the stop: how far past its `<` it was searched (0 when not), and the quote open there. */
  tagSearched = 0;
  tagQuote = 0;

  clear(): void {
    this.inside = "";
    this.insideChars = 0;
    this.tagSearched = 0;
    this.tagQuote = 0;
  }
}

/**
 * Where the tag starting at `lt` ends (just after its `>`; quoted values may hold one), or
 * -1 when `text` ends first. `from` and `quote` go on from an earlier search of the same tag:
 * where it got to, and the quote (`"` or `'`) open there, 0 when none.
 */
function findTagEnd(text: string, from: number, quote: number, state: TagScanState | undefined, lt: number): number {
  let i = from;
  if (quote !== 0) {
    i = text.indexOf(quote === 0x22 ? '"' : "'", i);
    if (i < 0) return cutTag(text, lt, quote, state);
    i++;
  }
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3e) return i + 1;
    if (code === 0x22 || code === 0x27) {
      const close = text.indexOf(code === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return cutTag(text, lt, code, state);
      i = close;
    }
  }
  return cutTag(text, lt, 0, state);
}

function cutTag(text: string, lt: number, quote: number, state: TagScanState | undefined): number {
  if (state) {
    state.tagSearched = text.length - lt;
    state.tagQuote = quote;
  }
  return -1;
}

/** Where the tag starting at `lt` ends (just after its `>`; quoted values may hold one), or -1 when `text` ends first. */
export function tagEnd(text: string, lt: number): number {
  return findTagEnd(text, lt + 1, 0, undefined, lt);
}

/** The names met on every row, as constants: most tags then cost no new string. */
function nameOf(text: string, start: number, end: number): string {
  if (end - start === 1) {
    switch (text.charCodeAt(start)) {
      case 0x63:
        return "c";
      case 0x76:
        return "v";
      case 0x66:
        return "f";
      case 0x74:
        return "t";
    }
  } else if (end - start === 3 && text.startsWith("row", start)) return "row";
  return text.slice(start, end);
}

/** What `onTag` returns to stop at this tag until there is more text. */
export const NEEDS_MORE_TEXT = -1;

/**
 * Calls `onTag` for each complete tag in `text` from `from` on, stepping over comments,
 * CDATA sections, processing instructions and declarations. Returns where it stopped: the
 * end of `text`; the start of a tag that `text` cuts short, to be scanned again with more
 * text; or, inside a comment or the like, a point before which the text is done with. When
 * `isFinal`, markup cut short is an error instead. The tag object is reused between calls.
 * `onTag` may return where to go on from (past an element it read itself), or
 * `NEEDS_MORE_TEXT` to stop there and see the same tag again with more text.
 *
 * With `state`, a call given more text goes on where the one before stopped rather than
 * searching the same text again, a comment's text need not be kept until it ends, and
 * markup running on for longer than the reader takes is an error (`XmlMarkupTooLong`).
 */
export function scanTags(text: string, from: number, isFinal: boolean, onTag: (tag: XmlTag) => number | void, state?: TagScanState): number {
  const tag: XmlTag = { start: 0, end: 0, kind: "open", name: "", prefix: "" };
  let at = from;
  if (state?.inside) {
    const close = text.indexOf(state.inside, at);
    if (close < 0) return stopInside(text, at, isFinal, state);
    countInside(state, close - at);
    at = close + state.inside.length;
    state.inside = "";
    state.insideChars = 0;
  }
  // A tag cut short where the last call stopped, searched that far.
  let searched = state?.tagSearched ?? 0;
  let quote = state?.tagQuote ?? 0;
  for (;;) {
    const lt = text.indexOf("<", at);
    if (lt < 0) {
      state?.clear();
      return text.length;
    }
    if (lt !== from) searched = quote = 0;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x21 || next === 0x3f) {
      if (!isFinal && lt + LONGEST_OPENER > text.length) {
        state?.clear();
        return lt;
      }
      const opener = next === 0x3f ? 2 : text.startsWith("<!--", lt) ? 4 : text.startsWith("<![CDATA[", lt) ? 9 : 2;
      const terminator = next === 0x3f ? "?>" : opener === 4 ? "-->" : opener === 9 ? "]]>" : ">";
      const close = text.indexOf(terminator, lt + opener);
      if (close < 0) {
        if (state === undefined) {
          if (isFinal) throw new XmlSyntaxError(`an unfinished comment or declaration at character ${lt}`);
          return lt;
        }
        state.clear();
        state.inside = terminator;
        return stopInside(text, lt + opener, isFinal, state);
      }
      if (state) countInside(state, close - lt - opener);
      at = close + terminator.length;
      continue;
    }
    const end = findTagEnd(text, searched > 0 ? lt + searched : lt + 1, quote, state, lt);
    searched = quote = 0;
    if (end < 0) {
      if (isFinal) throw new XmlSyntaxError(`an unfinished tag at character ${lt}`);
      if (state && text.length - lt > SHEET_LIMITS.xlsx.maxMarkupChars) throw new XmlMarkupTooLong(`a tag longer than ${SHEET_LIMITS.xlsx.maxMarkupChars} characters`);
      return lt;
    }
    const isClose = next === 0x2f;
    const nameStart = isClose ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    let colon = -1;
    for (; nameEnd < end; nameEnd++) {
      const code = text.charCodeAt(nameEnd);
      if (code === 0x3a) colon = nameEnd;
      else if (code === 0x20 || code === 0x2f || code === 0x3e || code === 0x0a || code === 0x09 || code === 0x0d) break;
    }
    if (nameEnd === nameStart) throw new XmlSyntaxError(`a tag without a name at character ${lt}`);
    tag.start = lt;
    tag.end = end;
    tag.kind = isClose ? "close" : text.charCodeAt(end - 2) === 0x2f ? "empty" : "open";
    tag.prefix = colon < 0 ? "" : text.slice(nameStart, colon + 1);
    tag.name = nameOf(text, colon < 0 ? nameStart : colon + 1, nameEnd);
    const goOnFrom = onTag(tag);
    if (goOnFrom === NEEDS_MORE_TEXT) {
      if (state) {
        // Seen whole: found again at once, from its `>`.
        state.clear();
        state.tagSearched = end - 1 - lt;
      }
      return lt;
    }
    at = goOnFrom ?? end;
  }
}

/** Inside a comment or the like whose end `text` does not reach: how far the text is done with. */
function stopInside(text: string, at: number, isFinal: boolean, state: TagScanState): number {
  if (isFinal) throw new XmlSyntaxError("an unfinished comment or declaration");
  // Its end may have begun in the last characters.
  const keep = Math.max(at, text.length - (state.inside.length - 1));
  countInside(state, keep - at);
  return keep;
}

/** Counts characters gone by inside a comment or the like: as the reader, no more than the longest tag it takes. */
function countInside(state: TagScanState, chars: number): void {
  state.insideChars += chars;
  if (state.insideChars > SHEET_LIMITS.xlsx.maxMarkupChars) throw new XmlMarkupTooLong(`a comment or declaration longer than ${SHEET_LIMITS.xlsx.maxMarkupChars} characters`);
}

/** An element of a small part, as offsets: its open tag is `[start, openEnd)`, its content `[openEnd, closeStart)`. */
export interface XmlElement {
  readonly name: string;
  readonly prefix: string;
  readonly start: number;
  readonly openEnd: number;
  readonly closeStart: number;
  readonly end: number;
}

/**
 * The elements directly inside `parent` (without one, the document's top level), checking
 * that every tag inside is closed in order. For parts small enough to hold as one string.
 */
export function childElements(xml: string, parent?: XmlElement): XmlElement[] {
  const from = parent ? parent.openEnd : 0;
  const to = parent ? parent.closeStart : xml.length;
  const region = from === 0 && to === xml.length ? xml : xml.slice(from, to);
  const children: XmlElement[] = [];
  const open: { name: string; prefix: string; start: number; openEnd: number }[] = [];
  scanTags(region, 0, true, (tag) => {
    if (tag.kind === "open") {
      open.push({ name: tag.name, prefix: tag.prefix, start: tag.start + from, openEnd: tag.end + from });
    } else if (tag.kind === "empty") {
      if (open.length === 0) children.push({ name: tag.name, prefix: tag.prefix, start: tag.start + from, openEnd: tag.end + from, closeStart: tag.end + from, end: tag.end + from });
    } else {
      const element = open.pop();
      if (!element || element.name !== tag.name || element.prefix !== tag.prefix) {
        throw new XmlSyntaxError(`</${tag.prefix}${tag.name}> closes ${element ? `<${element.prefix}${element.name}>` : "nothing"}`);
      }
      if (open.length === 0) children.push({ ...element, closeStart: tag.start + from, end: tag.end + from });
    }
  });
  const unclosed = open.pop();
  if (unclosed) throw new XmlSyntaxError(`<${unclosed.prefix}${unclosed.name}> is never closed`);
  return children;
}

/** The document's one top-level element. */
export function rootElement(xml: string): XmlElement {
  const [root, ...more] = childElements(xml);
  if (!root || more.length > 0) throw new XmlSyntaxError(root ? "more than one top-level element" : "no element at all");
  return root;
}

/** The first child of `parent` with this local name. */
export function childElement(xml: string, parent: XmlElement, name: string): XmlElement | undefined {
  return childElements(xml, parent).find((element) => element.name === name);
}

export const openTagOf = (xml: string, element: XmlElement) => xml.slice(element.start, element.openEnd);

/**
 * A row longer than this is read tag by tag rather than whole: reading it whole would hold
 * it all until its end tag comes.
 */
export const MAX_WHOLE_ROW_CHARS = 1 << 20;

/**
 * Finds where a row element's content ends directly rather than tag by tag. A comment, CDATA
 * section or processing instruction inside a row could hide a `</row>`, so such a row is
 * left to be read tag by tag, as is a row longer than `MAX_WHOLE_ROW_CHARS`. Where the next
 * of those is, is remembered until `reset`, which is called whenever the text changes; a
 * row whose end the text does not reach yet is searched on from where it got to.
 */
export class RowEnds {
  /** Where the next `<!` and `<?` are, from where they were last looked for; -1 when not known. */
  private nextDeclaration = -1;
  private nextInstruction = -1;
  /** For the row last told to wait for more text: how far past its `<` it was searched. */
  private searched = 0;

  reset(): void {
    this.nextDeclaration = -1;
    this.nextInstruction = -1;
  }

  /**
   * The start of the row's `</row>`; `NEEDS_MORE_TEXT` when `text` ends first; undefined when
   * the row must be read tag by tag. After `NEEDS_MORE_TEXT`, the next call is for the same
   * row, with more text.
   */
  contentEnd(text: string, rowTag: XmlTag, isFinal: boolean): number | undefined {
    const from = Math.max(rowTag.end, rowTag.start + this.searched);
    this.searched = 0;
    const closeTag = `</${rowTag.prefix}row>`;
    const close = text.indexOf(closeTag, from);
    const limit = close < 0 ? text.length : close;
    if (this.nextDeclaration < from) this.nextDeclaration = nextOf(text, "<!", from);
    if (this.nextInstruction < from) this.nextInstruction = nextOf(text, "<?", from);
    if (this.nextDeclaration < limit || this.nextInstruction < limit) return undefined;
    if (close >= 0) return close;
    if (isFinal || text.length - rowTag.start > MAX_WHOLE_ROW_CHARS) return undefined;
    // An end tag may have begun in the last characters.
    this.searched = Math.max(0, text.length - (closeTag.length - 1) - rowTag.start);
    return NEEDS_MORE_TEXT;
  }
}

function nextOf(text: string, markup: string, from: number): number {
  const at = text.indexOf(markup, from);
  return at < 0 ? Infinity : at;
}

/** The start of the last cell tag (`<c …>`, `<c/>`) in `text` before `end` and from `start` on, or -1. */
export function lastCellTagBefore(text: string, prefix: string, start: number, end: number): number {
  const open = `<${prefix}c`;
  for (let at = text.lastIndexOf(open, end - open.length); at >= start; at = text.lastIndexOf(open, at - 1)) {
    const next = text.charCodeAt(at + open.length);
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x0a || next === 0x09 || next === 0x0d) return at;
    if (at === 0) break;
  }
  return -1;
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();

function attributePattern(name: string): RegExp {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(\\s)${name.replace(/[.:-]/g, "\\$&")}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  return pattern;
}

/** An attribute's value in a tag, decoded; `name` is matched as written (`r:id`, `ref`). */
export function readAttribute(tag: string, name: string): string | undefined {
  const match = attributePattern(name).exec(tag);
  return match ? decodeXmlAttribute(match[2] ?? match[3] ?? "") : undefined;
}

/** An attribute's value in a tag as written, entities and all. */
export function rawAttribute(tag: string, name: string): string | undefined {
  const match = attributePattern(name).exec(tag);
  return match ? (match[2] ?? match[3] ?? "") : undefined;
}

/** The tag with the attribute set to `value` (in place, or added at its end), or taken out when undefined. */
export function withAttribute(tag: string, name: string, value: string | number | undefined): string {
  const match = attributePattern(name).exec(tag);
  const written = value === undefined ? "" : `${match?.[1] ?? " "}${name}="${escapeAttribute(String(value))}"`;
  if (match) return tag.slice(0, match.index) + written + tag.slice(match.index + match[0].length);
  if (value === undefined) return tag;
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  return tag.slice(0, close).trimEnd() + written + tag.slice(close);
}

/** `<a …/>` as `<a …>`, for an empty element that gets content. */
export const openFormOf = (emptyTag: string) => emptyTag.replace(/\s*\/>$/, ">");

export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : `&#${c.charCodeAt(0)};`));
}
