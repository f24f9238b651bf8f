import { similarity } from "./mapping/normalise";
import type {
  AccountProfile,
  Asset,
  CountriesResponse,
  Country,
  DeliveryOption,
  JobStatus,
  PriceCode,
  Process,
  ProcessCode,
  ShipmentSettings,
  SizeSet,
  State,
  StockItem,
  StockVariant,
} from "./vendor";

/** Everything resolution reads about one account, as fetched at one moment. Plain data. */
export interface CatalogueSnapshot {
  readonly schemaVersion: 1;
  /** The proxy connection it was fetched through. */
  readonly connection: string;
  readonly account: AccountProfile;
  /** ISO time of the fetch. */
  readonly fetchedAt: string;
  readonly processes: readonly Process[];
  readonly processCodes: readonly ProcessCode[];
  /** The price-code list, plus codes with metadata attributes met since (the list omits those). */
  readonly priceCodes: readonly PriceCode[];
  readonly assets: readonly Asset[];
  readonly globalAssets: readonly Asset[];
  readonly stock: readonly StockItem[];
  readonly deliveryOptions: readonly DeliveryOption[];
  readonly countries: CountriesResponse;
  /** States by ISO2 country code, for the countries that have them. */
  readonly states: Readonly<Record<string, readonly State[]>>;
  readonly jobStatuses: readonly JobStatus[];
  readonly sizeSets: readonly SizeSet[];
  readonly shipmentSettings: ShipmentSettings | null;
}

export const SNAPSHOT_SCHEMA_VERSION = 1;

/** How a price code is compared loosely: case, spaces and quote characters do not count. */
export function priceCodeKey(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // NFKC has turned a double prime (″) into two primes; primes and single quotes first.
      .replace(/[′‘’‚‛`´]/g, "'")
      .replace(/[“”„‟״]|''/g, '"')
      .replace(/\s+/g, "")
  );
}

export interface StockMatch {
  readonly item: StockItem;
  /** Set when the code named a variant rather than the item. */
  readonly variant?: StockVariant;
}

/** A tag or code and how close it is to what was written. */
export interface Candidate {
  readonly value: string;
  readonly score: number;
}

const CANDIDATE_THRESHOLD = 0.6;

function closest(text: string, keys: ReadonlyMap<string, string>, max: number): string[] {
  const scored: Candidate[] = [];
  for (const [key, value] of keys) {
    const score = similarity(text, key);
    if (score >= CANDIDATE_THRESHOLD) scored.push({ value, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.value.localeCompare(b.value))
    .slice(0, max)
    .map((c) => c.value);
}

/** A function of a text that works out each distinct text once. */
function rememberedPerText<T>(work: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) known.set(text, (value = work(text)));
    return value;
  };
}

/**
 * Lookups over a snapshot, built once: exact and loose price codes, assets by tag, stock by
 * item or variant code, reference values by code, label or name. Close candidates are worked
 * out only for what is not found, and remembered.
 */
export function indexCatalogue(snapshot: CatalogueSnapshot) {
  const priceCodes = new Map<string, PriceCode>();
  const priceCodesByKey = new Map<string, PriceCode>();
  const priceCodeKeys = new Map<string, string>();
  for (const code of snapshot.priceCodes) {
    if (!code.priceCode) continue;
    priceCodes.set(code.priceCode, code);
    const key = priceCodeKey(code.priceCode);
    if (!priceCodesByKey.has(key)) priceCodesByKey.set(key, code);
    priceCodeKeys.set(key, code.priceCode);
  }
  const assets = new Map<string, Asset>();
  for (const asset of [...snapshot.globalAssets, ...snapshot.assets]) {
    if (asset.assetTag) assets.set(asset.assetTag.trim().toUpperCase(), asset);
  }
  const stock = new Map<string, StockMatch>();
  for (const item of snapshot.stock) {
    stock.set(item.stockCode.trim().toUpperCase(), { item });
    for (const variant of item.stockVariants) stock.set(variant.variantCode.trim().toUpperCase(), { item, variant });
  }
  const deliveryOptions = new Map<string, DeliveryOption>();
  for (const option of snapshot.deliveryOptions) {
    for (const name of [option.label, option.value, option.code])
      if (name) deliveryOptions.set(name.trim().toLowerCase(), option);
  }
  const countries = new Map<string, Country>();
  for (const country of snapshot.countries.countries) {
    for (const name of [country.name, country.iso2, country.iso3])
      if (name) countries.set(name.trim().toLowerCase(), country);
  }
  const processes = new Map(snapshot.processCodes.map((p) => [p.processCode, p]));
  const memo = new Map<string, string[]>();
  const remember = (key: string, work: () => string[]) => {
    let found = memo.get(key);
    if (found === undefined) memo.set(key, (found = work()));
    return found;
  };
  // Candidate lists are built the first time something is not found.
  let assetKeys: Map<string, string> | undefined;
  let stockKeys: Map<string, string> | undefined;

  // Codes repeat down a sheet: their normalised forms are worked out once each.
  const upper = rememberedPerText((text) => text.trim().toUpperCase());
  const looseKey = rememberedPerText(priceCodeKey);

  return {
    snapshot,
    priceCode: (code: string) => priceCodes.get(code),
    /** A price code written with other case, spacing or quote characters. */
    priceCodeLoosely: (text: string) => priceCodesByKey.get(looseKey(text)),
    priceCodeCandidates: (text: string, max = 3) =>
      remember(`p:${max}:${text}`, () => closest(priceCodeKey(text), priceCodeKeys, max)),
    asset: (tag: string) => assets.get(upper(tag)),
    assetCandidates: (tag: string, max = 3) =>
      remember(`a:${max}:${tag}`, () =>
        closest(
          tag.trim().toUpperCase(),
          (assetKeys ??= new Map([...assets].map(([key, a]) => [key, a.assetTag ?? key]))),
          max,
        ),
      ),
    stock: (code: string) => stock.get(upper(code)),
    stockCandidates: (code: string, max = 3) =>
      remember(`s:${max}:${code}`, () =>
        closest(code.trim().toUpperCase(), (stockKeys ??= new Map([...stock.keys()].map((key) => [key, key]))), max),
      ),
    deliveryOption: (text: string) => deliveryOptions.get(text.trim().toLowerCase()),
    country: (text: string) => countries.get(text.trim().toLowerCase()),
    states: (iso2: string): readonly State[] => snapshot.states[iso2.toUpperCase()] ?? [],
    process: (code: string) => processes.get(code),
  };
}

export type CatalogueIndex = ReturnType<typeof indexCatalogue>;

/** What a sheet's columns may name beyond the fixed fields: attribute names and labels, sizes. */
export function catalogueVocabulary(snapshot: CatalogueSnapshot): { attributes: string[]; sizes: string[] } {
  const attributes = new Set<string>();
  for (const code of snapshot.priceCodes) {
    for (const attribute of code.attributes ?? []) {
      if (attribute.isMetaDataAttribute) continue;
      attributes.add(attribute.name);
      if (attribute.label) attributes.add(attribute.label);
    }
  }
  const sizes = new Set<string>(snapshot.sizeSets.flatMap((set) => set.sizes));
  for (const item of snapshot.stock)
    for (const variant of item.stockVariants) for (const size of variant.sizesCsv.split(",")) sizes.add(size.trim());
  return { attributes: [...attributes], sizes: [...sizes].filter((s) => s !== "") };
}
