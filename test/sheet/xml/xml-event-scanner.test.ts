import { describe, expect, it } from "vitest";
import { XmlEventScanner, type XmlStartTag } from "../../../src/sheet/xml/xml-event-scanner";
import { XmlRefusal, type XmlRefusalKind } from "../../../src/sheet/xml/xml-refusal";

/** Scans `xml` in the given pieces; every event as a string, text wanted everywhere. */
function scan(
  pieces: readonly string[],
  limits = { maxDepth: 20, maxMarkupLength: 200 },
  attributes: readonly string[] = [],
): string[] {
  const events: string[] = [];
  const scanner = new XmlEventScanner(
    {
      wantsText: true,
      open: (tag: XmlStartTag) =>
        events.push(
          `<${tag.name}${attributes.map((a) => (tag.attr(a) === undefined ? "" : ` ${a}=${tag.attr(a)}`)).join("")}>`,
        ),
      close: (name) => events.push(`</${name}>`),
      text: (text) => {
        // Text may come in pieces; join neighbours so splits compare equal.
        const last = events.length - 1;
        if (last >= 0 && (events[last] as string).startsWith("#")) events[last] += text;
        else events.push(`#${text}`);
      },
    },
    limits,
  );
  for (const piece of pieces) scanner.push(piece);
  scanner.end();
  return events;
}

/** Every way of cutting `xml` in two, and one character at a time. */
function splits(xml: string): string[][] {
  return [...Array.from({ length: xml.length + 1 }, (_, i) => [xml.slice(0, i), xml.slice(i)]), [...xml]];
}

describe("XmlEventScanner: tokens, whatever the chunk boundaries", () => {
  it.each([
    [
      "tags and text",
      '<?xml version="1.0"?><a><b>one</b><c/>two</a>',
      [],
      ["<a>", "<b>", "#one", "</b>", "<c>", "</c>", "#two", "</a>"],
    ],
    [
      "entities and character references",
      "<t>&lt;&gt;&amp;&quot;&apos;&#65;&#x1F455;&amp;lt;</t>",
      [],
      ["<t>", "#<>&\"'A👕&lt;", "</t>"],
    ],
    [
      "unknown and impossible references stay as written",
      "<t>&nbsp;&#0;&#x110000;&</t>",
      [],
      ["<t>", "#&nbsp;&#0;&#x110000;&", "</t>"],
    ],
    ["line ends normalised in text", "<t>a\r\nb\rc\nd</t>", [], ["<t>", "#a\nb\nc\nd", "</t>"]],
    ["CDATA as text, unescaped", "<t><![CDATA[a<b&amp;c]]]]></t>", [], ["<t>", "#a<b&amp;c]]", "</t>"]],
    ["comments and instructions skipped", "<a><!-- <b> & </b> --><?pi <x>?>x</a>", [], ["<a>", "#x", "</a>"]],
    [
      "namespace prefixes dropped",
      '<x:row xmlns:x="urn:x" xmlns:r="urn:r" r="2" r:id="rId7"></x:row>',
      ["r", "id"],
      ["<row r=2 id=rId7>", "</row>"],
    ],
    [
      "attribute values with > and quotes, spaces around =",
      `<c a = "1>2" b='say "hi"'  d="x&#10;y&amp;z"/>`,
      ["a", "b", "d"],
      ['<c a=1>2 b=say "hi" d=x\ny&z>', "</c>"],
    ],
    ["whitespace in attribute values becomes spaces", '<c a="1\t2\n3"/>', ["a"], ["<c a=1 2 3>", "</c>"]],
  ] as const)("%s", (_, xml, attributes, expected) => {
    for (const pieces of splits(xml)) expect(scan(pieces, undefined, attributes)).toEqual(expected);
  });

  it("skips text that is not wanted without decoding it", () => {
    const texts: string[] = [];
    const handler = {
      wantsText: false,
      open: (tag: XmlStartTag) => (handler.wantsText = tag.name === "v"),
      close: () => (handler.wantsText = false),
      text: (t: string) => texts.push(t),
    };
    const scanner = new XmlEventScanner(handler, { maxDepth: 10, maxMarkupLength: 100 });
    scanner.push(`<c><f>${"x".repeat(10_000)}</f><v>12</v></c>`);
    scanner.end();
    expect(texts).toEqual(["12"]);
  });

  it("reads whole numbers and column letters from attributes without decoding them", () => {
    const seen: [number, number, number][] = [];
    const scanner = new XmlEventScanner(
      {
        wantsText: false,
        open: (tag) => tag.name === "c" && seen.push([tag.attrColumn("r"), tag.attrInteger("s"), tag.attrInteger("t")]),
        close: () => {},
        text: () => {},
      },
      { maxDepth: 10, maxMarkupLength: 100 },
    );
    scanner.push('<row><c r="A1" s="12"/><c r="AB7" t="x"/><c/><c r="XFD1048576" s=""/></row>');
    scanner.end();
    expect(seen).toEqual([
      [0, 12, NaN],
      [27, NaN, NaN],
      [-1, NaN, NaN],
      [16_383, NaN, NaN],
    ]);
  });
});

