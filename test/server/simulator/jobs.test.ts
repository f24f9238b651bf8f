import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VendorClient } from "../../../src/api";
import type { JobCandidate } from "../../../src/core/vendor";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { assetLine, DTF_4, priceCodeLine, stockLine, validCandidate } from "../../helpers/job-candidates";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient } from "../../helpers/sim-client";
import { unwrap } from "../../helpers/unwrap";

const DAY = 86_400_000;
let sim: RunningSimulator;
let client: VendorClient;

beforeEach(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  client = simClient(sim);
});
afterEach(async () => sim.close());

async function created(candidate: JobCandidate = validCandidate()) {
  return unwrap(await client.createJob(candidate));
}

async function activeCount(includeClosedJobs = true): Promise<number> {
  return unwrap(await client.listActiveJobs({ includeClosedJobs })).totalCount;
}

describe("POST /Jobs", () => {
  it("validateOnly runs the whole validation and creates nothing", async () => {
    const result = await client.validateJob(validCandidate());
    expect(result.ok && result.status).toBe(200);
    expect(unwrap(result).message).toMatch(/not created/);
    const rejected = await client.validateJob(validCandidate({ items: [priceCodeLine({ quantity: 2 })] }));
    expect(rejected.ok).toBe(false);
    expect(await activeCount()).toBe(0);
    expect(sim.simulator.stats.callsByEndpoint.createJob).toBe(2);
  });

  it("creates a job: 201, a new asset tag per price-code line, artwork flags and cost", async () => {
    const result = await client.createJob(
      validCandidate({
        items: [
          priceCodeLine({ customerReference: "with-art", externalArtworkUrl: "https://art.example/a.png" }),
          priceCodeLine({ customerReference: "no-art", externalArtworkUrl: "https://art.example/b.png", quantity: 10 }),
          assetLine(),
          stockLine(),
        ],
      }),
    );
    expect(result.ok && result.status).toBe(201);
    const job = unwrap(result);
    expect(job.jobLineDetails.map((d) => d.newAssetSku === null)).toEqual([false, false, true, true]);
    expect(job.jobLineDetails.map((d) => d.quantity)).toEqual([20, 10, 30, 18]);
    expect(job.expectingArtworkToBeUploaded).toBe(false);
    expect(job.totalJobCost).toBeGreaterThan(0);
    const noArt = unwrap(await client.createJob(validCandidate()));
    expect(noArt.expectingArtworkToBeUploaded).toBe(true);
    expect(noArt.jobLineDetails[0]?.needsArtworkToBeUploaded).toBe(true);
    // The new asset can be reordered by its tag.
    const tag = job.jobLineDetails[0]?.newAssetSku ?? "";
    expect(unwrap(await client.getAsset(tag)).priceCode).toBe(DTF_4);
  });

  it("returns job detail with money and lines", async () => {
    const job = await created(validCandidate({ items: [priceCodeLine(), assetLine({ quantity: 40 })] }));
    const detail = unwrap(await client.getJob(job.jobNumber));
    expect(detail.orderNumber).toBe("PO-1001");
    expect(detail.lines.map((l) => [l.quantity, l.unitPrice > 0])).toEqual([
      [20, true],
      [40, true],
    ]);
    expect(detail.taxTotal).toBeGreaterThan(0);
    expect(detail.customerId).toBe(1042);
    expect(detail.permissions).toEqual({ canEdit: true, lockedReason: null });
  });

  it.each([
    ["an archived asset", { items: [assetLine({ code: "A1042011" })] }, "ASSET_NOT_ORDERABLE"],
    ["a quantity below the minimum", { items: [priceCodeLine({ quantity: 5 })] }, "QUANTITY_BELOW_MINIMUM"],
    [
      "an invalid select value",
      { items: [priceCodeLine({ attributes: { Fabric: "Cotton" } })] },
      "ATTRIBUTE_VALUE_INVALID",
    ],
    [
      "an over-long text attribute",
      { items: [priceCodeLine({ attributes: { Fabric: "COTTON", PrintNotes: "x".repeat(61) } })] },
      "ATTRIBUTE_TOO_LONG",
    ],
    ["a missing required attribute", { items: [priceCodeLine({ attributes: {} })] }, "ATTRIBUTE_REQUIRED"],
    [
      "another region's attribute name",
      {
        items: [
          priceCodeLine({
            code: "SCR A4: 2 Colour",
            quantity: 30,
            attributes: { Fabric: "COTTON", Ink_Colours: "PMS 286" },
          }),
        ],
      },
      "ATTRIBUTE_UNKNOWN",
    ],
    ["an unknown price code", { items: [priceCodeLine({ code: 'DTF 4" x 4" Full Colour' })] }, "PRICE_CODE_NOT_FOUND"],
    [
      "a missing customer reference",
      { items: [priceCodeLine({ customerReference: null })] },
      "CUSTOMER_REFERENCE_REQUIRED",
    ],
    [
      "artwork on only some lines",
      {
        items: [
          priceCodeLine({ externalArtworkUrl: "https://a.example/x.png" }),
          priceCodeLine({ customerReference: "ref-2" }),
        ],
      },
      "ARTWORK_URL_REQUIRED",
    ],
    [
      "a three-letter country code",
      { deliveryAddress: { ...validCandidate().deliveryAddress, countryCodeISO2: "NZL" } },
      "COUNTRY_CODE_INVALID",
    ],
    [
      "an unknown delivery method",
      { deliveryAddress: { ...validCandidate().deliveryAddress, deliveryMethod: "Courier" } },
      "DELIVERY_METHOD_INVALID",
    ],
    ["an invalid promo code", { promocode: "WINTER24" }, "PROMO_CODE_INVALID"],
    ["an invalid application name", {}, "APPLICATION_NAME_INVALID", "NOT-AN-ORIGIN"],
  ] as const)(
    "answers 400 with validationMessages for %s",
    async (_name, overrides, errorCode, applicationName?: string) => {
      const result = await client.createJob(
        validCandidate(overrides as Partial<JobCandidate>),
        applicationName ?? "API",
      );
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.problem.status).toBe(400);
      expect(result.problem.validationMessages.map((m) => m.errorCode)).toContain(errorCode);
      expect(await activeCount()).toBe(0);
    },
  );

  it.each([
    ["empty items", { items: [] }],
    [
      "an undeliverable address",
      { deliveryAddress: { deliveryMethod: "CPSTD", countryCodeISO2: "NZ", city: "Wellington" } },
    ],
    ["a nonexistent asset code", { items: [assetLine({ code: "A9999999" })] }],
    ["a missing dateDue", { dateDue: null }],
    ["a size not in the variant's run", { items: [stockLine({ sizeQuantities: { XXL: 3 } })] }],
  ] as const)("answers the opaque 500 for %s", async (_name, overrides) => {
    const result = await client.createJob(validCandidate(overrides as Partial<JobCandidate>));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.status).toBe(500);
    expect(result.problem.detail).toBeUndefined();
    expect(result.problem.validationMessages).toEqual([]);
    expect(await activeCount()).toBe(0);
  });

  it("needs no courier address for a collection, and uses the earliest date for an early due date", async () => {
    const job = await created(validCandidate({ dateDue: "2020-01-01", deliveryAddress: { deliveryMethod: "PICKUP" } }));
    const earliest = unwrap(await client.getEarliestShipDate(["DTF"])).shippingDateLocal.slice(0, 10);
    expect(job.dateDue).toBe(earliest);
  });
});

