import { SHEET_LIMITS } from "../limits";
import { isSpace } from "./xml-bytes";
import { malformed } from "./xml-refusal";
import { decodeXmlAttribute } from "./xml-text";
import { XmlToken, XmlTokenizer } from "./xml-tokenizer";

/** Reads the one tag each helper here is given; nothing is kept between calls. */
const tokens = new XmlTokenizer(SHEET_LIMITS.xlsx.maxMarkupChars);

/**
 * The start tag `tag` begins with (a tag, or an element's XML), read by the tokenizer: its attributes are then on
 * `tokens`.
 */
function readStartTag(tag: string): XmlTokenizer {
  tokens.reset();
  const token = tokens.next(tag, 0, true);
  if (token !== XmlToken.StartTag && token !== XmlToken.EmptyTag) throw malformed("a start tag was expected");
  return tokens;
}

/** An attribute's value in a tag as written, entities and all; `name` is matched as written (`r:id`, `ref`). */
export function rawAttribute(tag: string, name: string): string | undefined {
  const read = readStartTag(tag);
  const k = read.attributeIndex(name);
  return k < 0 ? undefined : tag.slice(read.attributeOffset(k, 2), read.attributeOffset(k, 3));
}

/** An attribute's value in a tag, decoded. */
export function readAttribute(tag: string, name: string): string | undefined {
  const raw = rawAttribute(tag, name);
  return raw === undefined ? undefined : decodeXmlAttribute(raw);
}

/** The tag with the attribute set to `value` (in place, or added at its end), or taken out when undefined. */
export function withAttribute(tag: string, name: string, value: string | number | undefined): string {
  const read = readStartTag(tag);
  const k = read.attributeIndex(name);
  const written = value === undefined ? "" : `${name}="${escapeAttribute(String(value))}"`;
  if (k >= 0) {
    const nameStart = read.attributeOffset(k, 0);
    // Past the value's closing quote.
    const end = read.attributeOffset(k, 3) + 1;
    // Taken out, it takes the space before it along.
    const start = value === undefined && isSpace(tag.charCodeAt(nameStart - 1)) ? nameStart - 1 : nameStart;
    return tag.slice(0, start) + written + tag.slice(end);
  }
  if (value === undefined) return tag;
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  return `${tag.slice(0, close).trimEnd()} ${written}${tag.slice(close)}`;
}

/** `<a …/>` as `<a …>`, for an empty element that gets content. */
export const openFormOf = (emptyTag: string) => emptyTag.replace(/\s*\/>$/, ">");

export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : `&#${c.charCodeAt(0)};`,
  );
}

/** An XML boolean attribute (`hidden="1"`, `date1904="true"`) that is set. */
export const isTrue = (value: string | undefined) => value === "1" || value === "true";