describe("XmlEventScanner: what it refuses", () => {
  const refusal = (
    pieces: readonly string[],
    limits?: { maxDepth: number; maxMarkupLength: number },
  ): XmlRefusalKind | "none" => {
    try {
      scan(pieces, limits);
      return "none";
    } catch (error) {
      if (error instanceof XmlRefusal) return error.kind;
      throw error;
    }
  };

  it.each([
    ["a document type", ['<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'], "doctype"],
    ["a document type, cut across chunks", ["<a></a><!DOC", "TYPE a>"], "doctype"],
    ["an entity declaration alone", ['<!ENTITY e "x"><a/>'], "doctype"],
    ["nesting past the limit", [`${"<a>".repeat(21)}${"</a>".repeat(21)}`], "depth"],
    ["a tag past the limit", [`<a b="${"x".repeat(300)}"/>`], "markup-size"],
    ["a tag past the limit, across chunks", ['<a b="', "x".repeat(150), "x".repeat(150)], "markup-size"],
    ["a part that ends inside a tag", ["<a><b c="], "malformed"],
    ["a part that ends with elements open", ["<a><b>"], "malformed"],
    ["an end tag with no start", ["<a></a></b>"], "malformed"],
    ["an attribute without quotes", ["<a b=1/>"], "malformed"],
    ["an unknown declaration", ["<!FOO><a/>"], "malformed"],
    ["a comment past the limit", [`<a><!--${"x".repeat(300)}--></a>`], "markup-size"],
    [
      "a comment past the limit, across chunks",
      ["<a><!--", ...Array.from({ length: 30 }, () => "x".repeat(10)), "--></a>"],
      "markup-size",
    ],
    ["a CDATA section past the limit", [`<a><![CDATA[${"x".repeat(300)}]]></a>`], "markup-size"],
    ["a processing instruction past the limit", [`<a><?pi ${"x".repeat(300)}?></a>`], "markup-size"],
  ] as const)("%s → %s", (_, pieces, kind) => {
    expect(refusal(pieces)).toBe(kind);
  });

  it("nests up to the limit and holds a tag up to the limit", () => {
    expect(refusal([`${"<a>".repeat(20)}${"</a>".repeat(20)}`])).toBe("none");
    expect(refusal([`<a b="${"x".repeat(190)}"/>`])).toBe("none");
    expect(
      refusal(["<a><!--", ...Array.from({ length: 19 }, () => "x".repeat(10)), "--><!--", "x".repeat(190), "--></a>"]),
    ).toBe("none");
  });

  it("holds only a partial reference between chunks, not a long text", () => {
    // 1,000 chunks of text with no markup: the scanner passes them on instead of keeping them.
    expect(scan(["<t>", ...Array.from({ length: 1000 }, () => "y".repeat(150)), "&am", "p;</t>"])).toEqual([
      "<t>",
      `#${"y".repeat(150_000)}&`,
      "</t>",
    ]);
  });
});
