import type { CellValue } from "../core/sheet-model";

/** The shapes exceljs gives cell values in (a structural subset of its own types). */
type ExcelValue =
  | null
  | undefined
  | string
  | number
  | boolean
  | Date
  | { richText: readonly { text: string }[] }
  | { text: string | { richText: readonly { text: string }[] }; hyperlink: string }
  | { formula?: string; sharedFormula?: string; result?: unknown }
  | { error: string }
  | Record<string, unknown>;

function richText(value: { richText: readonly { text: string }[] }): string {
  return value.richText.map((run) => run.text).join("");
}

/**
 * A cell as the user sees it: a formula as its cached result, rich text as plain text, an
 * error as its code (#N/A). A hyperlink gives its web address when it leads to one and its
 * text otherwise (an email link gives the address it shows).
 */
export function toCellValue(value: ExcelValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  if ("richText" in value && Array.isArray(value.richText)) return richText(value as { richText: { text: string }[] });
  if ("hyperlink" in value && typeof value.hyperlink === "string") {
    const text = typeof value.text === "string" ? value.text : value.text && typeof value.text === "object" && "richText" in value.text ? richText(value.text as { richText: { text: string }[] }) : "";
    return /^https?:\/\//i.test(value.hyperlink) && !/^https?:\/\//i.test(text.trim()) ? value.hyperlink : text || value.hyperlink;
  }
  if ("formula" in value || "sharedFormula" in value || "result" in value) {
    const result = (value as { result?: unknown }).result;
    return result === undefined ? null : toCellValue(result as ExcelValue);
  }
  if ("error" in value && typeof value.error === "string") return value.error;
  return null;
}
