import type { CatalogueSnapshot } from "../../../src/core/catalogue";
import type { Asset, AssetJobs } from "../../../src/core/vendor";

/** An asset as the vendor lists it, with whatever a case changes. */
export function asset(tag: string, overrides: Partial<Asset> = {}): Asset {
  return {
    assetId: Number(tag.replace(/\D/g, "")) || 1,
    assetTag: tag,
    processCode: "DTF",
    description: `Design ${tag}`,
    garment: "Tee",
    priceTierCode: "T1",
    setup: 20,
    reset: 6.5,
    priceCode: 'DTF 4" x 4": Full Colour',
    assetUrl: `https://cdn.example/${tag}.png`,
    createDate: "2025-01-10T08:00:00Z",
    isGlobal: false,
    isArchived: false,
    priceBands: [
      { from: 10, to: 24, unitPrice: 1.2 },
      { from: 25, to: 49, unitPrice: 1.0 },
      { from: 50, to: null, unitPrice: 0.8 },
    ],
    externalId: null,
    customerId: 1,
    ...overrides,
  };
}

/** Just enough of a catalogue snapshot for the reorder functions; the rest is empty. */
export function snapshotWith(parts: Partial<CatalogueSnapshot>): CatalogueSnapshot {
  return {
    schemaVersion: 1,
    connection: "test",
    account: { id: 7, name: "Test Prints Ltd", currency: "NZD" } as CatalogueSnapshot["account"],
    fetchedAt: "2026-11-20T00:00:00Z",
    processes: [
      {
        processCode: "DTF",
        description: "Digital transfers",
        active: true,
        sheetRank: 1,
        sheetColor: null,
        tooltip: null,
        mapsToMaster: null,
        maximumSheetUnit: null,
        maximumSheetWidth: null,
        maximumSheetHeight: null,
      },
      {
        processCode: "SCR",
        description: "Screen-printed transfers",
        active: true,
        sheetRank: 2,
        sheetColor: null,
        tooltip: null,
        mapsToMaster: null,
        maximumSheetUnit: null,
        maximumSheetWidth: null,
        maximumSheetHeight: null,
      },
    ],
    processCodes: [],
    priceCodes: [],
    assets: [],
    globalAssets: [],
    stock: [],
    deliveryOptions: [
      {
        code: "CPSTD",
        label: "Courier",
        isCollection: false,
        rank: 1,
        gangRank: 1,
        value: "CPSTD",
        deliveryLabelEnabled: true,
      },
      {
        code: "PICKUP",
        label: "Pick-up",
        isCollection: true,
        rank: 3,
        gangRank: 0,
        value: "PICKUP",
        deliveryLabelEnabled: false,
      },
      {
        code: "XPRS",
        label: "Courier",
        isCollection: false,
        rank: 2,
        gangRank: 2,
        value: "XPRS",
        deliveryLabelEnabled: true,
      },
    ],
    countries: {
      countries: [
        { name: "New Zealand", iso2: "NZ", iso3: "NZL", hasState: false },
        { name: "Australia", iso2: "AU", iso3: "AUS", hasState: true },
        { name: "Fiji", iso2: "FJ", iso3: "FJI", hasState: false },
      ],
      defaultCountry: "NZ",
    },
    states: {},
    jobStatuses: [],
    sizeSets: [],
    shipmentSettings: null,
    ...parts,
  };
}

/** The vendor's order history of a tag: open jobs first, then by dispatch date, newest first. */
export function jobsOf(
  tag: string,
  jobs: readonly { jobNumber: number; dateOut: string | null; quantity?: number; orderNumber?: string }[],
): AssetJobs {
  return {
    assetCode: tag,
    jobs: jobs.map((job) => ({
      jobNumber: job.jobNumber,
      orderNumber: job.orderNumber ?? `PO-${job.jobNumber}`,
      description: null,
      quantity: job.quantity ?? null,
      dateOut: job.dateOut,
      masterJobStatus: job.dateOut ? "Dispatched" : "In Production",
    })),
    totalCount: jobs.length,
  };
}
