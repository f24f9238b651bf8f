import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createVendorClient } from "../../../src/api/client";
import { CREDENTIALS_REFUSED } from "../../../src/api/problem";
import { readServerSettings } from "../../../src/server/app-server";
import { ConfigError, type Connection } from "../../../src/server/proxy/connections";
import type { RunningSimulator } from "../../../src/server/simulator/simulator";
import { validCandidate } from "../../helpers/job-candidates";
import { CSRF, startProxyOverSimulator, type ProxyOverSimulator } from "../../helpers/proxy-over-simulator";
import { statusOf, unwrap } from "../../helpers/unwrap";

let env: ProxyOverSimulator | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const PRICE_CODE = 'DTF 4" x 4": Full Colour';

async function get(path: string, headers: Record<string, string> = CSRF) {
  const response = await fetch(`${env?.url}${path}`, { headers });
  return { response, text: await response.text() };
}

/** Sends the path exactly as written: fetch would normalise dot segments and backslashes away. */
function rawRequest(method: string, path: string): Promise<number> {
  const { hostname, port } = new URL(env?.url ?? "");
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: CSRF }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

const apiCalls = () => env?.upstream.filter((call) => !call.url.includes("/openid-connect/")) ?? [];
const tokenCalls = () => env?.upstream.filter((call) => call.url.includes("/openid-connect/")) ?? [];

/** New Zealand credentials against the Australian API: every token is from the wrong region. */
function wrongRegion(sim: RunningSimulator): Connection[] {
  const details = sim.simulator.connectionDetails(sim.origin);
  const nz = details.find((c) => c.clientId === "kiwi-team-print");
  const au = details.find((c) => c.region === "au");
  if (!nz || !au) throw new Error("fixture accounts missing");
  return [
    {
      name: "mixed",
      region: "test",
      baseUrl: au.baseUrl,
      authUrl: nz.authUrl,
      realm: nz.realm,
      clientId: nz.clientId,
      clientSecret: nz.clientSecret,
    },
  ];
}

