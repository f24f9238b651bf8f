import { SIM_START } from "../../helpers/sim-clock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenError, TokenSource, tokenAddress } from "../../../src/server/proxy/token-source";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { simCredentials } from "../../helpers/sim-client";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
});
afterAll(async () => sim.close());

describe("TokenSource against the simulator's token service", () => {
  it("builds the token address from the auth address and realm", () => {
    expect(tokenAddress("https://auth.example/base/", "wholesale nz")).toBe(
      "https://auth.example/base/realms/wholesale%20nz/protocol/openid-connect/token",
    );
  });

  it("caches the token and shares one refresh among concurrent callers", async () => {
    const source = new TokenSource(simCredentials(sim, "kiwi-team-print"));
    const tokens = await Promise.all(Array.from({ length: 8 }, () => source.get()));
    expect(new Set(tokens).size).toBe(1);
    expect(await source.get()).toBe(tokens[0]);
    expect(source.requests).toBe(1);
  });

  it("renews one minute before expiry and after invalidation", async () => {
    let now = 1_000_000;
    const source = new TokenSource(simCredentials(sim, "kiwi-team-print"), { now: () => now });
    const first = await source.get();
    now += 9 * 60_000 - 1;
    expect(await source.get()).toBe(first);
    now += 1;
    const second = await source.get();
    expect(second).not.toBe(first);
    source.invalidate(first);
    expect(await source.get()).toBe(second);
    source.invalidate(second);
    expect(await source.get()).not.toBe(second);
    expect(source.requests).toBe(3);
  });

  it("backs off exponentially after refusals and recovers", async () => {
    let now = 0;
    const source = new TokenSource(
      { ...simCredentials(sim, "kiwi-team-print"), clientSecret: "wrong" },
      { now: () => now, initialBackoffMs: 1000 },
    );
    await expect(source.get()).rejects.toMatchObject({ reason: "refused", retryAfterMs: 1000 });
    await expect(source.get()).rejects.toMatchObject({ reason: "backing-off" });
    expect(source.requests).toBe(1);
    now += 1000;
    await expect(source.get()).rejects.toMatchObject({ reason: "refused", retryAfterMs: 2000 });
    now += 1999;
    await expect(source.get()).rejects.toBeInstanceOf(TokenError);
    expect(source.requests).toBe(2);
  });

  it("reports an unreachable token service without the secret", async () => {
    const source = new TokenSource(
      { authUrl: "http://127.0.0.1:9", realm: "r", clientId: "id", clientSecret: "very-secret-value" },
      { timeoutMs: 2000 },
    );
    const error = await source.get().catch((e: unknown) => e as TokenError);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).reason).toBe("unreachable");
    expect((error as TokenError).message).not.toContain("very-secret-value");
  });
});
