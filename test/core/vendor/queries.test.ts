import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { encodeQuery } from "../../../src/api";
import {
  ENDPOINT_IDS,
  ENDPOINTS,
  parseQuery,
  pickDocumentedQuery,
  type EndpointId,
  type QueryOf,
} from "../../../src/core/vendor";

/** Any endpoint's query read through its schema. */
const readAny = (id: EndpointId, query: Iterable<readonly [string, string]>) =>
  parseQuery<z.core.$ZodLooseShape>(ENDPOINTS[id].query, query);

/** A query as the client writes it onto the address, read back as the simulator reads it. */
const readBack = (id: EndpointId, query: Parameters<typeof encodeQuery>[0]) =>
  readAny(id, new URLSearchParams(encodeQuery(query)));

describe("each endpoint's query schema", () => {
  const sent: { [Id in EndpointId]?: QueryOf<Id> } = {
    listPriceCodes: { page: 2, pageSize: 500, filter: "dtf" },
    getPriceCode: { dgX: 10.5, dgY: 4, stitches: 9000 },
    listActiveJobs: {
      excludeJobNumber: 300001,
      page: 3,
      pageSize: 100,
      searchText: "KTP 27001",
      includeClosedJobs: true,
      sortColumn: "DateDue",
      sortDirection: "Ascending",
      orderGroup: "G1",
      customerUserId: 501,
    },
    getEarliestShipDate: { processCodes: ["DTF", "EMB"] },
    listAssets: {
      page: 1,
      pageSize: 25,
      sortColumn: "CreateDate",
      sortDirection: "Descending",
      includeProcesses: ["SCR"],
      excludeProcesses: [],
      filter: "otago",
      isArchived: false,
      priceCodeContains: ["neck label"],
      priceCodeNotContains: ["glitter"],
    },
    listUsers: {
      includeInactive: true,
      page: 1,
      pageSize: 50,
      sortBy: "Email",
      sortDirection: "DESC",
      textFilter: "smith",
    },
    listTransactions: {
      page: 2,
      pageSize: 7,
      sortBy: "CreatedAt",
      sortDirection: "ASC",
      completedOnly: true,
      textFilter: "visa",
    },
    listStock: {
      page: 1,
      pageSize: 100,
      filter: "tee",
      includePricing: true,
      stockSortColumn: "StockName",
      stockSortDirection: "desc",
      variantSortColumn: "Colour",
      variantSortDirection: "asc",
      markets: ["US", "AU"],
      code: "AS5001-NVY",
      includeArchived: true,
    },
    getStockItem: {
      includePricing: false,
      variantSortColumn: "VariantCode",
      variantSortDirection: "Descending",
      includeArchived: false,
    },
    listStockShipping: { market: "AU" },
    validatePromoCode: { processCodes: ["DTF"] },
  };

  it.each(Object.entries(sent))("reads back what the client sends for %s, value for value", (id, query) => {
    const reading = readBack(id as EndpointId, query);
    expect(reading.ok && reading.value).toMatchObject(query);
  });

  it("names every parameter the endpoint table documents, and the proxy passes exactly those", () => {
    for (const id of ENDPOINT_IDS) {
      const names = Object.keys(ENDPOINTS[id].query.shape);
      expect(
        pickDocumentedQuery(id, [...names.map((name) => [name.toUpperCase(), "1"] as const), ["evil", "1"]]).map(
          ([name]) => name,
        ),
      ).toEqual(names);
    }
    expect(Object.keys(ENDPOINTS.listActiveJobs.query.shape)).toEqual([
      "excludeJobNumber",
      "page",
      "pageSize",
      "searchText",
      "includeClosedJobs",
      "sortColumn",
      "sortDirection",
      "orderGroup",
      "customerUserId",
    ]);
  });

  it("fills in the defaults the spec gives", () => {
    expect(parseQuery(ENDPOINTS.listAssets.query, [])).toEqual({
      ok: true,
      value: {
        page: 1,
        pageSize: 25,
        sortColumn: "AssetTag",
        sortDirection: "Ascending",
        includeProcesses: [],
        excludeProcesses: [],
        priceCodeContains: [],
        priceCodeNotContains: [],
      },
    });
    expect(parseQuery(ENDPOINTS.listActiveJobs.query, [])).toEqual({
      ok: true,
      value: { pageSize: 20, includeClosedJobs: false },
    });
    expect(parseQuery(ENDPOINTS.listUsers.query, [])).toMatchObject({
      ok: true,
      value: { includeInactive: false, page: 1, pageSize: 50, sortBy: "LastName", sortDirection: "ASC" },
    });
    expect(parseQuery(ENDPOINTS.listTransactions.query, [])).toMatchObject({
      ok: true,
      value: { page: 1, pageSize: 20, sortBy: "Id", sortDirection: "DESC", completedOnly: false },
    });
    expect(parseQuery(ENDPOINTS.listStock.query, [])).toEqual({
      ok: true,
      value: { markets: [], includeArchived: false },
    });
  });

  it(
    "reads names and documented values in any case, " + "the last of repeated parameters, and an empty value as none",
    () => {
      const query = [
        ["PAGESIZE", "5"],
        ["sortdirection", "descending"],
        ["IsArchived", "TRUE"],
        ["page", "2"],
        ["page", ""],
        ["includeProcesses", " scr, ,dtf "],
      ] as const;
      expect(parseQuery(ENDPOINTS.listAssets.query, query)).toMatchObject({
        ok: true,
        value: {
          page: 1,
          pageSize: 5,
          sortDirection: "Descending",
          isArchived: true,
          includeProcesses: ["scr", "dtf"],
        },
      });
      expect(parseQuery(ENDPOINTS.listStock.query, [["code", " AS5001 "]])).toMatchObject({
        ok: true,
        value: { code: " AS5001 " },
      });
    },
  );

  it.each([
    {
      description: "a page before the first",
      id: "listActiveJobs",
      query: [["page", "0"]],
      issue: { name: "page", value: "0", rule: "wholeNumber", min: 1, max: 100_000 },
    },
    {
      description: "more active jobs a page than the spec's 100",
      id: "listActiveJobs",
      query: [["pageSize", "101"]],
      issue: { name: "pageSize", value: "101", rule: "wholeNumber", min: 1, max: 100 },
    },
    {
      description: "a page number with a fraction",
      id: "listAssets",
      query: [["page", "2.0"]],
      issue: { name: "page", value: "2.0", rule: "wholeNumber", min: 1, max: 100_000 },
    },
    {
      description: "a customer user that is not a number",
      id: "listActiveJobs",
      query: [["customerUserId", "abc"]],
      issue: { name: "customerUserId", value: "abc", rule: "wholeNumber", min: 1, max: 2_147_483_647 },
    },
    {
      description: "a width that is not a number",
      id: "getPriceCode",
      query: [["dgX", "wide"]],
      issue: { name: "dgX", value: "wide", rule: "number" },
    },
    {
      description: "a yes-or-no that is neither",
      id: "listAssets",
      query: [["isArchived", "Maybe"]],
      issue: { name: "isArchived", value: "Maybe", rule: "trueOrFalse" },
    },
    {
      description: "a sort direction the endpoint does not take",
      id: "listUsers",
      query: [["sortDirection", "Ascending"]],
      issue: { name: "sortDirection", value: "Ascending", rule: "oneOf", values: ["ASC", "DESC"] },
    },
    {
      description: "a column the assets are not sorted by",
      id: "listAssets",
      query: [["SORTCOLUMN", "Colour"]],
      issue: {
        name: "sortColumn",
        value: "Colour",
        rule: "oneOf",
        values: ["AssetTag", "Description", "CreateDate", "ProcessCode", "PriceCode"],
      },
    },
  ] as const)(
    "refuses $description as an issue naming the parameter, the value and the rule",
    ({ id, query, issue }) => {
      expect(readAny(id, query)).toEqual({ ok: false, issues: [issue] });
    },
  );

  it("reports every unreadable value at once", () => {
    const reading = parseQuery(ENDPOINTS.listTransactions.query, [
      ["page", "x"],
      ["completedOnly", "yes"],
    ]);
    expect(reading.ok ? [] : reading.issues.map((issue) => issue.name)).toEqual(["page", "completedOnly"]);
  });
});
