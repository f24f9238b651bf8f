import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { terminalSafe, terminalSafeJson } from "../../src/cli/terminal-text";
import { runCommand } from "../helpers/cli-session";
import { SIM_NOW } from "../helpers/sim-clock";
import { samplePath } from "../helpers/samples";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());

/**
 * What a terminal acts on instead of showing: escape sequences, other controls, and characters that reorder the line.
 */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("terminalSafe", () => {
  it.each([
    ["an escape sequence", "A-1\u001b[31m red", "A-1\\u{1B}[31m red"],
    ["a carriage return that would print over the line", "12\rOK", "12\\u{D}OK"],
    ["a bell, a backspace and DEL", "\u0007\u0008\u007f", "\\u{7}\\u{8}\\u{7F}"],
    ["an 8-bit control sequence introducer", "\u009b2J", "\\u{9B}2J"],
    ["a right-to-left override", "invoice\u202efdp.exe", "invoice\\u{202E}fdp.exe"],
    ["isolates and marks", "\u2066a\u2069\u200e\u200f\u061c", "\\u{2066}a\\u{2069}\\u{200E}\\u{200F}\\u{61C}"],
    ["line breaks and tabs, which lay out the report", "a\tb\nc", "a\tb\nc"],
    ["letters of any script", "Café 👕 مرحبا שלום", "Café 👕 مرحبا שלום"],
  ])("%s", (_, text, shown) => {
    expect(terminalSafe(text)).toBe(shown);
  });
});

describe("terminalSafeJson", () => {
  it("escapes what JSON.stringify leaves raw, and parses back to the same value", () => {
    const value = { "Qty\u202e": ["A-1\u009b2J", "\u2066x\u2069", "\u007f", "\u001b[31m", "Café"] };
    const text = terminalSafeJson(JSON.stringify(value, null, 2));
    expect(text).not.toMatch(ACTED_ON);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("text from a sheet printed by the command line", () => {
  async function hostileSheet(): Promise<string> {
    const csv = (await readFile(samplePath("price-code-orders.csv"), "utf8"))
      .replace("Order No", "Order No\u001b[31m")
      .replace("Team", "Team\u202e")
      .replaceAll("KTP-24001", "KTP-24001\u001b]52;c;cm0gLXJmIH4=\u0007")
      .replaceAll("Karori Football seniors", "Karori \u2066Football\u2069 seniors\u009b2J");
    const path = join(folder.current.path, "orders\u001b[2J.csv");
    await writeFile(path, csv);
    return path;
  }

  it("inspect shows what a terminal would act on, and keeps the exact values in JSON", async () => {
    const path = await hostileSheet();
    const text = await runCommand(["inspect", path], {});
    expect(text.code).toBe(0);
    expect(text.out).not.toMatch(ACTED_ON);
    expect(text.out).toContain("orders\\u{1B}[2J.csv: CSV");
    expect(text.out).toContain("Order No\\u{1B}[31m");
    expect(text.out).toContain("Team\\u{202E}");
    expect(text.out).toContain("Karori \\u{2066}Football\\u{2069} seniors\\u{9B}2J");

    const json = await runCommand(["inspect", path, "--json", "--rows", "1"], {});
    expect(json.out).not.toMatch(ACTED_ON);
    const report = JSON.parse(json.out) as { sheet: { headers: string[] }; rows: { cells: Record<string, unknown> }[] };
    expect(report.sheet.headers.slice(0, 2)).toEqual(["Order No\u001b[31m", "Team\u202e"]);
    expect(report.rows[0]?.cells["Team\u202e"]).toBe("Karori \u2066Football\u2069 seniors\u009b2J");
  });

  it("submit's report shows them too", async () => {
    const path = await hostileSheet();
    const env = { SIM_NOW, SUBMIT_LOCK_DIR: folder.current.path };
    const submitted = await runCommand(
      ["submit", path, "--yes", "--journal", join(folder.current.path, "j.jsonl")],
      env,
    );
    expect(submitted.code).toBe(0);
    expect(submitted.out).toMatch(/^ {2}KTP-24001\\u\{1B\}\]52;c;cm0gLXJmIH4=\\u\{7\} +\d+ +Created$/m);
    expect(submitted.out + submitted.err).not.toMatch(ACTED_ON);
  });

  it("check's report and inspect's refusals show them too", async () => {
    const path = await hostileSheet();
    const checked = await runCommand(["check", path, "--no-validate"], { SIM_NOW });
    expect(checked.out).toContain("KTP-24001\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}");
    expect(checked.out + checked.err).not.toMatch(ACTED_ON);
    const refused = await runCommand(["inspect", path, "--sheet", "Orders\u001b[2J"], {});
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('no sheet named "Orders\\u{1B}[2J"');
    expect(refused.err).not.toMatch(ACTED_ON);
  });
});
