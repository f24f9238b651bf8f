import type { ActiveJob, ActiveJobsEnvelope, PagedEnvelope, QueryOf } from "../core/vendor";
import type { RequestOptions, VendorClient } from "./client";
import type { ApiResult } from "./problem";

/** A guard against a service that keeps saying "there is more". */
const MAX_PAGES = 5_000;

/** Makes one page's call, trying it again as the caller sees fit. */
export type PageAttempt = <Answer>(call: () => Promise<ApiResult<Answer>>) => Promise<ApiResult<Answer>>;

export interface PagingOptions extends RequestOptions {
  readonly pageSize?: number;
  /** Called after each page with the records so far and, when the service says, the total. */
  readonly onPage?: (loaded: number, total: number | undefined) => void;
  /** Wraps each page's call (to retry a failed page without starting over); one plain call unless given. */
  readonly attempt?: PageAttempt;
}

interface PageSummary<T> {
  readonly records: readonly T[];
  readonly hasNext: boolean;
  readonly total: number | undefined;
}

async function collectPages<T>(
  fetchPage: (page: number) => Promise<ApiResult<PageSummary<T>>>,
  onPage: PagingOptions["onPage"],
): Promise<ApiResult<T[]>> {
  const all: T[] = [];
  let status = 200;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await fetchPage(page);
    if (!result.ok) return result;
    status = result.status;
    all.push(...result.value.records);
    onPage?.(all.length, result.value.total);
    if (!result.value.hasNext) break;
  }
  return { ok: true, status, value: all };
}

function fromEnvelope<T>(result: ApiResult<PagedEnvelope<T>>): ApiResult<PageSummary<T>> {
  if (!result.ok) return result;
  const envelope = result.value;
  const hasNext = envelope.hasNext && envelope.entities.length > 0 && envelope.currentPage < envelope.totalPages;
  return {
    ok: true,
    status: result.status,
    value: { records: envelope.entities, hasNext, total: envelope.totalResults },
  };
}

function fromActiveJobs(result: ApiResult<ActiveJobsEnvelope>): ApiResult<PageSummary<ActiveJob>> {
  if (!result.ok) return result;
  const envelope = result.value;
  const hasNext = envelope.hasNextPage && envelope.items.length > 0 && envelope.pageNumber < envelope.totalPages;
  return { ok: true, status: result.status, value: { records: envelope.items, hasNext, total: envelope.totalCount } };
}

/** Endpoints that page but answer a bare array: a short page is the last one. */
function fromArray<T>(result: ApiResult<T[]>, pageSize: number): ApiResult<PageSummary<T>> {
  if (!result.ok) return result;
  return {
    ok: true,
    status: result.status,
    value: { records: result.value, hasNext: result.value.length === pageSize, total: undefined },
  };
}

/** Walks one list endpoint from page 1, asking `pageSize` records a page, until it says there is no more. */
function walkPages<Answer, T>(
  options: PagingOptions,
  defaultPageSize: number,
  fetchPage: (paging: { page: number; pageSize: number }) => Promise<ApiResult<Answer>>,
  summarise: (answer: ApiResult<Answer>, pageSize: number) => ApiResult<PageSummary<T>>,
): Promise<ApiResult<T[]>> {
  const pageSize = options.pageSize ?? defaultPageSize;
  const attempt = options.attempt ?? ((call) => call());
  return collectPages(
    async (page) => summarise(await attempt(() => fetchPage({ page, pageSize })), pageSize),
    options.onPage,
  );
}

export function allPriceCodes(
  client: VendorClient,
  query: QueryOf<"listPriceCodes"> = {},
  options: PagingOptions = {},
) {
  return walkPages(options, 100, (paging) => client.listPriceCodes({ ...query, ...paging }, options), fromArray);
}

export function allStock(client: VendorClient, query: QueryOf<"listStock"> = {}, options: PagingOptions = {}) {
  return walkPages(options, 100, (paging) => client.listStock({ ...query, ...paging }, options), fromArray);
}

export function allAssets(client: VendorClient, query: QueryOf<"listAssets"> = {}, options: PagingOptions = {}) {
  return walkPages(options, 100, (paging) => client.listAssets({ ...query, ...paging }, options), fromEnvelope);
}

export function allGlobalAssets(
  client: VendorClient,
  query: QueryOf<"listGlobalAssets"> = {},
  options: PagingOptions = {},
) {
  return walkPages(options, 100, (paging) => client.listGlobalAssets({ ...query, ...paging }, options), fromEnvelope);
}

export function allUsers(client: VendorClient, query: QueryOf<"listUsers"> = {}, options: PagingOptions = {}) {
  return walkPages(options, 50, (paging) => client.listUsers({ ...query, ...paging }, options), fromEnvelope);
}

export function allTransactions(
  client: VendorClient,
  query: QueryOf<"listTransactions"> = {},
  options: PagingOptions = {},
) {
  return walkPages(options, 50, (paging) => client.listTransactions({ ...query, ...paging }, options), fromEnvelope);
}

/** Every active job (100 a page, the documented maximum). */
export function allActiveJobs(
  client: VendorClient,
  query: QueryOf<"listActiveJobs"> = {},
  options: PagingOptions = {},
) {
  const capped = { ...options, pageSize: Math.min(options.pageSize ?? 100, 100) };
  return walkPages(capped, 100, (paging) => client.listActiveJobs({ ...query, ...paging }, options), fromActiveJobs);
}
