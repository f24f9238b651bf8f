import type { CatalogueIndex } from "../catalogue";
import { normaliseHeader } from "../mapping/normalise";

export type LineType = "PriceCode" | "Asset" | "Stock";

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

/** Which catalogues hold a code: price codes (exactly or loosely), assets, stock. */
export function catalogueTypesOf(code: string, catalogue: CatalogueIndex): LineType[] {
  const types: LineType[] = [];
  if (catalogue.priceCode(code) ?? catalogue.priceCodeLoosely(code)) types.push("PriceCode");
  if (catalogue.asset(code)) types.push("Asset");
  if (catalogue.stock(code)) types.push("Stock");
  return types;
}
