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
import {
  ActiveJobsQuery,
  AssetListQuery,
  NoQuery,
  PriceCodeListQuery,
  PriceCodeQuery,
  ProcessCodesQuery,
  StockItemQuery,
  StockListQuery,
  StockShippingQuery,
  TransactionListQuery,
  UserListQuery,
} from "./queries";
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
  /** The query's parameters, each read from its query-string text: the one schema client, proxy and simulator share. */
  readonly query: z.ZodObject;
  /** Schema of the JSON request body, when the endpoint takes one. */
  readonly body?: z.ZodType;
  /** Schema of the success response body (absent for 204 responses). */
  readonly response?: z.ZodType;
}

/** Every endpoint in the vendor's endpoint tables: the one list the client, proxy and simulator share. */
export const ENDPOINTS = {
  listProcesses: {
    method: "GET",
    path: "/PriceCodes/processes",
    params: {},
    query: NoQuery,
    response: ProcessesResponse,
  },
  listPriceCodes: {
    method: "GET",
    path: "/PriceCodes/price-codes",
    params: {},
    query: PriceCodeListQuery,
    response: PriceCodeList,
  },
  getPriceCode: {
    method: "GET",
    path: "/PriceCodes/{priceCode}",
    params: { priceCode: "text" },
    query: PriceCodeQuery,
    response: PriceCode,
  },
  createJob: {
    method: "POST",
    path: "/Jobs",
    params: {},
    query: NoQuery,
    body: JobCandidate,
    response: JobCreateResult,
  },
  getJob: { method: "GET", path: "/Jobs/{jobNumber}", params: { jobNumber: "int" }, query: NoQuery, response: Job },
  patchJob: {
    method: "PATCH",
    path: "/Jobs/{jobNumber}",
    params: { jobNumber: "int" },
    query: NoQuery,
    body: PatchJobDto,
    response: Job,
  },
  cancelJob: { method: "POST", path: "/Jobs/{jobNumber}/cancel", params: { jobNumber: "int" }, query: NoQuery },
  listActiveJobs: {
    method: "GET",
    path: "/Jobs/active",
    params: {},
    query: ActiveJobsQuery,
    response: ActiveJobsEnvelope,
  },
  listDeliveryOptions: {
    method: "GET",
    path: "/Jobs/delivery-options",
    params: {},
    query: NoQuery,
    response: DeliveryOptionList,
  },
  getEarliestShipDate: {
    method: "GET",
    path: "/Jobs/earliest-ship-date",
    params: {},
    query: ProcessCodesQuery,
    response: ShipDate,
  },
  listAssets: { method: "GET", path: "/Assets", params: {}, query: AssetListQuery, response: AssetPage },
  listGlobalAssets: { method: "GET", path: "/Assets/global", params: {}, query: AssetListQuery, response: AssetPage },
  listAssetTypes: { method: "GET", path: "/Assets/types", params: {}, query: NoQuery, response: AssetTypeList },
  getAsset: {
    method: "GET",
    path: "/Assets/{assetTag}",
    params: { assetTag: "text" },
    query: NoQuery,
    response: Asset,
  },
  getAssetFiles: {
    method: "GET",
    path: "/Assets/{assetTag}/files",
    params: { assetTag: "text" },
    query: NoQuery,
    response: AssetFiles,
  },
  getAssetJobs: {
    method: "GET",
    path: "/Assets/{assetCode}/jobs",
    params: { assetCode: "text" },
    query: NoQuery,
    response: AssetJobs,
  },
  getAccount: { method: "GET", path: "/account", params: {}, query: NoQuery, response: AccountProfile },
  getCurrentUser: { method: "GET", path: "/account/user", params: {}, query: NoQuery, response: FullUser },
  listUsers: {
    method: "GET",
    path: "/account/users",
    params: {},
    query: UserListQuery,
    response: UserPage,
  },
  getUser: {
    method: "GET",
    path: "/account/users/{userId}",
    params: { userId: "int" },
    query: NoQuery,
    response: UserSummary,
  },
  listTransactions: {
    method: "GET",
    path: "/account/transactions",
    params: {},
    query: TransactionListQuery,
    response: TransactionPage,
  },
  getShipmentSettings: {
    method: "GET",
    path: "/account/shipment-settings",
    params: {},
    query: NoQuery,
    response: ShipmentSettings,
  },
  listCountries: { method: "GET", path: "/Lookups/countries", params: {}, query: NoQuery, response: CountriesResponse },
  listStates: {
    method: "GET",
    path: "/Lookups/countries/{countryCode}/states",
    params: { countryCode: "countryCode" },
    query: NoQuery,
    response: StatesResponse,
  },
  listJobStatuses: {
    method: "GET",
    path: "/Lookups/job-statuses",
    params: {},
    query: NoQuery,
    response: JobStatusList,
  },
  listProcessCodes: {
    method: "GET",
    path: "/Lookups/process-codes",
    params: {},
    query: NoQuery,
    response: ProcessCodeList,
  },
  listSizeSets: { method: "GET", path: "/Lookups/size-sets", params: {}, query: NoQuery, response: SizeSetList },
  listStock: {
    method: "GET",
    path: "/Stock",
    params: {},
    query: StockListQuery,
    response: StockItemList,
  },
  getStockItem: {
    method: "GET",
    path: "/Stock/{code}",
    params: { code: "text" },
    query: StockItemQuery,
    response: StockItem,
  },
  getStockItemShipping: {
    method: "GET",
    path: "/stock/{stockItemId}/shipping",
    params: { stockItemId: "int" },
    query: NoQuery,
    response: StockShippingRecordList,
  },
  listStockShipping: {
    method: "GET",
    path: "/stock/shipping",
    params: {},
    query: StockShippingQuery,
    response: StockShippingRecordList,
  },
  validatePromoCode: {
    method: "GET",
    path: "/promocode/validate/{code}",
    params: { code: "text" },
    query: ProcessCodesQuery,
    response: PromoValidationResult,
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointId = keyof typeof ENDPOINTS;
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

type Endpoints = typeof ENDPOINTS;

/** An endpoint's query as it is read: every parameter typed, defaults filled in. */
export type QueryValues<Id extends EndpointId> = z.output<Endpoints[Id]["query"]>;

/**
 * What a caller may send as an endpoint's query: any of its parameters, each typed as it is read
 * back (lists may be read-only), so whatever the client sends the simulator and vendor can read.
 */
export type QueryOf<Id extends EndpointId> = {
  // An endpoint without a query reads as `Record<string, never>`: no name is documented, so none may be sent.
  readonly [Name in keyof QueryValues<Id> as string extends Name
    ? never
    : Name]?: QueryValues<Id>[Name] extends (infer Item)[] ? readonly Item[] : QueryValues<Id>[Name];
};
