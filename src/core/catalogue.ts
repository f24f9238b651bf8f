import type { ValueLists } from "./mapping/column-evidence";
import { similarity } from "./mapping/normalise";
import type { MappingVocabulary } from "./mapping/suggest-mapping";
import { foldName } from "./name-reading";
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

/** The values whose keys score at least the threshold against the text, best first, at most `max`. */
function closestScored(text: string, keys: ReadonlyMap<string, string>, max: number): Candidate[] {
  const scored: Candidate[] = [];
  for (const [key, value] of keys) {
    const score = similarity(text, key);
    if (score >= CANDIDATE_THRESHOLD) scored.push({ value, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.value.localeCompare(b.value)).slice(0, max);
}

/** A price code as written in a sheet against one in the list: loosely, and by its letters and digits alone. */
interface PriceCodeKeys {
  readonly code: string;
  readonly loose: string;
  readonly bare: string;
}

/**
 * Price codes like the text, best first, scored by their loose keys; a code that is the text
 * but for its quotes and colons ("DTF 4x4 Full Colour") scores as the text itself.
 */
function closestPriceCodes(text: string, codes: readonly PriceCodeKeys[], max: number): Candidate[] {
  const loose = priceCodeKey(text);
  const bare = foldName(text);
  const scored: Candidate[] = [];
  for (const code of codes) {
    const score = bare !== "" && bare === code.bare ? 1 : similarity(loose, code.loose);
    if (score >= CANDIDATE_THRESHOLD) scored.push({ value: code.code, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.value.localeCompare(b.value)).slice(0, max);
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
  const priceCodeKeys = new Map<string, PriceCodeKeys>();
  for (const code of snapshot.priceCodes) {
    if (!code.priceCode) continue;
    priceCodes.set(code.priceCode, code);
    const key = priceCodeKey(code.priceCode);
    if (!priceCodesByKey.has(key)) priceCodesByKey.set(key, code);
    priceCodeKeys.set(key, { code: code.priceCode, loose: key, bare: foldName(code.priceCode) });
  }
  const priceCodeList = [...priceCodeKeys.values()];
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
  const memo = new Map<string, Candidate[]>();
  const remember = (key: string, work: () => Candidate[]) => {
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
  const scoredPriceCodes = (text: string, max: number) =>
    remember(`p:${max}:${text}`, () => closestPriceCodes(text, priceCodeList, max));
  const scoredAssets = (tag: string, max: number) =>
    remember(`a:${max}:${tag}`, () =>
      closestScored(
        tag.trim().toUpperCase(),
        (assetKeys ??= new Map([...assets].map(([key, a]) => [key, a.assetTag ?? key]))),
        max,
      ),
    );
  const scoredStock = (code: string, max: number) =>
    remember(`s:${max}:${code}`, () =>
      closestScored(
        code.trim().toUpperCase(),
        (stockKeys ??= new Map([...stock.keys()].map((key) => [key, key]))),
        max,
      ),
    );

  return {
    snapshot,
    priceCode: (code: string) => priceCodes.get(code),
    /** A price code written with other case, spacing or quote characters. */
    priceCodeLoosely: (text: string) => priceCodesByKey.get(looseKey(text)),
    priceCodeCandidates: (text: string, max = 3) => scoredPriceCodes(text, max).map((c) => c.value),
    asset: (tag: string) => assets.get(upper(tag)),
    assetCandidates: (tag: string, max = 3) => scoredAssets(tag, max).map((c) => c.value),
    stock: (code: string) => stock.get(upper(code)),
    stockCandidates: (code: string, max = 3) => scoredStock(code, max).map((c) => c.value),
    /**
     * Codes of any kind like the text, the closest first whatever its kind: up to two price
     * codes, an asset tag and a stock code.
     */
    codeCandidates: (text: string) =>
      [...scoredPriceCodes(text, 2), ...scoredAssets(text, 1), ...scoredStock(text, 1)]
        .sort((a, b) => b.score - a.score)
        .map((c) => c.value),
    deliveryOption: (text: string) => deliveryOptions.get(text.trim().toLowerCase()),
    country: (text: string) => countries.get(text.trim().toLowerCase()),
    states: (iso2: string): readonly State[] => snapshot.states[iso2.toUpperCase()] ?? [],
    process: (code: string) => processes.get(code),
  };
}

export type CatalogueIndex = ReturnType<typeof indexCatalogue>;

const questionLabelsBySnapshot = new WeakMap<Pick<CatalogueSnapshot, "priceCodes">, ReadonlyMap<string, string>>();

/**
 * A price code's question as people read it: its label, found by its name (the vendor's key) or its label; the name
 * only when the vendor gave it no label, and `attribute` itself when no price code asks it.
 */
export function questionLabel(snapshot: Pick<CatalogueSnapshot, "priceCodes"> | undefined, attribute: string): string {
  if (snapshot === undefined) return attribute;
  let labels = questionLabelsBySnapshot.get(snapshot);
  if (labels === undefined) {
    const found = new Map<string, string>();
    for (const code of snapshot.priceCodes) {
      for (const definition of code.attributes ?? []) {
        // The first label a question is given wins; a name is itself only while no price code labels it.
        if (!definition.label) {
          if (!found.has(definition.name)) found.set(definition.name, definition.name);
          continue;
        }
        const known = found.get(definition.name);
        if (known === undefined || known === definition.name) found.set(definition.name, definition.label);
        if (!found.has(definition.label)) found.set(definition.label, definition.label);
      }
    }
    questionLabelsBySnapshot.set(snapshot, (labels = found));
  }
  return labels.get(attribute) ?? attribute;
}

/** What a sheet's columns may name beyond the fixed fields: attribute names and labels, sizes. */
export function catalogueVocabulary(snapshot: CatalogueSnapshot): MappingVocabulary {
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
  return { attributes: [...attributes], sizes: [...sizes].filter((s) => s !== ""), values: valueListsOf(snapshot) };
}

/** The account's codes, colours, delivery options, places and answers to questions, as a column may hold them. */
function valueListsOf(snapshot: CatalogueSnapshot): ValueLists {
  const named = <T>(items: readonly T[], names: (item: T) => readonly (string | null | undefined)[]) =>
    items.flatMap((item) => names(item).filter((name): name is string => typeof name === "string" && name !== ""));
  const variants = snapshot.stock.flatMap((item) => item.stockVariants);
  const questions = new Map<string, string[]>();
  const numberQuestions = new Set<string>();
  for (const code of snapshot.priceCodes) {
    for (const attribute of code.attributes ?? []) {
      if (attribute.type === "int" || attribute.type === "decimal")
        for (const name of [attribute.name, attribute.label]) if (name) numberQuestions.add(name);
      const options = named(attribute.enumerableValues ?? [], (v) => [v.value, v.text]);
      if (attribute.isMetaDataAttribute || options.length === 0) continue;
      const name = attribute.label ?? attribute.name;
      questions.set(name, [...(questions.get(name) ?? []), ...options]);
    }
  }
  return {
    priceCodes: named(snapshot.priceCodes, (code) => [code.priceCode]),
    assetTags: named([...snapshot.assets, ...snapshot.globalAssets], (asset) => [asset.assetTag]),
    stockCodes: named(snapshot.stock, (item) => [item.stockCode, ...item.stockVariants.map((v) => v.variantCode)]),
    colours: named(variants, (variant) => [variant.colour, variant.variantCode]),
    deliveryOptions: named(snapshot.deliveryOptions, (option) => [option.code, option.label, option.value]),
    countries: named(snapshot.countries.countries, (country) => [country.name, country.iso2, country.iso3]),
    states: named(Object.values(snapshot.states).flat(), (state) => [state.name, state.abbreviation]),
    questions: [...questions].map(([attribute, options]) => ({ attribute, options: [...new Set(options)] })),
    numberQuestions: [...numberQuestions],
  };
}
