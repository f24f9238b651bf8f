import { ownRowNumber } from "../source-files";
const TRUE_WORDS = new Set(["y", "yes", "true", "1", "x", "ja", "oui", "si", "sí"]);

/** Whether a cell says yes (Y, yes, TRUE, 1, x …). */
export const isYes = (text: string | undefined) => text !== undefined && TRUE_WORDS.has(text.trim().toLowerCase());

/** A whole quantity of at least 1; thousands separators are allowed ("1,000"). */
export function parseQuantity(text: string): number | undefined {
  // Plain digits, as most quantities are, are read without a regular expression.
  if (isPlainDigits(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  }
  const compact = text.replace(/[\s,']/g, "");
  if (!/^\d+(\.0+)?$/.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function isPlainDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** A number written either way round: "1.5" or "1,5". */
export function parseNumber(text: string): number | undefined {
  const compact = text.trim().replace(/\s/g, "");
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(compact)) return undefined;
  return Number(compact.replace(",", "."));
}

/** An absolute http(s) address with a host (checked by shape: core code has no URL parser). */
export function isAbsoluteHttpUrl(text: string): boolean {
  return /^https?:\/\/([^\s/?#@:]+@)?[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?([/?#][^\s]*)?$/i.test(text.trim());
}

/**
 * The default reference for a line: stable for the row, unique within its job; by the row's number in its own file
 * (several files in one session keep theirs apart by a larger session row number).
 */
export function generatedReference(orderNumber: string, rowNumber: number): string {
  return `${orderNumber}-R${ownRowNumber(rowNumber)}`;
}
