import type { IncomingHttpHeaders } from "node:http";
import type { SimUser } from "../fixtures/accounts";
import type { SimPromoCode } from "../fixtures/lookups";
import type { SimResponse } from "../sim-response";
import type { AccountState, SimJob } from "../state";

/** What the simulator core offers handlers beyond one account's state. */
export interface SimulatorCore {
  now(): number;
  /** Their expiry dated from the day the clock started. */
  readonly promoCodes: readonly SimPromoCode[];
  allocateJobNumber(): number;
  /** Jobs of every account, for isolation checks. */
  findJob(jobNumber: number): SimJob | undefined;
}

export interface HandlerContext {
  readonly core: SimulatorCore;
  readonly state: AccountState;
  readonly user: SimUser;
  readonly params: Readonly<Record<string, string>>;
  /** The request's query as sent; each handler reads it through its endpoint's schema (`readQuery`). */
  readonly query: URLSearchParams;
  /** Parsed JSON body, or undefined when the request had none. */
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  /** The full request address, for ready-made next and previous page links. */
  readonly url: URL;
}

export type Handler = (context: HandlerContext) => SimResponse;

/** A page of a list in the vendor's paged envelope, with next and previous links. */
export function pagedEnvelope<T>(
  items: readonly T[],
  page: number,
  pageSize: number,
  filter: string | undefined,
  url: URL,
) {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const entities = items.slice((page - 1) * pageSize, page * pageSize);
  const linkTo = (target: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(target));
    next.searchParams.set("pageSize", String(pageSize));
    return next.toString();
  };
  return {
    pageSize,
    returnedResults: entities.length,
    totalResults: items.length,
    totalPages,
    currentPage: page,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
    filter: filter ?? null,
    nextUrl: page < totalPages ? linkTo(page + 1) : null,
    previousUrl: page > 1 ? linkTo(Math.min(page - 1, totalPages)) : null,
    entities,
  };
}

export function compareBy<T>(key: (item: T) => string | number | null | undefined, descending: boolean) {
  return (a: T, b: T): number => {
    const left = key(a) ?? "";
    const right = key(b) ?? "";
    const order =
      typeof left === "number" && typeof right === "number" ? left - right : String(left).localeCompare(String(right));
    return descending ? -order : order;
  };
}
