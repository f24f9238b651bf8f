import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allAssets, allGlobalAssets, allStock } from "../src/api";
import { columnForField, suggestMapping } from "../src/core/mapping";
import { toOrderRows } from "../src/core/order-rows";
import type { SheetTable } from "../src/core/sheet-model";
import { loadReferenceData, vocabularyWords, type ReferenceData } from "../src/app/reference-data";
import { startSimulator, type RunningSimulator } from "../src/server/simulator/simulator";
import { createSheetSession } from "../src/sheet/worker-api";
import { simClient } from "./helpers/sim-client";
import { unwrap } from "./helpers/unwrap";

let sim: RunningSimulator;
let reference: ReferenceData;
let known: { priceCodes: Set<string>; assets: Set<string>; stock: Set<string> };

beforeAll(async () => {
  sim = await startSimulator();
  const client = simClient(sim);
  const loaded = await loadReferenceData(client);
  if (!loaded.ok) throw new Error(loaded.message);
  reference = loaded.data;
  const assets = [...unwrap(await allAssets(client)), ...unwrap(await allGlobalAssets(client))].filter((a) => !a.isArchived);
  known = {
    priceCodes: new Set(reference.priceCodes.keys()),
    assets: new Set(assets.map((a) => a.assetTag ?? "")),
    stock: new Set(unwrap(await allStock(client)).map((s) => s.stockCode)),
  };
});
afterAll(async () => sim.close());

async function readSample(name: string) {
  const session = createSheetSession();
  const words = vocabularyWords(reference.vocabulary);
  const opened = await session.open(new Uint8Array(await readFile(new URL(`../samples/${name}`, import.meta.url))), name, undefined, words);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet, undefined, words);
  if (!preview.ok) throw new Error(preview.message);
  const table: SheetTable = { ...preview.preview, rows: session.rows(preview.preview.sheetName, preview.preview.headerRowNumber, 0, 10_000) };
  const mapping = suggestMapping(table.headers, reference.vocabulary);
  return { opened: opened.summary, table, mapping, rows: toOrderRows(table, mapping) };
}

describe("the samples", () => {
  it.each([
    ["price-code-orders.csv", 10, 4],
    ["team-orders-winter-2027.xlsx", 25, 4],
    ["reorder-campaign.csv", 8, 4],
    ["stock-order.xlsx", 6, 2],
  ])("%s maps fully and names only codes the simulator has", async (name, rowCount, orders) => {
    const { rows, mapping } = await readSample(name);
    expect(rows).toHaveLength(rowCount);
    expect(new Set(rows.map((r) => r.values.orderNumber)).size).toBe(orders);
    expect(columnForField(mapping, "code")).toBeDefined();
    for (const row of rows) {
      const code = row.values.code ?? "";
      const type = row.values.itemType;
      const inCatalogue =
        type === "Asset" ? known.assets.has(code) : type === "Stock" ? known.stock.has(code) : known.priceCodes.has(code) || known.assets.has(code) || known.stock.has(code);
      expect(inCatalogue, `row ${row.rowNumber}: ${code}`).toBe(true);
    }
  });

  it("the team workbook has an instructions sheet in front, job fields on first rows only, and wide sizes", async () => {
    const { opened, rows } = await readSample("team-orders-winter-2027.xlsx");
    expect(opened.sheets.map((s) => s.name)).toEqual(["How to order", "Orders", "Lists"]);
    expect(opened.defaultSheet).toBe("Orders");
    const karori = rows.filter((r) => r.values.orderNumber === "KTP-27001");
    expect(karori.filter((r) => r.values.contactName !== undefined)).toHaveLength(1);
    expect(karori[0]?.sizes.map((s) => [s.key, s.value])).toEqual([["S", "2"], ["M", "4"], ["L", "5"], ["XL", "3"], ["2XL", "1"]]);
    expect(new Set(rows.map((r) => r.values.itemType))).toEqual(new Set(["Stock", "PriceCode", "Asset"]));
    expect(rows.find((r) => r.values.orderNumber === "KTP-27003")?.values.postalCode).toBe("0612");
  });
});
