import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from "idb";
import type { CatalogueSnapshot } from "../core/catalogue";
import type { BatchRecord, OrderRecord } from "../core/journal";
import type { SavedReview } from "./review-sessions";
import type { MappingTemplate } from "../core/mapping/templates";

/** Everything the importer keeps in the browser, in one versioned database. */
export interface ImporterDB extends DBSchema {
  mappingTemplates: {
    key: string;
    value: MappingTemplate;
    indexes: { bySignature: string };
  };
  /** One snapshot per connection and account, replaced on refresh. */
  catalogues: {
    key: string;
    value: { readonly key: string; readonly snapshot: CatalogueSnapshot };
  };
  /** The submission journal: one record per batch, one per order of it. */
  journalBatches: {
    key: string;
    value: BatchRecord;
  };
  journalOrders: {
    key: [string, string];
    value: OrderRecord;
    indexes: { byBatch: string };
  };
  /** The review in progress per connection and account, reopened after a reload. */
  reviewSessions: {
    key: string;
    value: SavedReview;
  };
  /** The file each batch was submitted from, for its result sheet. */
  batchFiles: {
    key: string;
    value: { readonly batchId: string; readonly file: Blob };
  };
}

export const DATABASE_NAME = "bulk-order-importer";
export const DATABASE_VERSION = 5;

/** Why the database cannot be used here, in the user's words. */
export const DATABASE_BLOCKED_MESSAGE =
  "Another tab of the importer is open with an older version; close it or reload it, then reload this page.";
export const DATABASE_OUTDATED_MESSAGE =
  "A newer version of the importer has been opened in another tab; reload this page to go on.";

/**
 * The database cannot be used from this page: an older version of the importer, open in
 * another tab, keeps it from being upgraded (blocked); or this page closed its connection so
 * that a newer version in another tab could upgrade it (outdated). Its message is for the user.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: "blocked" | "outdated") {
    super(reason === "blocked" ? DATABASE_BLOCKED_MESSAGE : DATABASE_OUTDATED_MESSAGE);
    this.name = "DatabaseUnavailableError";
  }
}

export interface OpenImporterDBOptions {
  /** Called once this page's connection has been closed for a newer version opened in another tab. */
  readonly onOutdated?: () => void;
}

/**
 * Opens (and on first use creates or upgrades) the importer's database.
 *
 * Tabs of different versions share it: when a newer version needs an upgrade, this page
 * closes its connection at once rather than keep the other waiting, tells `onOutdated`, and
 * from then on every use of the database fails with a {@link DatabaseUnavailableError} that
 * says to reload. When an older version open elsewhere does not let go, opening fails with
 * one that says so, instead of waiting without a word; the upgrade still happens once that
 * tab is gone.
 */
export function openImporterDB(
  name = DATABASE_NAME,
  options: OpenImporterDBOptions = {},
): Promise<IDBPDatabase<ImporterDB>> {
  let outdated = false;
  let gaveUp = false;
  return new Promise((resolve, reject) => {
    openDB<ImporterDB>(name, DATABASE_VERSION, {
      upgrade,
      blocked() {
        gaveUp = true;
        reject(new DatabaseUnavailableError("blocked"));
      },
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        outdated = true;
        options.onOutdated?.();
      },
    }).then((db) => {
      // Opened only after this page gave up waiting: closed again, so it blocks nobody.
      if (gaveUp) return db.close();
      resolve(unlessOutdated(db, () => outdated));
    }, reject);
  });
}

/** The database, every call of which fails with a message for the user once it has been closed for a newer version. */
function unlessOutdated(db: IDBPDatabase<ImporterDB>, isOutdated: () => boolean): IDBPDatabase<ImporterDB> {
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isOutdated() && property !== "close") throw new DatabaseUnavailableError("outdated");
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const upgrade: NonNullable<OpenDBCallbacks<ImporterDB>["upgrade"]> = (db, oldVersion) => {
  if (oldVersion < 1) {
    const templates = db.createObjectStore("mappingTemplates", { keyPath: "name" });
    templates.createIndex("bySignature", "signature");
  }
  if (oldVersion < 2) db.createObjectStore("catalogues", { keyPath: "key" });
  if (oldVersion < 3) {
    db.createObjectStore("journalBatches", { keyPath: "id" });
    db.createObjectStore("journalOrders", { keyPath: ["batchId", "orderNumber"] }).createIndex("byBatch", "batchId");
  }
  if (oldVersion < 4) db.createObjectStore("reviewSessions", { keyPath: "key" });
  if (oldVersion < 5) db.createObjectStore("batchFiles", { keyPath: "batchId" });
};
