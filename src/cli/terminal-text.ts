/**
 * Characters a terminal acts on instead of showing: C0 controls but tab and line feed (escape
 * starts colour, cursor and even clipboard sequences; a carriage return prints over the line),
 * DEL, C1 controls (an 8-bit control sequence introducer among them), and the bidirectional
 * formatting characters, which reorder what is shown ("fdp.exe" after an override reads "exe.pdf").
 */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Of those, what JSON.stringify leaves as it is (it escapes the C0 controls itself). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const codeOf = (char: string) => (char.codePointAt(0) ?? 0).toString(16).toUpperCase();

/**
 * Text for a terminal, whatever a sheet put in it: each character the terminal would act on is
 * shown as its code instead (`\u{1B}`), so the user sees that it is there and what it is.
 * Line feeds and tabs stay: the report is laid out with them.
 */
export function terminalSafe(text: string): string {
  return text.replace(ACTED_ON, (char) => `\\u{${codeOf(char)}}`);
}

/**
 * JSON text for a terminal: the characters JSON.stringify leaves raw written as `\u` escapes.
 * They can only stand inside strings, so the JSON parses to exactly the same value.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(RAW_IN_JSON, (char) => `\\u${codeOf(char).padStart(4, "0")}`);
}
