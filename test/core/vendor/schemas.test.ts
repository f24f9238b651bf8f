import { describe, expect, it } from "vitest";
import { ActiveJob, AttributeDefinition, FreightRate, JobLine, PriceCode, ProblemBody } from "../../../src/core/vendor";

describe("vendor schemas tolerate what the vendor may add", () => {
  it("accepts unknown keys without failing", () => {
    const parsed = PriceCode.safeParse({
      minimumQuantity: 10,
      hasMetaDataAttributes: false,
      sampleAvailable: false,
      brandNewField: { x: 1 },
    });
    expect(parsed.success).toBe(true);
  });

  it.each([
    ["a new attribute type", AttributeDefinition, { name: "Stitches", type: "stitchCount" }],
    [
      "a new job status",
      ActiveJob,
      { jobNumber: 1, mustDate: false, masterJobStatus: "Awaiting Payment", tracking: [] },
    ],
    ["a new line status", JobLine, { jobLineId: 1, quantity: 1, unitPrice: 1, jobLineStatus: "Quality Hold" }],
    ["a new charge type", FreightRate, { chargeType: "per_kilogram", value: 2, isDefault: true }],
    [
      "a new size unit",
      PriceCode,
      { minimumQuantity: 1, hasMetaDataAttributes: false, sampleAvailable: false, sizeUnit: "px" },
    ],
  ])("accepts %s", (_name, schema, input) => {
    expect(schema.safeParse(input).success).toBe(true);
  });

  it("treats missing nullable fields like null", () => {
    const parsed = PriceCode.parse({ minimumQuantity: 1, hasMetaDataAttributes: false, sampleAvailable: false });
    expect(parsed.priceCode).toBeUndefined();
    expect(parsed.priceBands ?? null).toBeNull();
  });

  it("still rejects a wrong type where the spec fixes one", () => {
    expect(
      PriceCode.safeParse({ minimumQuantity: "ten", hasMetaDataAttributes: false, sampleAvailable: false }).success,
    ).toBe(false);
  });

  it("reads both validation variants of a problem body", () => {
    expect(ProblemBody.parse({ status: 400, errors: { pageSize: ["too big"] } }).errors).toEqual({
      pageSize: ["too big"],
    });
    expect(
      ProblemBody.parse({ status: 400, isValid: false, validationMessages: [{ errorCode: "X", message: "m" }] })
        .validationMessages,
    ).toHaveLength(1);
  });
});
