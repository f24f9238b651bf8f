import { allAssets, allGlobalAssets, allPriceCodes, allStock, describeProblem, mapWithConcurrency, type ApiResult, type VendorClient } from "../api";
import { SNAPSHOT_SCHEMA_VERSION, type CatalogueSnapshot } from "../core/catalogue";
import type { PriceCode, State } from "../core/vendor";

/** Where a load has got to, for a progress bar. */
export interface CatalogueProgress {
  readonly part: string;
  readonly partsDone: number;
  readonly partsTotal: number;
  /** Records of the current part so far (pages of price codes, assets …). */
  readonly records?: number;
}

export type CatalogueLoadResult =
  | { readonly ok: true; readonly snapshot: CatalogueSnapshot }
  | { readonly ok: false; readonly message: string; readonly missing: readonly string[] };

class PartFailed extends Error {
  constructor(readonly part: string, readonly detail: string) {
    super(`${part}: ${detail}`);
  }
}

async function part<T>(name: string, result: Promise<ApiResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new PartFailed(name, describeProblem(answer.problem).join("; "));
  return answer.value;
}

const PARTS = [
  "account",
  "processes",
  "process codes",
  "price codes",
  "assets",
  "global assets",
  "stock",
  "delivery options",
  "countries and states",
  "job statuses",
  "size sets",
  "shipment settings",
] as const;

/**
 * Loads everything resolution needs for one account, through the given client. Every read
 * is retried once by the client; a part that still fails is named in the message. Codes the
 * price-code list leaves out (those with metadata attributes) are found through the assets
 * made from them and fetched one by one.
 */
export async function loadCatalogue(
  client: VendorClient,
  connection: string,
  options: { readonly now?: () => Date; readonly onProgress?: (progress: CatalogueProgress) => void; readonly signal?: AbortSignal } = {},
): Promise<CatalogueLoadResult> {
  const { onProgress, signal } = options;
  let done = 0;
  const step = <T>(name: (typeof PARTS)[number], work: () => Promise<T>): Promise<T> =>
    work().then((value) => {
      onProgress?.({ part: name, partsDone: ++done, partsTotal: PARTS.length });
      return value;
    });
  const paging = (name: string) => ({ signal, onPage: (records: number) => onProgress?.({ part: name, partsDone: done, partsTotal: PARTS.length, records }) });
  const failures: PartFailed[] = [];
  const attempt = <T>(promise: Promise<T>): Promise<T | undefined> =>
    promise.catch((error: unknown) => {
      if (error instanceof PartFailed) failures.push(error);
      // Anything else is a fault of our own; its runtime text would mean nothing to the user.
      else failures.push(new PartFailed("catalogue", "it could not be read for a reason of the importer's own"));
      return undefined;
    });
  /** One call for one part: counted when it is done, recorded when it fails. */
  const load = <T>(name: (typeof PARTS)[number], call: () => Promise<ApiResult<T>>) => attempt(step(name, () => part(name, call())));

  const account = await load("account", () => client.getAccount({ signal }));
  const [processes, processCodes, listed, assets, globalAssets, stock, deliveryOptions, countries, jobStatuses, sizeSets, shipmentSettings] = await Promise.all([
    load("processes", () => client.listProcesses({ signal })),
    load("process codes", () => client.listProcessCodes({ signal })),
    load("price codes", () => allPriceCodes(client, {}, paging("price codes"))),
    load("assets", () => allAssets(client, {}, paging("assets"))),
    load("global assets", () => allGlobalAssets(client, {}, paging("global assets"))),
    load("stock", () => allStock(client, { includePricing: true }, paging("stock"))),
    load("delivery options", () => client.listDeliveryOptions({ signal })),
    attempt(
      step("countries and states", async () => {
        const list = await part("countries", client.listCountries({ signal }));
        const withStates = list.countries.filter((country) => country.hasState);
        const states: Record<string, readonly State[]> = {};
        await mapWithConcurrency(withStates, 3, async (country) => {
          states[country.iso2] = (await part(`states of ${country.name}`, client.listStates(country.iso2, { signal }))).states;
        });
        return { list, states };
      }),
    ),
    load("job statuses", () => client.listJobStatuses({ signal })),
    load("size sets", () => client.listSizeSets({ signal })),
    // Shipment settings are shown, not needed to resolve: an account without them still loads.
    step("shipment settings", async () => {
      const settings = await client.getShipmentSettings({ signal });
      return settings.ok ? settings.value : null;
    }),
  ]);

  if (failures.length > 0 || !account || !processes || !processCodes || !listed || !assets || !globalAssets || !stock || !deliveryOptions || !countries || !jobStatuses || !sizeSets) {
    const missing = [...new Set(failures.map((f) => f.part))];
    return {
      ok: false,
      missing,
      message: `The catalogue could not be loaded: ${failures.map((f) => `${f.part} (${f.detail})`).join("; ")}. Nothing else is missing; try again.`,
    };
  }

  // Codes with metadata attributes are not listed; the assets made from them name them.
  const listedCodes = new Set(listed.map((code) => code.priceCode));
  const unlisted = [...new Set([...assets, ...globalAssets].map((a) => a.priceCode).filter((c): c is string => !!c && !listedCodes.has(c)))];
  const metadataCodes: PriceCode[] = [];
  await mapWithConcurrency(unlisted, 4, async (code) => {
    const found = await client.getPriceCode(code, {}, { signal });
    if (found.ok) metadataCodes.push(found.value);
  });

  return {
    ok: true,
    snapshot: {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      connection,
      account,
      fetchedAt: (options.now?.() ?? new Date()).toISOString(),
      processes: processes.processes,
      processCodes,
      priceCodes: [...listed, ...metadataCodes.sort((a, b) => (a.priceCode ?? "").localeCompare(b.priceCode ?? ""))],
      assets,
      globalAssets,
      stock,
      deliveryOptions,
      countries: countries.list,
      states: countries.states,
      jobStatuses,
      sizeSets,
      shipmentSettings,
    },
  };
}

/** Counts shown beside a snapshot: what the account's catalogue holds. */
export function catalogueCounts(snapshot: CatalogueSnapshot) {
  return {
    priceCodes: snapshot.priceCodes.length,
    assets: snapshot.assets.length,
    archivedAssets: snapshot.assets.filter((a) => a.isArchived).length,
    globalAssets: snapshot.globalAssets.length,
    stockItems: snapshot.stock.length,
    deliveryOptions: snapshot.deliveryOptions.length,
    countries: snapshot.countries.countries.length,
  };
}
