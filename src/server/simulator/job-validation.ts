import type {
  AttributeDefinition,
  JobCandidate,
  JobCandidateLine,
  PriceBand,
  ValidationMessage,
} from "../../core/vendor";
import { customBands, type CatalogueEntry } from "./fixtures/catalogue";
import { APPLICATION_NAMES, COUNTRIES, LOCATIONS, STATES, type SimPromoCode } from "./fixtures/lookups";
import { localDate } from "./ship-date";
import { findAsset, type AccountState } from "./state";

/** A line the vendor accepted, priced at the account's tier. */
export interface PricedLine {
  readonly source: JobCandidateLine;
  readonly itemType: "PriceCode" | "Asset" | "Stock";
  readonly processCode: string;
  readonly quantity: number;
  readonly unitPrice: number;
  /** Setup (new price-code lines) or reset (asset reorders) charged once for the line. */
  readonly oneOffCharge: number;
  readonly description: string;
  readonly garment: string;
  readonly assetSku: string | null;
  readonly needsArtwork: boolean;
}

export type JobCheck =
  | { readonly outcome: "valid"; readonly lines: readonly PricedLine[]; readonly dateDue: string }
  | { readonly outcome: "invalid"; readonly messages: readonly ValidationMessage[] }
  /** One of the spec's known triggers of an unexplained 500. */
  | { readonly outcome: "server-error"; readonly trigger: string };

const MAX_ORDER_NUMBER_LENGTH = 50;

