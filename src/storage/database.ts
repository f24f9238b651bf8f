import { openDB, type DBSchema, type IDBPDatabase } from "idb";
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

/** Opens (and on first use creates or upgrades) the importer's database. */
export function openImporterDB(name = DATABASE_NAME): Promise<IDBPDatabase<ImporterDB>> {
  return openDB<ImporterDB>(name, DATABASE_VERSION, {
    upgrade(db, oldVersion) {
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
    },
  });
}
