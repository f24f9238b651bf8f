import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSharedStringsReader } from "../../../../src/sheet/read/xlsx/shared-strings-part";
import { SharedStringsScanner } from "../../../../src/sheet/read/xlsx/shared-strings-scanner";
import { type PartUnderTest, readBothWays, readInPieces } from "./read-both-ways";

/** The shared strings' reader, with its scanner; what it read is the shared texts, or what refused them. */
function sharedStrings(): PartUnderTest<unknown> {
  const strings = createSharedStringsReader("orders.xlsx");
  return {
    handler: strings.handler,
    scanner: new SharedStringsScanner(strings.addBytes),
    element: { name: "sst", depth: 1 },
    result: () => {
      const shared = strings.strings();
      const texts = shared.all();
      return { texts, blank: texts.map((_, index) => shared.isBlank(index)) };
    },
  };
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }).map((t) => t.replace(/[<&]/g, "")),
  fc.constantFrom("Fish &amp; chips", "a\r\nb", "Tāmaki 👕", "&#x41;", "_x000D_", " ", "", "&lt;b&gt;"),
);
const space = fc.constantFrom("", "", "", "\n  ", " ");
const item = fc.oneof(
  { weight: 12, arbitrary: text.map((t) => `<si><t>${t}</t></si>`) },
  { weight: 3, arbitrary: fc.tuple(text, space).map(([t, s]) => `<si>${s}<t xml:space="preserve">${t}</t>${s}</si>`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "<si><t/></si>",
      "<si/>",
      "<si><r><rPr><b/></rPr><t>Bold</t></r><r><t> plain</t></r></si>",
      "<si><t>漢字</t><rPh sb='0' eb='1'><t>かんじ</t></rPh><phoneticPr fontId='1'/></si>",
      "<!-- c --><si><t>after a comment</t></si>",
      "<x:si><x:t>prefixed</x:t></x:si>",
      "<si><t>a<b/>c</t></si>",
      "<si><t>cut",
    ),
  },
);
const table = fc
  .tuple(fc.array(item, { maxLength: 12 }), space, fc.boolean())
  .map(
    ([items, gap, counted]) =>
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"' +
      `${counted ? ' count="9" uniqueCount="9"' : ""}>` +
      `${gap}${items.join(gap)}${gap}</sst>`,
  );

describe("the shared strings' byte scanner", () => {
  it("reads every table of shared texts as the XML reader does, however its bytes are cut into pieces", () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(2000), { maxLength: 5 }), (xml, cuts) => {
        const { scanned, whole } = readBothWays(sharedStrings, xml, cuts);
        expect(scanned).toEqual(whole);
      }),
      { numRuns: 1500 },
    );
  });

  it("reads plain and spaced items, and leaves rich text to the XML reader without losing a text", () => {
    const xml =
      '<sst count="3"><si><t>Order No</t></si><si><t xml:space="preserve"> Team </t></si>' +
      "<si><r><t>Rich</t></r><r><t> text</t></r></si><si><t>after</t></si></sst>";
    expect(readInPieces(sharedStrings(), new TextEncoder().encode(xml), [30], "bytes")).toMatchObject({
      texts: ["Order No", " Team ", "Rich text", "after"],
    });
  });
});
