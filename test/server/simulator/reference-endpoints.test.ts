import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResult, VendorClient } from "../../../src/api";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { simClient, simCredentials } from "../../helpers/sim-client";
import { TokenSource } from "../../../src/server/proxy/token-source";

let sim: RunningSimulator;
let client: VendorClient;
beforeAll(async () => {
  sim = await startSimulator();
  client = simClient(sim);
});
afterAll(async () => sim.close());

function value<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`${result.problem.status} ${result.problem.title}`);
  return result.value;
}
const statusOf = (result: ApiResult<unknown>) => (result.ok ? result.status : result.problem.status);

describe("paged envelopes", () => {
  it("pages assets with totals and ready-made links", async () => {
    const first = value(await client.listAssets({ pageSize: 100 }));
    expect(first).toMatchObject({ pageSize: 100, returnedResults: 100, currentPage: 1, hasNext: true, hasPrevious: false, previousUrl: null });
    expect(first.totalPages).toBe(Math.ceil(first.totalResults / 100));
    const next = new URL(first.nextUrl ?? "");
    expect(next.searchParams.get("page")).toBe("2");
    const last = value(await client.listAssets({ pageSize: 100, page: first.totalPages }));
    expect(last).toMatchObject({ hasNext: false, nextUrl: null, hasPrevious: true });
    expect(last.returnedResults).toBe(first.totalResults - 100 * (first.totalPages - 1));
    expect(value(await client.listAssets()).pageSize).toBe(25);
    expect(value(await client.listUsers()).pageSize).toBe(50);
    expect(value(await client.listTransactions()).pageSize).toBe(20);
    expect(value(await client.listActiveJobs()).pageSize).toBe(20);
  });

  it("filters and sorts assets as documented", async () => {
    const archived = value(await client.listAssets({ isArchived: true, pageSize: 500 }));
    expect(archived.entities.every((a) => a.isArchived)).toBe(true);
    const scr = value(await client.listAssets({ includeProcesses: ["scr"], pageSize: 500 }));
    expect(scr.entities.every((a) => a.processCode === "SCR")).toBe(true);
    const notScr = value(await client.listAssets({ excludeProcesses: ["SCR"], pageSize: 500 }));
    expect(notScr.totalResults + scr.totalResults).toBe(value(await client.listAssets()).totalResults);
    const contains = value(await client.listAssets({ priceCodeContains: ["neck label", "GLITTER"], pageSize: 500 }));
    expect(contains.entities.every((a) => /neck label|glitter/i.test(a.priceCode ?? ""))).toBe(true);
    const filtered = value(await client.listAssets({ filter: "otago", pageSize: 500 }));
    expect(filtered.filter).toBe("otago");
    expect(filtered.entities.every((a) => /otago/i.test(`${a.description}${a.assetTag}`))).toBe(true);
    const descending = value(await client.listAssets({ sortDirection: "Descending" })).entities.map((a) => a.assetTag ?? "");
    expect(descending).toEqual([...descending].sort().reverse());
    expect(statusOf(await client.listAssets({ sortColumn: "Colour" }))).toBe(400);
  });

  it("answers the single-asset form as JSON, text/plain or text/json", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const token = await new TokenSource(details).get();
    for (const accept of ["application/json", "text/plain", "text/json"]) {
      const response = await fetch(`${details.baseUrl}/Assets/A1042001`, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
      expect(response.headers.get("content-type")).toMatch(new RegExp(`^${accept}`));
      expect((await response.json()).assetTag).toBe("A1042001");
    }
  });
});

describe("stock", () => {
  it("matches code exactly against stock or variant codes, and refuses an over-long code", async () => {
    expect(value(await client.listStock({ code: "AS5001-NVY" })).map((s) => s.stockCode)).toEqual(["AS5001"]);
    expect(value(await client.listStock({ code: "as5001" }))).toEqual([]);
    expect(statusOf(await client.listStock({ code: "X".repeat(41) }))).toBe(400);
    expect(value(await client.listStock({ markets: ["us"] })).every((s) => s.markets?.includes("US"))).toBe(true);
    const withArchived = value(await client.listStock({ includeArchived: true, pageSize: 100 }));
    const current = value(await client.listStock({ pageSize: 100 }));
    expect(withArchived.length).toBe(current.length + 1);
    expect(current.every((s) => s.priceBands == null)).toBe(true);
  });

  it("returns one item with shipping configs, and shipping records by item or market", async () => {
    const item = value(await client.getStockItem("EQ-PILLOW"));
    expect(item.stockVariants[0]?.sizesCsv).toBe("Qty");
    expect(item.shippingConfigs?.length).toBeGreaterThan(0);
    expect(statusOf(await client.getStockItem("NOPE"))).toBe(400);
    expect(value(await client.getStockItemShipping(8000)).every((r) => r.stockItemId === 8000)).toBe(true);
    expect(statusOf(await client.getStockItemShipping(1))).toBe(400);
    expect(value(await client.listStockShipping("au")).every((r) => r.markets.includes("AU"))).toBe(true);
    expect(statusOf(await client.listStockShipping(""))).toBe(400);
  });
});

describe("dates and jobs by asset", () => {
  it("gives the earliest ship date live, with exclusions, and 404 when none is possible", async () => {
    const dtf = value(await client.getEarliestShipDate(["DTF"]));
    const emb = value(await client.getEarliestShipDate(["DTF", "EMB"]));
    expect(emb.shippingDateLocal > dtf.shippingDateLocal).toBe(true);
    expect(dtf.timezone).toBe("Pacific/Auckland");
    expect(dtf.dateExclusions?.length).toBeGreaterThan(0);
    sim.simulator.clock.advance(7 * 86_400_000);
    expect(value(await client.getEarliestShipDate(["DTF"])).shippingDateLocal > dtf.shippingDateLocal).toBe(true);
    expect(statusOf(await client.getEarliestShipDate(["NOPE"]))).toBe(404);
  });

  it("lists an asset's jobs and answers 400 for an invalid asset code", async () => {
    expect(value(await client.getAssetJobs("A1042002"))).toEqual({ assetCode: "A1042002", jobs: [], totalCount: 0 });
    expect(statusOf(await client.getAssetJobs("NOT-A-TAG"))).toBe(400);
  });
});
