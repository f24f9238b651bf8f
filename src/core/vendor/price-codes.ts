import { z } from "zod";
import { nullableInt, nullableNumber, nullableString, openEnum } from "./schema-helpers";

export const PriceBand = z.object({
  from: z.int(),
  to: nullableInt(),
  unitPrice: z.number(),
});
export type PriceBand = z.infer<typeof PriceBand>;

export const ATTRIBUTE_TYPES = ["text", "int", "decimal", "select"] as const;
export const AttributeType = openEnum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof AttributeType>;

export const EnumerableValue = z.object({
  value: z.string(),
  text: nullableString(),
  selected: z.boolean().nullish(),
});
export type EnumerableValue = z.infer<typeof EnumerableValue>;

/**
 * One question on a price code. The subtypes (text, int, decimal, select) are not
 * discriminated by the vendor, so the subtype fields are all optional and code branches on `type`.
 */
export const AttributeDefinition = z.object({
  name: z.string(),
  label: nullableString(),
  type: AttributeType,
  description: nullableString(),
  required: z.boolean().nullish(),
  isMetaDataAttribute: z.boolean().nullish(),
  enumerableValues: z.array(EnumerableValue).nullish(),
  assetAttributeName: nullableString(),
  minLength: nullableInt(),
  maxLength: nullableInt(),
  minValue: nullableNumber(),
  maxValue: nullableNumber(),
});
export type AttributeDefinition = z.infer<typeof AttributeDefinition>;

export const SIZE_UNITS = ["cm", "in", "mm"] as const;

export const PriceCode = z.object({
  priceCode: nullableString(),
  description: nullableString(),
  categoryCode: nullableString(),
  categoryName: nullableString(),
  name: nullableString(),
  processCode: nullableString(),
  masterProcessCode: nullableString(),
  minimumQuantity: z.int(),
  externalSupplier: nullableString(),
  externalPriceCode: nullableString(),
  hasMetaDataAttributes: z.boolean(),
  standardSetup: nullableNumber(),
  standardReset: nullableNumber(),
  sampleAvailable: z.boolean(),
  samplePrice: nullableNumber(),
  sampleLabel: nullableString(),
  sizeUnit: openEnum(SIZE_UNITS).nullish(),
  sizeWidth: nullableNumber(),
  sizeHeight: nullableNumber(),
  attributes: z.array(AttributeDefinition).nullish(),
  priceBands: z.array(PriceBand).nullish(),
});
export type PriceCode = z.infer<typeof PriceCode>;

export const PriceCodeList = z.array(PriceCode);

export const Process = z.object({
  processCode: z.string(),
  description: nullableString(),
  active: z.boolean(),
  sheetRank: nullableInt(),
  sheetColor: nullableString(),
  tooltip: nullableString(),
  mapsToMaster: nullableString(),
  maximumSheetUnit: openEnum(SIZE_UNITS).nullish(),
  maximumSheetWidth: nullableNumber(),
  maximumSheetHeight: nullableNumber(),
});
export type Process = z.infer<typeof Process>;

export const ProcessesResponse = z.object({ processes: z.array(Process) });
export type ProcessesResponse = z.infer<typeof ProcessesResponse>;
