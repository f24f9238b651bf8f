import { malformed } from "./xml-refusal";
import { XmlTagScanner } from "./xml-tag-scanner";

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
  new XmlTagScanner().scan(region, 0, true, (tag) => {
    if (tag.kind === "open") {
      open.push({ name: tag.name, prefix: tag.prefix, start: tag.start + from, openEnd: tag.end + from });
    } else if (tag.kind === "empty") {
      if (open.length === 0)
        children.push({
          name: tag.name,
          prefix: tag.prefix,
          start: tag.start + from,
          openEnd: tag.end + from,
          closeStart: tag.end + from,
          end: tag.end + from,
        });
    } else {
      const element = open.pop();
      if (!element || element.name !== tag.name || element.prefix !== tag.prefix) {
        throw malformed(
          `</${tag.prefix}${tag.name}> closes ${element ? `<${element.prefix}${element.name}>` : "nothing"}`,
        );
      }
      if (open.length === 0) children.push({ ...element, closeStart: tag.start + from, end: tag.end + from });
    }
  });
  const unclosed = open.pop();
  if (unclosed) throw malformed(`<${unclosed.prefix}${unclosed.name}> is never closed`);
  return children;
}

/** The document's one top-level element. */
export function rootElement(xml: string): XmlElement {
  const [root, ...more] = childElements(xml);
  if (!root || more.length > 0) throw malformed(root ? "more than one top-level element" : "no element at all");
  return root;
}

/** The first child of `parent` with this local name. */
export function childElement(xml: string, parent: XmlElement, name: string): XmlElement | undefined {
  return childElements(xml, parent).find((element) => element.name === name);
}

export const openTagOf = (xml: string, element: XmlElement) => xml.slice(element.start, element.openEnd);
