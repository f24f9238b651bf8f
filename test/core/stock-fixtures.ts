import type { StockItem } from "../../src/core/vendor";

/** A stock item with a variant per colour, each `code-SUFFIX` where the suffix is the colour's initials. */
export function stockItem(code: string, name: string, sizes: string, colours: readonly string[]): StockItem {
  return {
    supplier: null,
    categoryName: null,
    stockCode: code,
    processCode: "STK",
    stockName: name,
    stockDescription: null,
    stockSpecifications: null,
    priceCompatibleLookupCode: null,
    rank: 1,
    stockVariants: colours.map((colour) => ({
      variantCode: `${code}-${colour.replace(/[^A-Z]/g, "")}`,
      colour,
      variantImageUrl: null,
      numberOfSizes: sizes.split(",").length,
      sizesCsv: sizes,
    })),
    stockImageUrl: null,
    priceBands: [{ from: 1, to: null, unitPrice: 10 }],
  };
}
