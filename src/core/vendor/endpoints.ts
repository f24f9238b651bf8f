import type { z } from "zod";
import { AccountProfile, FullUser, ShipmentSettings, TransactionPage, UserPage, UserSummary } from "./account";
import { Asset, AssetFiles, AssetJobs, AssetPage, AssetTypeList } from "./assets";
import {
  ActiveJobsEnvelope,
  DeliveryOptionList,
  Job,
  JobCandidate,
  JobCreateResult,
  PatchJobDto,
  ShipDate,
} from "./jobs";
import { CountriesResponse, JobStatusList, ProcessCodeList, SizeSetList, StatesResponse } from "./lookups";
import { PriceCode, PriceCodeList, ProcessesResponse } from "./price-codes";
import { PromoValidationResult } from "./promo";
import { StockItem, StockItemList, StockShippingRecordList } from "./stock";

/**
 * How a path parameter is validated before it is placed in an address. Values are always
 * percent-encoded as one segment; these rules add what encoding alone cannot promise.
 */
export type PathParamKind = "int" | "text" | "countryCode";

export type HttpMethod = "GET" | "POST" | "PATCH";

export interface EndpointDef {
  readonly method: HttpMethod;
  /** The vendor's path template, relative to the API base address. */
  readonly path: string;
  readonly params: Readonly<Record<string, PathParamKind>>;
  readonly query: readonly string[];
  /** Schema of the JSON request body, when the endpoint takes one. */
  readonly body?: z.ZodType;
  /** Schema of the success response body (absent for 204 responses). */
  readonly response?: z.ZodType;
}

const ASSET_QUERY = [
  "page",
  "pageSize",
  "sortColumn",
  "sortDirection",
  "includeProcesses",
  "excludeProcesses",
  "filter",
  "isArchived",
  "priceCodeContains",
  "priceCodeNotContains",
] as const;

/** Every endpoint in the vendor's endpoint tables: the one list the client, proxy and simulator share. */
export const ENDPOINTS = {
  listProcesses: { method: "GET", path: "/PriceCodes/processes", params: {}, query: [], response: ProcessesResponse },
  listPriceCodes: {
    method: "GET",
    path: "/PriceCodes/price-codes",
    params: {},
    query: ["page", "pageSize", "filter"],
    response: PriceCodeList,
  },
  getPriceCode: {
    method: "GET",
    path: "/PriceCodes/{priceCode}",
    params: { priceCode: "text" },
    query: ["dgX", "dgY", "stitches"],
    response: PriceCode,
  },
  createJob: { method: "POST", path: "/Jobs", params: {}, query: [], body: JobCandidate, response: JobCreateResult },
  getJob: { method: "GET", path: "/Jobs/{jobNumber}", params: { jobNumber: "int" }, query: [], response: Job },
  patchJob: {
    method: "PATCH",
    path: "/Jobs/{jobNumber}",
    params: { jobNumber: "int" },
    query: [],
    body: PatchJobDto,
    response: Job,
  },
  cancelJob: { method: "POST", path: "/Jobs/{jobNumber}/cancel", params: { jobNumber: "int" }, query: [] },
  listActiveJobs: {
    method: "GET",
    path: "/Jobs/active",
    params: {},
    query: [
      "excludeJobNumber",
      "page",
      "pageSize",
      "searchText",
      "includeClosedJobs",
      "sortColumn",
      "sortDirection",
      "orderGroup",
      "customerUserId",
    ],
    response: ActiveJobsEnvelope,
  },
  listDeliveryOptions: {
    method: "GET",
    path: "/Jobs/delivery-options",
    params: {},
    query: [],
    response: DeliveryOptionList,
  },
  getEarliestShipDate: {
    method: "GET",
    path: "/Jobs/earliest-ship-date",
    params: {},
    query: ["processCodes"],
    response: ShipDate,
  },
  listAssets: { method: "GET", path: "/Assets", params: {}, query: ASSET_QUERY, response: AssetPage },
  listGlobalAssets: { method: "GET", path: "/Assets/global", params: {}, query: ASSET_QUERY, response: AssetPage },
  listAssetTypes: { method: "GET", path: "/Assets/types", params: {}, query: [], response: AssetTypeList },
  getAsset: { method: "GET", path: "/Assets/{assetTag}", params: { assetTag: "text" }, query: [], response: Asset },
  getAssetFiles: {
    method: "GET",
    path: "/Assets/{assetTag}/files",
    params: { assetTag: "text" },
    query: [],
    response: AssetFiles,
  },
  getAssetJobs: {
    method: "GET",
    path: "/Assets/{assetCode}/jobs",
    params: { assetCode: "text" },
    query: [],
    response: AssetJobs,
  },
  getAccount: { method: "GET", path: "/account", params: {}, query: [], response: AccountProfile },
  getCurrentUser: { method: "GET", path: "/account/user", params: {}, query: [], response: FullUser },
  listUsers: {
    method: "GET",
    path: "/account/users",
    params: {},
    query: ["includeInactive", "page", "pageSize", "sortBy", "sortDirection", "textFilter"],
    response: UserPage,
  },
  getUser: {
    method: "GET",
    path: "/account/users/{userId}",
    params: { userId: "int" },
    query: [],
    response: UserSummary,
  },
  listTransactions: {
    method: "GET",
    path: "/account/transactions",
    params: {},
    query: ["page", "pageSize", "sortBy", "sortDirection", "completedOnly", "textFilter"],
    response: TransactionPage,
  },
  getShipmentSettings: {
    method: "GET",
    path: "/account/shipment-settings",
    params: {},
    query: [],
    response: ShipmentSettings,
  },
  listCountries: { method: "GET", path: "/Lookups/countries", params: {}, query: [], response: CountriesResponse },
  listStates: {
    method: "GET",
    path: "/Lookups/countries/{countryCode}/states",
    params: { countryCode: "countryCode" },
    query: [],
    response: StatesResponse,
  },
  listJobStatuses: { method: "GET", path: "/Lookups/job-statuses", params: {}, query: [], response: JobStatusList },
  listProcessCodes: {
    method: "GET",
    path: "/Lookups/process-codes",
    params: {},
    query: [],
    response: ProcessCodeList,
  },
  listSizeSets: { method: "GET", path: "/Lookups/size-sets", params: {}, query: [], response: SizeSetList },
  listStock: {
    method: "GET",
    path: "/Stock",
    params: {},
    query: [
      "page",
      "pageSize",
      "filter",
      "includePricing",
      "stockSortColumn",
      "stockSortDirection",
      "variantSortColumn",
      "variantSortDirection",
      "markets",
      "code",
      "includeArchived",
    ],
    response: StockItemList,
  },
  getStockItem: {
    method: "GET",
    path: "/Stock/{code}",
    params: { code: "text" },
    query: ["includePricing", "variantSortColumn", "variantSortDirection", "includeArchived"],
    response: StockItem,
  },
  getStockItemShipping: {
    method: "GET",
    path: "/stock/{stockItemId}/shipping",
    params: { stockItemId: "int" },
    query: [],
    response: StockShippingRecordList,
  },
  listStockShipping: {
    method: "GET",
    path: "/stock/shipping",
    params: {},
    query: ["market"],
    response: StockShippingRecordList,
  },
  validatePromoCode: {
    method: "GET",
    path: "/promocode/validate/{code}",
    params: { code: "text" },
    query: ["processCodes"],
    response: PromoValidationResult,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointId = keyof typeof ENDPOINTS;
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];
