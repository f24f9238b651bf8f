import { plainProblemSentence } from "../../core/problem-text";
import {
  ENDPOINTS,
  buildEndpointPath,
  pickDocumentedQuery,
  type EndpointDef,
  type EndpointId,
  type EndpointMatch,
} from "../../core/vendor";
import { BodyTooLargeError, readBody } from "../http/read-body";
import type { AuthorisedFetch } from "./authorised-fetch";
import type { Connection } from "./connections";
import { header, type ProxyExchange } from "./proxy-exchange";
import { TokenError } from "./token-source";

/** Response headers from the vendor that the browser may see; everything else (Set-Cookie first) is dropped. */
const PASSED_RESPONSE_HEADERS = ["content-type", "retry-after", "content-language"];

/** How calls go on to the vendor. */
export interface ForwardSettings {
  readonly maxBodyBytes: number;
  readonly timeoutMs: number;
}

/** The call the browser asked for, as matched against the endpoint table. */
export interface ForwardedCall {
  readonly connection: Connection;
  readonly authorisedFetch: AuthorisedFetch;
  readonly match: EndpointMatch;
  /** The query string as sent, without its `?` (empty when none). */
  readonly rawQuery: string;
}

/**
 * The vendor address for a matched endpoint: the connection's base address, the endpoint's own
 * template with encoded parameters, and only the documented query parameters. Returns undefined
 * if the result would leave the base address (it cannot, but the check costs nothing).
 */
export function upstreamAddress(
  connection: Pick<Connection, "baseUrl">,
  id: EndpointId,
  params: Readonly<Record<string, string>>,
  rawQuery: string,
): string | undefined {
  const base = new URL(connection.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const query = new URLSearchParams(pickDocumentedQuery(id, new URLSearchParams(rawQuery)));
  const target = new URL(base.origin);
  target.pathname = basePath + buildEndpointPath(id, params);
  target.search = query.toString();
  const expectedPath = basePath + ENDPOINTS[id].path.split("{")[0];
  if (target.origin !== base.origin || !target.pathname.startsWith(expectedPath)) return undefined;
  return target.toString();
}

/** The JSON body to pass on, undefined when there is none to pass; or true when the request was refused for it. */
async function readJsonBody(
  exchange: ProxyExchange,
  def: EndpointDef,
  maxBodyBytes: number,
): Promise<Buffer | undefined | true> {
  const { req, method, refuse, corsHeaders } = exchange;
  if (method !== "POST" && method !== "PATCH") {
    req.resume();
    return undefined;
  }
  let body: Buffer;
  try {
    body = await readBody(req, maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return refuse(
        413,
        "body-too-large",
        "The request body is too large",
        `The limit is ${maxBodyBytes} bytes.`,
        corsHeaders,
      );
    }
    return refuse(400, "body-unreadable", "The request body could not be read", undefined, corsHeaders);
  }
  // Bodiless calls (cancel, for one) carry no Content-Type; nothing is forwarded for them.
  if (body.length === 0 || def.body === undefined) return undefined;
  if (!/^(application\/(.+\+)?json|text\/json)\b/i.test(header(req, "content-type") ?? "")) {
    return refuse(415, "unsupported-media-type", "Send JSON bodies as application/json", undefined, corsHeaders);
  }
  return body;
}

/** Answers a call the vendor gave no answer to: no token for the connection, a timeout, or no connection at all. */
function refuseUnanswered(exchange: ProxyExchange, id: EndpointId, error: unknown): true {
  const { refuse, corsHeaders } = exchange;
  if (error instanceof TokenError) {
    exchange.note = `token: ${error.reason}`;
    const retryAfter = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return refuse(503, `token-${error.reason}`, "No access token for this connection", error.message, {
      ...corsHeaders,
      "Retry-After": String(retryAfter),
    });
  }
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  exchange.note = timedOut ? "upstream timeout" : "upstream unreachable";
  const outcome =
    id === "createJob" ? " The job may or may not have been created: look it up before sending it again." : "";
  return refuse(
    timedOut ? 504 : 502,
    timedOut ? "upstream-timeout" : "upstream-unreachable",
    plainProblemSentence(timedOut ? { kind: "http", status: 408 } : { kind: "network", status: 0 }),
    `No answer from the vendor.${outcome}`,
    corsHeaders,
  );
}

/** Passes the vendor's answer on: its status, its body, and only the headers the browser may see. */
async function passAnswerOn(exchange: ProxyExchange, upstream: Response): Promise<true> {
  const { refuse, corsHeaders } = exchange;
  const responseHeaders: Record<string, string> = { ...corsHeaders };
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) responseHeaders[name.replace(/(^|-)\w/g, (c) => c.toUpperCase())] = value;
  }
  let payload: Buffer;
  try {
    payload = Buffer.from(await upstream.arrayBuffer());
  } catch {
    exchange.note = "upstream body dropped";
    return refuse(502, "upstream-unreachable", "The vendor's answer was cut off", undefined, corsHeaders);
  }
  if (upstream.status >= 300 && upstream.status < 400) {
    exchange.note = "upstream redirect refused";
    return refuse(
      502,
      "upstream-redirect",
      "The vendor answered with a redirect, which the proxy does not follow",
      undefined,
      corsHeaders,
    );
  }
  exchange.finish(
    upstream.status,
    upstream.status === 204 || payload.length === 0 ? undefined : payload.toString("utf8"),
    responseHeaders,
  );
  return true;
}

/**
 * Forwards a documented call to the vendor with the connection's bearer token: the body only
 * when the endpoint takes one and it is JSON, the address rebuilt from the endpoint's template,
 * and the vendor's answer passed on.
 */
export async function forwardToVendor(
  exchange: ProxyExchange,
  call: ForwardedCall,
  settings: ForwardSettings,
): Promise<true> {
  const { req, method, refuse, corsHeaders } = exchange;
  const { match, connection } = call;
  exchange.route = match.id;
  const body = await readJsonBody(exchange, ENDPOINTS[match.id], settings.maxBodyBytes);
  if (body === true) return true;

  const target = upstreamAddress(connection, match.id, match.params, call.rawQuery);
  if (target === undefined) {
    return refuse(
      404,
      "not-a-documented-endpoint",
      "Not a documented endpoint of the vendor's API",
      undefined,
      corsHeaders,
    );
  }
  const forwardHeaders: Record<string, string> = { Accept: header(req, "accept") ?? "application/json" };
  if (body !== undefined) forwardHeaders["Content-Type"] = "application/json";
  const applicationName = header(req, "x-application-name");
  if (match.id === "createJob" && applicationName) forwardHeaders["X-Application-Name"] = applicationName;

  let upstream: Response;
  try {
    // At most one retry with a fresh token after a 401; a second 401 is passed on rather than looped.
    upstream = await call.authorisedFetch(
      target,
      {
        method,
        headers: forwardHeaders,
        body: body ?? null,
        redirect: "manual",
        signal: AbortSignal.timeout(settings.timeoutMs),
      },
      (text) => (exchange.note = text),
    );
  } catch (error) {
    return refuseUnanswered(exchange, match.id, error);
  }
  return passAnswerOn(exchange, upstream);
}
