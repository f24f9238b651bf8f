import { describe, expect, it } from "vitest";
import { XmlEventScanner } from "../../../src/sheet/xml/xml-event-scanner";
import { XmlRefusal, type XmlRefusalKind } from "../../../src/sheet/xml/xml-refusal";
import { XmlTagScanner } from "../../../src/sheet/xml/xml-tag-scanner";

/**
 * Every tag of `xml` fed in the given pieces, as `kind name@start-end` with its `r` attribute; offsets are into the
 * whole text.
 */
function tags(pieces: readonly string[], limit = 200): string[] {
  const scanner = new XmlTagScanner(limit);
  const seen: string[] = [];
  let text = "";
  let offset = 0;
  let from = 0;
  const onTag = (isFinal: boolean) =>
    scanner.scan(text, from, isFinal, (tag) => {
      const r = tag.rawAttribute("r");
      const ref = r === undefined ? "" : ` r=${r}`;
      seen.push(`${tag.kind} ${tag.prefix}${tag.name}@${offset + tag.start}-${offset + tag.end}${ref}`);
    });
  for (const piece of pieces) {
    text += piece;
    const stop = onTag(false);
    // As a stream's owner does: the text before where it stopped is done with.
    offset += stop;
    text = text.slice(stop);
    from = 0;
  }
  onTag(true);
  return seen;
}

/** Every way of cutting `xml` in two, and one character at a time. */
function splits(xml: string): string[][] {
  return [...Array.from({ length: xml.length + 1 }, (_, i) => [xml.slice(0, i), xml.slice(i)]), [...xml]];
}

describe("XmlTagScanner: tags as offsets, whatever the chunk boundaries", () => {
  it.each([
    [
      "tags, text and comments",
      '<?xml version="1.0"?><a><!-- <b> --><x:row r="2">t</x:row><c r=\'A1\'/></a>',
      ["open a@21-24", "open x:row@36-49 r=2", "close x:row@50-58", "empty c@58-69 r=A1", "close a@69-73"],
    ],
    [
      "a `>` inside a value and CDATA holding markup",
      '<a b=">"><![CDATA[<c r="1"/>]]></a>',
      ["open a@0-9", "close a@31-35"],
    ],
    ["a document type is stepped over", "<!DOCTYPE a><a/>", ["empty a@12-16"]],
  ] as const)("%s", (_, xml, expected) => {
    for (const pieces of splits(xml)) expect(tags(pieces)).toEqual(expected);
  });
});

describe("one grammar for reading and patching", () => {
  const readerRefusal = (xml: string): XmlRefusalKind | "none" => {
    const scanner = new XmlEventScanner(
      { wantsText: false, open: () => {}, close: () => {}, text: () => {} },
      { maxDepth: 20, maxMarkupLength: 200 },
    );
    try {
      scanner.push(xml);
      scanner.end();
      return "none";
    } catch (error) {
      if (error instanceof XmlRefusal) return error.kind;
      throw error;
    }
  };
  const patcherRefusal = (xml: string): XmlRefusalKind | "none" => {
    try {
      tags([xml]);
      return "none";
    } catch (error) {
      if (error instanceof XmlRefusal) return error.kind;
      throw error;
    }
  };

  it.each([
    ["an attribute without quotes", "<a b=1/>", "malformed"],
    ["an attribute without a value", "<a b/>", "malformed"],
    ["a stray slash", "<a / b></a>", "malformed"],
    ["an end tag with attributes", "<a></a b>", "malformed"],
    ["a tag cut short", '<a><b c="', "malformed"],
    ["a tag past the limit", `<a b="${"x".repeat(300)}"/>`, "markup-size"],
    ["a comment past the limit", `<a><!--${"x".repeat(300)}--></a>`, "markup-size"],
    ["well-formed markup", '<a x:b = "1>2"><c/></a>', "none"],
  ] as const)("%s: %s for both", (_, xml, kind) => {
    expect(readerRefusal(xml)).toBe(kind);
    expect(patcherRefusal(xml)).toBe(kind);
  });
});
