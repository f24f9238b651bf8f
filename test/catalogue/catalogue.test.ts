import { SIM_START } from "../helpers/sim-clock";
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendorClient, CREDENTIALS_REFUSED, type Sleep } from "../../src/api";
import { CATALOGUE_MAX_AGE_MS, createCatalogueStore, isStale } from "../../src/catalogue/catalogue-store";
import { describeCatalogueWait, describeCatalogueWaits } from "../../src/catalogue/describe-catalogue-wait";
import {
  catalogueCounts,
  loadCatalogue,
  type CatalogueProgress,
  type CatalogueWait,
} from "../../src/catalogue/load-catalogue";
import { readServerSettings, startAppServer, type RunningAppServer } from "../../src/server/app-server";
import type { FaultSettings, VendorSimulator } from "../../src/server/simulator/simulator";
import { openImporterDB } from "../../src/storage/database";
import { recordedSleep } from "../helpers/recorded-sleep";

let app: RunningAppServer;
/** A client through the proxy; the pause before its own one retry of a read takes no time. */
const clientFor = (connection: string, fetchImpl: typeof fetch = fetch) =>
  createVendorClient({
    baseUrl: `${app.url}/api/${connection}`,
    headers: { "X-Requested-With": "test" },
    retryDelayMs: 0,
    sleep: async () => undefined,
    fetch: fetchImpl,
  });
beforeAll(async () => {
  app = await startAppServer({
    settings: readServerSettings({ PORT: "0" }),
    connections: [],
    simulatorOptions: { startAt: SIM_START },
    log: () => {},
  });
});
afterAll(async () => app.close());

describe("loading the catalogue through the proxy", () => {
  it("loads every part, every page, with progress", async () => {
    const progress: CatalogueProgress[] = [];
    const loaded = await loadCatalogue(clientFor("demo"), "demo", {
      onProgress: (p) => progress.push(p),
      now: () => new Date("2026-11-22T04:00:00Z"),
    });
    if (!loaded.ok) throw new Error(loaded.message);
    const { snapshot } = loaded;
    expect(snapshot).toMatchObject({
      schemaVersion: 1,
      connection: "demo",
      fetchedAt: "2026-11-22T04:00:00.000Z",
      account: { id: 1042, currency: "NZD" },
    });
    expect(catalogueCounts(snapshot)).toEqual({
      priceCodes: 45,
      assets: 230,
      archivedAssets: 20,
      globalAssets: 30,
      stockItems: 10,
      deliveryOptions: 5,
      countries: 9,
    });
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
    const [nz, au] = await Promise.all([
      loadCatalogue(clientFor("demo"), "demo"),
      loadCatalogue(clientFor("demo-au"), "demo-au"),
    ]);
    if (!nz.ok || !au.ok) throw new Error("not loaded");
    expect(au.snapshot.account.currency).toBe("AUD");
    const price = (s: typeof nz.snapshot) =>
      s.priceCodes.find((c) => c.priceCode === 'DTF 10" x 10": Full Colour')?.priceBands?.[0]?.unitPrice;
    expect(price(au.snapshot)).not.toBe(price(nz.snapshot));
  });
});

function simulator(): VendorSimulator {
  const sim = app.simulator?.simulator;
  if (!sim) throw new Error("no simulator");
  return sim;
}

/** Runs `work` with the simulator's faults set, and without them after. */
async function withFaults<T>(faults: FaultSettings, work: (sim: VendorSimulator) => Promise<T>): Promise<T> {
  const sim = simulator();
  sim.faults = faults;
  try {
    return await work(sim);
  } finally {
    sim.faults = {};
  }
}

/** The waits a load's progress showed, each once, in the order they began. */
function waitsShown(progress: readonly CatalogueProgress[]): CatalogueWait[] {
  const seen = new Set<CatalogueWait>();
  for (const p of progress) for (const wait of p.waiting) seen.add(wait);
  return [...seen];
}

