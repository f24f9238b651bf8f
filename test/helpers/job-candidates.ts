import type { JobCandidate, JobCandidateLine } from "../../src/core/vendor";

export const DTF_4 = 'DTF 4" x 4": Full Colour';

export const priceCodeLine = (overrides: Partial<JobCandidateLine> = {}): JobCandidateLine => ({
  itemType: "PriceCode",
  code: DTF_4,
  quantity: 20,
  customerReference: "ref-1",
  attributes: { Fabric: "COTTON" },
  ...overrides,
});

export const assetLine = (overrides: Partial<JobCandidateLine> = {}): JobCandidateLine => ({
  itemType: "Asset",
  code: "A1042001",
  quantity: 30,
  ...overrides,
});

export const stockLine = (overrides: Partial<JobCandidateLine> = {}): JobCandidateLine => ({
  itemType: "Stock",
  code: "AS5001",
  variantCode: "AS5001-BLK",
  sizeQuantities: { S: 4, M: 6, L: 6, "2XL": 2 },
  ...overrides,
});

/** A job the demo account's simulator accepts as it stands. */
export function validCandidate(overrides: Partial<JobCandidate> = {}): JobCandidate {
  return {
    orderNumber: "PO-1001",
    description: "Karori seniors",
    dateDue: "2027-03-01",
    deliveryAddress: {
      deliveryMethod: "CPSTD",
      contactName: "Hana Moore",
      streetAddress: "10 Donald Street",
      suburb: "Karori",
      city: "Wellington",
      postalCode: "6012",
      countryCodeISO2: "NZ",
    },
    items: [priceCodeLine()],
    ...overrides,
  };
}
