import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { header, type ProxyExchange } from "./proxy-exchange";

export const ACCESS_KEY_HEADER = "x-access-key";

/** Who may use the proxy: browser origins besides its own, and the access key every call must carry when one is set. */
export interface AccessPolicy {
  readonly allowedOrigins: ReadonlySet<string>;
  readonly accessKey?: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The origin the browser used to reach us, from the Host header. */
function ownOrigins(req: IncomingMessage): string[] {
  const host = header(req, "host");
  return host ? [`http://${host}`, `https://${host}`] : [];
}

/**
 * The checks before any route: the origin (allow-listed, or the proxy's own; no cross-site call
 * without one), a CORS preflight answered, the access key, and the `X-Requested-With` header
 * that a plain form or link cannot send. Sets the exchange's CORS headers for an allow-listed
 * origin. True when the request has been answered (refused, or the preflight), false to go on.
 */
export function answeredByAccessChecks(exchange: ProxyExchange, policy: AccessPolicy): boolean {
  const { req, refuse } = exchange;
  const origin = header(req, "origin");
  if (origin !== undefined && policy.allowedOrigins.has(origin)) {
    exchange.corsHeaders = {
      "Access-Control-Allow-Origin": origin,
      Vary: "Origin",
      "Access-Control-Expose-Headers": "X-Request-Id",
    };
  }
  const { corsHeaders } = exchange;
  if (origin !== undefined && !policy.allowedOrigins.has(origin) && !ownOrigins(req).includes(origin)) {
    return refuse(
      403,
      "origin-not-allowed",
      "This origin may not use the proxy",
      `Origin ${origin} is not allow-listed.`,
    );
  }
  const fetchSite = header(req, "sec-fetch-site");
  if (origin === undefined && fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") {
    return refuse(403, "origin-not-allowed", "Cross-site requests may not use the proxy");
  }
  if (exchange.method === "OPTIONS") {
    if (origin === undefined || !policy.allowedOrigins.has(origin))
      return refuse(403, "origin-not-allowed", "Preflight refused");
    req.resume();
    exchange.finish(204, undefined, {
      ...corsHeaders,
      "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE",
      "Access-Control-Allow-Headers": "Content-Type, Accept, X-Requested-With, X-Access-Key, X-Application-Name",
      "Access-Control-Max-Age": "600",
    });
    return true;
  }
  if (policy.accessKey !== undefined && !sameSecret(header(req, ACCESS_KEY_HEADER) ?? "", policy.accessKey)) {
    return refuse(
      401,
      "access-key-required",
      "An access key is required",
      "Send the proxy's access key in X-Access-Key.",
      corsHeaders,
    );
  }
  if (!header(req, "x-requested-with")) {
    return refuse(403, "csrf-header-missing", "The X-Requested-With header is required", undefined, corsHeaders);
  }
  return false;
}
