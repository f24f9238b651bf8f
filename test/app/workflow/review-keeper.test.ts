import "fake-indexeddb/auto";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createReviewKeeper } from "../../../src/app/workflow/review-keeper";
import type { Connected } from "../../../src/app/workflow/workflow-state";
import type { SessionEdits } from "../../../src/core/session-edits";
import { openImporterDB } from "../../../src/storage/database";
import { createReviewSessionStore, type ReviewSessionStore } from "../../../src/storage/review-sessions";

const connected = { connection: { name: "demo" }, account: { id: 1042 } } as unknown as Connected;
const origin = (fileName: string) => ({ fileName, sheetName: "orders", headerRowNumber: 1, mapping: { columns: [] } });
const skip = (rowNumber: number): SessionEdits => ({
  addedColumns: [],
  edits: [{ at: "2026-11-20T01:00:00.000Z", changes: [{ kind: "skip", rowNumber, before: false, after: true }] }],
});
const bytes = (text: string) => new TextEncoder().encode(text);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function sessionStore(): Promise<() => Promise<ReviewSessionStore>> {
  const store = createReviewSessionStore(await openImporterDB(`keeper-${Math.random()}`));
  return async () => store;
}

/**
 * A tab's keeper whose engine answers with `edits` (replaced by the test as the session changes).
 * `asked()` resolves when the keeper next asks the engine for the edits: its delayed save has
 * started. Tests wait on that rather than sleeping past the keeper's save delay.
 */
function tab(tabId: string, store: () => Promise<ReviewSessionStore>) {
  const waiting: (() => void)[] = [];
  const tabState = {
    edits: (): Promise<SessionEdits> => Promise.resolve({ addedColumns: [], edits: [] }),
    lost: 0,
    asked: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
  const edits = () => {
    const answer = tabState.edits();
    for (const resolve of waiting.splice(0)) resolve();
    return answer;
  };
  const keeper = createReviewKeeper({
    tabId,
    store,
    edits,
    now: () => new Date("2026-11-20T01:00:00.000Z"),
    onLost: () => tabState.lost++,
  });
  return Object.assign(tabState, { keeper });
}

describe("keeping the review in progress", () => {
  it(
    "keeps each tab's review as its own: a tab whose review was replaced " +
      "by another tab's is told, and writes and forgets nothing of the other's",
    async () => {
      const store = await sessionStore();
      const a = tab("tab-a", store);
      const b = tab("tab-b", store);
      a.keeper.holdFile(bytes("file A"));
      await a.keeper.started(connected, origin("a.csv"));
      b.keeper.holdFile(bytes("file B"));
      await b.keeper.started(connected, origin("b.csv"));

      // Tab A edits on: its edits must not land on tab B's review of another file.
      a.edits = async () => skip(7);
      const aAsked = a.asked();
      a.keeper.changed();
      await aAsked;
      await expect.poll(() => a.lost).toBe(1);
      expect(await (await store()).get("demo", 1042)).toMatchObject({
        fileName: "b.csv",
        tabId: "tab-b",
        edits: { edits: [] },
      });
      // Leaving tab A now would lose its edits: the page asks first.
      expect(a.keeper.hasUnkeptEdits).toBe(true);

      // Tab A moving on (another sheet) does not forget tab B's review.
      await a.keeper.forget(connected);
      b.edits = async () => skip(9);
      const bAsked = b.asked();
      b.keeper.changed();
      await bAsked;
      await expect.poll(async () => (await (await store()).get("demo", 1042))?.edits).toEqual(skip(9));
      expect(b.lost).toBe(0);

      // A reload of tab B reopens it; its file's SHA-256 was kept with it.
      const saved = await b.keeper.saved(connected);
      expect(saved && b.keeper.isThisTab(saved)).toBe(true);
      expect(saved?.fileSha256).toBe(sha256("file B"));
      const reloaded = tab("tab-b", store);
      if (!saved) throw new Error("nothing saved");
      await reloaded.keeper.reopened(connected, saved);
      expect(reloaded.keeper.fileSha256(connected)).toBe(sha256("file B"));
      reloaded.edits = async () => skip(11);
      const reloadedAsked = reloaded.asked();
      reloaded.keeper.changed();
      await reloadedAsked;
      await expect.poll(async () => (await (await store()).get("demo", 1042))?.edits).toEqual(skip(11));
      expect(reloaded.lost).toBe(0);
      // The tab that had it open before the reload is now the one told.
      b.edits = async () => skip(13);
      const bAskedAgain = b.asked();
      b.keeper.changed();
      await bAskedAgain;
      await expect.poll(() => b.lost).toBe(1);
      expect((await (await store()).get("demo", 1042))?.edits).toEqual(skip(11));
      await reloaded.keeper.forget(connected);
      expect(await (await store()).get("demo", 1042)).toBeUndefined();
    },
  );

  it("says it is saving until the edits are written, not only until the write starts", async () => {
    const store = await sessionStore();
    const a = tab("tab-a", store);
    a.keeper.holdFile(bytes("file A"));
    await a.keeper.started(connected, origin("a.csv"));
    let answer!: (edits: SessionEdits) => void;
    a.edits = () => new Promise((resolve) => (answer = resolve));
    const asked = a.asked();
    a.keeper.changed();
    expect(a.keeper.isSaving).toBe(true);
    // The delayed write has started: the engine has been asked for the edits.
    await asked;
    // The engine is still being asked for the edits: leaving now would lose them.
    expect(a.keeper.isSaving).toBe(true);
    answer(skip(3));
    await expect.poll(() => a.keeper.isSaving).toBe(false);
    expect((await (await store()).get("demo", 1042))?.edits).toEqual(skip(3));
  });

  it(
    "goes on keeping the next review when a save of the " + "last one never gets its edits (the engine was stopped)",
    async () => {
      const store = await sessionStore();
      const a = tab("tab-a", store);
      a.keeper.holdFile(bytes("file A"));
      await a.keeper.started(connected, origin("a.csv"));
      a.edits = () => new Promise(() => undefined);
      const stuck = a.asked();
      a.keeper.changed();
      // The save has started and now waits for edits that never come.
      await stuck;
      expect(a.keeper.isSaving).toBe(true);
      await a.keeper.forget(connected);
      expect(a.keeper.isSaving).toBe(false);

      a.keeper.holdFile(bytes("file B"));
      await a.keeper.started(connected, origin("b.csv"));
      a.edits = async () => skip(5);
      const asked = a.asked();
      a.keeper.changed();
      await asked;
      await expect.poll(async () => (await (await store()).get("demo", 1042))?.edits).toEqual(skip(5));
      expect(a.keeper.isSaving).toBe(false);
      expect(a.keeper.fileSha256(connected)).toBe(sha256("file B"));
    },
  );
});
