import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { isBatchRecord, isOrderRecord, type BatchRecord, type JournalStore, type OrderRecord } from "../core/journal";

type Line = { readonly kind: "batch"; readonly record: BatchRecord } | { readonly kind: "order"; readonly record: OrderRecord };

const orderId = (order: Pick<OrderRecord, "batchId" | "orderNumber">) => `${order.batchId}\u0000${order.orderNumber}`;

/**
 * The submission journal as a file of JSON lines, each a whole record; read back, the last
 * line for a record wins. Every put is appended and synced to disk before it resolves, so a
 * process killed after it loses nothing; a line cut short by a crash is ignored on reading.
 */
export async function openFileJournal(path: string): Promise<JournalStore & { close(): Promise<void> }> {
  const batches = new Map<string, BatchRecord>();
  const orders = new Map<string, OrderRecord>();
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue;
    }
    if (line.kind === "batch" && isBatchRecord(line.record)) batches.set(line.record.id, line.record);
    else if (line.kind === "order" && isOrderRecord(line.record)) orders.set(orderId(line.record), line.record);
  }

  await mkdir(dirname(path), { recursive: true });
  const handle: FileHandle = await open(path, "a");
  // A file that ended mid-line (a crash during a write) gets a fresh line before the next record.
  let pending: Promise<void> = text.length > 0 && !text.endsWith("\n") ? handle.write("\n").then(() => undefined) : Promise.resolve();

  function append(lines: readonly Line[]): Promise<void> {
    const chunk = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
    const write = pending.then(async () => {
      await handle.write(chunk);
      await handle.sync();
    });
    pending = write.catch(() => undefined);
    return write;
  }

  return {
    async putBatch(batch) {
      await append([{ kind: "batch", record: batch }]);
      batches.set(batch.id, batch);
    },
    async putOrders(records) {
      if (records.length === 0) return;
      await append(records.map((record) => ({ kind: "order", record })));
      for (const record of records) orders.set(orderId(record), record);
    },
    async getBatch(id) {
      return batches.get(id);
    },
    async ordersOf(batchId) {
      return [...orders.values()].filter((o) => o.batchId === batchId).sort((a, b) => a.sequence - b.sequence);
    },
    async listBatches() {
      return [...batches.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async close() {
      await pending;
      await handle.close();
    },
  };
}
