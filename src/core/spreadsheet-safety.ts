const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Text that a spreadsheet would run as a formula gets a leading apostrophe. Checked on the
 * whole value, so text with line breaks is caught too; plain numbers ("-5") stay as they are.
 */
export function neutraliseFormula(text: string): string {
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text.trim())) return text;
  return `'${text}`;
}
