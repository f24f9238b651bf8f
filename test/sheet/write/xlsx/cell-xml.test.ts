import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeCellText } from "../../../../src/sheet/write/xlsx/cell-xml";

/** The rule, written out as one replace over the whole text: what the quicker look first must agree with. */
const byTheRule = (text: string) =>
  text.replace(/[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)/g, (c) =>
    c === "&"
      ? "&amp;"
      : c === "<"
        ? "&lt;"
        : c === ">"
          ? "&gt;"
          : c === "\r"
            ? "&#13;"
            : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`,
  );

describe("escapeCellText", () => {
  it("escapes what XML cannot carry and leaves every other text as it is", () => {
    const awkward = fc.constantFrom("&", "<", ">", "\r", "\n", "\t", "\u0000", "\u001f", "\ufffe", "\uffff", "_x0041_");
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.array(fc.oneof(awkward, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(escapeCellText(t)).toBe(byTheRule(t));
      }),
      { numRuns: 2000 },
    );
    expect(escapeCellText("A1042 Köln\tnorth\nline")).toBe("A1042 Köln\tnorth\nline");
    expect(escapeCellText("a_x00e9_ & <b>\r")).toBe("a_x005F_x00e9_ &amp; &lt;b&gt;&#13;");
  });
});
