import type { FieldId } from "./fields";

export type Severity = "error" | "warning" | "info";

/** Every issue code the importer can raise, with its severity: one table, defined once. */
export const ISSUE_SEVERITY = {
  // Rows and jobs
  NOT_AN_ORDER_ROW: "info",
  ORDER_NUMBER_MISSING: "error",
  JOB_VALUE_CONFLICT: "error",
  ORDER_NUMBER_IN_SEVERAL_FILES: "error",
  // What the line is
  CODE_MISSING: "error",
  CODE_UNKNOWN: "error",
  ITEM_TYPE_UNKNOWN: "error",
  ITEM_TYPE_AMBIGUOUS: "error",
  ITEM_TYPE_MISMATCH: "error",
  // Price-code lines
  PRICE_CODE_UNKNOWN: "error",
  PRICE_CODE_NORMALISED: "warning",
  PRICE_CODE_NEEDS_DIMENSIONS: "error",
  DIMENSION_INVALID: "error",
  ATTRIBUTE_REQUIRED: "error",
  ATTRIBUTE_VALUE_INVALID: "error",
  ATTRIBUTE_VALUE_CASE: "info",
  ATTRIBUTE_VALUE_NORMALISED: "info",
  ATTRIBUTE_OUT_OF_RANGE: "error",
  ATTRIBUTE_TOO_SHORT: "error",
  ATTRIBUTE_TRUNCATED: "warning",
  SAMPLE_NOT_AVAILABLE: "error",
  ARTWORK_URL_MISSING: "error",
  ARTWORK_URL_INVALID: "error",
  ARTWORK_SHARE_PAGE: "error",
  ARTWORK_NEEDS_LOGIN: "error",
  ARTWORK_NOT_FOUND: "error",
  ARTWORK_NOT_ARTWORK: "error",
  ARTWORK_INTERNAL: "error",
  ARTWORK_UNCHECKED: "warning",
  ARTWORK_LOW_RESOLUTION: "warning",
  ARTWORK_LINK_EXPIRES: "warning",
  ARTWORK_FILE: "info",
  CUSTOMER_REFERENCE_DUPLICATE: "error",
  DUPLICATE_DESIGN: "warning",
  // Quantities
  QUANTITY_MISSING: "error",
  QUANTITY_INVALID: "error",
  QUANTITY_BELOW_MINIMUM: "error",
  // Asset lines
  ASSET_UNKNOWN: "error",
  ASSET_ARCHIVED: "error",
  PRICE_BREAK_NEAR: "info",
  // Stock lines
  STOCK_CODE_UNKNOWN: "error",
  STOCK_VARIANT_MISSING: "error",
  STOCK_VARIANT_UNKNOWN: "error",
  STOCK_VARIANT_OTHER_ITEM: "warning",
  STOCK_VARIANT_NORMALISED: "info",
  STOCK_SIZE_UNKNOWN: "error",
  STOCK_SIZE_NORMALISED: "info",
  STOCK_SIZE_IS_YOUTH: "error",
  STOCK_SIZES_MISSING: "error",
  // Job-level values
  COUNTRY_UNKNOWN: "error",
  COUNTRY_NORMALISED: "info",
  STATE_UNKNOWN: "error",
  STATE_NORMALISED: "info",
  STATE_MISSING: "error",
  DELIVERY_METHOD_UNKNOWN: "error",
  DELIVERY_METHOD_NORMALISED: "info",
  DELIVERY_METHOD_MISSING: "error",
  ADDRESS_INCOMPLETE: "error",
  DUE_DATE_INVALID: "error",
  DUE_DATE_AMBIGUOUS: "warning",
  DUE_DATE_TOO_EARLY: "warning",
  DUE_DATE_MISSING: "info",
  MUST_DATE_TOO_EARLY: "error",
  NO_SHIP_DATE: "error",
  PROMO_CODE_INVALID: "error",
  // The vendor's own answers
  SERVER_REJECTED: "error",
  SERVER_ERROR: "error",
  VENDOR_UNAVAILABLE: "error",
  ORDER_AT_VENDOR: "warning",
} as const satisfies Record<string, Severity>;

export type IssueCode = keyof typeof ISSUE_SEVERITY;
export const ISSUE_CODES = Object.keys(ISSUE_SEVERITY) as IssueCode[];

/**
 * A problem found in the sheet, addressed to a row and, where known, a column. Plain data:
 * it crosses worker boundaries and goes into the result sheet.
 */
export interface Issue {
  readonly code: IssueCode;
  readonly severity: Severity;
  /** Spreadsheet row number; null for an issue about a whole job. */
  readonly rowNumber: number | null;
  readonly orderNumber?: string;
  readonly field?: FieldId;
  /** Header of the offending column as the user wrote it. */
  readonly column?: string;
  readonly message: string;
  /** A value that would fix the cell, when one is known. */
  readonly suggestion?: string;
  /**
   * For a price code's question: its name as the vendor gave it (its key for answers), its label for people, and the
   * price code asking.
   */
  readonly attribute?: string;
  readonly attributeLabel?: string;
  readonly priceCode?: string;
}

export const isError = (issue: Issue) => issue.severity === "error";

/** The vendor's answers that say it could not check a job (not that the job is wrong): checking again may pass. */
export const RECHECKABLE_CODES: ReadonlySet<IssueCode> = new Set(["SERVER_ERROR", "VENDOR_UNAVAILABLE"]);

/**
 * An issue with its severity from the table. `message` is a sentence in the user's words, without where it is: the row
 * and column are in `where` (see `issuePlace`), so the page and the result sheet, which show it on its row, say it
 * once.
 */
export function makeIssue(
  code: IssueCode,
  where: {
    readonly rowNumber: number | null;
    readonly orderNumber?: string | undefined;
    readonly field?: FieldId | undefined;
    readonly column?: string | undefined;
    readonly attribute?: string | undefined;
    readonly attributeLabel?: string | undefined;
    readonly priceCode?: string | undefined;
  },
  message: string,
  suggestion?: string,
): Issue {
  return {
    code,
    severity: ISSUE_SEVERITY[code],
    rowNumber: where.rowNumber,
    ...(where.orderNumber ? { orderNumber: where.orderNumber } : {}),
    ...(where.field ? { field: where.field } : {}),
    ...(where.column ? { column: where.column } : {}),
    message,
    ...(suggestion !== undefined ? { suggestion } : {}),
    ...(where.attribute ? { attribute: where.attribute } : {}),
    ...(where.attributeLabel ? { attributeLabel: where.attributeLabel } : {}),
    ...(where.priceCode ? { priceCode: where.priceCode } : {}),
  };
}

/** Where an issue is, for a list of issues from many rows: "row 24, Vinyl colour", "row 24", "order KTP-1". */
export function issuePlace(issue: Pick<Issue, "rowNumber" | "column" | "orderNumber">): string {
  if (issue.rowNumber === null) return issue.orderNumber ? `order ${issue.orderNumber}` : "";
  return `row ${issue.rowNumber}${issue.column ? `, ${issue.column}` : ""}`;
}
