/**
 * What the corpus sheets order, read from the simulator's fixtures for the account they are written
 * for: price codes with their questions, asset tags, stock codes with their colours and size runs,
 * delivery options, countries and states. The sheets are written in the demo account's terms (its
 * price codes, question names, option texts, stock codes, colours, sizes and delivery codes); an
 * account's profile (corpus-accounts.ts) says which of its own stands for each. Every pick is
 * checked against the account's fixtures and fails loudly when its catalogue does not have it, so a
 * sheet never orders something the account cannot.
 */
import { sizeKey } from "../../src/core/sizes";
import type { AttributeDefinition, PriceBand, PriceCode } from "../../src/core/vendor";
import { fixturesFor } from "../../src/server/simulator/fixtures/account-fixtures";
import { ACCOUNTS, findRegion, type SimAccount } from "../../src/server/simulator/fixtures/accounts";
import { assetsFor, type SimAsset } from "../../src/server/simulator/fixtures/assets";
import type { CatalogueEntry } from "../../src/server/simulator/fixtures/catalogue";
import { ANNUAL_CLOSURES, COUNTRIES, STATES } from "../../src/server/simulator/fixtures/lookups";
import type { SimStockItem } from "../../src/server/simulator/fixtures/stock";
import { SIM_START } from "../helpers/sim-clock";

/** The simulator's "demo" connection is this account (Kiwi Team Print Ltd), in whose terms the sheets are written. */
export const DEMO_ACCOUNT_ID = 1042;

/**
 * An account the corpus is written for, and its own name for each of the demo account's identifiers
 * the sheets use. Each translation fails loudly for one it has no name for.
 */
export interface CorpusProfile {
  readonly accountId: number;
  readonly priceCode: (demoCode: string) => string;
  /** A question's name. */
  readonly attribute: (demoName: string) => string;
  /** A select question's option text, by the demo question's name and the demo option's text. */
  readonly option: (demoName: string, demoText: string) => string;
  readonly stockCode: (demoCode: string) => string;
  readonly colour: (demoColour: string) => string;
  /** A size of the item's run, given the run (`inRun` first, when the run has the label as it is). */
  readonly size: (demoSize: string, run: readonly string[]) => string;
  readonly deliveryCode: (demoCode: string) => string;
}

function fail(what: string, account = "demo account"): never {
  throw new Error(`The ${account}'s catalogue has no ${what}`);
}

function accountWithCatalogue(id: number): { account: SimAccount; catalogue: Map<string, CatalogueEntry> } {
  const account = ACCOUNTS.find((a) => a.id === id);
  if (account === undefined) throw new Error(`The simulator has no account ${id}`);
  const region = findRegion(account.regionId);
  if (region === undefined) throw new Error(`The simulator has no region ${account.regionId}`);
  return { account, catalogue: fixturesFor(account).catalogue(account, region) };
}

// --- The demo account's price codes, which the sheets name --------------------------------------

const demoPriceCodes = [...accountWithCatalogue(DEMO_ACCOUNT_ID).catalogue.values()].map((entry) => entry.priceCode);

/**
 * The demo account's price code of a category whose print is `width` by `height` inches and whose
 * name ends with `variant`.
 */
function demoPriceCode(category: string, width: number, height: number, variant?: string): PriceCode {
  const found = demoPriceCodes.find(
    (c) =>
      c.categoryCode === category &&
      c.sizeWidth === width &&
      c.sizeHeight === height &&
      (variant === undefined || c.name?.endsWith(variant) === true),
  );
  return found ?? fail(`${category} price code of ${width} x ${height}${variant ? ` (${variant})` : ""}`);
}

// --- Picks: what a sheet orders, with the account it was picked from ----------------------------

/** A price code of the account the corpus is written for. */
export interface CodePick {
  readonly catalogue: CorpusCatalogue;
  readonly code: PriceCode;
}

export interface StockPick {
  readonly catalogue: CorpusCatalogue;
  readonly item: SimStockItem;
  /** The account's stock code. */
  readonly code: string;
  readonly run: readonly string[];
}

export const codeOf = (pick: CodePick): string => pick.code.priceCode ?? fail("price code string");

/** A question of the code, by the demo account's name for it. */
export function attribute(pick: CodePick, demoName: string): AttributeDefinition {
  const name = pick.catalogue.profile.attribute(demoName);
  return (
    pick.code.attributes?.find((a) => a.name === name) ??
    fail(`question ${name} on ${codeOf(pick)}`, pick.catalogue.accountName)
  );
}

/** Every required question of a code but width and height (not questions), by the account's names. */
export function requiredQuestions(pick: CodePick): string[] {
  return (pick.code.attributes ?? []).filter((a) => a.required && !a.isMetaDataAttribute).map((a) => a.name);
}

