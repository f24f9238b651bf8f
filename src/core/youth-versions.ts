import type { StockItem, StockVariant } from "./vendor";

/**
 * Words that make a garment a child's ("Youth Rugby Jersey", "Kids Tee", "Junior Polo"), in
 * English and the other languages sheets come in.
 */
const YOUTH_WORDS: ReadonlySet<string> = new Set([
  "youth",
  "youths",
  "kids",
  "kid",
  "junior",
  "juniors",
  "jr",
  "jnr",
  "child",
  "childs",
  "children",
  "childrens",
  "kinder",
  "enfant",
  "enfants",
  "nino",
  "ninos",
  "bambino",
  "bambini",
  "kinderen",
]);

/** Words an adult garment's name may carry that its youth version's does not ("Adult Hoodie", "Youth Hoodie"). */
const ADULT_WORDS: ReadonlySet<string> = new Set(["adult", "adults", "unisex"]);

/** Marks on a code that make it the youth version of another ("RJ100Y", "RJ100-YTH", "K-RJ100"). */
const CODE_MARKS = ["Y", "YTH", "YOUTH", "K", "KID", "KIDS", "JR", "JNR"];

/** A name's words, lower case, accents dropped, apostrophes closed up ("Children's" is "childrens"). */
function wordsOf(text: string | null | undefined): string[] {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** Whether an item's name says it is a child's garment. */
export function isYouthItem(item: StockItem): boolean {
  return wordsOf(item.stockName).some((word) => YOUTH_WORDS.has(word));
}

/** The name with its age words taken out: what an adult garment and its youth version share. */
const baseName = (item: StockItem) =>
  wordsOf(item.stockName)
    .filter((word) => !YOUTH_WORDS.has(word) && !ADULT_WORDS.has(word))
    .join(" ");

const compactCode = (code: string) => code.toUpperCase().replace(/[\s._/-]+/g, "");

/** Every adult item's youth version, by the adult's stock code: worked out once per stock list. */
const versionsByList = new WeakMap<readonly StockItem[], ReadonlyMap<string, StockItem>>();

function youthVersions(stock: readonly StockItem[]): ReadonlyMap<string, StockItem> {
  const known = versionsByList.get(stock);
  if (known) return known;
  const youthByName = new Map<string, StockItem[]>();
  const byCode = new Map<string, StockItem>();
  for (const item of stock) {
    byCode.set(compactCode(item.stockCode), item);
    if (!isYouthItem(item)) continue;
    const base = baseName(item);
    if (base !== "") youthByName.set(base, [...(youthByName.get(base) ?? []), item]);
  }
  const versions = new Map<string, StockItem>();
  for (const item of stock) {
    if (isYouthItem(item)) continue;
    const byName = youthByName.get(baseName(item)) ?? [];
    const code = compactCode(item.stockCode);
    const byMark = CODE_MARKS.flatMap((mark) => [byCode.get(code + mark), byCode.get(mark + code)]).filter(
      (found): found is StockItem => found !== undefined && found !== item,
    );
    // Named alike and coded alike beats either alone; two equally good are no answer.
    const both = byName.filter((found) => byMark.includes(found));
    const best = [both, byMark, byName].find((tier) => tier.length > 0) ?? [];
    const distinct = [...new Set(best)];
    if (distinct.length === 1 && distinct[0]) versions.set(item.stockCode, distinct[0]);
  }
  versionsByList.set(stock, versions);
  return versions;
}

/**
 * The youth version of an adult garment in the catalogue: the item named the same but for a
 * youth word ("Rugby Jersey", "Youth Rugby Jersey"), or coded as the adult code with a youth
 * mark ("RJ100", "RJ100Y"); when both rules name different items, the one both agree on.
 */
export function youthVersionOf(item: StockItem, stock: readonly StockItem[]): StockItem | undefined {
  return youthVersions(stock).get(item.stockCode);
}

/** Whether two items are one garment's adult and youth versions, either way round. */
export function areAgeVersions(a: StockItem, b: StockItem, stock: readonly StockItem[]): boolean {
  return youthVersionOf(a, stock) === b || youthVersionOf(b, stock) === a;
}

const colourKey = (colour: string | null | undefined) => wordsOf(colour).join(" ");

/**
 * The variant of `item` in the colour of `variant` (a variant of another item): the same colour
 * name, or failing that, the variant code with the other item's code swapped for this one's.
 */
export function sameColourIn(variant: StockVariant, from: StockItem, item: StockItem): StockVariant | undefined {
  const colour = colourKey(variant.colour);
  const byColour = colour === "" ? undefined : item.stockVariants.find((v) => colourKey(v.colour) === colour);
  if (byColour) return byColour;
  const code = variant.variantCode.toUpperCase();
  const prefix = from.stockCode.toUpperCase();
  if (!code.startsWith(prefix)) return undefined;
  const swapped = item.stockCode.toUpperCase() + code.slice(prefix.length);
  return item.stockVariants.find((v) => v.variantCode.toUpperCase() === swapped);
}
