import type { FieldId } from "./fields";

export type Severity = "error" | "warning" | "info";

/** Every issue code the importer can raise: one union, defined once. */
export type IssueCode =
  | "ORDER_NUMBER_MISSING"
  | "CODE_MISSING"
  | "ITEM_TYPE_UNSUPPORTED"
  | "PRICE_CODE_UNKNOWN"
  | "QUANTITY_INVALID"
  | "QUANTITY_BELOW_MINIMUM"
  | "ATTRIBUTE_REQUIRED"
  | "ATTRIBUTE_VALUE_INVALID"
  | "ATTRIBUTE_OUT_OF_RANGE"
  | "ATTRIBUTE_TRUNCATED"
  | "JOB_VALUE_CONFLICT"
  | "DUE_DATE_INVALID"
  | "ARTWORK_URL_INVALID"
  | "SERVER_REJECTED"
  | "SERVER_ERROR";

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
  readonly suggestion?: string;
}

export const isError = (issue: Issue) => issue.severity === "error";
