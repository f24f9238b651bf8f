import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { IMPORTER_PROBLEM_BASE } from "../../api/problem";
import { SUBMISSION_LEASE_PATH } from "../../api/proxy-routes";
import { ENDPOINTS, buildEndpointPath, matchEndpoint, pickDocumentedQuery, type EndpointDef, type EndpointId } from "../../core/vendor";
import { BodyTooLargeError, readBody } from "../http/read-body";
import type { Connection } from "./connections";
import { createAuthorisedFetch } from "./authorised-fetch";
import { answerLease } from "./lease-route";
import { createSubmissionLeases, type SubmissionLeases } from "./submission-leases";
import { TokenError, TokenSource, type TokenSourceOptions } from "./token-source";

/** One line per proxied call. Tokens, secrets and bodies never appear in it. */
export interface ProxyLogEntry {
  readonly requestId: string;
  readonly method: string;
  readonly route: string;
  readonly connection?: string;
  readonly status: number;
  readonly ms: number;
  readonly note?: string;
}

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
  /** The per-account submission leases the pages take before creating jobs (made here unless given, for tests with their own clock). */
  readonly leases?: SubmissionLeases;
}

export const API_PREFIX = "/api";
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const ACCESS_KEY_HEADER = "x-access-key";

/** Response headers from the vendor that the browser may see; everything else (Set-Cookie first) is dropped. */
const PASSED_RESPONSE_HEADERS = ["content-type", "retry-after", "content-language"];

