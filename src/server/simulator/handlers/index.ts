import type { EndpointId } from "../../../core/vendor";
import * as account from "./account";
import * as assets from "./assets";
import type { Handler } from "./context";
import * as jobs from "./jobs";
import * as lookups from "./lookups";
import * as priceCodes from "./price-codes";
import * as promo from "./promo";
import * as stock from "./stock";

/** One handler for every documented endpoint; the type makes a missing one a compile error. */
export const HANDLERS: Readonly<Record<EndpointId, Handler>> = {
  ...priceCodes,
  createJob: jobs.createJob,
  getJob: jobs.getJob,
  patchJob: jobs.patchJob,
  cancelJob: jobs.cancelJob,
  listActiveJobs: jobs.listActiveJobs,
  listDeliveryOptions: jobs.listDeliveryOptions,
  getEarliestShipDate: jobs.getEarliestShipDate,
  ...assets,
  ...account,
  ...lookups,
  listStock: stock.listStock,
  getStockItem: stock.getStockItem,
  getStockItemShipping: stock.getStockItemShipping,
  listStockShipping: stock.listStockShipping,
  ...promo,
};
