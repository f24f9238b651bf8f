import { z } from "zod";
import { PriceBand } from "./price-codes";
import { ShipmentTypeOption as SettingsShipmentTypeOption } from "./account";
import { nullableInt, nullableNumber, nullableString, openEnum } from "./schema-helpers";

export const StockVariant = z.object({
  variantCode: z.string(),
  colour: nullableString(),
  variantImageUrl: nullableString(),
  numberOfSizes: z.int(),
  sizesCsv: z.string(),
});
export type StockVariant = z.infer<typeof StockVariant>;

const ShipmentTypeOption = SettingsShipmentTypeOption.extend({ price: nullableNumber() });

const FulfilmentLocation = z.object({
  locationCode: z.string(),
  locationName: nullableString(),
  locale: nullableString(),
});

const shippingDimensions = {
  markets: z.array(z.string()),
  shipMode: nullableString(),
  weight: nullableNumber(),
  weightUnit: openEnum(["kg", "lb"] as const).nullish(),
  length: nullableNumber(),
  width: nullableNumber(),
  height: nullableNumber(),
  dimensionUnit: openEnum(["cm", "in"] as const).nullish(),
  fixedShipping: nullableNumber(),
  groundOnly: z.boolean(),
  estimatedLeadDays: nullableInt(),
  shipmentTypeOptions: z.array(ShipmentTypeOption),
};

/** Shipping configuration as embedded in a single stock item. */
export const ShippingConfigSummary = z.object({
  id: z.int(),
  ...shippingDimensions,
  fulfilmentLocations: z.array(FulfilmentLocation),
});

/** Shipping record from `/stock/shipping` and `/stock/{stockItemId}/shipping`. */
export const StockShippingRecord = z.object({
  id: z.int(),
  stockItemId: z.int(),
  ...shippingDimensions,
  fulfilmentLocations: z.array(
    FulfilmentLocation.extend({ shipFromCity: nullableString(), shipFromCountryCodeIso2: nullableString() }),
  ),
  active: z.boolean(),
  createdAt: nullableString(),
  updatedAt: nullableString(),
});
export type StockShippingRecord = z.infer<typeof StockShippingRecord>;
export const StockShippingRecordList = z.array(StockShippingRecord);

export const StockItem = z.object({
  supplier: nullableString(),
  categoryName: nullableString(),
  categoryUnitId: z.union([z.int(), z.string()]).nullish(),
  stockCode: z.string(),
  processCode: nullableString(),
  stockName: nullableString(),
  stockDescription: nullableString(),
  stockSpecifications: nullableString(),
  priceCompatibleLookupCode: nullableString(),
  rank: nullableInt(),
  stockVariants: z.array(StockVariant),
  stockImageUrl: nullableString(),
  images: z.array(z.object({ url: z.string(), name: nullableString(), altText: nullableString() })).nullish(),
  showAvailableStock: z.boolean().nullish(),
  shippingConfigs: z.array(ShippingConfigSummary).nullish(),
  markets: z.array(z.string()).nullish(),
  badges: z.array(z.string()).nullish(),
  slug: nullableString(),
  seoTitle: nullableString(),
  seoDescription: nullableString(),
  priceBands: z.array(PriceBand).nullish(),
});
export type StockItem = z.infer<typeof StockItem>;
export const StockItemList = z.array(StockItem);