/**
 * Checks an answer to the question (named as the demo account names it) the way the vendor would (a
 * select option's text, a text within its lengths, a number within its range) and returns it as written.
 */
export function checkAnswer(pick: CodePick, demoName: string, value: string): string {
  const definition = attribute(pick, demoName);
  const label = `${definition.name} of ${codeOf(pick)}`;
  const missing = (what: string): never => fail(what, pick.catalogue.accountName);
  if (definition.type === "select") {
    if (!(definition.enumerableValues ?? []).some((o) => o.text === value)) missing(`option "${value}" for ${label}`);
  } else if (definition.type === "text") {
    if (value.length < (definition.minLength ?? 0) || value.length > (definition.maxLength ?? Infinity))
      missing(`room for "${value}" in ${label}`);
  } else {
    const number = Number(value);
    const fits =
      Number.isFinite(number) &&
      (definition.type !== "int" || Number.isInteger(number)) &&
      number >= (definition.minValue ?? -Infinity) &&
      number <= (definition.maxValue ?? Infinity);
    if (!fits) missing(`room for ${value} in ${label}`);
  }
  return value;
}

/** The unit price of the band a quantity falls in. */
export function priceFor(bands: readonly PriceBand[], quantity: number): number {
  let price = bands[0]?.unitPrice ?? 0;
  for (const band of bands) if (quantity >= band.from) price = band.unitPrice;
  return price;
}

/** The fewest a line of the code may order. */
export const minimumOf = (pick: CodePick): number => pick.code.priceBands?.[0]?.from ?? pick.code.minimumQuantity;

export const tagOf = (a: SimAsset): string => a.assetTag ?? fail("asset tag");

/** A quantity of an asset: its minimum times `times`. */
export const assetQuantity = (a: SimAsset, times: number): number => (a.priceBands[0]?.from ?? 1) * times;

/** A colour the item comes in (not a retired variant), named as the demo account names it: the account's name. */
export function colour(pick: StockPick, demoColour: string): string {
  const name = pick.catalogue.profile.colour(demoColour);
  const variant = pick.item.item.stockVariants.find(
    (v) => (v.colour === name || v.variantCode === name) && !pick.item.archivedVariants.includes(v.variantCode),
  );
  return variant ? name : fail(`colour ${name} of ${pick.code}`, pick.catalogue.accountName);
}

/** A size of the item's run, named as the demo account names it: the account's label, checked. */
export function size(pick: StockPick, demoSize: string): string {
  const label = pick.catalogue.profile.size(demoSize, pick.run);
  return pick.run.includes(label)
    ? label
    : fail(`size ${label} in the run of ${pick.code} (${pick.run.join(", ")})`, pick.catalogue.accountName);
}

/** Whether a label is read as the size by the importer's own size rules (XXL as 2XL, Y10 as 10). */
export const readsAsSize = (label: string, sizeLabel: string): boolean => sizeKey(label) === sizeKey(sizeLabel);

// --- One account's catalogue -----------------------------------------------------------------

/** What the sheets may order from one account, found by the demo account's names for it. */
export interface CorpusCatalogue {
  readonly profile: CorpusProfile;
  readonly accountName: string;
  /** The price code standing for the demo account's of a category, `width` by `height` inches, named `…variant`. */
  priceCode(category: string, width: number, height: number, variant?: string): CodePick;
  /** The custom-size code (priced by width and height) standing for the demo account's of a process. */
  customSizeCode(process: string): CodePick;
  /** The price code standing for the demo account's of a category whose name starts with the size label `label`. */
  priceCodeNamed(category: string, label: string): CodePick;
  /** The text of a select question's option (both named as the demo account names them), checked. */
  option(code: CodePick, demoName: string, demoText: string): string;
  /** The n-th orderable asset of the account (archived ones and custom-size gang sheets left out). */
  asset(n: number): SimAsset;
  /** A stocked item that is not retired, by the demo account's stock code. */
  stock(demoCode: string): StockPick;
  /** A delivery option's label (what people write), by the demo account's code. */
  deliveryLabel(demoCode: string): string;
  /** The account's name of a question the demo account names so, checked against its catalogue. */
  attributeName(demoName: string): string;
  /** The account's label of a size the demo account's runs name so, checked against its runs. */
  sizeName(demoSize: string): string;
}

