import type { TokenSource } from "./token-source";

/**
 * A fetch that carries the connection's bearer token. On a 401 the token is dropped and the
 * call made once more with a fresh one (the spec's advice); a second 401 is returned as it
 * is, never looped. A TokenError from the token source is thrown to the caller.
 */
export function createAuthorisedFetch(tokens: TokenSource, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
  const send = (input: string | URL, init: RequestInit, token: string) =>
    fetchImpl(input, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` } });
  return async function authorisedFetch(input: string | URL, init: RequestInit = {}, onRetry?: () => void): Promise<Response> {
    const token = await tokens.get();
    const first = await send(input, init, token);
    if (first.status !== 401) return first;
    await first.arrayBuffer().catch(() => undefined);
    tokens.invalidate(token);
    onRetry?.();
    return send(input, init, await tokens.get());
  };
}
