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
      reviewId: "review-1",
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
    const edits = {
      addedColumns: [],
      edits: [
        {
          at: "2026-11-20T01:00:00.000Z",
          changes: [{ kind: "skip" as const, rowNumber: 2, before: false, after: true }],
        },
      ],
    };
    expect(await store.putEdits("demo", 1042, "review-1", edits, "2026-11-20T01:00:00.000Z")).toBe("saved");
    const saved = await store.get("demo", 1042);
    expect(saved).toMatchObject({ fileName: "orders.csv", edits, savedAt: "2026-11-20T01:00:00.000Z" });
    expect(Array.from(new Uint8Array((await saved?.file.arrayBuffer()) ?? new ArrayBuffer(0)))).toEqual([1, 2, 3]);
    await db.put("reviewSessions", {
      ...review,
      key: "demo\u00002077",
      accountId: 2077,
      file: "damaged" as unknown as Blob,
    });
    expect(await store.get("demo", 2077)).toBeUndefined();
    await store.delete("demo", 1042, "review-1");
    expect(await store.get("demo", 1042)).toBeUndefined();
    expect(await store.putEdits("demo", 1042, "review-1", edits, "2026-11-20T02:00:00.000Z")).toBe("gone");
    db.close();
  });

  it(
    "writes and forgets a review only while it is still the one kept: " +
      "another tab's review in its place is left alone",
    async () => {
      const db = await openImporterDB(`reviews-${Math.random()}`);
      const store = createReviewSessionStore(db);
      const base = {
        connection: "demo",
        accountId: 1042,
        sheetName: "orders",
        headerRowNumber: 1,
        mapping: { columns: [] },
        edits: { addedColumns: [], edits: [] },
        savedAt: "2026-11-20T00:00:00.000Z",
      };
      await store.put({
        ...base,
        reviewId: "review-a",
        tabId: "tab-a",
        fileName: "a.csv",
        file: new Blob(["a"]),
        fileSha256: "aa".repeat(32),
      });
      // Tab B starts a review of another file on the same account: it takes the place of tab A's.
      await store.put({ ...base, reviewId: "review-b", tabId: "tab-b", fileName: "b.csv", file: new Blob(["b"]) });
      const edits = {
        addedColumns: [],
        edits: [
          {
            at: "2026-11-20T01:00:00.000Z",
            changes: [{ kind: "skip" as const, rowNumber: 2, before: false, after: true }],
          },
        ],
      };
      expect(await store.putEdits("demo", 1042, "review-a", edits, "2026-11-20T01:00:00.000Z")).toBe("replaced");
      await store.delete("demo", 1042, "review-a");
      expect(await store.get("demo", 1042)).toMatchObject({
        reviewId: "review-b",
        fileName: "b.csv",
        edits: { edits: [] },
      });

      // Continued in tab C, it becomes tab C's under a new id; tab B is then told on its next save.
      expect(await store.takeOver("demo", 1042, "review-b", "review-c", "tab-c")).toBe(true);
      expect(await store.takeOver("demo", 1042, "review-b", "review-d", "tab-d")).toBe(false);
      expect(await store.putEdits("demo", 1042, "review-b", edits, "2026-11-20T02:00:00.000Z")).toBe("replaced");
      expect(await store.putEdits("demo", 1042, "review-c", edits, "2026-11-20T02:00:00.000Z")).toBe("saved");
      expect(await store.get("demo", 1042)).toMatchObject({
        reviewId: "review-c",
        tabId: "tab-c",
        fileName: "b.csv",
        edits,
      });
      db.close();
    },
  );

  it("reopens a review kept before reviews had ids of their own, and keeps its file's SHA-256", async () => {
    const db = await openImporterDB(`reviews-${Math.random()}`);
    const store = createReviewSessionStore(db);
    const earlier = {
      key: "demo\u00001042",
      connection: "demo",
      accountId: 1042,
      tabId: "tab-1",
      fileName: "orders.csv",
      file: new Blob(["x"]),
      sheetName: "orders",
      headerRowNumber: 1,
      mapping: { columns: [] },
      edits: { addedColumns: [], edits: [] },
      savedAt: "2026-11-20T00:00:00.000Z",
    };
    await db.put("reviewSessions", earlier as never);
    const saved = await store.get("demo", 1042);
    expect(saved?.reviewId).toEqual(expect.any(String));
    expect(saved?.fileSha256).toBeUndefined();
    expect(await store.takeOver("demo", 1042, saved?.reviewId ?? "", "review-2", "tab-1")).toBe(true);
    expect(await store.get("demo", 1042)).toMatchObject({ reviewId: "review-2", fileName: "orders.csv" });
    db.close();
  });
});