describe("job life", () => {
  it("moves through statuses over time; cancelled jobs never list, closed ones only on request", async () => {
    const a = await created(validCandidate({ orderNumber: "A" }));
    const b = await created(validCandidate({ orderNumber: "B" }));
    const status = async (jobNumber: number) => unwrap(await client.getJob(jobNumber)).jobStatus;
    expect(await status(a.jobNumber)).toBe("Awaiting Artwork");
    sim.simulator.clock.advance(3 * 60 * 60_000);
    expect(await status(a.jobNumber)).toBe("Proofing");
    expect(unwrap(await client.cancelJob(b.jobNumber))).toBeUndefined();
    expect(await activeCount()).toBe(1);
    sim.simulator.clock.advance(5 * DAY);
    const dispatched = unwrap(await client.getJob(a.jobNumber));
    expect(dispatched.jobStatus).toBe("Dispatched");
    expect(dispatched.shippingAddresses[0]?.trackingNumber).toMatch(/^CP/);
    expect(dispatched.invoiceFile?.uri).toMatch(/^https:/);
    sim.simulator.clock.advance(7 * DAY);
    expect(await activeCount(false)).toBe(0);
    expect(await activeCount(true)).toBe(1);
  });

  it("cancels with 204, again with 204, and refuses 409 once in production", async () => {
    const job = await created();
    expect((await client.cancelJob(job.jobNumber)).ok && (await client.cancelJob(job.jobNumber)).ok).toBe(true);
    const later = await created();
    sim.simulator.clock.advance(2.5 * DAY);
    const detail = unwrap(await client.getJob(later.jobNumber));
    expect(detail).toMatchObject({ jobStatus: "In Production", isCancelable: false, permissions: { canEdit: true } });
    const refused = await client.cancelJob(later.jobNumber);
    expect(refused.ok ? 204 : refused.problem.status).toBe(409);
  });

  it("applies PATCH rules: edits while editable, 403 when locked or for locationCode", async () => {
    const job = await created();
    const patched = unwrap(await client.patchJob(job.jobNumber, { description: "Renamed", mustDate: true }));
    expect(patched).toMatchObject({ description: "Renamed", mustDate: true, orderNumber: "PO-1001" });
    const location = await client.patchJob(job.jobNumber, { locationCode: "SYD" });
    expect(location.ok ? 200 : location.problem.status).toBe(403);
    const tooEarly = await client.patchJob(job.jobNumber, { dateDue: "2020-01-01" });
    expect(tooEarly.ok ? 200 : Object.keys(tooEarly.problem.errors)).toEqual(["dateDue"]);
    sim.simulator.clock.advance(5 * DAY);
    const locked = await client.patchJob(job.jobNumber, { description: "Too late" });
    expect(locked.ok).toBe(false);
    if (!locked.ok) {
      expect(locked.problem.status).toBe(403);
      expect(locked.problem.detail).toMatch(/dispatched/);
    }
  });

  it("filters active jobs by search text, order group and user, with paging", async () => {
    for (let i = 1; i <= 25; i++) {
      await created(
        validCandidate({
          orderNumber: `ORD-${i}`,
          orderGroup: i <= 3 ? "G1" : null,
          description: i === 7 ? "Special team" : "Team",
        }),
      );
    }
    const page2 = unwrap(await client.listActiveJobs({ page: 2, pageSize: 10 }));
    expect(page2).toMatchObject({
      totalCount: 25,
      pageNumber: 2,
      pageSize: 10,
      totalPages: 3,
      hasPreviousPage: true,
      hasNextPage: true,
    });
    expect(unwrap(await client.listActiveJobs({ searchText: "special" })).items.map((j) => j.orderNumber)).toEqual([
      "ORD-7",
    ]);
    expect(unwrap(await client.listActiveJobs({ orderGroup: "G1" })).totalCount).toBe(3);
    expect(unwrap(await client.listActiveJobs({ customerUserId: 501 })).totalCount).toBe(25);
    const foreignUser = await client.listActiveJobs({ customerUserId: 601 });
    expect(foreignUser.ok ? 200 : foreignUser.problem.status).toBe(400);
    const tooBig = await client.listActiveJobs({ pageSize: 101 });
    expect(tooBig.ok ? 200 : tooBig.problem.status).toBe(400);
  });
});
