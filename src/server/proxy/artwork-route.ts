import type { IncomingMessage } from "node:http";
import { ARTWORK_CHECK_BATCH } from "../../api/proxy-routes";
import { checkArtworkLinks, type ArtworkFetchOptions } from "../artwork/check-artwork";
import { readBody } from "../http/read-body";
import type { LeaseReply } from "./lease-route";

/** How many addresses each connection may have checked per minute, unless the proxy is told otherwise. */
export const ARTWORK_CHECKS_PER_MINUTE = 1_000;
/** The longest address checked: longer is not a link a customer typed. */
const MAX_ADDRESS_LENGTH = 4_096;

export interface ArtworkRouteOptions extends ArtworkFetchOptions {
  readonly perMinute?: number;
}

/** The artwork route's state: addresses checked per connection in the last minute. */
export function createArtworkRoute(options: ArtworkRouteOptions = {}, now: () => number = Date.now) {
  const perMinute = options.perMinute ?? ARTWORK_CHECKS_PER_MINUTE;
  const recent = new Map<string, number[]>();

  /** Takes `count` checks from a connection's minute, or answers in how many seconds there is room again. */
  function take(connection: string, count: number): { ok: true } | { ok: false; retryAfter: number } {
    const at = now();
    const times = (recent.get(connection) ?? []).filter((t) => t > at - 60_000);
    if (times.length + count > perMinute) {
      const oldest = times[times.length + count - perMinute - 1] ?? at;
      return { ok: false, retryAfter: Math.max(1, Math.ceil((oldest + 60_000 - at) / 1000)) };
    }
    for (let i = 0; i < count; i++) times.push(at);
    recent.set(connection, times);
    return { ok: true };
  }

  /**
   * POST `{ "urls": [...] }`: each address checked (see check-artwork.ts), answered in the order given. The access key
   * and origin rules of the other routes apply before this is reached.
   */
  async function answer(req: IncomingMessage, method: string, connection: string, reply: LeaseReply): Promise<true> {
    const { finish, refuse, corsHeaders } = reply;
    if (method !== "POST") return refuse(405, "method-not-allowed", "Ask with POST", undefined, corsHeaders);
    let urls: unknown;
    try {
      urls = (JSON.parse((await readBody(req, 512 * 1024)).toString("utf8")) as { urls?: unknown }).urls;
    } catch {
      urls = undefined;
    }
    if (
      !Array.isArray(urls) ||
      urls.length === 0 ||
      !urls.every((url) => typeof url === "string" && url.length > 0 && url.length <= MAX_ADDRESS_LENGTH)
    )
      return refuse(400, "artwork-urls-missing", "Give the addresses to check as a list", undefined, corsHeaders);
    if (urls.length > ARTWORK_CHECK_BATCH)
      return refuse(
        413,
        "too-many-artwork-urls",
        `At most ${ARTWORK_CHECK_BATCH} addresses at a time`,
        undefined,
        corsHeaders,
      );
    const room = take(connection, urls.length);
    if (!room.ok)
      return refuse(429, "too-many-artwork-checks", "Too many artwork checks this minute", undefined, {
        ...corsHeaders,
        "Retry-After": String(room.retryAfter),
      });
    const checks = await checkArtworkLinks(urls as string[], options);
    finish(200, { checks }, { ...corsHeaders, "Content-Type": "application/json; charset=utf-8" });
    return true;
  }

  return { answer };
}
