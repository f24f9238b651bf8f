import type { IDBPDatabase } from "idb";
import type { ImporterDB } from "./database";

/**
 * The file each batch was submitted from, kept beside the journal so its result sheet can be
 * written back into the customer's own file at any time, after a reload too. A Blob: stored
 * without being copied on the page's thread.
 */
export function createBatchFileStore(db: IDBPDatabase<ImporterDB>) {
  return {
    async put(batchId: string, file: Blob): Promise<void> {
      await db.put("batchFiles", { batchId, file });
    },
    async get(batchId: string): Promise<Blob | undefined> {
      const record = await db.get("batchFiles", batchId);
      return record?.file instanceof Blob ? record.file : undefined;
    },
  };
}

export type BatchFileStore = ReturnType<typeof createBatchFileStore>;
