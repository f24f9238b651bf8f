import { paramOf, parseWebAddress } from "./web-address";

/**
 * When a signed link stops working, as written into the link itself by the storage services that sign them: AWS S3
 * (X-Amz-Date plus X-Amz-Expires, or Expires as seconds since 1970), Google Cloud Storage (X-Goog-Date plus
 * X-Goog-Expires), Azure (se, an instant) and the usual expires/exp/expiry parameters of CDNs.
 */

/** "20261126T010203Z", the compact instant signing schemes write. */
function compactInstant(text: string | null): number | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? "");
  if (!parts) return undefined;
  const [, y, mo, d, h, mi, s] = parts.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** Seconds (or milliseconds) since 1970, or an ISO instant. */
function instantOf(text: string | null): number | undefined {
  if (text === null || text === "") return undefined;
  if (/^\d{10}$/.test(text)) return Number(text) * 1000;
  if (/^\d{13}$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : at;
  }
  return undefined;
}

/** The instant (ISO) a signed link stops working, when the link says; undefined when it does not. */
export function linkExpiry(text: string): string | undefined {
  // Every scheme writes it in the query: a link without one says nothing (and most links have none).
  if (!text.includes("?")) return undefined;
  const url = parseWebAddress(text);
  if (!url) return undefined;
  const param = paramOf;
  const lifetime = (dateName: string, secondsName: string) => {
    const from = compactInstant(param(url, dateName));
    const seconds = Number(param(url, secondsName));
    return from !== undefined && Number.isFinite(seconds) && seconds > 0 ? from + seconds * 1000 : undefined;
  };
  const at =
    lifetime("X-Amz-Date", "X-Amz-Expires") ??
    lifetime("X-Goog-Date", "X-Goog-Expires") ??
    instantOf(param(url, "se")) ??
    instantOf(param(url, "Expires")) ??
    instantOf(param(url, "expiry")) ??
    instantOf(param(url, "exp"));
  return at === undefined ? undefined : new Date(at).toISOString();
}
