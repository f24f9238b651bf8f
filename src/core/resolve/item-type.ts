import type { CatalogueIndex } from "../catalogue";
import { normaliseHeader } from "../mapping/normalise";

export type LineType = "PriceCode" | "Asset" | "Stock";

/** Each kind of line in the user's words, as the page and messages name it (the types are the vendor's values). */
export const LINE_TYPE_TEXT: Readonly<Record<LineType, string>> = {
  PriceCode: "price code",
  Asset: "asset tag",
  Stock: "stock code",
};

/** A kind of line with its article, as a sentence names it: "a price code", "an asset tag". */
export const aLineType = (type: LineType) => `${type === "Asset" ? "an" : "a"} ${LINE_TYPE_TEXT[type]}`;

const TYPE_WORDS: ReadonlyMap<string, LineType> = new Map([
  ["pricecode", "PriceCode"],
  ["price code", "PriceCode"],
  ["transfer", "PriceCode"],
  ["new", "PriceCode"],
  ["print", "PriceCode"],
  ["asset", "Asset"],
  ["reorder", "Asset"],
  ["re order", "Asset"],
  ["tag", "Asset"],
  ["stock", "Stock"],
  ["garment", "Stock"],
  ["blank", "Stock"],
]);

/** The item type a cell names ("Price code", "reorder", "Stock"), if it names one. */
export function readItemType(text: string): LineType | undefined {
  return TYPE_WORDS.get(normaliseHeader(text));
}

const typesByCatalogue = new WeakMap<CatalogueIndex, Map<string, readonly LineType[]>>();

/** Which catalogues hold a code: price codes (exactly or loosely), assets, stock. Remembered per code. */
export function catalogueTypesOf(code: string, catalogue: CatalogueIndex): readonly LineType[] {
  let known = typesByCatalogue.get(catalogue);
  if (known === undefined) typesByCatalogue.set(catalogue, (known = new Map()));
  let types = known.get(code);
  if (types === undefined) {
    const found: LineType[] = [];
    if (catalogue.priceCode(code) ?? catalogue.priceCodeLoosely(code)) found.push("PriceCode");
    if (catalogue.asset(code)) found.push("Asset");
    if (catalogue.stock(code)) found.push("Stock");
    known.set(code, (types = found));
  }
  return types;
}
