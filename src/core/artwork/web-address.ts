/**
 * A web address taken apart by hand: pure code here has no URL class, and the links read here need only their host,
 * path and query. Nothing is normalised beyond the host's case: a link given back is the link as written, changed
 * only where asked.
 */
export interface WebAddress {
  readonly scheme: "http" | "https";
  /** Host (and port, when written), as written. */
  readonly authority: string;
  /** The host in lower case, without "www." and without a port. */
  readonly host: string;
  readonly path: string;
  /** The query's parameters in order, decoded; a parameter without "=" has an empty value. */
  readonly params: readonly (readonly [string, string])[];
  readonly fragment: string;
}

const ADDRESS = /^(https?):\/\/([^/?#\s]+)([^?#\s]*)(?:\?([^#\s]*))?(#\S*)?$/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** An http(s) address taken apart; undefined for anything else. */
export function parseWebAddress(text: string): WebAddress | undefined {
  const parts = ADDRESS.exec(text.trim());
  if (!parts) return undefined;
  const [, scheme = "", authority = "", path = "", query, fragment = ""] = parts;
  const host = authority
    .replace(/^[^@]*@/, "")
    .replace(/:\d+$/, "")
    .toLowerCase()
    .replace(/^www\./, "");
  const params = (query ?? "")
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair): [string, string] => {
      const at = pair.indexOf("=");
      return at < 0 ? [decode(pair), ""] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    });
  return { scheme: scheme.toLowerCase() as "http" | "https", authority, host, path, params, fragment };
}

/** A parameter's value by name, in any case (signing schemes differ in case only); null when absent. */
export function paramOf(address: WebAddress, name: string): string | null {
  const lower = name.toLowerCase();
  return address.params.find(([key]) => key.toLowerCase() === lower)?.[1] ?? null;
}

/** The address written out, with one parameter set (added at the end, or changed where it is). */
export function withParam(address: WebAddress, name: string, value: string): string {
  const present = address.params.some(([key]) => key === name);
  const params = present
    ? address.params.map(([key, old]): [string, string] => [key, key === name ? value : old])
    : [...address.params, [name, value] as const];
  return formatWebAddress({ ...address, params });
}

/** An address written out from its parts. */
export function formatWebAddress(address: Omit<WebAddress, "host">): string {
  const query = address.params
    .map(([key, value]) =>
      value === "" ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
    )
    .join("&");
  return `${address.scheme}://${address.authority}${address.path}${query ? `?${query}` : ""}${address.fragment}`;
}
