import { ENDPOINTS, type StockItem, type VARIANT_SORTS } from "../../../core/vendor";
import type { SimStockItem } from "../fixtures/stock";
import { readQuery } from "../read-query";
import { fieldErrors, ok } from "../sim-response";
import type { AccountState } from "../state";
import { compareBy, type Handler } from "./context";

/** Longest `code` query value the vendor accepts; longer answers 400. */
export const MAX_STOCK_CODE_LENGTH = 40;

const isDescending = (direction: string | undefined) => direction?.toLowerCase().startsWith("desc") ?? false;

interface StockView {
  readonly includePricing: boolean;
  readonly includeArchived: boolean;
  readonly variantSort: (typeof VARIANT_SORTS)[number];
  readonly variantDescending: boolean;
  readonly withShipping: boolean;
}

function present(stock: SimStockItem, state: AccountState, view: StockView): StockItem {
  const variants = stock.item.stockVariants
    .filter((variant) => view.includeArchived || !stock.archivedVariants.includes(variant.variantCode))
    .sort(compareBy((v) => (view.variantSort === "Colour" ? v.colour : v.variantCode), view.variantDescending));
  const factor = state.account.tierFactor;
  return {
    ...stock.item,
    stockVariants: variants,
    priceBands: view.includePricing
      ? stock.bands.map((band) => ({ ...band, unitPrice: Math.round(band.unitPrice * factor * 100) / 100 }))
      : null,
    ...(view.withShipping
      ? {
          shippingConfigs: stock.shipping.map(
            ({ stockItemId: _id, active: _active, createdAt: _c, updatedAt: _u, ...config }) => ({
              ...config,
              fulfilmentLocations: config.fulfilmentLocations.map(({ locationCode, locationName, locale }) => ({
                locationCode,
                locationName,
                locale,
              })),
            }),
          ),
        }
      : {}),
  };
}

function matchesCode(stock: SimStockItem, code: string): boolean {
  return stock.item.stockCode === code || stock.item.stockVariants.some((variant) => variant.variantCode === code);
}

export const listStock: Handler = ({ state, query }) => {
  const read = readQuery(ENDPOINTS.listStock.query, query);
  if (!read.ok) return read.refusal;
  const {
    page = 1,
    pageSize = state.fixtures.defaultPageSizes.stock,
    includePricing = false,
    includeArchived,
  } = read.value;
  const { stockSortColumn: stockSort = "Rank", stockSortDirection: stockDirection } = read.value;
  const { variantSortColumn: variantSort = "VariantCode", variantSortDirection: variantDirection } = read.value;
  // `code` is matched exactly, untrimmed, as the vendor documents.
  const code = read.value.code;
  if (code !== undefined && code.length > MAX_STOCK_CODE_LENGTH) {
    return fieldErrors({ code: [`code may be at most ${MAX_STOCK_CODE_LENGTH} characters.`] });
  }
  const markets = [...new Set(read.value.markets.map((m) => m.toUpperCase()))];
  const needle = read.value.filter?.toLowerCase();
  const keys = {
    Rank: (s: SimStockItem) => s.item.rank ?? 0,
    StockCode: (s: SimStockItem) => s.item.stockCode,
    StockName: (s: SimStockItem) => s.item.stockName,
  };
  const view = {
    includePricing,
    includeArchived,
    variantSort,
    variantDescending: isDescending(variantDirection),
    withShipping: false,
  };
  const items = state.fixtures.stock
    .filter((s) => includeArchived || !s.archived)
    .filter((s) => markets.length === 0 || (s.item.markets ?? []).some((m) => markets.includes(m)))
    .filter((s) => code === undefined || matchesCode(s, code))
    .filter(
      (s) =>
        needle === undefined ||
        [s.item.stockCode, s.item.stockName, s.item.categoryName, s.item.supplier].some((t) =>
          t?.toLowerCase().includes(needle),
        ),
    )
    .sort(compareBy(keys[stockSort], isDescending(stockDirection)))
    .slice((page - 1) * pageSize, page * pageSize)
    .map((s) => present(s, state, view));
  return ok(items);
};

/** Unknown codes answer 400: the spec documents no 404 for this endpoint. */
export const getStockItem: Handler = ({ state, params, query }) => {
  const read = readQuery(ENDPOINTS.getStockItem.query, query);
  if (!read.ok) return read.refusal;
  const { includePricing = false, includeArchived = false } = read.value;
  const { variantSortColumn: variantSort = "VariantCode", variantSortDirection: variantDirection } = read.value;
  const code = params["code"] ?? "";
  const stock = state.fixtures.stock.find((s) => (includeArchived || !s.archived) && matchesCode(s, code));
  if (stock === undefined) return fieldErrors({ code: [`No stock item or variant has the code "${code}".`] });
  return ok(
    present(stock, state, {
      includePricing,
      includeArchived,
      variantSort,
      variantDescending: isDescending(variantDirection),
      withShipping: true,
    }),
  );
};

export const getStockItemShipping: Handler = ({ state, params }) => {
  const stock = state.fixtures.stock.find((s) => String(s.id) === params["stockItemId"]);
  if (stock === undefined)
    return fieldErrors({ stockItemId: [`"${params["stockItemId"]}" is not a valid stock item id.`] });
  return ok(stock.shipping.filter((record) => record.active));
};

export const listStockShipping: Handler = ({ state, query }) => {
  const read = readQuery(ENDPOINTS.listStockShipping.query, query);
  if (!read.ok) return read.refusal;
  const market = read.value.market?.trim().toUpperCase();
  if (market === undefined || market === "") return fieldErrors({ market: ["market is required."] });
  return ok(
    state.fixtures.stock
      .flatMap((s) => s.shipping)
      .filter((record) => record.active && record.markets.includes(market)),
  );
};