function problemBody(status: number, slug: string, title: string, detail?: string) {
  return { type: IMPORTER_PROBLEM_BASE + slug, title, status, detail: detail ?? null };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origin the browser used to reach us, from the Host header. */
function ownOrigins(req: IncomingMessage): string[] {
  const host = header(req, "host");
  return host ? [`http://${host}`, `https://${host}`] : [];
}

/**
 * The token proxy: serves `/api/connections` and, for each configured connection,
 * `/api/{connection}/{vendor path}` for exactly the vendor's documented endpoints. The
 * upstream address is rebuilt from the endpoint's path template, never from the incoming path.
 */
export function createProxy(options: ProxyOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.upstreamTimeoutMs ?? 60_000;
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const log = options.log ?? ((entry: ProxyLogEntry) => process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`));
  const connections = new Map(options.connections.map((c) => [c.name, c]));
  const tokens = new Map(
    options.connections.map((c) => [c.name, new TokenSource(c, { fetch: fetchImpl, ...options.tokenOptions })]),
  );
  const authorised = new Map([...tokens].map(([name, source]) => [name, createAuthorisedFetch(source, fetchImpl)]));
  const leases = options.leases ?? createSubmissionLeases();

  function isAllowedOrigin(req: IncomingMessage, origin: string): boolean {
    return allowedOrigins.has(origin) || ownOrigins(req).includes(origin);
  }

  /** Handles a request under `/api`; answers false for any other path so the caller can serve it. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? "/";
    const queryStart = rawUrl.indexOf("?");
    const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
    if (rawPath !== API_PREFIX && !rawPath.startsWith(`${API_PREFIX}/`)) return false;

    const started = performance.now();
    const requestId = randomUUID();
    const method = (req.method ?? "GET").toUpperCase();
    let route = "rejected";
    let connectionName: string | undefined;
    let note: string | undefined;

    const finish = (status: number, body: unknown, extraHeaders: Record<string, string> = {}) => {
      const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      const headers: Record<string, string> = {
        "Cache-Control": "no-store",
        "X-Request-Id": requestId,
        "X-Content-Type-Options": "nosniff",
        ...extraHeaders,
      };
      if (payload !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/problem+json; charset=utf-8";
      if (!res.headersSent) res.writeHead(status, headers);
      res.end(payload);
      log({
        requestId,
        method,
        route,
        ...(connectionName ? { connection: connectionName } : {}),
        status,
        ms: Math.round(performance.now() - started),
        ...(note ? { note } : {}),
      });
    };
    const refuse = (status: number, slug: string, title: string, detail?: string, extra?: Record<string, string>): true => {
      req.resume();
      finish(status, problemBody(status, slug, title, detail), extra);
      return true;
    };

    const origin = header(req, "origin");
    const corsHeaders: Record<string, string> =
      origin !== undefined && allowedOrigins.has(origin)
        ? { "Access-Control-Allow-Origin": origin, Vary: "Origin", "Access-Control-Expose-Headers": "X-Request-Id" }
        : {};
    if (origin !== undefined && !isAllowedOrigin(req, origin)) {
      return refuse(403, "origin-not-allowed", "This origin may not use the proxy", `Origin ${origin} is not allow-listed.`);
    }
    const fetchSite = header(req, "sec-fetch-site");
    if (origin === undefined && fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") {
      return refuse(403, "origin-not-allowed", "Cross-site requests may not use the proxy");
    }
    if (method === "OPTIONS") {
      if (origin === undefined || !allowedOrigins.has(origin)) return refuse(403, "origin-not-allowed", "Preflight refused");
      req.resume();
      finish(204, undefined, {
        ...corsHeaders,
        "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE",
        "Access-Control-Allow-Headers": "Content-Type, Accept, X-Requested-With, X-Access-Key, X-Application-Name",
        "Access-Control-Max-Age": "600",
      });
      return true;
    }
    if (options.accessKey !== undefined && !sameSecret(header(req, ACCESS_KEY_HEADER) ?? "", options.accessKey)) {
      return refuse(401, "access-key-required", "An access key is required", "Send the proxy's access key in X-Access-Key.", corsHeaders);
    }
    if (!header(req, "x-requested-with")) {
      return refuse(403, "csrf-header-missing", "The X-Requested-With header is required", undefined, corsHeaders);
    }

    const rest = rawPath.slice(API_PREFIX.length);
    if (rest === "/connections") {
      route = "connections";
      if (method !== "GET") return refuse(404, "not-found", "Not found", undefined, corsHeaders);
      req.resume();
      finish(200, [...connections.values()].map((c) => ({ name: c.name, region: c.region })), {
        ...corsHeaders,
        "Content-Type": "application/json; charset=utf-8",
      });
      return true;
    }

    const slash = rest.indexOf("/", 1);
    const name = slash === -1 ? rest.slice(1) : rest.slice(1, slash);
    const connection = connections.get(name);
    const authorisedFetch = authorised.get(name);
    if (connection === undefined || authorisedFetch === undefined) {
      return refuse(404, "unknown-connection", "No such connection", undefined, corsHeaders);
    }
    connectionName = connection.name;
    if (slash !== -1 && rest.slice(slash) === SUBMISSION_LEASE_PATH) {
      route = "submissionLease";
      return answerLease(leases, req, method, connection.name, new URLSearchParams(queryStart === -1 ? "" : rawUrl.slice(queryStart + 1)), { finish, refuse, corsHeaders });
    }
    const match = slash === -1 ? undefined : matchEndpoint(method, rest.slice(slash));
    if (match === undefined) {
      return refuse(404, "not-a-documented-endpoint", "Not a documented endpoint of the vendor's API", undefined, corsHeaders);
    }
    route = match.id;
    const def: EndpointDef = ENDPOINTS[match.id];

    let body: Buffer | undefined;
    if (method === "POST" || method === "PATCH") {
      try {
        body = await readBody(req, maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return refuse(413, "body-too-large", "The request body is too large", `The limit is ${maxBodyBytes} bytes.`, corsHeaders);
        }
        return refuse(400, "body-unreadable", "The request body could not be read", undefined, corsHeaders);
      }
      // Bodiless calls (cancel, for one) carry no Content-Type; nothing is forwarded for them.
      if (body.length === 0 || def.body === undefined) body = undefined;
      const contentType = header(req, "content-type") ?? "";
      if (body !== undefined && !/^(application\/(.+\+)?json|text\/json)\b/i.test(contentType)) {
        return refuse(415, "unsupported-media-type", "Send JSON bodies as application/json", undefined, corsHeaders);
      }
    } else {
      req.resume();
    }

    const target = upstreamAddress(connection, match.id, match.params, rawUrl, queryStart);
    if (target === undefined) {
      return refuse(404, "not-a-documented-endpoint", "Not a documented endpoint of the vendor's API", undefined, corsHeaders);
    }

    const forwardHeaders: Record<string, string> = { Accept: header(req, "accept") ?? "application/json" };
    if (body !== undefined) forwardHeaders["Content-Type"] = "application/json";
    const applicationName = header(req, "x-application-name");
    if (match.id === "createJob" && applicationName) forwardHeaders["X-Application-Name"] = applicationName;

    let upstream: Response;
    try {
      // At most one retry with a fresh token after a 401; a second 401 is passed on rather than looped.
      upstream = await authorisedFetch(
        target,
        { method, headers: forwardHeaders, body: body ?? null, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) },
        (text) => (note = text),
      );
    } catch (error) {
      if (error instanceof TokenError) {
        note = `token: ${error.reason}`;
        const retryAfter = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
        return refuse(503, `token-${error.reason}`, "No access token for this connection", error.message, {
          ...corsHeaders,
          "Retry-After": String(retryAfter),
        });
      }
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      note = timedOut ? "upstream timeout" : "upstream unreachable";
      const outcome =
        match.id === "createJob" ? " The job may or may not have been created: look it up before sending it again." : "";
      return refuse(
        timedOut ? 504 : 502,
        timedOut ? "upstream-timeout" : "upstream-unreachable",
        timedOut ? "The vendor did not answer in time" : "The vendor could not be reached",
        `No answer from the vendor.${outcome}`,
        corsHeaders,
      );
    }

    const responseHeaders: Record<string, string> = { ...corsHeaders };
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) responseHeaders[name.replace(/(^|-)\w/g, (c) => c.toUpperCase())] = value;
    }
    let payload: Buffer;
    try {
      payload = Buffer.from(await upstream.arrayBuffer());
    } catch {
      note = "upstream body dropped";
      return refuse(502, "upstream-unreachable", "The vendor's answer was cut off", undefined, corsHeaders);
    }
    if (upstream.status >= 300 && upstream.status < 400) {
      note = "upstream redirect refused";
      return refuse(502, "upstream-redirect", "The vendor answered with a redirect, which the proxy does not follow", undefined, corsHeaders);
    }
    finish(upstream.status, upstream.status === 204 || payload.length === 0 ? undefined : payload.toString("utf8"), responseHeaders);
    return true;
  }

  return { handle, tokenSources: tokens };
}


export type Proxy = ReturnType<typeof createProxy>;

/**
 * The vendor address for a matched endpoint: the connection's base address, the endpoint's own
 * template with encoded parameters, and only the documented query parameters. Returns undefined
 * if the result would leave the base address (it cannot, but the check costs nothing).
 */
export function upstreamAddress(
  connection: Pick<Connection, "baseUrl">,
  id: EndpointId,
  params: Readonly<Record<string, string>>,
  rawUrl: string,
  queryStart: number,
): string | undefined {
  const base = new URL(connection.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const query = new URLSearchParams(pickDocumentedQuery(id, new URLSearchParams(queryStart === -1 ? "" : rawUrl.slice(queryStart + 1))));
  const search = query.toString();
  const target = new URL(base.origin);
  target.pathname = basePath + buildEndpointPath(id, params);
  target.search = search;
  const expectedPath = basePath + ENDPOINTS[id].path.split("{")[0];
  if (target.origin !== base.origin || !target.pathname.startsWith(expectedPath)) return undefined;
  return target.toString();
}
