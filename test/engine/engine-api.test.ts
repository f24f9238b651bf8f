import { expose, wrap } from "comlink";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../src/core/catalogue";
import { suggestMapping } from "../../src/core/mapping";
import type { SheetRow } from "../../src/core/sheet-model";
import { createEngineApi, type EngineApi } from "../../src/engine/engine-api";
import { ALL_ROWS } from "../../src/engine/row-filter";
import { startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { priceCodeRow } from "../helpers/order-records";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

describe("the engine worker's surface across a message channel", () => {
  it("takes rows in windows, starts, and forwards the page's calls to the engine with plain results", async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createEngineApi(), port1);
    const remote = wrap<EngineApi>(port2);
    try {
      await expect(remote.summary()).rejects.toThrow("The engine is not connected");
      await remote.connect(`${account.app.url}/api/demo`, { "X-Requested-With": "test" });
      const records = [priceCodeRow(), priceCodeRow({ Fabric: "cotton", Code: 'DTF 10" x 10": Full Colour' }), priceCodeRow({ "Order No": "E-2" })];
      const headers = Object.keys(records[0] ?? {});
      const rows: SheetRow[] = records.map((record, i) => ({ rowNumber: i + 2, cells: headers.map((h) => record[h] ?? "") }));
      expect(await remote.appendRows(rows.slice(0, 2))).toBe(2);
      expect(await remote.appendRows(rows.slice(2))).toBe(3);
      const mapping = suggestMapping(headers, catalogueVocabulary(account.snapshot), rows);
      const started = await remote.start({ headers, mapping, snapshot: account.snapshot });
      expect(started).toMatchObject({ rows: 3, jobs: { total: 2, ready: 1, blocked: 1 }, issues: { byCode: { ATTRIBUTE_VALUE_CASE: 1 } } });
      expect((await remote.view(ALL_ROWS, 1, 1)).rows.map((r) => [r.rowNumber, r.issues.map((i) => [i.code, i.column])])).toEqual([[3, [["ATTRIBUTE_VALUE_CASE", "Fabric"]]]]);
      const fixed = await remote.applySuggestion(3, "ATTRIBUTE_VALUE_CASE");
      expect([fixed.changedRows, fixed.summary.issues.byCode, fixed.summary.jobs.ready]).toEqual([[2, 3], {}, 2]);
      expect((await remote.undo()).summary.issues.byCode).toEqual({ ATTRIBUTE_VALUE_CASE: 1 });
      expect((await remote.sessionEdits()).edits).toEqual([]);
      expect((await remote.jobs()).map((job) => [job.orderNumber, job.state])).toEqual([["E-1", "blocked"], ["E-2", "ready"]]);
    } finally {
      port1.close();
      port2.close();
    }
  });
});
