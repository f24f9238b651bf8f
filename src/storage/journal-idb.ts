import type { IDBPDatabase } from "idb";
import { isBatchRecord, isOrderRecord, type BatchRecord, type JournalStore, type OrderRecord } from "../core/journal";
import type { ImporterDB } from "./database";

/**
 * The submission journal in IndexedDB. Writes use strict durability: the promise settles only
 * once the browser has flushed the transaction, so what is written before a request survives
 * a crash or a closed tab. Damaged records are left out when read back.
 */
export function createIdbJournal(database: IDBPDatabase<ImporterDB> | Promise<IDBPDatabase<ImporterDB>>): JournalStore {
  let opened: IDBPDatabase<ImporterDB> | undefined;
  const open = async () => (opened ??= await database);
  return {
    async putBatch(batch: BatchRecord): Promise<void> {
      const tx = (await open()).transaction("journalBatches", "readwrite", { durability: "strict" });
      await Promise.all([tx.store.put(batch), tx.done]);
    },
    async putOrders(orders: readonly OrderRecord[]): Promise<void> {
      if (orders.length === 0) return;
      const tx = (await open()).transaction("journalOrders", "readwrite", { durability: "strict" });
      await Promise.all([...orders.map((order) => tx.store.put(order)), tx.done]);
    },
    async getBatch(id: string): Promise<BatchRecord | undefined> {
      const batch = await (await open()).get("journalBatches", id);
      return isBatchRecord(batch) ? batch : undefined;
    },
    async ordersOf(batchId: string): Promise<OrderRecord[]> {
      const orders = await (await open()).getAllFromIndex("journalOrders", "byBatch", batchId);
      return orders.filter(isOrderRecord).sort((a, b) => a.sequence - b.sequence);
    },
    async listBatches(): Promise<BatchRecord[]> {
      return (await (await open()).getAll("journalBatches")).filter(isBatchRecord).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}
