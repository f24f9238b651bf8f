import { z } from "zod";
import { queryChoice, queryFlag, queryList, queryNumber, queryText, queryWholeNumber } from "./query-fields";

/**
 * Each endpoint's query, as the spec's endpoint tables give it: names, types, the values an enum
 * takes, ranges and defaults. Where the spec lists no values for a sort, those the vendor's list
 * is known to take (as the simulator answers) are the enum; where it gives no default, none is
 * filled in here, and what the vendor does then is the simulator's own business.
 */

/** Endpoints that take no query: any parameter sent is left out by the proxy and ignored by the simulator. */
export const NoQuery = z.object({});

/**
 * 1-based, as every paged endpoint counts its pages. The spec gives no largest page, nor a
 * largest page size but for active jobs: these bounds are the vendor's, as the simulator answers.
 */
const page = () => queryWholeNumber(1, 100_000);
const pageSize = (max = 500) => queryWholeNumber(1, max);

export const PriceCodeListQuery = z.object({
  page: page().optional(),
  pageSize: pageSize().optional(),
  filter: queryText().optional(),
});
export type PriceCodeListQuery = z.output<typeof PriceCodeListQuery>;

/** Width, height and stitches of a product priced by its metadata attributes. */
export const PriceCodeQuery = z.object({
  dgX: queryNumber().optional(),
  dgY: queryNumber().optional(),
  stitches: queryNumber().optional(),
});
export type PriceCodeQuery = z.output<typeof PriceCodeQuery>;

export const ACTIVE_JOB_SORT_COLUMNS = ["JobNumber", "DateDue", "OrderNumber", "Status", "DateOut"] as const;
/** The spec lists no values for the active jobs' and stock's sort directions; the vendor takes both spellings. */
export const LOOSE_SORT_DIRECTIONS = ["asc", "desc", "Ascending", "Descending"] as const;

export const ActiveJobsQuery = z.object({
  excludeJobNumber: queryWholeNumber(0).optional(),
  page: page().optional(),
  /** Default 20, at most 100 (the spec's limits). */
  pageSize: pageSize(100).default(20),
  /** Job number, order number or description. */
  searchText: queryText().optional(),
  /** Closed jobs are left out unless asked for; cancelled ones never appear. */
  includeClosedJobs: queryFlag().default(false),
  sortColumn: queryChoice(ACTIVE_JOB_SORT_COLUMNS).optional(),
  sortDirection: queryChoice(LOOSE_SORT_DIRECTIONS).optional(),
  orderGroup: queryText().optional(),
  /** Must be a user of the calling customer, else 400. */
  customerUserId: queryWholeNumber(1).optional(),
});
export type ActiveJobsQuery = z.output<typeof ActiveJobsQuery>;

/** Comma-separated process codes, for the earliest ship date and for promo codes. */
export const ProcessCodesQuery = z.object({ processCodes: queryList().default(() => []) });
export type ProcessCodesQuery = z.output<typeof ProcessCodesQuery>;

/** The spec names `AssetTag` as the default of an enum it does not list; these are the columns the vendor sorts by. */
export const ASSET_SORT_COLUMNS = ["AssetTag", "Description", "CreateDate", "ProcessCode", "PriceCode"] as const;

/** The query of `/Assets` and `/Assets/global`. */
export const AssetListQuery = z.object({
  page: page().default(1),
  pageSize: pageSize().default(25),
  sortColumn: queryChoice(ASSET_SORT_COLUMNS).default("AssetTag"),
  sortDirection: queryChoice(["Ascending", "Descending"]).default("Ascending"),
  includeProcesses: queryList().default(() => []),
  excludeProcesses: queryList().default(() => []),
  filter: queryText().optional(),
  /** true: only archived; false: only not archived; absent: both. */
  isArchived: queryFlag().optional(),
  /** Any of these (case-insensitive) in the price code includes an asset; null price codes are left out. */
  priceCodeContains: queryList().default(() => []),
  /** None of these may be in the price code; null price codes are kept. */
  priceCodeNotContains: queryList().default(() => []),
});
export type AssetListQuery = z.output<typeof AssetListQuery>;

export const USER_SORTS = ["LastName", "FirstName", "UserName", "Email", "LastLoginUtc", "LoginCount"] as const;

export const UserListQuery = z.object({
  includeInactive: queryFlag().default(false),
  page: page().default(1),
  pageSize: pageSize().default(50),
  sortBy: queryChoice(USER_SORTS).default("LastName"),
  sortDirection: queryChoice(["ASC", "DESC"]).default("ASC"),
  textFilter: queryText().optional(),
});
export type UserListQuery = z.output<typeof UserListQuery>;

export const TRANSACTION_SORTS = ["Id", "CreatedAt", "CompletedAt", "AmountSettlement"] as const;

export const TransactionListQuery = z.object({
  page: page().default(1),
  pageSize: pageSize().default(20),
  sortBy: queryChoice(TRANSACTION_SORTS).default("Id"),
  sortDirection: queryChoice(["ASC", "DESC"]).default("DESC"),
  completedOnly: queryFlag().default(false),
  textFilter: queryText().optional(),
});
export type TransactionListQuery = z.output<typeof TransactionListQuery>;

/** The spec lists no values for the stock sorts; these are the ones the vendor takes. */
export const STOCK_SORTS = ["Rank", "StockCode", "StockName"] as const;
export const VARIANT_SORTS = ["VariantCode", "Colour"] as const;

/** What `/Stock/{code}` shares with the list: pricing, variant order, archived stock. */
const stockItemFields = {
  includePricing: queryFlag().optional(),
  variantSortColumn: queryChoice(VARIANT_SORTS).optional(),
  variantSortDirection: queryChoice(LOOSE_SORT_DIRECTIONS).optional(),
  includeArchived: queryFlag().optional(),
};

export const StockItemQuery = z.object(stockItemFields);
export type StockItemQuery = z.output<typeof StockItemQuery>;

export const StockListQuery = z.object({
  page: page().optional(),
  pageSize: pageSize().optional(),
  filter: queryText().optional(),
  stockSortColumn: queryChoice(STOCK_SORTS).optional(),
  stockSortDirection: queryChoice(LOOSE_SORT_DIRECTIONS).optional(),
  ...stockItemFields,
  /** Market codes; trimmed, upper-cased and de-duplicated by the vendor. */
  markets: queryList().default(() => []),
  /** Matched exactly, untrimmed, against a stock code or any variant code; too long a value is refused. */
  code: queryText().optional(),
  includeArchived: queryFlag().default(false),
});
export type StockListQuery = z.output<typeof StockListQuery>;

/** `market` is required in practice, though the vendor's schema does not mark it so. */
export const StockShippingQuery = z.object({ market: queryText().optional() });
export type StockShippingQuery = z.output<typeof StockShippingQuery>;
