import { describe, expect, it } from "vitest";
import { buildEndpointPath, isValidPathParam, matchEndpoint, pickDocumentedQuery } from "../../../src/core/vendor";

describe("matchEndpoint", () => {
  it.each([
    ["GET", "/Jobs/active", "listActiveJobs", {}],
    ["GET", "/jobs/ACTIVE", "listActiveJobs", {}],
    ["GET", "/Jobs/300001", "getJob", { jobNumber: "300001" }],
    ["PATCH", "/Jobs/300001", "patchJob", { jobNumber: "300001" }],
    ["POST", "/Jobs/300001/cancel", "cancelJob", { jobNumber: "300001" }],
    ["POST", "/Jobs", "createJob", {}],
    ["GET", "/PriceCodes/processes", "listProcesses", {}],
    [
      "GET",
      "/PriceCodes/DTF%2010%22%20x%2010%22%3A%20Full%20Colour",
      "getPriceCode",
      { priceCode: 'DTF 10" x 10": Full Colour' },
    ],
    ["GET", "/PriceCodes/A%2FB", "getPriceCode", { priceCode: "A/B" }],
    ["GET", "/Assets/global", "listGlobalAssets", {}],
    ["GET", "/Assets/A1042001/files", "getAssetFiles", { assetTag: "A1042001" }],
    ["GET", "/Assets/A1042001/jobs", "getAssetJobs", { assetCode: "A1042001" }],
    ["GET", "/stock/shipping", "listStockShipping", {}],
    ["GET", "/Stock/shipping", "listStockShipping", {}],
    ["GET", "/stock/8000/shipping", "getStockItemShipping", { stockItemId: "8000" }],
    ["GET", "/Stock/AS5001-BLK", "getStockItem", { code: "AS5001-BLK" }],
    ["GET", "/Lookups/countries/au/states", "listStates", { countryCode: "au" }],
    ["GET", "/account/users/501", "getUser", { userId: "501" }],
    ["GET", "/promocode/validate/WELCOME10", "validatePromoCode", { code: "WELCOME10" }],
    ["GET", "/account/", "getAccount", {}],
  ])("%s %s is %s", (method, path, id, params) => {
    expect(matchEndpoint(method, path)).toEqual({ id, params });
  });

  it.each([
    ["DELETE", "/Jobs/1"],
    ["GET", "/Jobs/0"],
    ["GET", "/Jobs/-1"],
    ["GET", "/Jobs/99999999999"],
    ["GET", "/Jobs/1e3"],
    ["GET", "/Lookups/countries/NZL/states"],
    ["GET", "/Assets/.."],
    ["GET", "/Assets/%2e%2e"],
    ["GET", "/Assets/%2E"],
    ["GET", "/Assets/a%5Cb"],
    ["GET", "/Assets/a\\b"],
    ["GET", "/Assets/%00"],
    ["GET", "/Assets/%E0%A4%A"],
    ["GET", "//evil.example/Jobs/active"],
    ["GET", "/Jobs//active"],
    ["GET", "Jobs/active"],
    ["GET", "/Admin"],
    ["GET", `/Assets/${"x".repeat(201)}`],
  ])("refuses %s %s", (method, path) => {
    expect(matchEndpoint(method, path)).toBeUndefined();
  });
});

describe("buildEndpointPath", () => {
  it("percent-encodes the whole price code, quotes, colon and spaces included", () => {
    expect(buildEndpointPath("getPriceCode", { priceCode: `SCR 11" x 14": 2 Colour (it's)` })).toBe(
      "/PriceCodes/SCR%2011%22%20x%2014%22%3A%202%20Colour%20%28it%27s%29",
    );
  });

  it("refuses invalid parameters as a programming error", () => {
    expect(() => buildEndpointPath("getJob", { jobNumber: "../1" })).toThrow();
    expect(() => buildEndpointPath("getAsset", { assetTag: ".." })).toThrow();
    expect(() => buildEndpointPath("getAsset", {})).toThrow();
  });

  it("round-trips through matchEndpoint", () => {
    const code = 'HTV Name 2": Single Colour';
    expect(matchEndpoint("GET", buildEndpointPath("getPriceCode", { priceCode: code }))?.params).toEqual({
      priceCode: code,
    });
  });
});

describe("query and parameter rules", () => {
  it("keeps documented query parameters under their documented spelling", () => {
    expect(
      pickDocumentedQuery("listAssets", [
        ["PAGESIZE", "10"],
        ["evil", "1"],
        ["isArchived", "true"],
      ]),
    ).toEqual([
      ["pageSize", "10"],
      ["isArchived", "true"],
    ]);
    expect(pickDocumentedQuery("getAccount", [["page", "1"]])).toEqual([]);
  });

  it.each([
    ["int", "42", true],
    ["int", "042", false],
    ["countryCode", "NZ", true],
    ["countryCode", "N1", false],
    ["text", 'DTF 4" x 4": Full Colour', true],
    ["text", "...", true],
    ["text", "", false],
  ] as const)("%s %j valid: %s", (kind, value, valid) => {
    expect(isValidPathParam(kind, value)).toBe(valid);
  });
});
