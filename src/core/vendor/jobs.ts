import { z } from "zod";
import { nullableInt, nullableNumber, nullableString, openEnum } from "./schema-helpers";

/** Job status names come from `GET /Lookups/job-statuses`; these are only the ones seen so far. */
export const KNOWN_JOB_STATUSES = [
  "Received",
  "Awaiting Artwork",
  "Proofing",
  "Scheduled",
  "In Production",
  "Dispatched",
  "Closed",
  "Cancelled",
  "Returned",
  "On Hold",
] as const;
export const JobStatusName = openEnum(KNOWN_JOB_STATUSES);

export const JobPermissions = z.object({
  canEdit: z.boolean(),
  lockedReason: nullableString(),
});
export type JobPermissions = z.infer<typeof JobPermissions>;

export const JobLine = z.object({
  jobLineId: z.int(),
  assetSku: nullableString(),
  processCode: nullableString(),
  garment: nullableString(),
  description: nullableString(),
  comments: nullableString(),
  quantity: z.int(),
  unitPrice: z.number(),
  customerReference: nullableString(),
  imageUrl: nullableString(),
  gang: nullableString(),
  jobLineStatus: JobStatusName.nullish(),
});
export type JobLine = z.infer<typeof JobLine>;

export const ShippingAddressTracking = z.object({
  trackingNumber: nullableString(),
  trackingLink: nullableString(),
});

export const Job = z.object({
  jobNumber: z.int(),
  description: nullableString(),
  comments: nullableString(),
  jobStatus: JobStatusName.nullish(),
  orderNumber: nullableString(),
  dateDue: z.string(),
  mustDate: z.boolean(),
  creator: nullableString(),
  invoiceNumber: nullableString(),
  orderGroup: nullableString(),
  orderGroupSequence: nullableInt(),
  customerId: z.int(),
  dateIn: nullableString(),
  dateOut: nullableString(),
  shippedDateStatus: nullableString(),
  shippedDaysToProcess: nullableNumber(),
  processingDays: nullableNumber(),
  taxTotal: nullableNumber(),
  isCancelable: z.boolean(),
  permissions: JobPermissions.nullish(),
  location: z.object({ name: nullableString(), timezone: nullableString() }).nullish(),
  invoiceFile: z.object({ uri: nullableString(), uriExpires: nullableString() }).nullish(),
  lines: z.array(JobLine),
  shippingAddresses: z.array(ShippingAddressTracking),
});
export type Job = z.infer<typeof Job>;

export const ActiveJob = z.object({
  permissions: JobPermissions.nullish(),
  jobNumber: z.int(),
  masterJobStatus: JobStatusName.nullish(),
  originCode: nullableString(),
  description: nullableString(),
  mustDate: z.boolean(),
  dateDue: nullableString(),
  dateOut: nullableString(),
  shippedDaysToProcess: nullableNumber(),
  orderNumber: nullableString(),
  orderGroup: nullableString(),
  orderGroupSequence: nullableInt(),
  tracking: z.array(z.object({ trackingNumber: z.string(), trackingLink: nullableString() })),
});
export type ActiveJob = z.infer<typeof ActiveJob>;

