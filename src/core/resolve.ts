import type { AttributeDefinition, JobCandidateLine, PriceCode } from "./vendor";
import type { FieldId } from "./fields";
import type { Issue, IssueCode, Severity } from "./issues";
import { normaliseHeader } from "./mapping/normalise";
import type { OrderRow } from "./order-rows";

/** Reference data resolution reads; built once per catalogue snapshot. */
export interface ResolveContext {
  readonly priceCodes: ReadonlyMap<string, PriceCode>;
  /** The header of the column mapped to a field, for messages. */
  readonly columnOf: (field: FieldId) => string | undefined;
}

export interface ResolvedRow {
  readonly rowNumber: number;
  readonly orderNumber: string | undefined;
  /** The job line, when the row resolved without errors. */
  readonly line: JobCandidateLine | undefined;
  readonly issues: readonly Issue[];
}

const TRUE_WORDS = new Set(["y", "yes", "true", "1", "x", "ja", "oui", "si"]);
export const isYes = (text: string | undefined) => text !== undefined && TRUE_WORDS.has(text.trim().toLowerCase());

/** A whole, positive quantity; thousands separators are allowed ("1,000"). */
export function parseQuantity(text: string): number | undefined {
  const compact = text.replace(/[\s,']/g, "");
  if (!/^\d+(\.0+)?$/.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function isAbsoluteHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(text) || /^https?:\/\/(localhost|\d+\.\d+\.\d+\.\d+)(:\d+)?([/?#]\S*)?$/i.test(text);
}

/** The default reference for a line: stable for the row, unique within its job. */
export function generatedReference(orderNumber: string, rowNumber: number): string {
  return `${orderNumber}-R${rowNumber}`;
}

/**
 * The row's answer to an attribute question: the column named by the attribute's `name` or
 * `label`, except the custom-dimension DG-X/DG-Y, which come from the width and height columns.
 */
function answerFor(row: OrderRow, definition: AttributeDefinition, context: ResolveContext) {
  const dimension: FieldId | undefined = definition.name === "DG-X" ? "width" : definition.name === "DG-Y" ? "height" : undefined;
  if (dimension !== undefined) {
    const value = row.values[dimension];
    return value === undefined ? undefined : { key: definition.name, column: context.columnOf(dimension) ?? "", value };
  }
  const keys = new Set([normaliseHeader(definition.name), normaliseHeader(definition.label ?? "")].filter((k) => k !== ""));
  return row.attributes.find((answer) => keys.has(normaliseHeader(answer.key)));
}

/** Resolves one row as a price-code line; other item types are left to later resolution. */
export function resolveRow(row: OrderRow, context: ResolveContext): ResolvedRow {
  const issues: Issue[] = [];
  const orderNumber = row.values.orderNumber;
  const raise = (code: IssueCode, severity: Severity, field: FieldId | undefined, message: string, extra: Partial<Issue> = {}) => {
    const column = field ? context.columnOf(field) : undefined;
    issues.push({
      code,
      severity,
      rowNumber: row.rowNumber,
      ...(orderNumber ? { orderNumber } : {}),
      ...(field ? { field } : {}),
      ...(column ? { column } : {}),
      message: `Row ${row.rowNumber}${column ? `, column ${column}` : ""}: ${message}`,
      ...extra,
    });
  };

  if (!orderNumber) raise("ORDER_NUMBER_MISSING", "error", "orderNumber", "the order number is blank, so the row belongs to no job.");
  const itemType = normaliseHeader(row.values.itemType ?? "");
  if (itemType !== "" && itemType !== "pricecode" && itemType !== "price code") {
    raise("ITEM_TYPE_UNSUPPORTED", "error", "itemType", `item type "${row.values.itemType}" cannot be imported yet; only price-code lines can.`);
  }
  const codeText = row.values.code;
  const priceCode = codeText === undefined ? undefined : context.priceCodes.get(codeText);
  if (codeText === undefined) raise("CODE_MISSING", "error", "code", "the code is blank.");
  else if (priceCode === undefined) raise("PRICE_CODE_UNKNOWN", "error", "code", `"${codeText}" is not one of your account's price codes.`);

  const isSample = isYes(row.values.sample);
  const quantityText = row.values.quantity ?? "";
  const quantity = parseQuantity(quantityText);
  if (quantity === undefined) {
    raise("QUANTITY_INVALID", "error", "quantity", quantityText === "" ? "the quantity is blank." : `"${quantityText}" is not a whole number of at least 1.`);
  } else if (priceCode !== undefined && !isSample && quantity < priceCode.minimumQuantity) {
    raise("QUANTITY_BELOW_MINIMUM", "error", "quantity", `${quantity} is below the minimum of ${priceCode.minimumQuantity} for ${priceCode.priceCode}.`, {
      suggestion: String(priceCode.minimumQuantity),
    });
  }

  const attributes: Record<string, string | number> = {};
  for (const definition of priceCode?.attributes ?? []) {
    const answer = answerFor(row, definition, context);
    const label = definition.label ?? definition.name;
    const attributeIssue = (code: IssueCode, severity: Severity, message: string, suggestion?: string) =>
      issues.push({
        code,
        severity,
        rowNumber: row.rowNumber,
        ...(orderNumber ? { orderNumber } : {}),
        ...(answer?.column ? { column: answer.column } : {}),
        message: `Row ${row.rowNumber}${answer?.column ? `, column ${answer.column}` : ""}: ${message}`,
        ...(suggestion ? { suggestion } : {}),
      });
    if (answer === undefined) {
      if (definition.required) attributeIssue("ATTRIBUTE_REQUIRED", "error", `${label} is required for ${priceCode?.priceCode}; add a column named "${definition.label ?? definition.name}".`);
      continue;
    }
    const value = answer.value;
    switch (definition.type) {
      case "select": {
        const options = definition.enumerableValues ?? [];
        const exact = options.find((option) => option.value === value);
        const loose = exact ?? options.find((option) => option.value.toLowerCase() === value.toLowerCase() || option.text?.toLowerCase() === value.toLowerCase());
        if (loose === undefined) {
          attributeIssue("ATTRIBUTE_VALUE_INVALID", "error", `"${value}" is not an option for ${label}; choose one of ${options.map((o) => o.text ?? o.value).join(", ")}.`);
        } else {
          attributes[definition.name] = loose.value;
        }
        break;
      }
      case "int":
      case "decimal": {
        const number = Number(value.replace(",", "."));
        const invalid = !Number.isFinite(number) || (definition.type === "int" && !Number.isInteger(number));
        if (invalid) attributeIssue("ATTRIBUTE_VALUE_INVALID", "error", `${label} must be ${definition.type === "int" ? "a whole number" : "a number"}, not "${value}".`);
        else if ((definition.minValue != null && number < definition.minValue) || (definition.maxValue != null && number > definition.maxValue)) {
          attributeIssue("ATTRIBUTE_OUT_OF_RANGE", "error", `${label} must be between ${definition.minValue} and ${definition.maxValue}; it is ${number}.`);
        } else attributes[definition.name] = number;
        break;
      }
      default: {
        let text = value;
        if (definition.maxLength != null && text.length > definition.maxLength) {
          text = text.slice(0, definition.maxLength);
          attributeIssue("ATTRIBUTE_TRUNCATED", "warning", `${label} is longer than ${definition.maxLength} characters and will be sent as "${text}".`);
        }
        if (definition.minLength != null && text.length < definition.minLength) {
          attributeIssue("ATTRIBUTE_VALUE_INVALID", "error", `${label} needs at least ${definition.minLength} characters.`);
        }
        attributes[definition.name] = text;
      }
    }
  }

  const artworkUrl = row.values.artworkUrl;
  if (artworkUrl !== undefined && !isAbsoluteHttpUrl(artworkUrl)) {
    raise("ARTWORK_URL_INVALID", "error", "artworkUrl", `"${artworkUrl}" is not an absolute http(s) address.`);
  }

  if (issues.some((issue) => issue.severity === "error") || priceCode === undefined || quantity === undefined || !orderNumber) {
    return { rowNumber: row.rowNumber, orderNumber, line: undefined, issues };
  }
  const line: JobCandidateLine = {
    itemType: "PriceCode",
    code: priceCode.priceCode ?? codeText ?? "",
    quantity,
    customerReference: row.values.customerReference ?? generatedReference(orderNumber, row.rowNumber),
    attributes,
    ...(artworkUrl ? { externalArtworkUrl: artworkUrl } : {}),
    ...(row.values.externalId ? { externalId: row.values.externalId } : {}),
    ...(isSample ? { isSample: true } : {}),
  };
  return { rowNumber: row.rowNumber, orderNumber, line, issues };
}
