import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResult, VendorClient } from "../../../src/api";
import { ENDPOINT_IDS, type EndpointId } from "../../../src/core/vendor";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { assetLine, priceCodeLine, stockLine, validCandidate } from "../../helpers/job-candidates";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient } from "../../helpers/sim-client";

let sim: RunningSimulator;
let client: VendorClient;
let jobNumber: number;
let cancelledJobNumber: number;

beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  client = simClient(sim);
  const job = await client.createJob(validCandidate({ items: [priceCodeLine(), assetLine(), stockLine()] }));
  // The first job is dispatched by now (tracking, invoice); the second is still editable.
  sim.simulator.clock.advance(5 * 86_400_000);
  const other = await client.createJob(validCandidate({ orderNumber: "PO-2" }));
  if (!job.ok || !other.ok) throw new Error("fixture jobs were not created");
  jobNumber = job.value.jobNumber;
  cancelledJobNumber = other.value.jobNumber;
});
afterAll(async () => sim.close());

/** One real call per endpoint; the record's type makes leaving an endpoint out a compile error. */
const CALLS: Record<EndpointId, () => Promise<ApiResult<unknown>>> = {
  listProcesses: () => client.listProcesses(),
  listPriceCodes: () => client.listPriceCodes({ page: 1, pageSize: 50 }),
  getPriceCode: () => client.getPriceCode("DTF Gang Sheet: Custom Size", { dgX: 20, dgY: 30 }),
  createJob: () =>
    client.createJob(
      validCandidate({
        orderNumber: "PO-3",
        items: [priceCodeLine({ code: 'LBL 2" x 1": Neck Label', quantity: 200, attributes: { LabelText: "KARORI" } })],
      }),
    ),
  getJob: () => client.getJob(jobNumber),
  patchJob: () => client.patchJob(cancelledJobNumber, { comments: "Please pack by team" }),
  cancelJob: () => client.cancelJob(cancelledJobNumber),
  listActiveJobs: () => client.listActiveJobs({ includeClosedJobs: true }),
  listDeliveryOptions: () => client.listDeliveryOptions(),
  getEarliestShipDate: () => client.getEarliestShipDate(["DTF", "SCR"]),
  listAssets: () => client.listAssets({ sortColumn: "CreateDate", sortDirection: "Descending", isArchived: false }),
  listGlobalAssets: () => client.listGlobalAssets({ page: 2, pageSize: 10 }),
  listAssetTypes: () => client.listAssetTypes(),
  getAsset: () => client.getAsset("A1042003"),
  getAssetFiles: () => client.getAssetFiles("A1042003"),
  getAssetJobs: () => client.getAssetJobs("A1042001"),
  getAccount: () => client.getAccount(),
  getCurrentUser: () => client.getCurrentUser(),
  listUsers: () => client.listUsers({ includeInactive: true, sortBy: "FirstName" }),
  getUser: () => client.getUser(502),
  listTransactions: () => client.listTransactions({ sortBy: "AmountSettlement", sortDirection: "ASC" }),
  getShipmentSettings: () => client.getShipmentSettings(),
  listCountries: () => client.listCountries(),
  listStates: () => client.listStates("US"),
  listJobStatuses: () => client.listJobStatuses(),
  listProcessCodes: () => client.listProcessCodes(),
  listSizeSets: () => client.listSizeSets(),
  listStock: () => client.listStock({ includePricing: true, markets: ["NZ"] }),
  getStockItem: () => client.getStockItem("AS5001-BLK", { includePricing: true }),
  getStockItemShipping: () => client.getStockItemShipping(8000),
  listStockShipping: () => client.listStockShipping("AU"),
  validatePromoCode: () => client.validatePromoCode("DTFDEAL", ["DTF", "SCR"]),
};

describe("every simulator response parses with the vendor schemas", () => {
  it("covers every endpoint in the spec's tables", () => {
    expect(Object.keys(CALLS).sort()).toEqual([...ENDPOINT_IDS].sort());
  });

  it.each(ENDPOINT_IDS)("%s", async (id) => {
    const result = await CALLS[id]();
    if (!result.ok)
      throw new Error(
        `${result.problem.kind} ${result.problem.status}: ${result.problem.title} ${result.problem.detail ?? ""}`,
      );
    expect(result.status).toBeLessThan(300);
  });
});