export const ActiveJobsEnvelope = z.object({
  items: z.array(ActiveJob),
  totalCount: z.int(),
  pageNumber: z.int(),
  pageSize: z.int(),
  totalPages: z.int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type ActiveJobsEnvelope = z.infer<typeof ActiveJobsEnvelope>;

export const JobLineDetail = z.object({
  needsArtworkToBeUploaded: z.boolean(),
  customerReference: nullableString(),
  quantity: z.int(),
  newAssetSku: nullableString(),
  jobLineLabelUrl: nullableString(),
});
export type JobLineDetail = z.infer<typeof JobLineDetail>;

export const JobCreateResult = z.object({
  jobNumber: z.int(),
  location: nullableString(),
  dateDue: nullableString(),
  totalJobCost: z.number(),
  expectingArtworkToBeUploaded: z.boolean(),
  jobLineDetails: z.array(JobLineDetail),
  customerId: nullableInt(),
  userId: nullableInt(),
});
export type JobCreateResult = z.infer<typeof JobCreateResult>;

/**
 * The answer to a valid `validateOnly` request. The spec does not show its status or shape
 * beyond "a confirmation message", so every field is optional and callers treat any 2xx as valid.
 */
export const ValidateOnlyResult = z.object({
  isValid: z.boolean().nullish(),
  message: nullableString(),
  validationMessages: z.array(z.object({ errorCode: nullableString(), message: nullableString() })).nullish(),
});
export type ValidateOnlyResult = z.infer<typeof ValidateOnlyResult>;

export const DeliveryOption = z.object({
  code: z.string(),
  label: nullableString(),
  isCollection: z.boolean(),
  rank: nullableInt(),
  gangRank: nullableInt(),
  value: nullableString(),
  deliveryLabelEnabled: z.boolean().nullish(),
});
export type DeliveryOption = z.infer<typeof DeliveryOption>;
export const DeliveryOptionList = z.array(DeliveryOption);

export const ShipDate = z.object({
  shippingDateUtc: z.string(),
  shippingDateLocal: z.string(),
  timezone: nullableString(),
  dateExclusions: z.array(z.object({ dateFrom: z.string(), dateTo: z.string() })).nullish(),
});
export type ShipDate = z.infer<typeof ShipDate>;

export const DeliveryAddress = z.object({
  streetAddress: nullableString(),
  address2: nullableString(),
  suburb: nullableString(),
  city: nullableString(),
  state: nullableString(),
  stateCode: nullableString(),
  postalCode: nullableString(),
  countryCodeISO2: nullableString(),
  country: nullableString(),
  deliveryMethod: nullableString(),
  shippingInstructions: nullableString(),
  contactName: nullableString(),
  organisation: nullableString(),
  phone: nullableString(),
  mobile: nullableString(),
  emailAddress: nullableString(),
  isSaturdayDelivery: z.boolean().nullish(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

export const LINE_ITEM_TYPES = ["PriceCode", "Asset", "Stock"] as const;
export const LineItemType = openEnum(LINE_ITEM_TYPES);

export const AttributeValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * One job line as sent. The vendor selects the line class by `itemType` and documents
 * further classes without naming them, so every class's fields are accepted on the one shape.
 */
export const JobCandidateLine = z.object({
  itemType: LineItemType,
  code: nullableString(),
  quantity: nullableInt(),
  customerReference: nullableString(),
  groupHead: nullableString(),
  group: nullableString(),
  attributes: z.record(z.string(), AttributeValue).nullish(),
  externalArtworkUrl: nullableString(),
  externalId: nullableString(),
  isSample: z.boolean().nullish(),
  garment: nullableString(),
  comment: nullableString(),
  variantCode: nullableString(),
  sizeQuantities: z.record(z.string(), z.int()).nullish(),
  size: nullableString(),
  customName: nullableString(),
  description: nullableString(),
});
export type JobCandidateLine = z.infer<typeof JobCandidateLine>;

export const JobCandidate = z.object({
  orderNumber: nullableString(),
  orderComment: nullableString(),
  customerUserId: nullableInt(),
  dateDue: nullableString(),
  mustDate: z.boolean().nullish(),
  timeSensitive: z.boolean().nullish(),
  description: nullableString(),
  deliveryAddress: DeliveryAddress.nullish(),
  promocode: nullableString(),
  items: z.array(JobCandidateLine).nullish(),
  orderGroup: nullableString(),
  orderGroupSequence: nullableInt(),
  validateOnly: z.boolean().nullish(),
  locationCodeOverride: nullableString(),
});
export type JobCandidate = z.infer<typeof JobCandidate>;

export const PatchJobDto = z.object({
  description: nullableString(),
  comments: nullableString(),
  orderNumber: nullableString(),
  mustDate: z.boolean().nullish(),
  dateDue: nullableString(),
  locationCode: nullableString(),
});
export type PatchJobDto = z.infer<typeof PatchJobDto>;

/** The storefront-style request: a JobCandidate that also carries order totals and payment data. */
export const StorefrontJobCandidate = JobCandidate.extend({
  itemsTotal: nullableNumber(),
  taxTotal: nullableNumber(),
  taxLines: z.array(z.object({ title: nullableString(), rate: nullableNumber(), price: nullableNumber() })).nullish(),
  totalAmount: nullableNumber(),
  shippingTotal: nullableNumber(),
  shippingType: nullableString(),
  paymentType: z.array(z.unknown()).nullish(),
  discounts: z
    .array(
      z.object({
        name: nullableString(),
        target: nullableString(),
        value: nullableNumber(),
        targetValue: nullableString(),
        isDiscountCode: z.boolean().nullish(),
      }),
    )
    .nullish(),
  userDetails: z.unknown().optional(),
  customerId: nullableInt(),
  userId: nullableInt(),
  shopName: nullableString(),
  shopOrderName: nullableString(),
  shopOrderId: nullableString(),
  currencyCode: nullableString(),
});
export type StorefrontJobCandidate = z.infer<typeof StorefrontJobCandidate>;
