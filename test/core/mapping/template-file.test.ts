import { describe, expect, it } from "vitest";
import {
  applyTemplate,
  assignColumn,
  createTemplate,
  readTemplateFile,
  suggestMapping,
  templateFileText,
} from "../../../src/core/mapping";

describe("a mapping template as a JSON file", () => {
  it("is the page's saved record, read back as it was", () => {
    const headers = ["Auftragsnr.", "Artikel", "Menge", "Notiz"];
    let mapping = suggestMapping(headers);
    mapping = assignColumn(mapping, 0, { kind: "field", field: "orderNumber" });
    mapping = assignColumn(mapping, 1, { kind: "field", field: "code" });
    mapping = assignColumn(mapping, 3, { kind: "attribute", attribute: "Print notes" });
    const template = createTemplate("German orders", headers, mapping, "2026-11-02T09:30:00.000Z");
    const read = readTemplateFile(templateFileText(template), "fallback");
    expect(read).toEqual({ ok: true, template });
    // As an editor on Windows may save it: with a byte order mark.
    expect(readTemplateFile(`\uFEFF${templateFileText(template)}`, "fallback")).toEqual({ ok: true, template });
    expect(read.ok && applyTemplate(headers, read.template)).toEqual(applyTemplate(headers, template));
  });

  it("can be written by hand: assignments alone, the name from the file's", () => {
    const read = readTemplateFile(
      JSON.stringify({
        assignments: [
          { header: "Order #", target: { kind: "field", field: "orderNumber" } },
          { header: "XL", target: { kind: "size", size: "XL" } },
          { header: "Notes", target: null },
        ],
        comment: "other keys are ignored",
      }),
      "team-orders",
    );
    expect(read).toEqual({
      ok: true,
      template: {
        name: "team-orders",
        signature: "order number|xl|notes",
        headers: ["Order #", "XL", "Notes"],
        assignments: [
          { header: "Order #", target: { kind: "field", field: "orderNumber" } },
          { header: "XL", target: { kind: "size", size: "XL" } },
          { header: "Notes", target: null },
        ],
        savedAt: "",
      },
    });
  });

  it("is refused when it is not JSON or not a template, saying what and where", () => {
    expect(readTemplateFile("{ nope", "x")).toEqual({
      ok: false,
      message: expect.stringMatching(/^it is not JSON \(/),
    });
    expect(readTemplateFile(JSON.stringify({ assignments: [] }), "x")).toEqual({
      ok: false,
      message: expect.stringMatching(/^it is not a mapping template: .+ at assignments$/),
    });
    expect(
      readTemplateFile(
        JSON.stringify({ assignments: [{ header: "Qty", target: { kind: "field", field: "qty" } }] }),
        "x",
      ),
    ).toEqual({
      ok: false,
      message: expect.stringMatching(/^it is not a mapping template: .+ at assignments\[0\]\.target\.field$/),
    });
  });
});
