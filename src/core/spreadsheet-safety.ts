/** The characters a value that a spreadsheet would run as a formula starts with: = + - @, a tab or a line break. */
const startsLikeFormula = (text: string): boolean => {
  // A look at one character, not a regular expression: asked of every text a result sheet writes.
  const code = text.charCodeAt(0);
  return (
    code === 0x3d || code === 0x2b || code === 0x2d || code === 0x40 || code === 0x09 || code === 0x0d || code === 0x0a
  );
};
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** A line inside a value that starts as a formula would: whatever splits the value at its line breaks would run it. */
const FORMULA_LINE = /(\r\n|\r|\n)([=+\-@\t][^\r\n]*)/g;

/**
 * Text that a spreadsheet would run as a formula gets a leading apostrophe: the value when it
 * starts with =, +, -, @, a tab or a line break, and each line inside it that starts with one
 * of =, +, -, @ or a tab. Plain numbers ("-5", "+3.2", or such a line) stay as they are.
 */
export function neutraliseFormula(text: string): string {
  let safe = text;
  if (safe.includes("\n") || safe.includes("\r")) {
    safe = safe.replace(FORMULA_LINE, (whole, lineBreak: string, line: string) =>
      PLAIN_NUMBER.test(line.trim()) ? whole : `${lineBreak}'${line}`,
    );
  }
  if (!startsLikeFormula(safe) || PLAIN_NUMBER.test(safe.trim())) return safe;
  return `'${safe}`;
}
