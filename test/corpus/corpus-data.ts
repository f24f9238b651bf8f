/**
 * What the corpus sheets order, read from the simulator's fixtures for the demo account: price
 * codes with their questions, asset tags, stock codes with their colours and size runs, delivery
 * options, countries and states. Every pick is checked against the fixtures and fails loudly when
 * the catalogue no longer has it, so a sheet never orders something the account cannot.
 */
import { sizeKey } from "../../src/core/sizes";
import type { AttributeDefinition, PriceBand, PriceCode } from "../../src/core/vendor";
import { ACCOUNTS, findRegion } from "../../src/server/simulator/fixtures/accounts";
import { assetsFor, type SimAsset } from "../../src/server/simulator/fixtures/assets";
import { catalogueFor } from "../../src/server/simulator/fixtures/catalogue";
import { ANNUAL_CLOSURES, COUNTRIES, DELIVERY_OPTIONS, STATES } from "../../src/server/simulator/fixtures/lookups";
import { STOCK_ITEMS, type SimStockItem } from "../../src/server/simulator/fixtures/stock";
import { SIM_START } from "../helpers/sim-clock";

/** The simulator's "demo" connection is this account (Kiwi Team Print Ltd). */
export const DEMO_ACCOUNT_ID = 1042;

const account = ACCOUNTS.find((a) => a.id === DEMO_ACCOUNT_ID);
if (account === undefined) throw new Error(`The simulator has no account ${DEMO_ACCOUNT_ID}`);
const region = findRegion(account.regionId);
if (region === undefined) throw new Error(`The simulator has no region ${account.regionId}`);
const catalogue = catalogueFor(account, region);
const priceCodes = [...catalogue.values()].map((entry) => entry.priceCode);

function fail(what: string): never {
  throw new Error(`The demo account's catalogue has no ${what}`);
}

// --- Price codes ---------------------------------------------------------------------------

/** The price code of a category whose print is `width` by `height` inches and whose name ends with `variant`. */
export function priceCode(category: string, width: number, height: number, variant?: string): PriceCode {
  const found = priceCodes.find(
    (c) =>
      c.categoryCode === category &&
      c.sizeWidth === width &&
      c.sizeHeight === height &&
      (variant === undefined || c.name?.endsWith(variant) === true),
  );
  return found ?? fail(`${category} price code of ${width} x ${height}${variant ? ` (${variant})` : ""}`);
}

/** The custom-size code (priced by width and height) of a process. */
export function customSizeCode(process: string): PriceCode {
  const found = priceCodes.find((c) => c.processCode === process && c.hasMetaDataAttributes);
  return found ?? fail(`custom-size ${process} price code`);
}

/** The price code of a category whose size label (in its name) starts with `label`. */
export function priceCodeNamed(category: string, label: string): PriceCode {
  const found = priceCodes.find((c) => c.categoryCode === category && c.name?.startsWith(label) === true);
  return found ?? fail(`${category} price code named ${label}…`);
}

export const codeOf = (code: PriceCode): string => code.priceCode ?? fail("price code string");

export function attribute(code: PriceCode, name: string): AttributeDefinition {
  return code.attributes?.find((a) => a.name === name) ?? fail(`question ${name} on ${codeOf(code)}`);
}

/** Every required question of a code that is not a custom size (width and height are not questions). */
export function requiredQuestions(code: PriceCode): string[] {
  return (code.attributes ?? []).filter((a) => a.required && !a.isMetaDataAttribute).map((a) => a.name);
}

/**
 * Checks an answer the way the vendor would (a select option's text, a text within its lengths, a
 * number within its range) and returns it as written.
 */
export function checkAnswer(code: PriceCode, name: string, value: string): string {
  const definition = attribute(code, name);
  const label = `${name} of ${codeOf(code)}`;
  if (definition.type === "select") {
    if (!(definition.enumerableValues ?? []).some((o) => o.text === value)) fail(`option "${value}" for ${label}`);
  } else if (definition.type === "text") {
    if (value.length < (definition.minLength ?? 0) || value.length > (definition.maxLength ?? Infinity))
      fail(`room for "${value}" in ${label}`);
  } else {
    const number = Number(value);
    const fits =
      Number.isFinite(number) &&
      (definition.type !== "int" || Number.isInteger(number)) &&
      number >= (definition.minValue ?? -Infinity) &&
      number <= (definition.maxValue ?? Infinity);
    if (!fits) fail(`room for ${value} in ${label}`);
  }
  return value;
}

/** The text of a select question's option, checked. */
export function option(code: PriceCode, name: string, text: string): string {
  return checkAnswer(code, name, text);
}

/** The unit price of the band a quantity falls in. */
export function priceFor(bands: readonly PriceBand[], quantity: number): number {
  let price = bands[0]?.unitPrice ?? 0;
  for (const band of bands) if (quantity >= band.from) price = band.unitPrice;
  return price;
}

/** The fewest a line of the code may order. */
export const minimumOf = (code: PriceCode): number => code.priceBands?.[0]?.from ?? code.minimumQuantity;

// --- Assets ---------------------------------------------------------------------------------

/** Whether an asset was made from a custom-size code (a gang sheet), which the catalogue prices by area. */
const isCustomSize = (a: SimAsset) => !a.priceCode || catalogue.get(a.priceCode)?.customRatePerSqIn !== undefined;

const orderableAssets: readonly SimAsset[] = assetsFor(account, catalogue).filter(
  (a) => !a.isArchived && !isCustomSize(a),
);

/** The n-th orderable asset of the account (archived ones and custom-size gang sheets left out). */
export function asset(n: number): SimAsset {
  return orderableAssets[n] ?? fail(`orderable asset number ${n}`);
}

export const tagOf = (a: SimAsset): string => a.assetTag ?? fail("asset tag");

/** A quantity of an asset: its minimum times `times`. */
export const assetQuantity = (a: SimAsset, times: number): number => (a.priceBands[0]?.from ?? 1) * times;

// --- Stock ----------------------------------------------------------------------------------

export interface StockPick {
  readonly item: SimStockItem;
  readonly code: string;
  readonly run: readonly string[];
}

/** A stocked item that is not retired, by its stock code. */
export function stock(code: string): StockPick {
  const item = STOCK_ITEMS.find((s) => s.item.stockCode === code && !s.archived) ?? fail(`stock item ${code}`);
  const run = item.item.stockVariants[0]?.sizesCsv.split(",") ?? fail(`size run of ${code}`);
  return { item, code, run };
}

/** A colour the item comes in (not a retired variant), checked. */
export function colour(pick: StockPick, name: string): string {
  const variant = pick.item.item.stockVariants.find(
    (v) => (v.colour === name || v.variantCode === name) && !pick.item.archivedVariants.includes(v.variantCode),
  );
  return variant ? name : fail(`colour ${name} of ${pick.code}`);
}

/** A size of the item's run, checked; `written` may spell it another way a reader would know (XXL for 2XL). */
export function size(pick: StockPick, label: string): string {
  return pick.run.includes(label) ? label : fail(`size ${label} in the run of ${pick.code} (${pick.run.join(", ")})`);
}

/** Whether a label is read as the size by the importer's own size rules (XXL as 2XL, Y10 as 10). */
export const readsAsSize = (label: string, sizeLabel: string): boolean => sizeKey(label) === sizeKey(sizeLabel);

// --- Reference data -------------------------------------------------------------------------

/** A delivery option's label (what people write), by its code. */
export function deliveryLabel(code: string): string {
  const found = DELIVERY_OPTIONS.find((o) => o.code === code);
  return found?.label ?? fail(`delivery option ${code}`);
}

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