export function corpusCatalogue(profile: CorpusProfile): CorpusCatalogue {
  const { account, catalogue } = accountWithCatalogue(profile.accountId);
  const fixtures = fixturesFor(account);
  const accountName = `${account.name} account`;
  const missing = (what: string): never => fail(what, accountName);
  const own = (demo: PriceCode): PriceCode => {
    const code = profile.priceCode(demo.priceCode ?? "");
    return catalogue.get(code)?.priceCode ?? missing(`price code ${code}`);
  };

  /** Whether an asset was made from a custom-size code (a gang sheet), which the catalogue prices by area. */
  const isCustomSize = (a: SimAsset) => !a.priceCode || catalogue.get(a.priceCode)?.customRatePerSqIn !== undefined;
  const orderableAssets: readonly SimAsset[] = assetsFor(account, catalogue, (sequence, createDate) =>
    fixtures.assetTag(account, sequence, createDate),
  ).filter((a) => !a.isArchived && !isCustomSize(a));

  const self: CorpusCatalogue = {
    profile,
    accountName,
    priceCode: (category, width, height, variant) => ({
      catalogue: self,
      code: own(demoPriceCode(category, width, height, variant)),
    }),
    customSizeCode: (process) => {
      const demo = demoPriceCodes.find((c) => c.processCode === process && c.hasMetaDataAttributes);
      return { catalogue: self, code: own(demo ?? fail(`custom-size ${process} price code`)) };
    },
    priceCodeNamed: (category, label) => {
      const demo = demoPriceCodes.find((c) => c.categoryCode === category && c.name?.startsWith(label) === true);
      return { catalogue: self, code: own(demo ?? fail(`${category} price code named ${label}…`)) };
    },
    option: (code, demoName, demoText) => checkAnswer(code, demoName, profile.option(demoName, demoText)),
    asset: (n) => orderableAssets[n] ?? missing(`orderable asset number ${n}`),
    stock: (demoCode) => {
      const code = profile.stockCode(demoCode);
      const item =
        fixtures.stock.find((s) => s.item.stockCode === code && !s.archived) ?? missing(`stock item ${code}`);
      const run = item.item.stockVariants[0]?.sizesCsv.split(",") ?? missing(`size run of ${code}`);
      return { catalogue: self, item, code, run };
    },
    deliveryLabel: (demoCode) => {
      const code = profile.deliveryCode(demoCode);
      const found = fixtures.deliveryOptions.find((o) => o.code === code);
      return found?.label ?? missing(`delivery option ${code}`);
    },
    attributeName: (demoName) => {
      const name = profile.attribute(demoName);
      const asked = [...catalogue.values()].some((entry) => entry.priceCode.attributes?.some((a) => a.name === name));
      return asked ? name : missing(`question ${name}`);
    },
    sizeName: (demoSize) => {
      const runs = fixtures.stock.map((s) => s.item.stockVariants[0]?.sizesCsv.split(",") ?? []);
      const label = profile.size(demoSize, runs.find((run) => run.includes(demoSize)) ?? []);
      return runs.some((run) => run.includes(label)) ? label : missing(`size ${label}`);
    },
  };
  return self;
}

// --- Reference data, the same for every account ------------------------------------------------

export function countryName(iso2: string): string {
  return COUNTRIES.find((c) => c.iso2 === iso2)?.name ?? fail(`country ${iso2}`);
}

export function stateOf(iso2: string, abbreviation: string): { readonly name: string; readonly abbreviation: string } {
  const state = STATES[iso2]?.find((s) => s.abbreviation === abbreviation);
  return state ? { name: state.name, abbreviation } : fail(`state ${abbreviation} of ${iso2}`);
}

// --- Dates ----------------------------------------------------------------------------------

/**
 * A due date `days` after the day the simulator's clock starts in the tests and the bench, well
 * past the earliest ship date of every process and clear of the factory's closures.
 */
export function dueDay(days: number): Date {
  const start = new Date(SIM_START);
  const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + days));
  const monthDay = date.toISOString().slice(5, 10);
  const closed = ANNUAL_CLOSURES.some(({ from, to }) =>
    from <= to ? monthDay >= from && monthDay <= to : monthDay >= from || monthDay <= to,
  );
  if (days < 70 || closed) throw new Error(`${date.toISOString().slice(0, 10)} is too early or the factory is closed`);
  return date;
}

const pad = (n: number) => String(n).padStart(2, "0");

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 1st, 2nd, 3rd, 4th… */
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/**
 * A date written the way a locale writes it, from a pattern of yyyy, yy, mmmm (March), mmm (Mar), mm,
 * m, dd, do (5th) and d; anything else is kept.
 */
export function dateText(d: Date, pattern: string): string {
  const month = d.getUTCMonth();
  const dayOfMonth = d.getUTCDate();
  const tokens: Readonly<Record<string, string>> = {
    yyyy: String(d.getUTCFullYear()),
    yy: String(d.getUTCFullYear()).slice(2),
    mmmm: MONTHS[month] ?? "",
    mmm: (MONTHS[month] ?? "").slice(0, 3),
    mm: pad(month + 1),
    m: String(month + 1),
    dd: pad(dayOfMonth),
    do: ordinal(dayOfMonth),
    d: String(dayOfMonth),
  };
  return pattern.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|do|d/g, (token) => tokens[token] ?? token);
}
