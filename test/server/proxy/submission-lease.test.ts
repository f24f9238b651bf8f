import { describe, expect, it } from "vitest";
import { createSubmissionLeases, LEASE_TTL_MS } from "../../../src/server/proxy/submission-leases";
import { proxyLease } from "../../../src/submit/proxy-lease";
import { keepLease, type SubmissionLease } from "../../../src/submit/submit-lock";
import { startProxyOverSimulator } from "../../helpers/proxy-over-simulator";
import { useResource } from "../../helpers/use-resource";

describe("the proxy's submission lease, one per account", () => {
  it.each([
    {
      description: "a second holder is refused while the first renews",
      steps: [
        ["a", 0, true],
        ["b", 10_000, false],
        ["a", 40_000, true],
        ["b", 90_000, false],
      ],
    },
    {
      description: "a lease left unrenewed lapses within a minute and goes to the next to ask",
      steps: [
        ["a", 0, true],
        ["b", LEASE_TTL_MS - 1, false],
        ["b", LEASE_TTL_MS, true],
        ["a", LEASE_TTL_MS + 1, false],
      ],
    },
    {
      description: "its holder takes it again at once",
      steps: [
        ["a", 0, true],
        ["a", 1, true],
      ],
    },
  ] as const)("$description", ({ steps }) => {
    let at = 0;
    const leases = createSubmissionLeases({ now: () => at });
    for (const [holder, when, held] of steps) {
      at = when;
      expect(leases.take("demo", holder).held, `${holder} at ${when}`).toBe(held);
    }
  });

  it("says since when the lease has been held, and is free once given up", () => {
    let at = 1_000;
    const leases = createSubmissionLeases({ now: () => at });
    leases.take("demo", "a");
    at = 5_000;
    expect(leases.take("demo", "b")).toEqual({ held: false, since: 1_000 });
    leases.release("demo", "b");
    expect(leases.take("demo", "b").held).toBe(false);
    leases.release("demo", "a");
    expect(leases.take("demo", "b")).toEqual({ held: true, since: 5_000 });
    // Leases of two accounts are apart.
    expect(leases.take("demo-au", "a").held).toBe(true);
  });
});

describe("the lease over HTTP, as pages in two browsers take it", () => {
  const proxied = useResource(
    "each",
    "The proxy",
    () => startProxyOverSimulator(),
    (p) => p.close(),
  );
  const HEADERS = { "X-Requested-With": "test" };
  const leaseFor = (holder: string, connection = "demo") =>
    proxyLease(`${proxied.current.url}/api/${connection}`, HEADERS, holder);

  it("grants one page the lease, tells the other since when, and frees it when given up", async () => {
    const first = leaseFor("page-one-0001");
    const second = leaseFor("page-two-0002");
    expect(await first.take()).toEqual({ held: true });
    const refused = await second.take();
    expect(refused.held).toBe(false);
    expect(refused.held === false && Date.parse(refused.since)).toBeGreaterThan(0);
    await first.release();
    expect(await second.take()).toEqual({ held: true });
    // Another account's lease is its own.
    expect(await leaseFor("page-one-0001", "demo-au").take()).toEqual({ held: true });
  });

  it("asks for the same headers as every API call, and a holder's name", async () => {
    const bare = await fetch(`${proxied.current.url}/api/demo/_submission-lease`, {
      method: "POST",
      body: JSON.stringify({ holder: "page-one-0001" }),
    });
    expect(bare.status).toBe(403);
    const nameless = await fetch(`${proxied.current.url}/api/demo/_submission-lease`, {
      method: "POST",
      headers: HEADERS,
      body: "{}",
    });
    expect(nameless.status).toBe(400);
    expect(proxied.current.logs.at(-1)).toMatchObject({ route: "submissionLease", connection: "demo", status: 400 });
  });
});

describe("keeping a lease while submitting", () => {
  it("counts it lost once another takes it, or once no renewal has gone through for its time", async () => {
    let at = 0;
    let answer: "held" | "taken" | "unreachable" = "held";
    let renewals = 0;
    const lease: SubmissionLease = {
      take: async () => {
        renewals++;
        if (answer === "unreachable") throw new Error("no answer");
        return answer === "held" ? { held: true } : { held: false, since: "2026-11-20T10:00:00Z" };
      },
      release: async () => undefined,
    };
    const kept = keepLease(lease, { now: () => at, renewMs: 5, lapseMs: 1_000 });
    await expect.poll(() => renewals).toBeGreaterThan(1);
    expect(kept.stillHeld()).toBe(true);
    answer = "unreachable";
    at = 999;
    expect(kept.stillHeld()).toBe(true);
    at = 1_000;
    expect(kept.stillHeld()).toBe(false);
    answer = "taken";
    at = 0;
    const seen = renewals;
    await expect.poll(() => renewals).toBeGreaterThan(seen + 1);
    expect(kept.stillHeld()).toBe(false);
    await kept.stop();
  });
});
