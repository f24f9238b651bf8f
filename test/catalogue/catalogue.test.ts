import { SIM_START } from "../helpers/sim-clock";
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendorClient } from "../../src/api";
import { CATALOGUE_MAX_AGE_MS, createCatalogueStore, isStale } from "../../src/catalogue/catalogue-store";
import { catalogueCounts, loadCatalogue, type CatalogueProgress } from "../../src/catalogue/load-catalogue";
import { readServerSettings, startAppServer, type RunningAppServer } from "../../src/server/app-server";
import { openImporterDB } from "../../src/storage/database";

let app: RunningAppServer;
const clientFor = (connection: string) => createVendorClient({ baseUrl: `${app.url}/api/${connection}`, headers: { "X-Requested-With": "test" }, retryDelayMs: 0 });
beforeAll(async () => {
  app = await startAppServer({ settings: readServerSettings({ PORT: "0" }), connections: [], simulatorOptions: { startAt: SIM_START }, log: () => {} });
});
afterAll(async () => app.close());

describe("loading the catalogue through the proxy", () => {
  it("loads every part, every page, with progress", async () => {
    const progress: CatalogueProgress[] = [];
    const loaded = await loadCatalogue(clientFor("demo"), "demo", { onProgress: (p) => progress.push(p), now: () => new Date("2026-11-22T04:00:00Z") });
    if (!loaded.ok) throw new Error(loaded.message);
    const { snapshot } = loaded;
    expect(snapshot).toMatchObject({ schemaVersion: 1, connection: "demo", fetchedAt: "2026-11-22T04:00:00.000Z", account: { id: 1042, currency: "NZD" } });
    expect(catalogueCounts(snapshot)).toEqual({ priceCodes: 45, assets: 230, archivedAssets: 20, globalAssets: 30, stockItems: 10, deliveryOptions: 5, countries: 9 });
    expect(Object.keys(snapshot.states).sort()).toEqual(["AU", "CA", "US"]);
    expect(snapshot.stock.every((s) => (s.priceBands?.length ?? 0) > 0)).toBe(true);
    expect(snapshot.processCodes.length).toBeGreaterThan(0);
    expect(snapshot.jobStatuses.length).toBeGreaterThan(0);
    expect(snapshot.sizeSets.length).toBeGreaterThan(0);
    expect(snapshot.shipmentSettings?.freightRates.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ partsDone: 12, partsTotal: 12 });
    expect(progress.some((p) => p.part === "assets" && (p.records ?? 0) > 100)).toBe(true);
  });

  it("finds codes the list leaves out through the assets made from them, and fetches them singly", async () => {
    const loaded = await loadCatalogue(clientFor("demo"), "demo");
    if (!loaded.ok) throw new Error(loaded.message);
    const listed = await clientFor("demo").listPriceCodes({ pageSize: 500 });
    expect(listed.ok && listed.value.some((c) => c.hasMetaDataAttributes)).toBe(false);
    const metadata = loaded.snapshot.priceCodes.filter((c) => c.hasMetaDataAttributes);
    expect(metadata.map((c) => c.priceCode)).toEqual(["DTF Gang Sheet: Custom Size"]);
    expect(metadata[0]?.attributes?.filter((a) => a.isMetaDataAttribute).map((a) => a.name)).toEqual(["DG-X", "DG-Y"]);
  });

  it("keeps each account's prices apart", async () => {
    const [nz, au] = await Promise.all([loadCatalogue(clientFor("demo"), "demo"), loadCatalogue(clientFor("demo-au"), "demo-au")]);
    if (!nz.ok || !au.ok) throw new Error("not loaded");
    expect(au.snapshot.account.currency).toBe("AUD");
    const price = (s: typeof nz.snapshot) => s.priceCodes.find((c) => c.priceCode === 'DTF 10" x 10": Full Colour')?.priceBands?.[0]?.unitPrice;
    expect(price(au.snapshot)).not.toBe(price(nz.snapshot));
  });

  it("names the part that failed after one retry", async () => {
    const sim = app.simulator?.simulator;
    if (!sim) throw new Error("no simulator");
    sim.faults = { rate500: 1, endpoints: ["listDeliveryOptions"] };
    const before = sim.stats.callsByEndpoint.listDeliveryOptions ?? 0;
    try {
      const loaded = await loadCatalogue(clientFor("demo"), "demo");
      expect(loaded.ok).toBe(false);
      if (loaded.ok) return;
      expect(loaded.missing).toEqual(["delivery options"]);
      expect(loaded.message).toMatch(/^The catalogue could not be loaded: delivery options \(An error occurred while processing your request\.\)/);
      expect((sim.stats.callsByEndpoint.listDeliveryOptions ?? 0) - before).toBe(2);
    } finally {
      sim.faults = {};
    }
  });
});

describe("catalogue snapshots in IndexedDB", () => {
  it("stores one snapshot per connection and account, and never hands out another's", async () => {
    const store = createCatalogueStore(await openImporterDB(`catalogues-${Math.random()}`));
    const loaded = await loadCatalogue(clientFor("demo"), "demo");
    if (!loaded.ok) throw new Error(loaded.message);
    await store.put(loaded.snapshot);
    expect((await store.get("demo", 1042))?.account.name).toBe("Kiwi Team Print Ltd");
    expect(await store.get("demo", 2077)).toBeUndefined();
    expect(await store.get("demo-au", 1042)).toBeUndefined();
    await store.put({ ...loaded.snapshot, schemaVersion: 0 as 1 });
    expect(await store.get("demo", 1042)).toBeUndefined();
  });

  it("is refreshed once older than its stated age", () => {
    const fetchedAt = "2026-11-22T00:00:00.000Z";
    const snapshot = { fetchedAt } as Parameters<typeof isStale>[0];
    expect(isStale(snapshot, new Date(Date.parse(fetchedAt) + CATALOGUE_MAX_AGE_MS - 1))).toBe(false);
    expect(isStale(snapshot, new Date(Date.parse(fetchedAt) + CATALOGUE_MAX_AGE_MS + 1))).toBe(true);
    expect(CATALOGUE_MAX_AGE_MS).toBe(12 * 3_600_000);
  });
});
