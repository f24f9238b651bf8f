import "fake-indexeddb/auto";
import { openDB, type IDBPDatabase } from "idb";
import { describe, expect, it } from "vitest";
import {
  DATABASE_BLOCKED_MESSAGE,
  DATABASE_OUTDATED_MESSAGE,
  DATABASE_VERSION,
  openImporterDB,
} from "../../src/storage/database";
import { createIdbJournal } from "../../src/storage/journal-idb";

const freshName = () => `importer-${Math.random()}`;

/**
 * Opens a newer version of the database as another tab would: it is kept waiting exactly when an
 * open connection does not let go, which IndexedDB says with its `blocked` event.
 */
const openNewer = (name: string, version: number) =>
  new Promise<IDBPDatabase | "kept waiting">((resolve, reject) => {
    openDB(name, version, { blocked: () => resolve("kept waiting") }).then(resolve, reject);
  });

describe("the importer's database shared by tabs of different versions", () => {
  it("lets a newer version in another tab upgrade it at once, and from then on says to reload here", async () => {
    const name = freshName();
    let told = 0;
    const db = await openImporterDB(name, { onOutdated: () => told++ });
    const journal = createIdbJournal(db);
    expect(await journal.listBatches()).toEqual([]);

    const newer = await openNewer(name, DATABASE_VERSION + 1);
    if (newer === "kept waiting") throw new Error("the newer version was kept waiting");
    expect(newer.version).toBe(DATABASE_VERSION + 1);
    expect(told).toBe(1);
    await expect(journal.listBatches()).rejects.toThrow(DATABASE_OUTDATED_MESSAGE);
    newer.close();
  });

  it(
    "says plainly that an older version open elsewhere keeps " +
      "it from being upgraded, instead of waiting without a word",
    async () => {
      const name = freshName();
      // An older version of the importer, which does not let go of its connection.
      const older = await openDB(name, 1);

      // Refused as soon as IndexedDB says the upgrade is blocked, not after a wait.
      const opening = openImporterDB(name).then(
        () => "opened",
        (error: Error) => error.message,
      );
      expect(await opening).toBe(DATABASE_BLOCKED_MESSAGE);

      // Once the older tab is closed the upgrade goes through, and this page opens it on reload.
      older.close();
      const reloaded = await openImporterDB(name);
      expect(reloaded.version).toBe(DATABASE_VERSION);
      expect([...reloaded.objectStoreNames]).toContain("journalOrders");
      reloaded.close();
    },
  );
});
