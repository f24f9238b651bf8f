import type { z } from "zod";
import {
  ENDPOINTS,
  ValidateOnlyResult,
  buildEndpointPath,
  type EndpointId,
  type JobCandidate,
  type PatchJobDto,
  type QueryOf,
} from "../core/vendor";
import {
  invalidResponseProblem,
  isTransientProblem,
  networkProblem,
  parseRetryAfter,
  problemFromResponse,
  type ApiProblem,
  type ApiResult,
} from "./problem";
import { retryWaitMs } from "./retry-wait";
import { timerSleep, type Sleep } from "./sleep";

type Endpoints = typeof ENDPOINTS;
/** The parsed success body of an endpoint, or undefined for bodiless (204) endpoints. */
export type ResponseOf<Id extends EndpointId> = Endpoints[Id] extends { response: z.ZodType<infer Out> }
  ? Out
  : undefined;

type QueryValue = string | number | boolean | readonly string[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  readonly signal?: AbortSignal | undefined;
}

export interface VendorClientOptions {
  /** Address of the API: the proxy's `/api/{connection}` or, from Node, the vendor's base address. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  /** Headers sent with every call (the proxy requires `X-Requested-With`). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Pause before the single retry of an idempotent read (longer when the vendor's Retry-After
   * asks); injectable so tests need not wait.
   */
  readonly retryDelayMs?: number;
  /** How that pause is taken (a timer unless told). */
  readonly sleep?: Sleep;
}

interface CallSpec<Id extends EndpointId> {
  readonly params?: Readonly<Record<string, string | number>>;
  /** Typed by the endpoint's query schema, so nothing is sent that the vendor cannot read. */
  readonly query?: (QueryOf<Id> & QueryParams) | undefined;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
}

/** Reads are retried once on these statuses; writes never are, their outcome being unknown. */
const RETRYABLE_READ_STATUSES = new Set([429, 500, 502, 503, 504]);

export function encodeQuery(query: QueryParams | undefined): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    const text = Array.isArray(value) ? value.join(",") : String(value);
    if (Array.isArray(value) && value.length === 0) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/**
 * Creates the low-level caller: one request to one documented endpoint, its body checked
 * against the endpoint's schema, every failure returned as an {@link ApiProblem}.
 */
export function createEndpointCaller(options: VendorClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const retryDelayMs = options.retryDelayMs ?? 400;
  const sleep = options.sleep ?? timerSleep;

  async function send<Id extends EndpointId>(id: Id, spec: CallSpec<Id>): Promise<Response | ApiProblem> {
    const def = ENDPOINTS[id];
    const url = baseUrl + buildEndpointPath(id, spec.params) + encodeQuery(spec.query);
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers, ...spec.headers };
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    try {
      return await fetchImpl(url, {
        method: def.method,
        headers,
        body: spec.body === undefined ? null : JSON.stringify(spec.body),
        signal: spec.signal ?? null,
        credentials: "same-origin",
      });
    } catch (error) {
      return networkProblem(error);
    }
  }

  return async function call<Id extends EndpointId, Out = ResponseOf<Id>>(
    id: Id,
    spec: CallSpec<Id> = {},
    responseSchema?: z.ZodType<Out>,
  ): Promise<ApiResult<Out>> {
    const def: { method: string; response?: z.ZodType } = ENDPOINTS[id];
    const isRead = def.method === "GET";
    let response = await send(id, spec);
    const failedTransiently = !(response instanceof Response)
      ? response.kind === "network" && isTransientProblem(response)
      : RETRYABLE_READ_STATUSES.has(response.status);
    const asked = response instanceof Response ? parseRetryAfter(response.headers.get("retry-after")) : undefined;
    const mayRetry = isRead && failedTransiently && !spec.signal?.aborted;
    const wait = mayRetry ? retryWaitMs({ retryAfterMs: asked }, retryDelayMs) : undefined;
    if (wait !== undefined) {
      if (response instanceof Response) await response.body?.cancel().catch(() => undefined);
      await sleep(wait, spec.signal);
      response = await send(id, spec);
    }
    if (!(response instanceof Response)) return { ok: false, problem: response };

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { ok: false, problem: networkProblem(error) };
    }
    if (!response.ok) {
      return {
        ok: false,
        problem: problemFromResponse(response.status, response.statusText, text, response.headers.get("retry-after")),
      };
    }

    const schema = responseSchema ?? def.response;
    if (schema === undefined || response.status === 204) {
      return { ok: true, status: response.status, value: undefined as Out };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, problem: invalidResponseProblem(response.status, "The body is not JSON") };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first ? `${first.path.join(".") || "(root)"}: ${first.message}` : "schema mismatch";
      return { ok: false, problem: invalidResponseProblem(response.status, where) };
    }
    return { ok: true, status: response.status, value: parsed.data as Out };
  };
}

/** The value of `X-Application-Name` on job creation; the vendor validates it as an origin code. */
export const DEFAULT_APPLICATION_NAME = "API";

/**
 * A typed client for every endpoint of the vendor's API. Each function returns an
 * {@link ApiResult}: a parsed value, or a typed problem; nothing throws for an HTTP failure.
 */
