import { getEventListeners } from "node:events";
import { SIM_START } from "../helpers/sim-clock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allActiveJobs,
  allAssets,
  allGlobalAssets,
  allPriceCodes,
  allTransactions,
  createVendorClient,
  CREDENTIALS_REFUSED,
  describeProblem,
  encodeQuery,
  isTransientProblem,
  mapWithConcurrency,
  networkProblem,
  problemFromResponse,
  type VendorClient,
} from "../../src/api";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { assetLine, validCandidate } from "../helpers/job-candidates";
import { simClient } from "../helpers/sim-client";

let sim: RunningSimulator;
let client: VendorClient;
beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  client = simClient(sim);
});
afterAll(async () => sim.close());

describe("query encoding", () => {
  it("skips empty values, joins lists with commas and encodes everything", () => {
    expect(encodeQuery({ a: undefined, b: null, c: "", d: [], e: ["DTF", "SCR"], f: true, g: "x y&z" })).toBe(
      "?e=DTF%2CSCR&f=true&g=x%20y%26z",
    );
    expect(encodeQuery({})).toBe("");
  });
});

describe("paging helpers walk every page", () => {
  it("collects all assets across envelope pages", async () => {
    const pages: number[] = [];
    const all = await allAssets(client, {}, { pageSize: 40, onPage: (loaded) => pages.push(loaded) });
    if (!all.ok) throw new Error(all.problem.title);
    const first = await client.listAssets({ pageSize: 40 });
    expect(first.ok && all.value.length).toBe(first.ok ? first.value.totalResults : -1);
    expect(new Set(all.value.map((a) => a.assetTag)).size).toBe(all.value.length);
    expect(pages).toHaveLength(Math.ceil(all.value.length / 40));
  });

  it("collects price codes from bare-array pages and transactions from envelopes", async () => {
    const small = await allPriceCodes(client, {}, { pageSize: 5 });
    const large = await allPriceCodes(client, {}, { pageSize: 500 });
    expect(small.ok && large.ok && small.value.map((c) => c.priceCode)).toEqual(
      large.ok ? large.value.map((c) => c.priceCode) : [],
    );
    const transactions = await allTransactions(client, {}, { pageSize: 7 });
    expect(transactions.ok && transactions.value.length).toBe(37);
  });

  it("collects active jobs 100 at a time", async () => {
    await mapWithConcurrency(
      Array.from({ length: 105 }, (_, i) => i),
      8,
      (i) => client.createJob(validCandidate({ orderNumber: `BULK-${i}`, items: [assetLine()] })),
    );
    const jobs = await allActiveJobs(client, { searchText: "BULK-" });
    expect(jobs.ok && jobs.value.length).toBe(105);
    expect(sim.simulator.stats.callsByEndpoint.listActiveJobs).toBe(2);
  });

  it("stops at the first failed page and reports it", async () => {
    const before = sim.simulator.stats.callsByEndpoint.listGlobalAssets ?? 0;
    sim.simulator.faults = { rate500: 1, endpoints: ["listGlobalAssets"] };
    const result = await allGlobalAssets(client, {}, { pageSize: 5 });
    sim.simulator.faults = {};
    expect(result.ok ? 200 : result.problem.status).toBe(500);
    // The first page, and its one retry; no page after it.
    expect((sim.simulator.stats.callsByEndpoint.listGlobalAssets ?? 0) - before).toBe(2);
  });
});

describe("typed problems", () => {
  it("surfaces status, title, detail and validation messages", async () => {
    const result = await client.validateJob(
      validCandidate({ items: [assetLine({ code: "A1042011" })], deliveryAddress: { deliveryMethod: "NOPE" } }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({ kind: "http", status: 400 });
    expect(result.problem.validationMessages.map((m) => m.errorCode)).toEqual([
      "DELIVERY_METHOD_INVALID",
      "ASSET_NOT_ORDERABLE",
    ]);
    const described = describeProblem(result.problem);
    expect(described).toHaveLength(2);
    expect(described.join(" ")).not.toMatch(/DELIVERY_METHOD_INVALID|ASSET_NOT_ORDERABLE/);
  });

  it("describes a call that got no answer in our own words, keeping the runtime's text for the audit", () => {
    const problem = networkProblem(new TypeError("fetch failed"));
    expect(describeProblem(problem)).toEqual(["The vendor did not answer"]);
    expect(problem.detail).toBe("fetch failed");
    const refused = Object.assign(
      new Error("The token service refused the client credentials (HTTP 401); check the client id, secret and realm"),
      { name: "TokenError" },
    );
    expect(describeProblem(networkProblem(refused))).toEqual([refused.message]);
  });

  it("takes refused credentials as final, and an unreachable token service as passing", () => {
    const tokenError = (reason: string) => Object.assign(new Error("no token"), { name: "TokenError", reason });
    expect(isTransientProblem(networkProblem(tokenError("refused")))).toBe(false);
    expect(isTransientProblem(networkProblem(tokenError("unreachable")))).toBe(true);
    // The proxy's answer when the token service refused the connection's credentials.
    const viaProxy = problemFromResponse(
      503,
      "",
      JSON.stringify({ type: CREDENTIALS_REFUSED, title: "No access token for this connection", status: 503 }),
      "1",
    );
    expect(isTransientProblem(viaProxy)).toBe(false);
    expect(isTransientProblem(problemFromResponse(503, "", "", "1"))).toBe(true);
  });

  it("surfaces field errors", async () => {
    const result = await client.listActiveJobs({ page: 0 });
    expect(result.ok ? {} : result.problem.errors).toEqual({ page: [expect.stringContaining("page")] });
  });

  it("reports a network failure and an unexpected body shape as problems", async () => {
    const offline = createVendorClient({ baseUrl: "http://127.0.0.1:9/api", retryDelayMs: 0 });
    const result = await offline.getAccount();
    expect(result.ok ? "ok" : result.problem.kind).toBe("network");
    const wrongShape = createVendorClient({
      baseUrl: "http://vendor.invalid",
      fetch: async () => new Response(JSON.stringify({ id: "not a number" }), { status: 200 }),
    });
    const parsed = await wrongShape.getAccount();
    expect(parsed.ok ? "ok" : [parsed.problem.kind, parsed.problem.detail]).toEqual([
      "invalid-response",
      "id: Invalid input: expected number, received string",
    ]);
  });

  it("leaves no listener on a long-lived signal after waiting to retry a read", async () => {
    // A vendor that is always unavailable, so every read waits once before its retry.
    const unavailable = createVendorClient({
      baseUrl: "http://vendor.invalid",
      retryDelayMs: 2,
      fetch: async () => new Response("", { status: 503 }),
    });
    const batch = new AbortController();
    for (let i = 0; i < 3; i++) expect((await unavailable.getAccount({ signal: batch.signal })).ok).toBe(false);
    expect(getEventListeners(batch.signal, "abort")).toHaveLength(0);
  });

  it("retries a read once after a 500 but never a job creation", async () => {
    sim.simulator.faults = { rate500: 1, endpoints: ["getAccount", "createJob"] };
    const before = { ...sim.simulator.stats.callsByEndpoint };
    await client.getAccount();
    await client.createJob(validCandidate({ items: [assetLine()] }));
    sim.simulator.faults = {};
    expect((sim.simulator.stats.callsByEndpoint.getAccount ?? 0) - (before.getAccount ?? 0)).toBe(2);
    expect((sim.simulator.stats.callsByEndpoint.createJob ?? 0) - (before.createJob ?? 0)).toBe(1);
  });
});
