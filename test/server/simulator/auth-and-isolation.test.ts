import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendorClient, type VendorClient } from "../../../src/api";
import { TokenSource, tokenAddress } from "../../../src/server/proxy/token-source";
import { startSimulator, TOKEN_LIFETIME_SECONDS, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { assetLine, validCandidate } from "../../helpers/job-candidates";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient, simCredentials } from "../../helpers/sim-client";

let sim: RunningSimulator;
let kiwi: VendorClient;
let harbour: VendorClient;
beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  kiwi = simClient(sim, "kiwi-team-print");
  harbour = simClient(sim, "harbour-sportswear");
});
afterAll(async () => sim.close());

async function status(promise: Promise<{ ok: boolean; status?: number; problem?: { status: number } }>) {
  const result = await promise;
  return result.ok ? (result.status ?? 200) : (result.problem?.status ?? 0);
}

describe("token service", () => {
  it("issues 10-minute client-credential tokens as the spec describes", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const response = await fetch(tokenAddress(details.authUrl, details.realm), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: details.clientId,
        client_secret: details.clientSecret,
      }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.expires_in).toBe(TOKEN_LIFETIME_SECONDS);
    expect(body.access_token).toMatch(/^[\w-]{20,}$/);
  });

  it("refuses wrong secrets, other realms and other grant types", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const post = (url: string, form: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    const form = { grant_type: "client_credentials", client_id: details.clientId, client_secret: details.clientSecret };
    expect((await post(tokenAddress(details.authUrl, details.realm), { ...form, client_secret: "nope" })).status).toBe(
      401,
    );
    const au = simCredentials(sim, "southern-cross");
    expect((await post(tokenAddress(au.authUrl, au.realm), form)).status).toBe(401);
    expect((await post(tokenAddress(details.authUrl, details.realm), { ...form, grant_type: "password" })).status).toBe(
      400,
    );
  });

  it("expires tokens after 10 minutes", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const token = await new TokenSource(details).get();
    const client = createVendorClient({ baseUrl: details.baseUrl, headers: { Authorization: `Bearer ${token}` } });
    expect(await status(client.getAccount())).toBe(200);
    sim.simulator.clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
    expect(await status(client.getAccount())).toBe(401);
  });

  it("refuses a token from another region with 401", async () => {
    const nzToken = await new TokenSource(simCredentials(sim, "kiwi-team-print")).get();
    const au = simCredentials(sim, "southern-cross");
    const client = createVendorClient({ baseUrl: au.baseUrl, headers: { Authorization: `Bearer ${nzToken}` } });
    expect(await status(client.getAccount())).toBe(401);
    expect(await status(createVendorClient({ baseUrl: au.baseUrl }).getAccount())).toBe(401);
  });
});

describe("account isolation", () => {
  it("answers 404 for another account's job, asset and user", async () => {
    const created = await kiwi.createJob(validCandidate({ items: [assetLine()] }));
    if (!created.ok) throw new Error(created.problem.title);
    const jobNumber = created.value.jobNumber;
    expect(await status(harbour.getJob(jobNumber))).toBe(404);
    expect(await status(harbour.cancelJob(jobNumber))).toBe(404);
    expect(await status(harbour.patchJob(jobNumber, { description: "x" }))).toBe(404);
    expect(await status(harbour.getAsset("A1042001"))).toBe(404);
    expect(await status(harbour.getAssetFiles("A1042001"))).toBe(404);
    expect(await status(harbour.getUser(501))).toBe(404);
    expect(await status(kiwi.getUser(501))).toBe(200);
    const harbourJobs = await harbour.listActiveJobs();
    expect(harbourJobs.ok && harbourJobs.value.totalCount).toBe(0);
    // Global assets are everyone's.
    expect(await status(harbour.getAsset("G-0001"))).toBe(200);
  });

  it("refuses another account's asset in a job as a nonexistent one", async () => {
    expect(await status(harbour.validateJob(validCandidate({ items: [assetLine({ code: "A1042001" })] })))).toBe(500);
  });
});