export function createVendorClient(options: VendorClientOptions) {
  const call = createEndpointCaller(options);
  return {
    listProcesses: (o: RequestOptions = {}) => call("listProcesses", o),
    listPriceCodes: (query: QueryOf<"listPriceCodes"> = {}, o: RequestOptions = {}) =>
      call("listPriceCodes", { query, ...o }),
    getPriceCode: (priceCode: string, dimensions: QueryOf<"getPriceCode"> = {}, o: RequestOptions = {}) =>
      call("getPriceCode", { params: { priceCode }, query: dimensions, ...o }),

    createJob: (candidate: JobCandidate, applicationName = DEFAULT_APPLICATION_NAME, o: RequestOptions = {}) =>
      call("createJob", {
        body: { ...candidate, validateOnly: false },
        headers: { "X-Application-Name": applicationName },
        ...o,
      }),
    /** Runs the vendor's whole validation for a job and creates nothing (`validateOnly: true`). */
    validateJob: (candidate: JobCandidate, applicationName = DEFAULT_APPLICATION_NAME, o: RequestOptions = {}) =>
      call(
        "createJob",
        { body: { ...candidate, validateOnly: true }, headers: { "X-Application-Name": applicationName }, ...o },
        ValidateOnlyResult,
      ),
    getJob: (jobNumber: number, o: RequestOptions = {}) => call("getJob", { params: { jobNumber }, ...o }),
    patchJob: (jobNumber: number, patch: PatchJobDto, o: RequestOptions = {}) =>
      call("patchJob", { params: { jobNumber }, body: patch, ...o }),
    cancelJob: (jobNumber: number, o: RequestOptions = {}) => call("cancelJob", { params: { jobNumber }, ...o }),
    listActiveJobs: (query: QueryOf<"listActiveJobs"> = {}, o: RequestOptions = {}) =>
      call("listActiveJobs", { query, ...o }),
    listDeliveryOptions: (o: RequestOptions = {}) => call("listDeliveryOptions", o),
    /** Always live: the earliest ship date must never be cached. */
    getEarliestShipDate: (processCodes: readonly string[] = [], o: RequestOptions = {}) =>
      call("getEarliestShipDate", { query: { processCodes }, ...o }),

    listAssets: (query: QueryOf<"listAssets"> = {}, o: RequestOptions = {}) => call("listAssets", { query, ...o }),
    listGlobalAssets: (query: QueryOf<"listGlobalAssets"> = {}, o: RequestOptions = {}) =>
      call("listGlobalAssets", { query, ...o }),
    listAssetTypes: (o: RequestOptions = {}) => call("listAssetTypes", o),
    getAsset: (assetTag: string, o: RequestOptions = {}) => call("getAsset", { params: { assetTag }, ...o }),
    getAssetFiles: (assetTag: string, o: RequestOptions = {}) => call("getAssetFiles", { params: { assetTag }, ...o }),
    getAssetJobs: (assetCode: string, o: RequestOptions = {}) => call("getAssetJobs", { params: { assetCode }, ...o }),

    getAccount: (o: RequestOptions = {}) => call("getAccount", o),
    getCurrentUser: (o: RequestOptions = {}) => call("getCurrentUser", o),
    listUsers: (query: QueryOf<"listUsers"> = {}, o: RequestOptions = {}) => call("listUsers", { query, ...o }),
    getUser: (userId: number, o: RequestOptions = {}) => call("getUser", { params: { userId }, ...o }),
    listTransactions: (query: QueryOf<"listTransactions"> = {}, o: RequestOptions = {}) =>
      call("listTransactions", { query, ...o }),
    getShipmentSettings: (o: RequestOptions = {}) => call("getShipmentSettings", o),

    listCountries: (o: RequestOptions = {}) => call("listCountries", o),
    listStates: (countryCode: string, o: RequestOptions = {}) => call("listStates", { params: { countryCode }, ...o }),
    listJobStatuses: (o: RequestOptions = {}) => call("listJobStatuses", o),
    listProcessCodes: (o: RequestOptions = {}) => call("listProcessCodes", o),
    listSizeSets: (o: RequestOptions = {}) => call("listSizeSets", o),

    listStock: (query: QueryOf<"listStock"> = {}, o: RequestOptions = {}) => call("listStock", { query, ...o }),
    getStockItem: (code: string, query: QueryOf<"getStockItem"> = {}, o: RequestOptions = {}) =>
      call("getStockItem", { params: { code }, query, ...o }),
    getStockItemShipping: (stockItemId: number, o: RequestOptions = {}) =>
      call("getStockItemShipping", { params: { stockItemId }, ...o }),
    listStockShipping: (market: string, o: RequestOptions = {}) =>
      call("listStockShipping", { query: { market }, ...o }),

    validatePromoCode: (code: string, processCodes: readonly string[] = [], o: RequestOptions = {}) =>
      call("validatePromoCode", { params: { code }, query: { processCodes }, ...o }),
  };
}

export type VendorClient = ReturnType<typeof createVendorClient>;
export type { ApiProblem, ApiResult };
