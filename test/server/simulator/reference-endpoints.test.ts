import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VendorClient } from "../../../src/api";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient, simCredentials } from "../../helpers/sim-client";
import { TokenSource } from "../../../src/server/proxy/token-source";
import { statusOf, unwrap } from "../../helpers/unwrap";

let sim: RunningSimulator;
let client: VendorClient;
beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  client = simClient(sim);
});
afterAll(async () => sim.close());

describe("paged envelopes", () => {
  it("pages assets with totals and ready-made links", async () => {
    const first = unwrap(await client.listAssets({ pageSize: 100 }));
    expect(first).toMatchObject({
      pageSize: 100,
      returnedResults: 100,
      currentPage: 1,
      hasNext: true,
      hasPrevious: false,
      previousUrl: null,
    });
    expect(first.totalPages).toBe(Math.ceil(first.totalResults / 100));
    const next = new URL(first.nextUrl ?? "");
    expect(next.searchParams.get("page")).toBe("2");
    const last = unwrap(await client.listAssets({ pageSize: 100, page: first.totalPages }));
    expect(last).toMatchObject({ hasNext: false, nextUrl: null, hasPrevious: true });
    expect(last.returnedResults).toBe(first.totalResults - 100 * (first.totalPages - 1));
    expect(unwrap(await client.listAssets()).pageSize).toBe(25);
    expect(unwrap(await client.listUsers()).pageSize).toBe(50);
    expect(unwrap(await client.listTransactions()).pageSize).toBe(20);
    expect(unwrap(await client.listActiveJobs()).pageSize).toBe(20);
  });

  it("filters and sorts assets as documented", async () => {
    const archived = unwrap(await client.listAssets({ isArchived: true, pageSize: 500 }));
    expect(archived.entities.every((a) => a.isArchived)).toBe(true);
    const scr = unwrap(await client.listAssets({ includeProcesses: ["scr"], pageSize: 500 }));
    expect(scr.entities.every((a) => a.processCode === "SCR")).toBe(true);
    const notScr = unwrap(await client.listAssets({ excludeProcesses: ["SCR"], pageSize: 500 }));
    expect(notScr.totalResults + scr.totalResults).toBe(unwrap(await client.listAssets()).totalResults);
    const contains = unwrap(await client.listAssets({ priceCodeContains: ["neck label", "GLITTER"], pageSize: 500 }));
    expect(contains.entities.every((a) => /neck label|glitter/i.test(a.priceCode ?? ""))).toBe(true);
    const filtered = unwrap(await client.listAssets({ filter: "otago", pageSize: 500 }));
    expect(filtered.filter).toBe("otago");
    expect(filtered.entities.every((a) => /otago/i.test(`${a.description}${a.assetTag}`))).toBe(true);
    const descending = unwrap(await client.listAssets({ sortDirection: "Descending" })).entities.map(
      (a) => a.assetTag ?? "",
    );
    expect(descending).toEqual([...descending].sort().reverse());
    // The typed client cannot ask for a column the vendor does not sort by; a raw request can.
    const details = simCredentials(sim, "kiwi-team-print");
    const token = await new TokenSource(details).get();
    expect(
      (await fetch(`${details.baseUrl}/Assets?sortColumn=Colour`, { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(400);
  });

  it("answers the single-asset form as JSON, text/plain or text/json", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const token = await new TokenSource(details).get();
    for (const accept of ["application/json", "text/plain", "text/json"]) {
      const response = await fetch(`${details.baseUrl}/Assets/A1042001`, {
        headers: { Authorization: `Bearer ${token}`, Accept: accept },
      });
      expect(response.headers.get("content-type")).toMatch(new RegExp(`^${accept}`));
      expect((await response.json()).assetTag).toBe("A1042001");
    }
  });
});

describe("stock", () => {
  it("matches code exactly against stock or variant codes, and refuses an over-long code", async () => {
    expect(unwrap(await client.listStock({ code: "AS5001-NVY" })).map((s) => s.stockCode)).toEqual(["AS5001"]);
    expect(unwrap(await client.listStock({ code: "as5001" }))).toEqual([]);
    expect(statusOf(await client.listStock({ code: "X".repeat(41) }))).toBe(400);
    expect(unwrap(await client.listStock({ markets: ["us"] })).every((s) => s.markets?.includes("US"))).toBe(true);
    const withArchived = unwrap(await client.listStock({ includeArchived: true, pageSize: 100 }));
    const current = unwrap(await client.listStock({ pageSize: 100 }));
    expect(withArchived.length).toBe(current.length + 1);
    expect(current.every((s) => s.priceBands == null)).toBe(true);
  });

  it("returns one item with shipping configs, and shipping records by item or market", async () => {
    const item = unwrap(await client.getStockItem("EQ-PILLOW"));
    expect(item.stockVariants[0]?.sizesCsv).toBe("Qty");
    expect(item.shippingConfigs?.length).toBeGreaterThan(0);
    expect(statusOf(await client.getStockItem("NOPE"))).toBe(400);
    expect(unwrap(await client.getStockItemShipping(8000)).every((r) => r.stockItemId === 8000)).toBe(true);
    expect(statusOf(await client.getStockItemShipping(1))).toBe(400);
    expect(unwrap(await client.listStockShipping("au")).every((r) => r.markets.includes("AU"))).toBe(true);
    expect(statusOf(await client.listStockShipping(""))).toBe(400);
  });
});

describe("dates and jobs by asset", () => {
  it("gives the earliest ship date live, with exclusions, and 404 when none is possible", async () => {
    const dtf = unwrap(await client.getEarliestShipDate(["DTF"]));
    const emb = unwrap(await client.getEarliestShipDate(["DTF", "EMB"]));
    expect(emb.shippingDateLocal > dtf.shippingDateLocal).toBe(true);
    expect(dtf.timezone).toBe("Pacific/Auckland");
    expect(dtf.dateExclusions?.length).toBeGreaterThan(0);
    sim.simulator.clock.advance(7 * 86_400_000);
    expect(unwrap(await client.getEarliestShipDate(["DTF"])).shippingDateLocal > dtf.shippingDateLocal).toBe(true);
    expect(statusOf(await client.getEarliestShipDate(["NOPE"]))).toBe(404);
  });

  it("lists an asset's jobs and answers 400 for an invalid asset code", async () => {
    expect(unwrap(await client.getAssetJobs("A1042002"))).toEqual({ assetCode: "A1042002", jobs: [], totalCount: 0 });
    expect(statusOf(await client.getAssetJobs("NOT-A-TAG"))).toBe(400);
  });
});
