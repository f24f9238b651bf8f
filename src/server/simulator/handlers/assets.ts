import { type ASSET_SORT_COLUMNS, ENDPOINTS, type Asset } from "../../../core/vendor";
import { assetFilesFor, type SimAsset } from "../fixtures/assets";
import { PROCESSES } from "../fixtures/catalogue";
import { readQuery } from "../read-query";
import { fieldErrors, notFound, ok, type SimResponse } from "../sim-response";
import { findAsset, jobProgress } from "../state";
import { compareBy, pagedEnvelope, type Handler, type HandlerContext } from "./context";

/** Customer credentials never see the back-office `attributes` (the key is absent). */
function publicAsset(asset: SimAsset): Asset {
  const { ownerId: _owner, attributes: _attributes, ...visible } = asset;
  return visible;
}

function listFrom(source: readonly SimAsset[], { query, url }: HandlerContext): SimResponse {
  // Global assets are read by the same query as the account's own.
  const read = readQuery(ENDPOINTS.listAssets.query, query);
  if (!read.ok) return read.refusal;
  const { page, pageSize, sortColumn, sortDirection: direction, isArchived, filter } = read.value;
  const include = read.value.includeProcesses.map((p) => p.toUpperCase());
  const exclude = read.value.excludeProcesses.map((p) => p.toUpperCase());
  const contains = read.value.priceCodeContains.map((p) => p.toLowerCase());
  const notContains = read.value.priceCodeNotContains.map((p) => p.toLowerCase());
  const needle = filter?.toLowerCase();
  const keys: Record<(typeof ASSET_SORT_COLUMNS)[number], (asset: SimAsset) => string | null> = {
    AssetTag: (a) => a.assetTag ?? null,
    Description: (a) => a.description ?? null,
    CreateDate: (a) => a.createDate,
    ProcessCode: (a) => a.processCode ?? null,
    PriceCode: (a) => a.priceCode ?? null,
  };
  const matching = source
    .filter((a) => isArchived === undefined || a.isArchived === isArchived)
    .filter((a) => include.length === 0 || include.includes((a.processCode ?? "").toUpperCase()))
    .filter((a) => !exclude.includes((a.processCode ?? "").toUpperCase()))
    .filter(
      (a) =>
        contains.length === 0 || (a.priceCode != null && contains.some((c) => a.priceCode?.toLowerCase().includes(c))),
    )
    .filter((a) => a.priceCode == null || !notContains.some((c) => a.priceCode?.toLowerCase().includes(c)))
    .filter(
      (a) =>
        needle === undefined ||
        [a.assetTag, a.description, a.priceCode, a.garment].some((text) => text?.toLowerCase().includes(needle)),
    )
    .sort(compareBy(keys[sortColumn], direction === "Descending"));
  return ok(pagedEnvelope(matching.map(publicAsset), page, pageSize, filter, url));
}

export const listAssets: Handler = (context) => listFrom(context.state.assets, context);
export const listGlobalAssets: Handler = (context) => listFrom(context.state.globalAssets, context);

export const listAssetTypes: Handler = ({ state }) =>
  ok(
    PROCESSES.filter((p) => state.account.processCodes.includes(p.code) && p.code !== "STK").map((p) => ({
      process: p.code,
      assetType: p.description,
    })),
  );

/** The single-asset form also carries `externalId` and `customerId`; text/plain and text/json are honoured. */
export const getAsset: Handler = ({ state, params, headers }) => {
  const asset = findAsset(state, params["assetTag"] ?? "");
  if (asset === undefined) return notFound(`No asset with tag "${params["assetTag"]}" on this account.`);
  const accept = headers.accept ?? "";
  const contentType = accept.includes("text/plain")
    ? "text/plain"
    : accept.includes("text/json")
      ? "text/json"
      : undefined;
  return { ...ok(publicAsset(asset)), ...(contentType ? { contentType } : {}) };
};

export const getAssetFiles: Handler = ({ state, params }) => {
  const asset = findAsset(state, params["assetTag"] ?? "");
  return asset === undefined
    ? notFound(`No asset with tag "${params["assetTag"]}" on this account.`)
    : ok(assetFilesFor(asset));
};

/** Active jobs first, then by dispatch date, newest first; the caller's own jobs only. */
export const getAssetJobs: Handler = ({ core, state, params }) => {
  const asset = findAsset(state, params["assetCode"] ?? "");
  if (asset === undefined) return fieldErrors({ assetCode: [`"${params["assetCode"]}" is not a valid asset code.`] });
  const now = core.now();
  const jobs = [...state.jobs.values()]
    .filter((job) => job.lines.some((line) => line.assetSku === asset.assetTag))
    .map((job) => {
      const progress = jobProgress(job, now);
      const quantity = job.lines.find((line) => line.assetSku === asset.assetTag)?.quantity ?? null;
      return {
        jobNumber: job.jobNumber,
        orderNumber: job.orderNumber,
        description: job.description,
        quantity,
        dateOut: progress.dateOut,
        masterJobStatus: progress.status,
        isActive: progress.dateOut === null && !progress.isCancelled,
      };
    })
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || (b.dateOut ?? "").localeCompare(a.dateOut ?? ""))
    .map(({ isActive: _active, ...job }) => job);
  return ok({ assetCode: asset.assetTag ?? "", jobs, totalCount: jobs.length });
};
