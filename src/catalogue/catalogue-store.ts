import type { IDBPDatabase } from "idb";
import { SNAPSHOT_SCHEMA_VERSION, type CatalogueSnapshot } from "../core/catalogue";
import type { ImporterDB } from "../storage/database";

/** A snapshot older than this is refreshed before it is used. */
export const CATALOGUE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export const catalogueKey = (connection: string, accountId: number) => `${connection}\u0000${accountId}`;

export function isStale(snapshot: CatalogueSnapshot, now: Date): boolean {
  const fetched = Date.parse(snapshot.fetchedAt);
  return !Number.isFinite(fetched) || now.getTime() - fetched > CATALOGUE_MAX_AGE_MS;
}

/**
 * Catalogue snapshots in IndexedDB, one per connection and account. What is read back is
 * checked: a snapshot of another account, another connection or an older shape is never used.
 */
export function createCatalogueStore(db: IDBPDatabase<ImporterDB>) {
  return {
    async get(connection: string, accountId: number): Promise<CatalogueSnapshot | undefined> {
      const record = await db.get("catalogues", catalogueKey(connection, accountId));
      const snapshot = record?.snapshot;
      if (
        snapshot === undefined ||
        snapshot.schemaVersion !== SNAPSHOT_SCHEMA_VERSION ||
        snapshot.connection !== connection ||
        snapshot.account?.id !== accountId ||
        !Array.isArray(snapshot.priceCodes)
      ) {
        return undefined;
      }
      return snapshot;
    },
    async put(snapshot: CatalogueSnapshot): Promise<void> {
      await db.put("catalogues", { key: catalogueKey(snapshot.connection, snapshot.account.id), snapshot });
    },
  };
}

export type CatalogueStore = ReturnType<typeof createCatalogueStore>;
