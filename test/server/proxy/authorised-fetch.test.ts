import { describe, expect, it } from "vitest";
import { createAuthorisedFetch } from "../../../src/server/proxy/authorised-fetch";
import { TokenSource } from "../../../src/server/proxy/token-source";

const CREDENTIALS = { authUrl: "https://auth.vendor.test", realm: "r", clientId: "id", clientSecret: "secret" };
const API = "https://api.vendor.test/account";

/**
 * A vendor on the other side of fetch: a token service that always issues a new token, and an
 * API that accepts the newest token only while `accepting` is set, answering 401 otherwise.
 */
function vendor() {
  const state = { now: 0, accepting: false, tokenRequests: 0, apiCalls: 0, newest: "" };
  const fetchImpl: typeof fetch = async (input, init) => {
    if (String(input).includes("/openid-connect/token")) {
      state.tokenRequests++;
      state.newest = `token-${state.tokenRequests}`;
      return Response.json({ access_token: state.newest, expires_in: 600 });
    }
    state.apiCalls++;
    const accepted = state.accepting && new Headers(init?.headers).get("authorization") === `Bearer ${state.newest}`;
    return accepted ? Response.json({ ok: true }) : new Response(null, { status: 401 });
  };
  const tokens = new TokenSource(CREDENTIALS, { fetch: fetchImpl, now: () => state.now });
  return { state, tokens, authorisedFetch: createAuthorisedFetch(tokens, fetchImpl) };
}

describe("authorised fetch when the API keeps answering 401", () => {
  it("renews an expired token once and the call succeeds", async () => {
    const { state, authorisedFetch } = vendor();
    state.accepting = true;
    expect((await authorisedFetch(API)).status).toBe(200);
    // The API stops accepting the cached token, as when it expires early on the vendor's side.
    state.newest = "revoked";
    const notes: string[] = [];
    expect((await authorisedFetch(API, {}, (text) => notes.push(text))).status).toBe(200);
    expect(state.tokenRequests).toBe(2);
    expect(notes).toEqual(["retried after 401"]);
  });

  it("fetches no further token during the back-off and passes each 401 on once", async () => {
    const { state, authorisedFetch } = vendor();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await authorisedFetch(API)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(state.tokenRequests).toBe(2);
    expect(state.apiCalls).toBe(31);
  });

  it("renews again only after each pause, doubling it up to a minute", async () => {
    const { state, authorisedFetch } = vendor();
    await authorisedFetch(API);
    expect(state.tokenRequests).toBe(2);
    for (const pauseMs of [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]) {
      const before = state.tokenRequests;
      state.now += pauseMs - 1;
      expect((await authorisedFetch(API)).status).toBe(401);
      expect(state.tokenRequests).toBe(before);
      state.now += 1;
      expect((await authorisedFetch(API)).status).toBe(401);
      expect(state.tokenRequests).toBe(before + 1);
    }
  });

  it("lets concurrent callers share one renewal and count as one refusal", async () => {
    const { state, authorisedFetch } = vendor();
    await authorisedFetch(API);
    state.now += 1_000;
    const results = await Promise.all(Array.from({ length: 10 }, () => authorisedFetch(API)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(state.tokenRequests).toBe(3);
    // One refusal doubles the pause once: two seconds, not the maximum.
    state.now += 2_000;
    await authorisedFetch(API);
    expect(state.tokenRequests).toBe(4);
  });

  it("starts the pause from one second again after the API accepts a token", async () => {
    const { state, authorisedFetch } = vendor();
    await authorisedFetch(API);
    state.now += 1_000;
    await authorisedFetch(API);
    expect(state.tokenRequests).toBe(3);
    state.now += 2_000;
    state.accepting = true;
    expect((await authorisedFetch(API)).status).toBe(200);
    state.accepting = false;
    await authorisedFetch(API);
    expect(state.tokenRequests).toBe(4);
    state.now += 1_000;
    await authorisedFetch(API);
    expect(state.tokenRequests).toBe(5);
  });
});
