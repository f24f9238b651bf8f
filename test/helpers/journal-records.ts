import type { BatchRecord, OrderRecord } from "../../src/core/journal";

/** A journal's batch record for the demo account; override what a test needs. */
export const batchRecord = (id: string, patch: Partial<BatchRecord> = {}): BatchRecord => ({
  id,
  createdAt: "2026-11-20T00:00:00.000Z",
  connection: "demo",
  accountId: 1042,
  accountName: "Demo",
  fileName: "orders.csv",
  sheetName: "orders",
  headerRowNumber: 1,
  otherRows: [],
  ...patch,
});

/** A journal's record of a planned order on sheet row 2; override what a test needs. */
export const orderRecord = (batchId: string, orderNumber: string, patch: Partial<OrderRecord> = {}): OrderRecord => ({
  batchId,
  orderNumber,
  sequence: 0,
  payloadHash: "0".repeat(64),
  candidate: { orderNumber, items: [], validateOnly: false },
  lineRows: [2],
  notes: [],
  state: "planned",
  allowExisting: false,
  existingJobNumbers: [],
  messages: [],
  attempts: 0,
  events: [],
  updatedAt: "2026-11-20T00:00:00.000Z",
  ...patch,
});