const FULL_COUNTS = {
  priceCodes: 45,
  assets: 230,
  archivedAssets: 20,
  globalAssets: 30,
  stockItems: 10,
  deliveryOptions: 5,
  countries: 9,
};

describe("loading the catalogue from a vendor that fails now and then", () => {
  it(
    "loads every part when the vendor answers 30% of calls with a 500, " +
      "trying each failed part again after a pause",
    async () => {
      await withFaults({ rate500: 0.3 }, async (sim) => {
        const runs = [];
        for (let run = 0; run < 5; run++) {
          const { sleep, pauses } = recordedSleep();
          const progress: CatalogueProgress[] = [];
          const callsBefore = sim.stats.apiCalls;
          const loaded = await loadCatalogue(clientFor("demo"), "demo", { sleep, onProgress: (p) => progress.push(p) });
          runs.push({
            loaded,
            pauses,
            shown: waitsShown(progress),
            calls: sim.stats.apiCalls - callsBefore,
            last: progress.at(-1),
          });
        }
        for (const { loaded, pauses, shown, last } of runs) {
          expect(loaded.ok ? catalogueCounts(loaded.snapshot) : loaded.message).toEqual(FULL_COUNTS);
          // Every pause was shown while it lasted, as the vendor being busy, and none is left showing.
          expect(shown.map((w) => w.delayMs)).toEqual(pauses);
          expect(shown.every((w) => w.because === "busy")).toBe(true);
          expect(last?.waiting).toEqual([]);
          expect(pauses.every((ms) => [1_000, 2_000, 4_000, 8_000].includes(ms))).toBe(true);
        }
        // Dozens of calls a load: at 30% failures, some part somewhere needed its pause.
        expect(runs.flatMap((r) => r.pauses).length).toBeGreaterThan(0);
        expect(runs.every((r) => r.calls > 20)).toBe(true);
      });
    },
  );

  it("tries a failed page again without reading the pages before it twice", async () => {
    const asked: string[] = [];
    let failuresLeft = 2;
    const secondPageFails: typeof fetch = async (input, init) => {
      const url = String(input);
      if (/\/Assets\?/.test(url)) asked.push(new URL(url).searchParams.get("page") ?? "");
      if (/\/Assets\?.*page=2/.test(url) && failuresLeft-- > 0) return new Response("", { status: 502 });
      return fetch(input, init);
    };
    const { sleep, pauses } = recordedSleep();
    const loaded = await loadCatalogue(clientFor("demo", secondPageFails), "demo", { sleep });
    expect(loaded.ok && loaded.snapshot.assets.length).toBe(230);
    expect(asked).toEqual(["1", "2", "2", "2", "3"]);
    expect(pauses).toEqual([1_000]);
  });

  it("waits as long as the vendor's Retry-After asks", async () => {
    const progress: CatalogueProgress[] = [];
    const loaded = await withFaults(
      { rate429: 1, retryAfterSeconds: 5, endpoints: ["listDeliveryOptions"] },
      async (sim) => {
        // The vendor is no longer busy once the wait it asked for has passed.
        const { sleep, pauses } = recordedSleep(() => (sim.faults = {}));
        const result = await loadCatalogue(clientFor("demo"), "demo", { sleep, onProgress: (p) => progress.push(p) });
        expect(pauses).toEqual([5_000]);
        return result;
      },
    );
    expect(loaded.ok && catalogueCounts(loaded.snapshot)).toEqual(FULL_COUNTS);
    const [wait] = waitsShown(progress);
    expect(wait).toEqual({ part: "delivery options", delayMs: 5_000, because: "busy" });
    expect(wait && describeCatalogueWait(wait)).toBe("The vendor is busy; trying delivery options again in 5 s");
  });

  it("gives up on a part after about half a minute of pauses, and names it", async () => {
    await withFaults({ rate500: 1, endpoints: ["listDeliveryOptions"] }, async (sim) => {
      const before = sim.stats.callsByEndpoint.listDeliveryOptions ?? 0;
      const { sleep, pauses } = recordedSleep();
      const loaded = await loadCatalogue(clientFor("demo"), "demo", { sleep });
      expect(loaded.ok).toBe(false);
      if (loaded.ok) return;
      expect(loaded.missing).toEqual(["delivery options"]);
      const deliveryOptionsFailed = new RegExp(
        "^The catalogue could not be loaded: delivery options " +
          "\\(An error occurred while processing your request\\.\\)\\. Nothing else is missing; try again\\.$",
      );
      expect(loaded.message).toMatch(deliveryOptionsFailed);
      // 1 + 2 + 4 + 8 + 8 s; one more pause of 8 s would pass 30 s.
      expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
      // Six tries, each a read the client tries twice itself.
      expect((sim.stats.callsByEndpoint.listDeliveryOptions ?? 0) - before).toBe(12);
    });
  });

  it("fails at once, naming the part, when the vendor refuses it", async () => {
    let stockCalls = 0;
    const stockRefused: typeof fetch = async (input, init) => {
      if (/\/Stock\?/.test(String(input))) {
        stockCalls++;
        return Response.json(
          { title: "Forbidden", status: 403, detail: "Stock is not enabled for this account." },
          { status: 403 },
        );
      }
      return fetch(input, init);
    };
    const { sleep, pauses } = recordedSleep();
    const loaded = await loadCatalogue(clientFor("demo", stockRefused), "demo", { sleep });
    expect(loaded.ok ? [] : [loaded.missing, loaded.message]).toEqual([
      ["stock"],
      "The catalogue could not be loaded: stock (Forbidden: " +
        "Stock is not enabled for this account.). Nothing else is missing; try again.",
    ]);
    expect(pauses).toEqual([]);
    expect(stockCalls).toBe(1);
  });

  it("asks nothing else when the account cannot be read, and does not wait on refused credentials", async () => {
    const refused: typeof fetch = async () =>
      Response.json(
        {
          type: CREDENTIALS_REFUSED,
          title: "No access token for this connection",
          status: 503,
          detail: "The token service refused the client credentials (HTTP 401)",
        },
        { status: 503, headers: { "Retry-After": "1" } },
      );
    const { sleep, pauses } = recordedSleep();
    const loaded = await loadCatalogue(clientFor("demo", refused), "demo", { sleep });
    expect(loaded.ok ? [] : [loaded.missing, loaded.message]).toEqual([
      ["account"],
      "The catalogue could not be loaded: account (No access token for this connection: " +
        "The token service refused the client credentials (HTTP 401)). Nothing else is missing; try again.",
    ]);
    expect(pauses).toEqual([]);
  });

  it("stops waiting at once when the load is stopped", async () => {
    const stop = new AbortController();
    // A pause that would never end: the load returns only because it was stopped.
    const endless: Sleep = () => {
      stop.abort();
      return new Promise(() => undefined);
    };
    const loaded = await withFaults({ rate500: 1, endpoints: ["listDeliveryOptions"] }, () =>
      loadCatalogue(clientFor("demo"), "demo", { sleep: endless, signal: stop.signal }),
    );
    expect(loaded).toMatchObject({ ok: false, message: "Loading the catalogue was stopped." });
  });

  it("says what it waits for in the user's words", () => {
    const waits: CatalogueWait[] = [
      { part: "stock", delayMs: 4_000, because: "busy" },
      { part: "assets", delayMs: 1_500, because: "no-answer" },
    ];
    expect(waits.map(describeCatalogueWait)).toEqual([
      "The vendor is busy; trying stock again in 4 s",
      "The vendor did not answer; trying assets again in 2 s",
    ]);
    expect(describeCatalogueWaits(waits)).toBe(
      "The vendor is busy; trying stock again in 4 s. The vendor did not answer; trying assets again in 2 s.",
    );
    expect(describeCatalogueWaits([])).toBe("");
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
