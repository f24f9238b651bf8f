import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { applyTemplate, assignField, createTemplate, headerSignature, suggestMapping } from "../../../src/core/mapping";
import { openImporterDB } from "../../../src/storage/database";
import { createTemplateStore } from "../../../src/storage/mapping-templates";

describe("mapping templates", () => {
  const headers = ["Club PO", "Order", "Code", "Qty", "Fabric"];

  it("match sheets whose headers are the same after normalising", () => {
    expect(headerSignature(headers)).toBe(headerSignature([" club po", "ORDER", "code ", "QTY", "fabric"]));
    expect(headerSignature(headers)).not.toBe(headerSignature([...headers, "Notes"]));
  });

  it("reapply the choices made by hand, by header", () => {
    const edited = assignField(suggestMapping(headers), "orderNumber", 0);
    const template = createTemplate(" Team orders ", headers, edited, "2026-11-22T00:00:00.000Z");
    expect(template.name).toBe("Team orders");
    const reordered = ["Qty", "Code", "Club PO", "Order", "Fabric"];
    const applied = applyTemplate(reordered, template);
    expect(applied.columns.map((c) => [c.header, c.target, c.reason])).toEqual([
      ["Qty", { kind: "field", field: "quantity" }, "template"],
      ["Code", { kind: "field", field: "code" }, "template"],
      ["Club PO", { kind: "field", field: "orderNumber" }, "template"],
      ["Order", null, null],
      ["Fabric", null, null],
    ]);
  });

  it("are stored in IndexedDB and found again by headers, newest first", async () => {
    const store = createTemplateStore(await openImporterDB(`templates-${Math.random()}`));
    const mapping = suggestMapping(headers);
    await store.save(createTemplate("Older", headers, mapping, "2026-01-01T00:00:00.000Z"));
    await store.save(createTemplate("Newer", headers, mapping, "2026-06-01T00:00:00.000Z"));
    await store.save(createTemplate("Other sheet", ["A", "B"], mapping, "2026-07-01T00:00:00.000Z"));
    expect((await store.forHeaders(["club po", "order", "code", "qty", "fabric"])).map((t) => t.name)).toEqual([
      "Newer",
      "Older",
    ]);
    await store.save(createTemplate("Older", headers, mapping, "2026-08-01T00:00:00.000Z"));
    expect((await store.forHeaders(headers)).map((t) => t.name)).toEqual(["Older", "Newer"]);
    await store.remove("Newer");
    expect((await store.list()).map((t) => t.name).sort()).toEqual(["Older", "Other sheet"]);
  });
});
