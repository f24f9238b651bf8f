import type { IncomingMessage, ServerResponse } from "node:http";
import { ARTWORK_CHECK_PATH, SUBMISSION_LEASE_PATH } from "../../api/proxy-routes";
import { matchEndpoint } from "../../core/vendor";
import { answeredByAccessChecks, type AccessPolicy } from "./access-checks";
import type { Connection } from "./connections";
import { createAuthorisedFetch } from "./authorised-fetch";
import { forwardToVendor, type ForwardSettings } from "./forward-to-vendor";
import { createArtworkRoute, type ArtworkRouteOptions } from "./artwork-route";
import { answerLease } from "./lease-route";
import { startExchange, type ProxyExchange, type ProxyLogEntry } from "./proxy-exchange";
import { createSubmissionLeases, type SubmissionLeases } from "./submission-leases";
import { TokenSource, type TokenSourceOptions } from "./token-source";

export { ACCESS_KEY_HEADER } from "./access-checks";
export { upstreamAddress } from "./forward-to-vendor";
export type { ProxyLogEntry } from "./proxy-exchange";

export interface ProxyOptions {
  readonly connections: readonly Connection[];
  /** Browser origins allowed besides the proxy's own. */
  readonly allowedOrigins?: readonly string[];
  /** When set, every API call must carry it in `X-Access-Key`. */
  readonly accessKey?: string | undefined;
  readonly maxBodyBytes?: number;
  readonly upstreamTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly tokenOptions?: TokenSourceOptions;
  readonly log?: (entry: ProxyLogEntry) => void;
  /**
   * The per-account submission leases the pages take before creating jobs (made here unless given, for tests with their
   * own clock).
   */
  readonly leases?: SubmissionLeases;
  /** How artwork links are checked: internal addresses allowed (the embedded simulator's own), limits. */
  readonly artwork?: ArtworkRouteOptions;
}

export const API_PREFIX = "/api";
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;

const writeLogLine = (entry: ProxyLogEntry) =>
  process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);

/** `/api/connections`: the configured connections' names and regions, never their addresses or secrets. */
function answerConnections(exchange: ProxyExchange, connections: ReadonlyMap<string, Connection>): true {
  exchange.route = "connections";
  const { req, method, refuse, corsHeaders } = exchange;
  if (method !== "GET") return refuse(404, "not-found", "Not found", undefined, corsHeaders);
  req.resume();
  exchange.finish(
    200,
    [...connections.values()].map((c) => ({ name: c.name, region: c.region })),
    {
      ...corsHeaders,
      "Content-Type": "application/json; charset=utf-8",
    },
  );
  return true;
}

/**
 * The token proxy: serves `/api/connections` and, for each configured connection, its submission lease, its artwork
 * check and `/api/{connection}/{vendor path}` for exactly the vendor's documented endpoints. The
 * upstream address is rebuilt from the endpoint's path template, never from the incoming path.
 */
export function createProxy(options: ProxyOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const forwarding: ForwardSettings = {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    timeoutMs: options.upstreamTimeoutMs ?? 60_000,
  };
  const access: AccessPolicy = { allowedOrigins: new Set(options.allowedOrigins ?? []), accessKey: options.accessKey };
  const log = options.log ?? writeLogLine;
  const connections = new Map(options.connections.map((c) => [c.name, c]));
  const tokens = new Map(
    options.connections.map((c) => [c.name, new TokenSource(c, { fetch: fetchImpl, ...options.tokenOptions })]),
  );
  const authorised = new Map([...tokens].map(([name, source]) => [name, createAuthorisedFetch(source, fetchImpl)]));
  const leases = options.leases ?? createSubmissionLeases();
  const artwork = createArtworkRoute(options.artwork);

  /** `/api/{connection}/…`: the connection's lease route, or one of the vendor's documented endpoints. */
  function answerConnectionCall(exchange: ProxyExchange, rest: string, rawQuery: string): Promise<true> | true {
    const { method, refuse, corsHeaders } = exchange;
    const slash = rest.indexOf("/", 1);
    const name = slash === -1 ? rest.slice(1) : rest.slice(1, slash);
    const connection = connections.get(name);
    const authorisedFetch = authorised.get(name);
    if (connection === undefined || authorisedFetch === undefined) {
      return refuse(404, "unknown-connection", "No such connection", undefined, corsHeaders);
    }
    exchange.connection = connection.name;
    const path = slash === -1 ? undefined : rest.slice(slash);
    if (path === SUBMISSION_LEASE_PATH) {
      exchange.route = "submissionLease";
      return answerLease(leases, exchange.req, method, connection.name, new URLSearchParams(rawQuery), exchange);
    }
    if (path === ARTWORK_CHECK_PATH) {
      exchange.route = "artworkCheck";
      return artwork.answer(exchange.req, method, connection.name, exchange);
    }
    const match = path === undefined ? undefined : matchEndpoint(method, path);
    if (match === undefined) {
      return refuse(
        404,
        "not-a-documented-endpoint",
        "Not a documented endpoint of the vendor's API",
        undefined,
        corsHeaders,
      );
    }
    return forwardToVendor(exchange, { connection, authorisedFetch, match, rawQuery }, forwarding);
  }

  /** Handles a request under `/api`; answers false for any other path so the caller can serve it. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? "/";
    const queryStart = rawUrl.indexOf("?");
    const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
    if (rawPath !== API_PREFIX && !rawPath.startsWith(`${API_PREFIX}/`)) return false;
    const exchange = startExchange(req, res, log);
    if (answeredByAccessChecks(exchange, access)) return true;
    const rest = rawPath.slice(API_PREFIX.length);
    if (rest === "/connections") return answerConnections(exchange, connections);
    return answerConnectionCall(exchange, rest, queryStart === -1 ? "" : rawUrl.slice(queryStart + 1));
  }

  return { handle, tokenSources: tokens };
}

export type TokenProxy = ReturnType<typeof createProxy>;
