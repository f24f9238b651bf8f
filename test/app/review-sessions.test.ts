import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { openImporterDB } from "../../src/storage/database";
import { createReviewSessionStore } from "../../src/storage/review-sessions";

describe("saved reviews in IndexedDB", () => {
  it("keeps one review per connection and account, updates its edits alone, and forgets it", async () => {
    const db = await openImporterDB(`reviews-${Math.random()}`);
    const store = createReviewSessionStore(db);
    const review = {
      connection: "demo",
      accountId: 1042,
      tabId: "tab-1",
      fileName: "orders.csv",
      file: new Blob([new Uint8Array([1, 2, 3])]),
      sheetName: "orders",
      headerRowNumber: 1,
      mapping: { columns: [] },
      edits: { addedColumns: [], edits: [] },
      savedAt: "2026-11-20T00:00:00.000Z",
    };
    await store.put(review);
    expect(await store.get("demo", 2077)).toBeUndefined();
    const edits = { addedColumns: [], edits: [{ at: "2026-11-20T01:00:00.000Z", changes: [{ kind: "skip" as const, rowNumber: 2, before: false, after: true }] }] };
    await store.putEdits("demo", 1042, edits, "2026-11-20T01:00:00.000Z");
    const saved = await store.get("demo", 1042);
    expect(saved).toMatchObject({ fileName: "orders.csv", edits, savedAt: "2026-11-20T01:00:00.000Z" });
    expect(Array.from(new Uint8Array((await saved?.file.arrayBuffer()) ?? new ArrayBuffer(0)))).toEqual([1, 2, 3]);
    await db.put("reviewSessions", { ...review, key: "demo\u00002077", accountId: 2077, file: "damaged" as unknown as Blob });
    expect(await store.get("demo", 2077)).toBeUndefined();
    await store.delete("demo", 1042);
    expect(await store.get("demo", 1042)).toBeUndefined();
    db.close();
  });
});
