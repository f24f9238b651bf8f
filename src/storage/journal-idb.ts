import type { IDBPDatabase } from "idb";
import { BatchRecord, OrderRecord, type JournalStore } from "../core/journal";
import { readStoredRecords, textFieldOf } from "../core/stored-records";
import type { ImporterDB } from "./database";

/** The journal in IndexedDB, and what it had to leave out on reading. */
export interface IdbJournal extends JournalStore {
  /** Records read back that were not of a batch's or an order's shape, each said in a sentence for the user. */
  readonly unreadRecords: readonly string[];
}

/**
 * The submission journal in IndexedDB. Writes use strict durability: the promise settles only
 * once the browser has flushed the transaction, so what is written before a request survives
 * a crash or a closed tab. Every record read back is parsed by its schema; one of another shape
 * is left out and named in `unreadRecords`.
 */
export function createIdbJournal(database: IDBPDatabase<ImporterDB> | Promise<IDBPDatabase<ImporterDB>>): IdbJournal {
  let opened: IDBPDatabase<ImporterDB> | undefined;
  const open = async () => (opened ??= await database);
  const unread = new Set<string>();
  const readBatches = (values: readonly unknown[]) => {
    const read = readStoredRecords(BatchRecord, values);
    for (const value of read.unread) {
      unread.add(
        `The journal's record of batch ${textFieldOf(value, "id") ?? "(no id)"} ` +
          "is not one this version can read, and was left out.",
      );
    }
    return read.kept;
  };
  const readOrders = (values: readonly unknown[]) => {
    const read = readStoredRecords(OrderRecord, values);
    for (const value of read.unread) {
      const order = textFieldOf(value, "orderNumber") ?? "(no number)";
      const batch = textFieldOf(value, "batchId") ?? "(no id)";
      unread.add(
        `The journal's record of order ${order} in batch ${batch} is not one this version can read, and was left out.`,
      );
    }
    return read.kept;
  };
  return {
    get unreadRecords() {
      return [...unread];
    },
    async putBatch(batch: BatchRecord): Promise<void> {
      const tx = (await open()).transaction("journalBatches", "readwrite", { durability: "strict" });
      await Promise.all([tx.store.put(batch), tx.done]);
    },
    async putOrders(orders: readonly OrderRecord[]): Promise<void> {
      if (orders.length === 0) return;
      const tx = (await open()).transaction("journalOrders", "readwrite", { durability: "strict" });
      await Promise.all([...orders.map((order) => tx.store.put(order)), tx.done]);
    },
    async putNewBatch(batch, orders, onWritten) {
      const tx = (await open()).transaction(["journalBatches", "journalOrders"], "readwrite", { durability: "strict" });
      const ordersStore = tx.objectStore("journalOrders");
      const writes: Promise<unknown>[] = [tx.done];
      let written = 0;
      try {
        writes.push(tx.objectStore("journalBatches").put(batch));
        for (const order of orders) writes.push(ordersStore.put(order).then(() => onWritten?.(++written)));
      } catch (error) {
        // A record the store refuses at once (no key): nothing of the batch is kept. One refused later aborts the
        // transaction by itself.
        tx.abort();
        await Promise.allSettled(writes);
        throw error;
      }
      await Promise.all(writes);
    },
    async getBatch(id: string): Promise<BatchRecord | undefined> {
      const batch = await (await open()).get("journalBatches", id);
      return batch === undefined ? undefined : readBatches([batch])[0];
    },
    async ordersOf(batchId: string): Promise<OrderRecord[]> {
      const orders = await (await open()).getAllFromIndex("journalOrders", "byBatch", batchId);
      return readOrders(orders).sort((a, b) => a.sequence - b.sequence);
    },
    async listBatches(): Promise<BatchRecord[]> {
      return readBatches(await (await open()).getAll("journalBatches")).sort((a, b) =>
        b.createdAt.localeCompare(a.createdAt),
      );
    },
  };
}
