import {
  allAssets,
  allGlobalAssets,
  allPriceCodes,
  allStock,
  describeProblem,
  isTransientProblem,
  mapWithConcurrency,
  type ApiResult,
  type PageAttempt,
  type PagingOptions,
  type Sleep,
  type VendorClient,
} from "../api";
import { SNAPSHOT_SCHEMA_VERSION, type CatalogueSnapshot } from "../core/catalogue";
import type { Asset, CountriesResponse, PriceCode, State } from "../core/vendor";
import {
  createPartLoader,
  PartFailed,
  partValue,
  type CatalogueProgress,
  type PartLoader,
  type PartName,
} from "./catalogue-parts";

export type { CatalogueProgress, CatalogueWait } from "./catalogue-parts";

export interface LoadCatalogueOptions {
  readonly now?: () => Date;
  readonly onProgress?: (progress: CatalogueProgress) => void;
  /** Stops the load, a pause before trying again included, at once. */
  readonly signal?: AbortSignal;
  /** How the pauses before trying a part again are taken: a timer unless told. */
  readonly sleep?: Sleep;
}

export type CatalogueLoadResult =
  | { readonly ok: true; readonly snapshot: CatalogueSnapshot }
  | { readonly ok: false; readonly message: string; readonly missing: readonly string[] };

async function countriesAndStates(client: VendorClient, attempt: PageAttempt, signal: AbortSignal | undefined) {
  const list: CountriesResponse = partValue("countries", await attempt(() => client.listCountries({ signal })));
  const states: Record<string, readonly State[]> = {};
  await mapWithConcurrency(
    list.countries.filter((country) => country.hasState),
    3,
    async (country) => {
      states[country.iso2] = partValue(
        `states of ${country.name}`,
        await attempt(() => client.listStates(country.iso2, { signal })),
      ).states;
    },
  );
  return { list, states };
}

/**
 * Codes with metadata attributes are not listed; the assets made from them name them, and
 * each is read on its own. A code the vendor will not give (gone, say) is left out; one it
 * keeps failing for now fails the price codes.
 */
async function codesLeftOut(
  client: VendorClient,
  listed: readonly PriceCode[],
  assets: readonly Asset[],
  parts: PartLoader,
  signal: AbortSignal | undefined,
): Promise<PriceCode[]> {
  const listedCodes = new Set(listed.map((code) => code.priceCode));
  const unlisted = [...new Set(assets.map((a) => a.priceCode).filter((c): c is string => !!c && !listedCodes.has(c)))];
  const found: PriceCode[] = [];
  await mapWithConcurrency(unlisted, 4, async (code) => {
    const answer = await parts.attempt("price codes")(() => client.getPriceCode(code, {}, { signal }));
    if (answer.ok) found.push(answer.value);
    else if (isTransientProblem(answer.problem) || answer.problem.kind === "aborted") {
      parts.failures.push(new PartFailed("price codes", `${code}: ${describeProblem(answer.problem).join("; ")}`));
    }
  });
  return found.sort((a, b) => (a.priceCode ?? "").localeCompare(b.priceCode ?? ""));
}

function notLoaded(failures: readonly PartFailed[], signal: AbortSignal | undefined): CatalogueLoadResult {
  const missing = [...new Set(failures.map((f) => f.part))];
  if (signal?.aborted) return { ok: false, missing, message: "Loading the catalogue was stopped." };
  return {
    ok: false,
    missing,
    message:
      `The catalogue could not be loaded: ${failures.map((f) => `${f.part} (${f.detail})`).join("; ")}. ` +
      "Nothing else is missing; try again.",
  };
}

/**
 * Loads everything resolution needs for one account, through the given client. A part (or a
 * page of one) the vendor fails for now (busy, a server error, no answer) is tried again
 * after 1, 2, 4, then 8 s (longer when the vendor's Retry-After asks), for about half a
 * minute of pauses in all; one it refuses (400, 401, 403, 404, refused credentials) fails at
 * once. A part that still fails is named in the message.
 */
export async function loadCatalogue(
  client: VendorClient,
  connection: string,
  options: LoadCatalogueOptions = {},
): Promise<CatalogueLoadResult> {
  const { signal } = options;
  const parts = createPartLoader(options);
  const read = <T>(part: PartName, call: () => Promise<ApiResult<T>>) =>
    parts.load(part, async (attempt) => partValue(part, await attempt(call)));
  const readPages = <T>(part: PartName, walk: (paging: PagingOptions) => Promise<ApiResult<T>>) =>
    parts.load(part, async (attempt) =>
      partValue(part, await walk({ signal, attempt, onPage: (records) => parts.report(part, records) })),
    );

  const account = await read("account", () => client.getAccount({ signal }));
  // Without the account (credentials refused, say) nothing else would be answered either.
  if (!account) return notLoaded(parts.failures, signal);
  parts.nextPhase();
  const [
    processes,
    processCodes,
    listed,
    assets,
    globalAssets,
    stock,
    deliveryOptions,
    countries,
    jobStatuses,
    sizeSets,
    shipmentSettings,
  ] = await Promise.all([
    read("processes", () => client.listProcesses({ signal })),
    read("process codes", () => client.listProcessCodes({ signal })),
    readPages("price codes", (paging) => allPriceCodes(client, {}, paging)),
    readPages("assets", (paging) => allAssets(client, {}, paging)),
    readPages("global assets", (paging) => allGlobalAssets(client, {}, paging)),
    readPages("stock", (paging) => allStock(client, { includePricing: true }, paging)),
    read("delivery options", () => client.listDeliveryOptions({ signal })),
    parts.load("countries and states", (attempt) => countriesAndStates(client, attempt, signal)),
    read("job statuses", () => client.listJobStatuses({ signal })),
    read("size sets", () => client.listSizeSets({ signal })),
    // Shipment settings are shown, not needed to resolve: an account without them still loads.
    parts.load("shipment settings", async (attempt) => {
      const settings = await attempt(() => client.getShipmentSettings({ signal }));
      return settings.ok ? settings.value : null;
    }),
  ]);
  if (
    parts.failures.length > 0 ||
    !processes ||
    !processCodes ||
    !listed ||
    !assets ||
    !globalAssets ||
    !stock ||
    !deliveryOptions ||
    !countries ||
    !jobStatuses ||
    !sizeSets
  ) {
    return notLoaded(parts.failures, signal);
  }
  parts.nextPhase();
  const metadataCodes = await codesLeftOut(client, listed, [...assets, ...globalAssets], parts, signal);
  if (parts.failures.length > 0) return notLoaded(parts.failures, signal);

  return {
    ok: true,
    snapshot: {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      connection,
      account,
      fetchedAt: (options.now?.() ?? new Date()).toISOString(),
      processes: processes.processes,
      processCodes,
      priceCodes: [...listed, ...metadataCodes],
      assets,
      globalAssets,
      stock,
      deliveryOptions,
      countries: countries.list,
      states: countries.states,
      jobStatuses,
      sizeSets,
      shipmentSettings: shipmentSettings ?? null,
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