describe("token handling", () => {
  it("fetches one token for many calls, including concurrent ones", async () => {
    env = await startProxyOverSimulator();
    await Promise.all(Array.from({ length: 10 }, () => get("/api/demo/account")));
    for (let i = 0; i < 10; i++) expect((await get("/api/demo/Lookups/job-statuses")).response.status).toBe(200);
    expect(env.sim.simulator.stats.tokenRequests).toBe(1);
    expect(apiCalls()).toHaveLength(20);
  });

  it("renews the token a minute before it expires", async () => {
    let now = Date.now();
    env = await startProxyOverSimulator({ proxy: { tokenOptions: { now: () => now } } });
    await get("/api/demo/account");
    now += 8 * 60_000 + 59_000;
    await get("/api/demo/account");
    expect(env.sim.simulator.stats.tokenRequests).toBe(1);
    now += 2_000;
    await get("/api/demo/account");
    expect(env.sim.simulator.stats.tokenRequests).toBe(2);
  });

  it("drops a token the API refuses and retries once", async () => {
    env = await startProxyOverSimulator();
    await get("/api/demo/account");
    // The simulator's clock runs ahead, so the token the proxy holds has expired there.
    env.sim.simulator.clock.advance(11 * 60_000);
    const { response, text } = await get("/api/demo/account");
    expect(response.status).toBe(200);
    expect(JSON.parse(text).name).toBe("Kiwi Team Print Ltd");
    expect(env.sim.simulator.stats.tokenRequests).toBe(2);
    expect(env.logs.at(-1)?.note).toBe("retried after 401");
  });

  it("passes a second 401 on instead of looping", async () => {
    env = await startProxyOverSimulator({ connections: wrongRegion });
    const { response } = await get("/api/mixed/account");
    expect(response.status).toBe(401);
    expect(apiCalls()).toHaveLength(2);
    expect(tokenCalls()).toHaveLength(2);
  });

  it("stops fetching tokens for an API that refuses every one, until the back-off ends", async () => {
    let now = Date.now();
    env = await startProxyOverSimulator({ connections: wrongRegion, proxy: { tokenOptions: { now: () => now } } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await get("/api/mixed/account")).response.status);
    await Promise.all(
      Array.from({ length: 10 }, async () => statuses.push((await get("/api/mixed/Jobs/active")).response.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(env.sim.simulator.stats.tokenRequests).toBe(2);
    expect(env.logs.at(-1)?.note).toBe("401 passed on while token renewal backs off");
    now += 1_000;
    for (let i = 0; i < 10; i++) await get("/api/mixed/account");
    expect(env.sim.simulator.stats.tokenRequests).toBe(3);
  });

  it("backs off after the token service refuses a wrong secret", async () => {
    env = await startProxyOverSimulator({
      connections: (sim) => {
        const nz = sim.simulator.connectionDetails(sim.origin)[0];
        if (!nz) throw new Error("fixture accounts missing");
        return [
          {
            name: "wrong",
            region: "test",
            baseUrl: nz.baseUrl,
            authUrl: nz.authUrl,
            realm: nz.realm,
            clientId: nz.clientId,
            clientSecret: "not-the-secret",
          },
        ];
      },
    });
    const first = await get("/api/wrong/account");
    expect(first.response.status).toBe(503);
    expect(JSON.parse(first.text)).toMatchObject({
      type: CREDENTIALS_REFUSED,
      detail: expect.stringMatching(/refused the client credentials/),
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => get("/api/wrong/account")));
    expect(results.map((r) => r.response.status)).toEqual([503, 503, 503, 503, 503]);
    expect(results[0]?.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(env.sim.simulator.stats.tokenRequests).toBe(1);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("what is forwarded", () => {
  it("forwards documented paths with their query, percent-encoding price codes", async () => {
    env = await startProxyOverSimulator();
    const { response, text } = await get(`/api/demo/PriceCodes/${encodeURIComponent(PRICE_CODE)}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(text).priceCode).toBe(PRICE_CODE);
    const active = await get("/api/demo/Jobs/active?page=2&pageSize=5&injected=1&SEARCHTEXT=abc");
    expect(active.response.status).toBe(200);
    const forwarded = new URL(apiCalls().at(-1)?.url ?? "");
    expect(forwarded.pathname).toBe("/nz/api/Jobs/active");
    expect([...forwarded.searchParams]).toEqual([
      ["page", "2"],
      ["pageSize", "5"],
      ["searchText", "abc"],
    ]);
  });

  it(
    "forwards the bodiless cancel without a Content-Type, " + "and repeats and unknown jobs as the vendor answers",
    async () => {
      env = await startProxyOverSimulator();
      const client = createVendorClient({ baseUrl: `${env.url}/api/demo`, headers: CSRF });
      const { jobNumber } = unwrap(await client.createJob(validCandidate({ orderNumber: "CANCEL-1" })));
      expect(statusOf(await client.cancelJob(jobNumber))).toBe(204);
      const cancel = apiCalls().at(-1);
      expect(cancel).toMatchObject({ method: "POST" });
      expect(new URL(cancel?.url ?? "").pathname).toBe(`/nz/api/Jobs/${jobNumber}/cancel`);
      expect(cancel?.headers["content-type"]).toBeUndefined();
      expect(unwrap(await client.getJob(jobNumber)).jobStatus).toBe("Cancelled");
      expect(statusOf(await client.cancelJob(jobNumber))).toBe(204);
      expect(statusOf(await client.cancelJob(999_999))).toBe(404);
    },
  );

  it("still requires JSON for a job body, and forwards an empty one without a body", async () => {
    env = await startProxyOverSimulator();
    const text = await fetch(`${env.url}/api/demo/Jobs`, {
      method: "POST",
      headers: { ...CSRF, "Content-Type": "text/plain" },
      body: JSON.stringify(validCandidate()),
    });
    expect(text.status).toBe(415);
    expect(apiCalls()).toHaveLength(0);
    await fetch(`${env.url}/api/demo/Jobs`, { method: "POST", headers: CSRF });
    expect(apiCalls()).toHaveLength(1);
    expect(apiCalls()[0]?.headers["content-type"]).toBeUndefined();
  });

  it.each([
    ["an undocumented path", "GET", "/api/demo/Admin/settings"],
    ["an undocumented method", "DELETE", "/api/demo/Jobs/300001"],
    ["a parameter that is not a number", "GET", "/api/demo/Jobs/abc"],
    ["a second host in the path", "GET", "/api/demo//evil.example/Jobs/active"],
    ["dot segments", "GET", "/api/demo/Assets/../../auth/realms"],
    ["encoded dot segments", "GET", "/api/demo/Assets/%2e%2e/%2E%2E/x"],
    ["an encoded dot-dot parameter", "GET", "/api/demo/Assets/%2e%2e"],
    ["a backslash", "GET", "/api/demo/Assets\\..\\x"],
    ["a backslash host", "GET", "/api/demo/\\\\evil.example/Jobs/active"],
    ["an encoded backslash", "GET", "/api/demo/Assets/%5C%5Cevil"],
    ["an unknown connection", "GET", "/api/nobody/account"],
    ["the token service", "POST", "/api/demo/realms/wholesale-nz/protocol/openid-connect/token"],
  ])("refuses %s with 404 without reaching the vendor", async (_name, method, path) => {
    env = await startProxyOverSimulator();
    expect(await rawRequest(method, path)).toBe(404);
    expect(env.upstream).toHaveLength(0);
  });

  it("strips inbound credentials and cookies and never returns upstream cookies", async () => {
    env = await startProxyOverSimulator();
    const { response } = await get("/api/demo/account", {
      ...CSRF,
      Authorization: "Bearer attacker",
      Cookie: "session=abc",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    const sent = apiCalls()[0]?.headers ?? {};
    expect(sent["authorization"]).toMatch(/^Bearer [\w-]+$/);
    expect(sent["authorization"]).not.toBe("Bearer attacker");
    expect(sent["cookie"]).toBeUndefined();
  });

  it("never puts the secret or a token in a response or a log line", async () => {
    env = await startProxyOverSimulator();
    const bodies: string[] = [];
    for (const path of [
      "/api/connections",
      "/api/demo/account",
      "/api/demo/Jobs/active",
      "/api/demo/nope",
      "/api/demo-staff/account/users",
    ]) {
      const { response, text } = await get(path);
      bodies.push(text, JSON.stringify([...response.headers]));
    }
    const secrets = [
      ...env.connections.map((c) => c.clientSecret),
      ...env.upstream.flatMap((call) =>
        call.headers["authorization"] ? [call.headers["authorization"].slice(7)] : [],
      ),
    ];
    expect(secrets.length).toBeGreaterThan(env.connections.length);
    const everything = [...bodies, ...env.logs.map((entry) => JSON.stringify(entry))].join("\n");
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(JSON.parse(bodies[0] ?? "[]")).toEqual(env.connections.map((c) => ({ name: c.name, region: c.region })));
  });

  it("logs a request id, route, status and latency for each call", async () => {
    env = await startProxyOverSimulator();
    const { response } = await get("/api/demo/Jobs/active?page=1");
    const entry = env.logs.at(-1);
    expect(entry).toMatchObject({ method: "GET", route: "listActiveJobs", connection: "demo", status: 200 });
    expect(entry?.requestId).toBe(response.headers.get("x-request-id"));
    expect(entry?.ms).toBeGreaterThanOrEqual(0);
  });

  it("refuses a body over the size limit", async () => {
    env = await startProxyOverSimulator({ proxy: { maxBodyBytes: 1024 } });
    const response = await fetch(`${env.url}/api/demo/Jobs`, {
      method: "POST",
      headers: { ...CSRF, "Content-Type": "application/json" },
      body: JSON.stringify({ orderNumber: "x".repeat(2000), items: [] }),
    });
    expect(response.status).toBe(413);
    expect(env.upstream).toHaveLength(0);
  });

  it("tells the caller a job's outcome is unknown when the vendor drops the connection", async () => {
    env = await startProxyOverSimulator({ simulator: { faults: { dropAfterCreateRate: 1 } } });
    const response = await fetch(`${env.url}/api/demo/Jobs`, {
      method: "POST",
      headers: { ...CSRF, "Content-Type": "application/json" },
      body: JSON.stringify({
        orderNumber: "DROP-1",
        dateDue: "2027-02-01",
        deliveryAddress: { deliveryMethod: "PICKUP" },
        items: [{ itemType: "Asset", code: "A1042001", quantity: 30 }],
      }),
    });
    expect(response.status).toBe(502);
    expect((await response.json()).detail).toMatch(/may or may not have been created/);
    expect(apiCalls().filter((call) => call.method === "POST")).toHaveLength(1);
  });
});

describe("browser defences", () => {
  it("requires X-Requested-With on every API call", async () => {
    env = await startProxyOverSimulator();
    expect((await get("/api/connections", {})).response.status).toBe(403);
    expect((await get("/api/demo/account", { "X-Requested-With": "" })).response.status).toBe(403);
    expect(env.upstream).toHaveLength(0);
  });

  it("allows its own origin and allow-listed ones, and refuses others", async () => {
    env = await startProxyOverSimulator({ proxy: { allowedOrigins: ["https://importer.example"] } });
    const own = new URL(env.url).origin;
    expect((await get("/api/demo/account", { ...CSRF, Origin: own })).response.status).toBe(200);
    const listed = await get("/api/demo/account", { ...CSRF, Origin: "https://importer.example" });
    expect(listed.response.status).toBe(200);
    expect(listed.response.headers.get("access-control-allow-origin")).toBe("https://importer.example");
    expect((await get("/api/demo/account", { ...CSRF, Origin: "https://evil.example" })).response.status).toBe(403);
    expect((await get("/api/demo/account", { ...CSRF, "Sec-Fetch-Site": "cross-site" })).response.status).toBe(403);
    const preflight = await fetch(`${env.url}/api/demo/account`, {
      method: "OPTIONS",
      headers: { Origin: "https://importer.example", "Access-Control-Request-Headers": "x-requested-with" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-Requested-With");
    const foreignPreflight = await fetch(`${env.url}/api/demo/account`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreignPreflight.status).toBe(403);
  });

  it("checks the access key on every call when one is configured", async () => {
    env = await startProxyOverSimulator({ proxy: { accessKey: "a-long-access-key-123" } });
    const without = await get("/api/connections");
    expect(without.response.status).toBe(401);
    expect(JSON.parse(without.text).type).toMatch(/access-key-required$/);
    expect(
      (await get("/api/demo/account", { ...CSRF, "X-Access-Key": "wrong-key-of-some-length" })).response.status,
    ).toBe(401);
    expect((await get("/api/demo/account", { ...CSRF, "X-Access-Key": "a-long-access-key-123" })).response.status).toBe(
      200,
    );
  });
});

describe("server settings", () => {
  it("listens on loopback by default", () => {
    expect(readServerSettings({}).host).toBe("127.0.0.1");
    expect(readServerSettings({}).port).toBe(8080);
  });

  it("refuses another interface without an access gate", () => {
    expect(() => readServerSettings({ HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => readServerSettings({ HOST: "0.0.0.0" })).toThrow(/ACCESS_KEY/);
    expect(readServerSettings({ HOST: "0.0.0.0", ACCESS_KEY: "a-long-access-key-123" }).accessKey).toBe(
      "a-long-access-key-123",
    );
    expect(readServerSettings({ HOST: "0.0.0.0", BEHIND_AUTH_PROXY: "true" }).behindAuthProxy).toBe(true);
    expect(() => readServerSettings({ ACCESS_KEY: "short" })).toThrow(/at least 16/);
  });
});
