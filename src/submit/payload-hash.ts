/** JSON with object keys sorted, so the same request always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}

/** SHA-256 of bytes, in lower-case hex (Web Crypto: the same in a worker and in Node). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The hash that names one intent: the request as it will be sent, keys sorted. */
export function payloadHash(candidate: unknown): Promise<string> {
  return sha256Hex(new TextEncoder().encode(canonicalJson(candidate)));
}
