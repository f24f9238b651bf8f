import "fake-indexeddb/auto";
import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import { DATABASE_BLOCKED_MESSAGE, DATABASE_OUTDATED_MESSAGE, DATABASE_VERSION, openImporterDB } from "../../src/storage/database";
import { createIdbJournal } from "../../src/storage/journal-idb";

const freshName = () => `importer-${Math.random()}`;

/** The promise's outcome, or "still waiting" when it has none within `ms`. */
const within = <T>(promise: Promise<T>, ms = 1_000): Promise<T | "still waiting"> =>
  Promise.race([promise, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms))]);

describe("the importer's database shared by tabs of different versions", () => {
  it("lets a newer version in another tab upgrade it at once, and from then on says to reload here", async () => {
    const name = freshName();
    let told = 0;
    const db = await openImporterDB(name, { onOutdated: () => told++ });
    const journal = createIdbJournal(db);
    expect(await journal.listBatches()).toEqual([]);

    const newer = await within(openDB(name, DATABASE_VERSION + 1));
    if (newer === "still waiting") throw new Error("the newer version was kept waiting");
    expect(newer.version).toBe(DATABASE_VERSION + 1);
    expect(told).toBe(1);
    await expect(journal.listBatches()).rejects.toThrow(DATABASE_OUTDATED_MESSAGE);
    newer.close();
  });

  it("says plainly that an older version open elsewhere keeps it from being upgraded, instead of waiting without a word", async () => {
    const name = freshName();
    // An older version of the importer, which does not let go of its connection.
    const older = await openDB(name, 1);

    const opening = within(openImporterDB(name).then(() => "opened", (error: Error) => error.message));
    expect(await opening).toBe(DATABASE_BLOCKED_MESSAGE);

    // Once the older tab is closed the upgrade goes through, and this page opens it on reload.
    older.close();
    const reloaded = await within(openImporterDB(name));
    if (reloaded === "still waiting") throw new Error("still blocked");
    expect(reloaded.version).toBe(DATABASE_VERSION);
    expect([...reloaded.objectStoreNames]).toContain("journalOrders");
    reloaded.close();
  });
});
