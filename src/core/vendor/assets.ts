import { z } from "zod";
import { PagedEnvelope } from "./common";
import { PriceBand } from "./price-codes";
import { JobStatusName } from "./jobs";
import { nullableInt, nullableString } from "./schema-helpers";

export const Asset = z.object({
  assetId: z.int(),
  assetTag: nullableString(),
  processCode: nullableString(),
  description: nullableString(),
  garment: nullableString(),
  priceTierCode: nullableString(),
  setup: z.number(),
  reset: z.number(),
  priceCode: nullableString(),
  assetUrl: nullableString(),
  createDate: z.string(),
  isGlobal: z.boolean(),
  isArchived: z.boolean(),
  priceBands: z.array(PriceBand),
  externalId: nullableString(),
  customerId: nullableInt(),
  attributes: z.record(z.string(), z.unknown()).nullish(),
});
export type Asset = z.infer<typeof Asset>;

export const AssetPage = PagedEnvelope(Asset);

export const AssetFile = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.int(),
  dateUploaded: z.string(),
  isImage: z.boolean(),
  cdnUrl: z.string(),
});
export const HistoricAssetFile = AssetFile.extend({ action: nullableString() });
export type AssetFile = z.infer<typeof AssetFile>;

export const AssetFiles = z.object({
  assetTag: z.string(),
  currentFiles: z.array(AssetFile),
  historicFiles: z.array(HistoricAssetFile),
});
export type AssetFiles = z.infer<typeof AssetFiles>;

export const AssetType = z.object({ process: z.string(), assetType: z.string() });
export type AssetType = z.infer<typeof AssetType>;
export const AssetTypeList = z.array(AssetType);

export const AssetJob = z.object({
  jobNumber: z.int(),
  orderNumber: nullableString(),
  description: nullableString(),
  quantity: nullableInt(),
  dateOut: nullableString(),
  masterJobStatus: JobStatusName.nullish(),
});
export const AssetJobs = z.object({
  assetCode: z.string(),
  jobs: z.array(AssetJob),
  totalCount: z.int(),
});
export type AssetJobs = z.infer<typeof AssetJobs>;
