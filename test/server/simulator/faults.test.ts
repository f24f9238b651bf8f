import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "../../../src/server/proxy/connections";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { simulatorOptionsFromEnv } from "../../../src/server/simulator/env-options";
import { assetLine, validCandidate } from "../../helpers/job-candidates";
import { simClient } from "../../helpers/sim-client";
import { SIM_START } from "../../helpers/sim-clock";
import { unwrap } from "../../helpers/unwrap";

const KIWI_ACCOUNT = 1042;

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe("fault injection", () => {
  it("delays answers of the chosen endpoints, while later calls to others are answered", async () => {
    const running = await startSimulator({
      startAt: SIM_START,
      faults: { delayMs: 60_000, endpoints: ["getAccount"] },
    });
    const client = simClient(running);
    let delayedSettled = false;
    const delayed = client.getAccount().finally(() => {
      delayedSettled = true;
    });
    await vi.waitFor(() => expect(running.simulator.stats.callsByEndpoint.getAccount).toBe(1), { timeout: 10_000 });
    expect((await client.listDeliveryOptions()).ok).toBe(true);
    expect(delayedSettled).toBe(false);
    // Closing the simulator ends the wait: the delayed call fails instead of being answered.
    await running.close();
    const result = await delayed;
    expect(result.ok ? "answered" : result.problem.kind).toBe("network");
  });

  it("answers 500 or 429 on a share of calls, limited to chosen endpoints", async () => {
    sim = await startSimulator({ startAt: SIM_START, faults: { rate500: 1, endpoints: ["listDeliveryOptions"] } });
    const client = simClient(sim);
    const failed = await client.listDeliveryOptions();
    expect(failed.ok ? 200 : failed.problem.status).toBe(500);
    // Reads are retried once, then the failure is reported.
    expect(sim.simulator.stats.callsByEndpoint.listDeliveryOptions).toBe(2);
    expect((await client.getAccount()).ok).toBe(true);
    sim.simulator.faults = { rate429: 1 };
    const limited = await client.getAccount();
    expect(limited.ok ? 200 : limited.problem.status).toBe(429);
    sim.simulator.faults = { rate500: 0.5 };
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => client.listJobStatuses()));
    expect(sim.simulator.stats.callsByEndpoint.listJobStatuses).toBeGreaterThan(40);
    expect(outcomes.some((o) => o.ok)).toBe(true);
  });

  it("drops the connection after creating a job, leaving the job in place", async () => {
    sim = await startSimulator({ startAt: SIM_START, faults: { dropAfterCreateRate: 1 } });
    const client = simClient(sim);
    const result = await client.createJob(validCandidate({ orderNumber: "DROPPED-1", items: [assetLine()] }));
    expect(result.ok ? "created" : result.problem.kind).toBe("network");
    expect(sim.simulator.stats.callsByEndpoint.createJob).toBe(1);
    const active = await client.listActiveJobs({ searchText: "DROPPED-1" });
    expect(active.ok && active.value.items.map((job) => job.orderNumber)).toEqual(["DROPPED-1"]);
  });

  it("answers 500 after creating a job, leaving the job in place", async () => {
    sim = await startSimulator({ startAt: SIM_START, faults: { fail500AfterCreateRate: 1 } });
    const client = simClient(sim);
    const result = await client.createJob(validCandidate({ orderNumber: "FAILED-1", items: [assetLine()] }));
    expect(result.ok ? result.status : result.problem.status).toBe(500);
    expect(sim.simulator.stats.callsByEndpoint.createJob).toBe(1);
    const active = unwrap(await client.listActiveJobs({ searchText: "FAILED-1", includeClosedJobs: true }));
    expect(active.items.map((job) => job.orderNumber)).toEqual(["FAILED-1"]);
    const jobNumber = active.items[0]?.jobNumber ?? 0;
    expect(sim.simulator.jobsByOrderNumber(KIWI_ACCOUNT)).toEqual(new Map([["FAILED-1", [jobNumber]]]));
    // A cancelled job is still a stored one.
    unwrap(await client.cancelJob(jobNumber));
    expect(sim.simulator.jobsByOrderNumber(KIWI_ACCOUNT).get("FAILED-1")).toEqual([jobNumber]);
  });

  it("leaves validateOnly calls alone: nothing is created, so nothing fails after", async () => {
    sim = await startSimulator({ startAt: SIM_START, faults: { fail500AfterCreateRate: 1 } });
    const client = simClient(sim);
    const checked = await client.validateJob(validCandidate({ orderNumber: "CHECKED-1", items: [assetLine()] }));
    expect(checked.ok && checked.status).toBe(200);
    expect(sim.simulator.jobsByOrderNumber(KIWI_ACCOUNT).size).toBe(0);
  });

  it("limits the 500 after creating to the chosen endpoints", async () => {
    sim = await startSimulator({ startAt: SIM_START, faults: { fail500AfterCreateRate: 1, endpoints: ["getJob"] } });
    const client = simClient(sim);
    const created = await client.createJob(validCandidate({ orderNumber: "CREATED-1", items: [assetLine()] }));
    expect(created.ok && created.status).toBe(201);
  });

  it("reads fault settings from the environment", () => {
    expect(
      simulatorOptionsFromEnv({
        SIM_DELAY_MS: "100-400",
        SIM_RATE_500: "0.1",
        SIM_500_AFTER_CREATE: "0.25",
        SIM_FAULT_ENDPOINTS: "createJob,getJob",
      }).faults,
    ).toEqual({
      delayMs: [100, 400],
      rate500: 0.1,
      fail500AfterCreateRate: 0.25,
      endpoints: ["createJob", "getJob"],
    });
    expect(() => simulatorOptionsFromEnv({ SIM_RATE_429: "2" })).toThrow(/between 0 and 1/);
    expect(() => simulatorOptionsFromEnv({ SIM_FAULT_ENDPOINTS: "nope" })).toThrow(/unknown endpoint/);
    for (const bad of ["1.5", "-0.1", "often"]) {
      expect(() => simulatorOptionsFromEnv({ SIM_500_AFTER_CREATE: bad })).toThrow(ConfigError);
      expect(() => simulatorOptionsFromEnv({ SIM_500_AFTER_CREATE: bad })).toThrow(/^SIM_500_AFTER_CREATE /);
    }
  });

  it("reads the simulator's start instant from SIM_NOW", async () => {
    expect(simulatorOptionsFromEnv({}).startAt).toBeUndefined();
    expect(simulatorOptionsFromEnv({ SIM_NOW: "2026-11-20T00:00:00Z" }).startAt).toBe(SIM_START);
    expect(simulatorOptionsFromEnv({ SIM_NOW: "2026-11-20T13:00:00+13:00" }).startAt).toBe(SIM_START);
    for (const bad of ["tomorrow", "2026-11-20", "2026-11-20T00:00:00", "2026-13-40T00:00:00Z"]) {
      expect(() => simulatorOptionsFromEnv({ SIM_NOW: bad })).toThrow(ConfigError);
      expect(() => simulatorOptionsFromEnv({ SIM_NOW: bad })).toThrow(/^SIM_NOW /);
    }
    sim = await startSimulator(simulatorOptionsFromEnv({ SIM_NOW: "2026-11-20T00:00:00Z" }));
    expect(sim.simulator.clock.now()).toBeGreaterThanOrEqual(SIM_START);
    const shipDate = unwrap(await simClient(sim).getEarliestShipDate(["DTF"])).shippingDateLocal.slice(0, 10);
    expect(shipDate > "2026-11-20" && shipDate < "2026-12-24").toBe(true);
  });
});
