import { z } from "zod";
import { PagedEnvelope } from "./common";
import { nullableInt, nullableNumber, nullableString, openEnum } from "./schema-helpers";

export const EntityAddress = z.object({
  id: nullableInt(),
  streetAddress: nullableString(),
  addressLine2: nullableString(),
  city: nullableString(),
  state: nullableString(),
  stateFull: nullableString(),
  postalCode: nullableString(),
  countryCode: nullableString(),
  countryName: nullableString(),
  contactName: nullableString(),
  organisation: nullableString(),
  phone: nullableString(),
  emailAddress: nullableString(),
  addressSummaryOneLine: nullableString(),
});

export const TaxCertificate = z.object({
  id: z.int(),
  customerId: z.int(),
  name: nullableString(),
  businessName: nullableString(),
  exemptionNumber: nullableString(),
  employerIdentificationNumber: nullableString(),
  businessEntityId: nullableString(),
  licenseExpiryDate: nullableString(),
  exemptionType: nullableString(),
  exemptionState: nullableString(),
  fileName: nullableString(),
  hasFile: z.boolean(),
  createdAt: nullableString(),
  updatedAt: nullableString(),
  entityFileId: nullableInt(),
  cdnUrl: nullableString(),
  fileStatus: nullableString(),
  fileStatusDescription: nullableString(),
});

export const PaymentMethod = z.object({
  id: z.string(),
  gatewayProvider: nullableString(),
  cardName: nullableString(),
  cardNumber: nullableString(),
  cardExpiry: nullableString(),
  cardHolderName: nullableString(),
  dateCreatedUtc: nullableString(),
  isDefault: z.boolean(),
});

export const AccountProfile = z.object({
  id: z.int(),
  name: nullableString(),
  priceTierCode: nullableString(),
  currency: z.string(),
  taxRateType: nullableString(),
  taxRate: nullableNumber(),
  taxSystemTaxExempt: z.boolean().nullish(),
  taxSystemTaxExemptReason: nullableString(),
  showPayNow: z.boolean().nullish(),
  creditCardRequired: z.boolean().nullish(),
  shipmentCarriersCSV: nullableString(),
  excludeShipmentsCsv: nullableString(),
  courierAccountCode: nullableString(),
  courierSiteID: nullableString(),
  crmId: nullableString(),
  accountManagerName: nullableString(),
  accountManagerEmail: nullableString(),
  tierLast12Months: nullableString(),
  paymentTermDays: nullableInt(),
  paymentTermType: nullableString(),
  entityAddress: EntityAddress.nullish(),
  taxCertificates: z.array(TaxCertificate).nullish(),
  paymentMode: nullableString(),
  paymentMethods: z.array(PaymentMethod).nullish(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

export const UserSummary = z.object({
  id: z.int(),
  guid: nullableString(),
  userName: nullableString(),
  firstName: nullableString(),
  lastName: nullableString(),
  emailAddress: nullableString(),
  active: z.boolean(),
  locationName: nullableString(),
  usernameLoginOnly: z.boolean().nullish(),
  lastLogin: nullableString(),
  loginCount: nullableInt(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UserPage = PagedEnvelope(UserSummary);

export const FullUser = UserSummary.extend({
  customerId: z.int(),
  customerName: nullableString(),
  phone: nullableString(),
  mobile: nullableString(),
  streetAddress: nullableString(),
  addressLine2: nullableString(),
  suburb: nullableString(),
  city: nullableString(),
  state: nullableString(),
  postalCode: nullableString(),
  country: nullableString(),
  locationID: nullableInt(),
  defaultPage: nullableString(),
  orderNumberPrefix: z.string().max(5).nullish(),
  receiveEmails: z.boolean().nullish(),
  promotionRecipient: z.boolean().nullish(),
  receiveInvoice: z.boolean().nullish(),
  receiveInwards: z.boolean().nullish(),
  textNotifyProof: z.boolean().nullish(),
  textNotifyDispatch: z.boolean().nullish(),
});
export type FullUser = z.infer<typeof FullUser>;

export const TRANSACTION_STATUSES = ["completed", "pending", "failed", "cancelled"] as const;

export const PaymentTransaction = z.object({
  id: z.int(),
  gatewayType: nullableString(),
  transactionStatus: openEnum(TRANSACTION_STATUSES).nullish(),
  createdAt: nullableString(),
  completedAt: nullableString(),
  cardName: nullableString(),
  cardNumber: nullableString(),
  cardExpiry: nullableString(),
  currencySettlement: nullableString(),
  amountSettlement: z.number(),
  merchantEntityType: nullableString(),
  merchantEntityId: nullableInt(),
});
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;
export const TransactionPage = PagedEnvelope(PaymentTransaction);

export const CHARGE_TYPES = ["markup_on_order", "fixed_per_package", "flat_per_job"] as const;

export const FreightRate = z.object({
  carrier: nullableString(),
  carrierName: nullableString(),
  service: nullableString(),
  serviceName: nullableString(),
  package: nullableString(),
  packageName: nullableString(),
  chargeType: openEnum(CHARGE_TYPES),
  value: z.number(),
  minimum: nullableNumber(),
  isDefault: z.boolean(),
});

export const ShipmentTypeOption = z.object({ code: z.string(), name: nullableString() });

export const ShipmentSettings = z.object({
  availableCarriers: z.array(z.string()),
  carrierOptions: z.array(z.string()),
  receiverPays: z
    .object({
      billingAccountNumber: nullableString(),
      billingPostalCode: nullableString(),
      billingCountryCode: nullableString(),
    })
    .nullish(),
  showCustomerAddressOnLabel: z.boolean(),
  handlingFee: z.number(),
  applyHandlingFeeInsteadOfFreight: z.boolean(),
  jobComment: nullableString(),
  availableShipmentTypes: z.array(z.string()),
  shipmentTypeOptions: z.array(ShipmentTypeOption),
  freightRates: z.array(FreightRate),
});
export type ShipmentSettings = z.infer<typeof ShipmentSettings>;
