import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeSamples, SAMPLE_FILES } from "../../samples/make-samples";
import type { CheckReport } from "../../src/cli/check";
import type { SubmitReport } from "../../src/cli/submit";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { runCommand, vendorEnv } from "../helpers/cli-session";
import { SIM_START } from "../helpers/sim-clock";
import { scratchFolder, type ScratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

/** The tests' pinned start, two years on (2026-11-20 → 2028-11-20). */
const start = new Date(SIM_START);
const TWO_YEARS_ON = Date.UTC(start.getUTCFullYear() + 2, start.getUTCMonth(), start.getUTCDate());

/** Issues that would say the samples' dates or promo code have gone stale. */
const DATED_ISSUES = new Set(["DUE_DATE_TOO_EARLY", "DUE_DATE_INVALID", "DUE_DATE_AMBIGUOUS", "PROMO_CODE_INVALID"]);

const sim = useResource(
  "all",
  "The simulator two years on",
  () => startSimulator({ startAt: TWO_YEARS_ON }),
  (running: RunningSimulator) => running.close(),
);
/** The samples, made (as `npm start` makes them) for the simulator's today. */
const folder = useResource(
  "all",
  "The samples made on the simulator's day",
  async () => {
    const made = await scratchFolder();
    await makeSamples(made.path, new Date(sim.current.simulator.clock.now()).toISOString().slice(0, 10));
    return made;
  },
  (made: ScratchFolder) => made.cleanup(),
);

describe("the samples, made on the day, on a simulator whose clock is two years past the tests' own", () => {
  // The artwork sample shows every state the artwork check finds, errors included (see test/e2e/artwork.test.ts).
  const clean = SAMPLE_FILES.filter((name) => name !== "artwork-links.csv");
  it.each(clean)("%s checks without a stale date or promo code, and every order is created", async (name) => {
    const today = new Date(sim.current.simulator.clock.now()).toISOString().slice(0, 10);
    const file = join(folder.current.path, name);
    const env = vendorEnv(sim.current, folder.current.path);

    const checked = await runCommand(["check", file, "--json"], env);
    expect(checked.code, checked.err).toBe(0);
    const report = JSON.parse(checked.out) as CheckReport;
    expect(report.issues.filter((issue) => DATED_ISSUES.has(issue.code) || issue.severity === "error")).toEqual([]);
    expect(report.summary.jobs.valid).toBe(report.summary.jobs.total);
    for (const payload of report.payloads) expect(payload.candidate.dateDue ?? "").toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const payload of report.payloads) expect((payload.candidate.dateDue ?? "") > today).toBe(true);

    const submitted = await runCommand(
      [
        "submit",
        file,
        "--yes",
        "--connection",
        "demo",
        "--journal",
        join(folder.current.path, `${name}.jsonl`),
        "--json",
      ],
      env,
    );
    expect(submitted.code, submitted.err).toBe(0);
    const { orders } = JSON.parse(submitted.out) as SubmitReport;
    expect(orders.map((order) => order.orderNumber).sort()).toEqual(
      report.payloads.map((payload) => payload.orderNumber).sort(),
    );
    for (const order of orders) expect(order).toMatchObject({ state: "created", jobNumber: expect.any(Number) });
  });

  it("the stock order's promo code, a year from the simulator's start, is taken", async () => {
    const checked = await runCommand(
      ["check", join(folder.current.path, "stock-order.xlsx"), "--json", "--no-validate"],
      vendorEnv(sim.current, folder.current.path),
    );
    const report = JSON.parse(checked.out) as CheckReport;
    expect(report.payloads.map((payload) => payload.candidate.promocode ?? null)).toEqual([null, "TEAMS25"]);
  });
});
