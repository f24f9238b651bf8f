import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createTemplate, suggestMapping, type MappingTemplate } from "../../src/core/mapping";
import { openImporterDB } from "../../src/storage/database";
import { createTemplateStore } from "../../src/storage/mapping-templates";
import { createReviewSessionStore, type SavedReview } from "../../src/storage/review-sessions";

const headers = ["Club PO", "Code", "Qty"];

describe("records read back from IndexedDB by their schemas", () => {
  it("leaves out a mapping template of another shape, and names it", async () => {
    const db = await openImporterDB(`templates-${Math.random()}`);
    const store = createTemplateStore(db);
    await store.save(createTemplate("Team orders", headers, suggestMapping(headers), "2026-11-20T00:00:00.000Z"));
    const wrong = {
      ...createTemplate("Odd", headers, suggestMapping(headers), "2026-11-21T00:00:00.000Z"),
      assignments: [{ header: "Qty", target: { kind: "field", field: "no such field" } }],
    };
    await db.put("mappingTemplates", wrong as unknown as MappingTemplate);
    await db.put("mappingTemplates", { name: "Bare", signature: "club po|code|qty" } as unknown as MappingTemplate);

    expect((await store.forHeaders(headers)).map((t) => t.name)).toEqual(["Team orders"]);
    expect((await store.list()).map((t) => t.name)).toEqual(["Team orders"]);
    expect([...store.unreadRecords].sort()).toEqual([
      'The saved mapping "Bare" is not one this version can read, and was left out.',
      'The saved mapping "Odd" is not one this version can read, and was left out.',
    ]);
    db.close();
  });

  it("leaves out a saved review of another shape, says so, and forgets it when asked", async () => {
    const db = await openImporterDB(`reviews-${Math.random()}`);
    const store = createReviewSessionStore(db);
    const review = {
      key: "demo\u00001042",
      connection: "demo",
      accountId: 1042,
      reviewId: "review-1",
      tabId: "tab-1",
      fileName: "orders.csv",
      file: new Blob(["x"]),
      sheetName: "orders",
      headerRowNumber: 1,
      mapping: { columns: [{ column: 0, header: "Club PO", target: null, confidence: 0, reason: null }] },
      edits: {
        addedColumns: [],
        edits: [
          {
            at: "2026-11-20T01:00:00.000Z",
            changes: [{ kind: "cell", rowNumber: 2, column: 0, before: "A", after: 7 }],
          },
        ],
      },
      savedAt: "2026-11-20T00:00:00.000Z",
    };
    await db.put("reviewSessions", review as SavedReview);
    expect(await store.get("demo", 1042)).toMatchObject({ reviewId: "review-1", edits: review.edits });

    // An edit whose change is of no kind the session knows: the whole review is of another shape.
    await db.put("reviewSessions", {
      ...review,
      edits: { addedColumns: [], edits: [{ at: "x", changes: [{ kind: "paint" }] }] },
    } as unknown as SavedReview);
    expect(await store.get("demo", 1042)).toBeUndefined();
    expect(
      await store.putEdits("demo", 1042, "review-1", review.edits as SavedReview["edits"], "2026-11-20T02:00:00.000Z"),
    ).toBe("gone");
    expect(await store.takeOver("demo", 1042, "review-1", "review-2", "tab-2")).toBe(false);
    expect(store.unreadRecords).toEqual([
      "A review kept in this browser is not one this version can read, and was left out.",
    ]);
    await store.delete("demo", 1042, "some other review");
    expect(await db.get("reviewSessions", review.key)).toBeUndefined();
    db.close();
  });
});
