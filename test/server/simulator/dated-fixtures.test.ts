import { describe, expect, it } from "vitest";
import { startSimulator } from "../../../src/server/simulator/simulator";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient } from "../../helpers/sim-client";
import { unwrap } from "../../helpers/unwrap";

const DAY = 86_400_000;
/** SIM_START moved by whole years (2026-11-20 → 2028-11-20). */
const yearsAfterStart = (years: number) => {
  const start = new Date(SIM_START);
  return Date.UTC(start.getUTCFullYear() + years, start.getUTCMonth(), start.getUTCDate());
};

async function withSimulatorAt<T>(
  startAt: number,
  work: (client: ReturnType<typeof simClient>, advance: (ms: number) => void) => Promise<T>,
): Promise<T> {
  const sim = await startSimulator({ startAt });
  try {
    return await work(simClient(sim), (ms) => sim.simulator.clock.advance(ms));
  } finally {
    await sim.close();
  }
}

describe("the simulator's dated fixtures follow its clock", () => {
  it.each([
    ["the tests' start", 0, "2027-11-20"],
    ["two years on", 2, "2029-11-20"],
    ["ten years on", 10, "2037-11-20"],
  ])("a current promo code lasts a year from %s, and an expired one stays expired", async (_, years, expires) => {
    await withSimulatorAt(yearsAfterStart(years), async (client, advance) => {
      expect(unwrap(await client.validatePromoCode("TEAMS25"))).toMatchObject({ isValid: true, message: "" });
      expect(unwrap(await client.validatePromoCode("WINTER24"))).toMatchObject({
        isValid: false,
        message: expect.stringMatching(/^The promo code expired on \d{4}-\d{2}-\d{2}\.$/),
      });
      advance(366 * DAY);
      expect(unwrap(await client.validatePromoCode("TEAMS25"))).toMatchObject({
        isValid: false,
        message: `The promo code expired on ${expires}.`,
      });
    });
  });

  it.each([
    ["2026-12-22T00:00:00Z", "2027-01-06", { dateFrom: "2026-12-24", dateTo: "2027-01-05" }],
    ["2028-12-22T00:00:00Z", "2029-01-09", { dateFrom: "2028-12-24", dateTo: "2029-01-05" }],
    ["2030-12-22T00:00:00Z", "2031-01-06", { dateFrom: "2030-12-24", dateTo: "2031-01-05" }],
  ])(
    "closes the factory over Christmas every year: from %s digital transfers ship on %s",
    async (at, shipsOn, closure) => {
      await withSimulatorAt(Date.parse(at), async (client) => {
        const date = unwrap(await client.getEarliestShipDate(["DTF"]));
        expect(date.shippingDateLocal.slice(0, 10)).toBe(shipsOn);
        expect(date.dateExclusions?.[0]).toEqual(closure);
        // Every closure listed is under way or ahead, none more than a year ahead.
        const today = at.slice(0, 10);
        for (const range of date.dateExclusions ?? [])
          expect(range.dateTo >= today && range.dateFrom <= `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`).toBe(
            true,
          );
      });
    },
  );
});