export function priceForQuantity(bands: readonly PriceBand[], quantity: number): number {
  let price = bands[0]?.unitPrice ?? 0;
  for (const band of bands) if (quantity >= band.from) price = band.unitPrice;
  return price;
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function checkAttribute(
  definition: AttributeDefinition,
  value: string | number | boolean,
  where: string,
  messages: ValidationMessage[],
): void {
  const label = definition.label ?? definition.name;
  switch (definition.type) {
    case "select": {
      const allowed = (definition.enumerableValues ?? []).map((option) => option.value);
      if (!allowed.includes(String(value))) {
        messages.push({
          errorCode: "ATTRIBUTE_VALUE_INVALID",
          message: `${where}: "${String(value)}" is not a valid value for ${label}. Allowed: ${allowed.join(", ")}.`,
        });
      }
      return;
    }
    case "int":
    case "decimal": {
      const number = typeof value === "number" ? value : Number(String(value).trim());
      const isWhole = Number.isInteger(number);
      if (String(value).trim() === "" || !Number.isFinite(number) || (definition.type === "int" && !isWhole)) {
        messages.push({
          errorCode: "ATTRIBUTE_VALUE_INVALID",
          message: `${where}: ${label} must be ${definition.type === "int" ? "a whole number" : "a number"}.`,
        });
      } else if (
        (definition.minValue != null && number < definition.minValue) ||
        (definition.maxValue != null && number > definition.maxValue)
      ) {
        messages.push({
          errorCode: "ATTRIBUTE_OUT_OF_RANGE",
          message:
            `${where}: ${label} must be between ${definition.minValue ?? "-"} ` + `and ${definition.maxValue ?? "-"}.`,
        });
      }
      return;
    }
    case "text": {
      const text = String(value);
      if (definition.maxLength != null && text.length > definition.maxLength) {
        messages.push({
          errorCode: "ATTRIBUTE_TOO_LONG",
          message: `${where}: ${label} is ${text.length} characters; the maximum is ${definition.maxLength}.`,
        });
      } else if (definition.minLength != null && text.length < definition.minLength) {
        messages.push({
          errorCode: "ATTRIBUTE_TOO_SHORT",
          message: `${where}: ${label} needs at least ${definition.minLength} characters.`,
        });
      }
      return;
    }
    default:
      // An attribute type this simulator does not model accepts any value, as a tolerant vendor would.
      return;
  }
}

function checkPriceCodeLine(
  line: JobCandidateLine,
  entry: CatalogueEntry | undefined,
  where: string,
  messages: ValidationMessage[],
): PricedLine | undefined {
  if (entry === undefined) {
    messages.push({
      errorCode: "PRICE_CODE_NOT_FOUND",
      message: `${where}: price code "${line.code ?? ""}" was not found.`,
    });
    return undefined;
  }
  const code = entry.priceCode;
  if (!line.customerReference?.trim()) {
    messages.push({ errorCode: "CUSTOMER_REFERENCE_REQUIRED", message: `${where}: a customer reference is required.` });
  }
  const values = line.attributes ?? {};
  const definitions = code.attributes ?? [];
  for (const name of Object.keys(values)) {
    if (!definitions.some((definition) => definition.name === name)) {
      messages.push({
        errorCode: "ATTRIBUTE_UNKNOWN",
        message: `${where}: "${name}" is not an attribute of ${code.priceCode}.`,
      });
    }
  }
  for (const definition of definitions) {
    const value = Object.hasOwn(values, definition.name) ? values[definition.name] : undefined;
    if (value === undefined || String(value).trim() === "") {
      if (definition.required) {
        messages.push({
          errorCode: "ATTRIBUTE_REQUIRED",
          message: `${where}: ${definition.label ?? definition.name} (${definition.name}) is required.`,
        });
      }
      continue;
    }
    checkAttribute(definition, value, where, messages);
  }
  const quantity = line.quantity ?? 0;
  if (line.isSample && !code.sampleAvailable) {
    messages.push({ errorCode: "SAMPLE_NOT_AVAILABLE", message: `${where}: ${code.priceCode} has no sample.` });
  } else if (!line.isSample && quantity < code.minimumQuantity) {
    messages.push({
      errorCode: "QUANTITY_BELOW_MINIMUM",
      message: `${where}: quantity ${quantity} is below the minimum of ${code.minimumQuantity} for ${code.priceCode}.`,
    });
  }
  let bands = code.priceBands ?? [];
  if (code.hasMetaDataAttributes) {
    const width = Number(values["DG-X"]);
    const height = Number(values["DG-Y"]);
    bands = Number.isFinite(width) && Number.isFinite(height) ? customBands(entry, width, height) : [];
  }
  const isSample = line.isSample === true && code.sampleAvailable;
  return {
    source: line,
    itemType: "PriceCode",
    processCode: code.processCode ?? "",
    quantity,
    unitPrice: isSample ? (code.samplePrice ?? 0) : priceForQuantity(bands, quantity),
    oneOffCharge: isSample ? 0 : (code.standardSetup ?? 0),
    description: code.description ?? code.priceCode ?? "",
    garment: line.garment ?? entry.garment,
    assetSku: null,
    needsArtwork: !line.externalArtworkUrl,
  };
}

type LineCheck = PricedLine | undefined | "server-error";

function checkAssetLine(
  state: AccountState,
  line: JobCandidateLine,
  where: string,
  messages: ValidationMessage[],
): LineCheck {
  const asset = findAsset(state, line.code ?? "");
  // The spec lists a nonexistent asset code among the triggers of an unexplained 500.
  if (asset === undefined) return "server-error";
  if (asset.isArchived) {
    messages.push({
      errorCode: "ASSET_NOT_ORDERABLE",
      message: `${where}: asset ${asset.assetTag} is archived and cannot be reordered.`,
    });
    return undefined;
  }
  const quantity = line.quantity ?? 0;
  const minimum = asset.priceBands[0]?.from ?? 1;
  if (quantity < minimum) {
    messages.push({
      errorCode: "QUANTITY_BELOW_MINIMUM",
      message: `${where}: quantity ${quantity} is below the minimum of ${minimum} for asset ${asset.assetTag}.`,
    });
  }
  return {
    source: line,
    itemType: "Asset",
    processCode: asset.processCode ?? "",
    quantity,
    unitPrice: priceForQuantity(asset.priceBands, quantity),
    oneOffCharge: asset.reset,
    description: asset.description ?? "",
    garment: line.garment ?? asset.garment ?? "",
    assetSku: asset.assetTag ?? null,
    needsArtwork: false,
  };
}

function checkStockLine(
  state: AccountState,
  line: JobCandidateLine,
  where: string,
  messages: ValidationMessage[],
): LineCheck {
  const code = line.code ?? "";
  const stock = state.fixtures.stock.find((item) => item.item.stockCode === code && !item.archived);
  if (stock === undefined) {
    messages.push({ errorCode: "STOCK_CODE_NOT_FOUND", message: `${where}: stock code "${code}" was not found.` });
    return undefined;
  }
  const variant = stock.item.stockVariants.find((v) => v.variantCode === line.variantCode);
  if (variant === undefined || stock.archivedVariants.includes(variant.variantCode)) {
    messages.push({
      errorCode: "STOCK_VARIANT_NOT_FOUND",
      message: `${where}: variant "${line.variantCode ?? ""}" is not available for ${code}.`,
    });
    return undefined;
  }
  const sizes = variant.sizesCsv.split(",");
  const quantities = line.sizeQuantities ?? {};
  // The spec lists a size key outside the variant's run among the triggers of an unexplained 500.
  if (Object.keys(quantities).some((size) => !sizes.includes(size))) return "server-error";
  const counts = Object.values(quantities);
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (counts.some((count) => count < 0) || total <= 0) {
    messages.push({ errorCode: "SIZE_QUANTITY_INVALID", message: `${where}: size quantities must be positive.` });
  }
  const bands = stock.bands.map((band) => ({
    ...band,
    unitPrice: Math.round(band.unitPrice * state.account.tierFactor * 100) / 100,
  }));
  return {
    source: line,
    itemType: "Stock",
    processCode: "STK",
    quantity: total,
    unitPrice: priceForQuantity(bands, total),
    oneOffCharge: 0,
    description: `${stock.item.stockName} ${variant.colour ?? ""}`.trim(),
    garment: stock.item.stockName ?? "",
    assetSku: variant.variantCode,
    needsArtwork: false,
  };
}

function checkAddress(
  state: AccountState,
  candidate: JobCandidate,
  messages: ValidationMessage[],
): "ok" | "undeliverable" {
  const address = candidate.deliveryAddress ?? {};
  const method = address.deliveryMethod?.trim() ?? "";
  const option = state.fixtures.deliveryOptions.find((o) => o.code === method);
  if (method === "") {
    messages.push({ errorCode: "DELIVERY_METHOD_REQUIRED", message: "A delivery method is required." });
  } else if (option === undefined) {
    messages.push({
      errorCode: "DELIVERY_METHOD_INVALID",
      message: `Delivery method "${method}" is not a delivery option code.`,
    });
  }
  const iso2 = address.countryCodeISO2?.trim() ?? "";
  if (iso2 !== "" && iso2.length !== 2) {
    messages.push({
      errorCode: "COUNTRY_CODE_INVALID",
      message: `Country code "${iso2}" must be exactly 2 characters.`,
    });
    return "ok";
  }
  if (option?.isCollection) return "ok";
  const country = COUNTRIES.find((c) => c.iso2 === iso2.toUpperCase());
  if (country === undefined) return "undeliverable";
  if (!address.streetAddress?.trim() || !address.city?.trim()) return "undeliverable";
  if (country.hasPostalCode && !address.postalCode?.trim()) return "undeliverable";
  const states = STATES[country.iso2] ?? [];
  if (country.hasState && states.length > 0) {
    const given = address.state?.trim() ?? "";
    if (given === "") return "undeliverable";
    if (
      !states.some(
        (s) => s.name.toLowerCase() === given.toLowerCase() || s.abbreviation?.toLowerCase() === given.toLowerCase(),
      )
    ) {
      messages.push({ errorCode: "STATE_INVALID", message: `State "${given}" is not a state of ${country.name}.` });
    }
  }
  return "ok";
}

/** The promo code of that name, whatever its case and spacing. */
export function findPromoCode(promoCodes: readonly SimPromoCode[], code: string): SimPromoCode | undefined {
  return promoCodes.find((p) => p.code.toUpperCase() === code.trim().toUpperCase());
}

export function promoProblem(
  promoCodes: readonly SimPromoCode[],
  code: string,
  processCodes: readonly string[],
  today: string,
): string | undefined {
  const promo = findPromoCode(promoCodes, code);
  if (promo === undefined) return "The promo code does not exist.";
  if (!promo.active) return "The promo code is no longer active.";
  if (promo.expires !== null && today > promo.expires) return `The promo code expired on ${promo.expires}.`;
  if (promo.usesRemaining !== null && promo.usesRemaining <= 0) return "The promo code has already been used.";
  if (
    promo.processCodes !== null &&
    processCodes.length > 0 &&
    !processCodes.some((p) => promo.processCodes?.includes(p))
  ) {
    return `The promo code applies only to ${promo.processCodes.join(", ")}.`;
  }
  return undefined;
}

export interface JobCheckContext {
  readonly state: AccountState;
  readonly applicationName: string;
  readonly now: number;
  readonly promoCodes: readonly SimPromoCode[];
  readonly earliestDate: (processCodes: readonly string[]) => string | undefined;
}

/**
 * Runs the whole validation path of `POST /Jobs`: validation errors first (answered 400
 * with every message), then the conditions the spec says surface as an unexplained 500.
 */
export function checkJob(candidate: JobCandidate, context: JobCheckContext): JobCheck {
  const { state } = context;
  const messages: ValidationMessage[] = [];
  if (!(APPLICATION_NAMES as readonly string[]).includes(context.applicationName)) {
    messages.push({
      errorCode: "APPLICATION_NAME_INVALID",
      message: `X-Application-Name "${context.applicationName}" is not a valid origin code.`,
    });
  }
  if ((candidate.orderNumber ?? "").length > MAX_ORDER_NUMBER_LENGTH) {
    messages.push({
      errorCode: "ORDER_NUMBER_TOO_LONG",
      message: `The order number is longer than ${MAX_ORDER_NUMBER_LENGTH} characters.`,
    });
  }
  if (candidate.customerUserId != null) {
    const user = state.account.users.find((u) => u.id === candidate.customerUserId);
    if (user === undefined || !user.active) {
      messages.push({
        errorCode: "CUSTOMER_USER_INVALID",
        message: `User ${candidate.customerUserId} is not an active user of this account.`,
      });
    }
  }
  if (candidate.locationCodeOverride != null) {
    const location = LOCATIONS.find((l) => l.code === candidate.locationCodeOverride);
    if (location === undefined || location.virtual || !location.active) {
      messages.push({
        errorCode: "LOCATION_CODE_INVALID",
        message: `Location "${candidate.locationCodeOverride}" is not an active production location.`,
      });
    }
  }
  const addressCheck = checkAddress(state, candidate, messages);

  const items = candidate.items ?? [];
  const priced: PricedLine[] = [];
  let serverError: string | undefined;
  const priceCodeLines = items.filter((line) => line.itemType === "PriceCode");
  const withArtwork = priceCodeLines.filter((line) => line.externalArtworkUrl?.trim());
  items.forEach((line, index) => {
    const where = `Line ${index + 1}${line.customerReference ? ` (${line.customerReference})` : ""}`;
    if (line.itemType !== "Stock" && (!Number.isInteger(line.quantity) || (line.quantity ?? 0) < 1)) {
      messages.push({
        errorCode: "QUANTITY_INVALID",
        message: `${where}: quantity must be a whole number of at least 1.`,
      });
    }
    let result: LineCheck;
    switch (line.itemType) {
      case "PriceCode":
        result = checkPriceCodeLine(line, state.catalogue.get(line.code ?? ""), where, messages);
        if (withArtwork.length > 0 && !line.externalArtworkUrl?.trim()) {
          messages.push({
            errorCode: "ARTWORK_URL_REQUIRED",
            message: `${where}: every price-code line needs an artwork URL once any line gives one.`,
          });
        } else if (line.externalArtworkUrl?.trim() && !isAbsoluteHttpUrl(line.externalArtworkUrl.trim())) {
          messages.push({
            errorCode: "ARTWORK_URL_INVALID",
            message: `${where}: the artwork URL must be an absolute http(s) address.`,
          });
        }
        break;
      case "Asset":
        result = checkAssetLine(state, line, where, messages);
        break;
      case "Stock":
        result = checkStockLine(state, line, where, messages);
        break;
      default:
        messages.push({
          errorCode: "ITEM_TYPE_INVALID",
          message: `${where}: item type "${line.itemType}" is not supported.`,
        });
        result = undefined;
    }
    if (result === "server-error") serverError ??= `${line.itemType} line ${index + 1}`;
    else if (result !== undefined) priced.push(result);
  });

  const processCodes = [...new Set(priced.map((line) => line.processCode).filter((code) => code !== ""))];
  const today = localDate(context.now, state.region.timezone);
  if (candidate.promocode?.trim()) {
    const reason = promoProblem(context.promoCodes, candidate.promocode, processCodes, today);
    if (reason !== undefined)
      messages.push({ errorCode: "PROMO_CODE_INVALID", message: `Promo code "${candidate.promocode}": ${reason}` });
  }
  let dateDue = candidate.dateDue?.trim() ?? "";
  if (dateDue !== "" && !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(dateDue)) {
    messages.push({ errorCode: "DATE_DUE_INVALID", message: `Due date "${dateDue}" is not an ISO 8601 date.` });
  }

  if (messages.length > 0) return { outcome: "invalid", messages };
  if (items.length === 0) return { outcome: "server-error", trigger: "empty items" };
  if (dateDue === "") return { outcome: "server-error", trigger: "missing dateDue" };
  if (addressCheck === "undeliverable") return { outcome: "server-error", trigger: "undeliverable address" };
  if (serverError !== undefined) return { outcome: "server-error", trigger: serverError };

  // A requested date earlier than the factory can manage becomes the earliest possible one.
  const earliest = context.earliestDate(processCodes);
  if (earliest !== undefined && dateDue.slice(0, 10) < earliest) dateDue = earliest;
  return { outcome: "valid", lines: priced, dateDue: dateDue.slice(0, 10) };
}
