import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { BatchRecord, OrderRecord, type JournalStore } from "../core/journal";

/** One line of the journal file: a whole record, read back by its schema. */
const Line = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("batch"), record: BatchRecord }),
  z.object({ kind: z.literal("order"), record: OrderRecord }),
]);
type Line = z.infer<typeof Line>;

const orderId = (order: Pick<OrderRecord, "batchId" | "orderNumber">) => `${order.batchId}\u0000${order.orderNumber}`;

export interface FileJournal extends JournalStore {
  /** Lines that could not be read back and were left out, each said in a sentence for the user. */
  readonly unreadLines: readonly string[];
  close(): Promise<void>;
}

/**
 * The submission journal as a file of JSON lines, each a whole record; read back, the last
 * line for a record wins. Every put is appended and synced to disk before it resolves, so a
 * process killed after it loses nothing. Each line read back is parsed by its record's schema: one
 * cut short (a crash or a failed write) or of another shape is left out, and said so in
 * `unreadLines`; the next record after it starts on a new line.
 */
export async function openFileJournal(path: string): Promise<FileJournal> {
  const batches = new Map<string, BatchRecord>();
  const orders = new Map<string, OrderRecord>();
  const unreadLines: string[] = [];
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      unreadLines.push(
        `Line ${index + 1} of the journal ${path} is incomplete, ` +
          "most likely from a write that did not finish, and was left out.",
      );
      return;
    }
    const read = Line.safeParse(line);
    if (!read.success) {
      unreadLines.push(
        `Line ${index + 1} of the journal ${path} is not a submission record this version can read, and was left out.`,
      );
    } else if (read.data.kind === "batch") batches.set(read.data.record.id, read.data.record);
    else orders.set(orderId(read.data.record), read.data.record);
  });

  await mkdir(dirname(path), { recursive: true });
  const handle: FileHandle = await open(path, "a");
  // Whether the file may end mid-line (a crash, or a write that failed): the next record then starts with a line break.
  let midLine = text.length > 0 && !text.endsWith("\n");
  let pending: Promise<void> = Promise.resolve();

  async function writeAll(bytes: Uint8Array): Promise<void> {
    for (let offset = 0; offset < bytes.length; ) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
  }

  function append(lines: readonly Line[]): Promise<void> {
    const write = pending.then(async () => {
      const chunk = `${midLine ? "\n" : ""}${lines.map((line) => `${JSON.stringify(line)}\n`).join("")}`;
      midLine = true;
      await writeAll(Buffer.from(chunk, "utf8"));
      await handle.sync();
      midLine = false;
    });
    pending = write.catch(() => undefined);
    return write;
  }

  return {
    unreadLines,
    async putBatch(batch) {
      await append([{ kind: "batch", record: batch }]);
      batches.set(batch.id, batch);
    },
    async putOrders(records) {
      if (records.length === 0) return;
      await append(records.map((record) => ({ kind: "order", record })));
      for (const record of records) orders.set(orderId(record), record);
    },
    async putNewBatch(batch, records, onWritten) {
      await append([
        { kind: "batch", record: batch },
        ...records.map((record) => ({ kind: "order" as const, record })),
      ]);
      batches.set(batch.id, batch);
      for (const record of records) orders.set(orderId(record), record);
      onWritten?.(records.length);
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
