import type { TokenSource } from "./token-source";

/**
 * A fetch that carries the connection's bearer token. On a 401 the token is dropped and the
 * call made once more with a fresh one (the spec's advice); a second 401 is returned as it
 * is, never looped, and makes the token source back off: until the pause ends a 401 is passed
 * on without fetching another token. A TokenError from the token source is thrown to the caller.
 */
export function createAuthorisedFetch(
  tokens: TokenSource,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
) {
  const send = async (input: string | URL, init: RequestInit, token: string) => {
    const response = await fetchImpl(input, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` },
    });
    if (response.status !== 401) tokens.accepted();
    return response;
  };
  return async function authorisedFetch(
    input: string | URL,
    init: RequestInit = {},
    note?: (text: string) => void,
  ): Promise<Response> {
    const token = await tokens.get();
    const first = await send(input, init, token);
    if (first.status !== 401) return first;
    if (!tokens.mayRenewOnRefusal) {
      note?.("401 passed on while token renewal backs off");
      return first;
    }
    await first.arrayBuffer().catch(() => undefined);
    tokens.invalidate(token);
    note?.("retried after 401");
    const fresh = await tokens.get();
    const second = await send(input, init, fresh);
    // The refused token stays cached, so calls during the back-off fetch no other.
    if (second.status === 401) tokens.refusedFresh(fresh);
    return second;
  };
}
export type AuthorisedFetch = ReturnType<typeof createAuthorisedFetch>;
