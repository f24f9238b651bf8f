/**
 * The corpus on disk: each sheet in sheets/ and, in expected/, what a person reading it would map
 * each column to and which orders (with how many lines each) it holds; the same sheets written for
 * a second, differently shaped account in sheets-tasman/ and expected-tasman/. Read by the corpus
 * test and the mapping benchmark; written by make-corpus.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { FIELD_IDS } from "../../src/core/fields";
import type { MappingTarget } from "../../src/core/mapping";

export const CORPUS_DIR = fileURLToPath(new URL(".", import.meta.url));
export const SHEETS_DIR = join(CORPUS_DIR, "sheets");
export const EXPECTED_DIR = join(CORPUS_DIR, "expected");

/** An account the corpus is written for: its proxy connection and the folders of its sheets and expected files. */
export interface CorpusAccount {
  /** The account's short name in folder names and reports. */
  readonly name: string;
  /** The embedded simulator's connection for it. */
  readonly connection: string;
  readonly accountId: number;
  readonly sheetsDir: string;
  readonly expectedDir: string;
}

export const CORPUS_ACCOUNTS: readonly CorpusAccount[] = [
  { name: "demo", connection: "demo", accountId: 1042, sheetsDir: SHEETS_DIR, expectedDir: EXPECTED_DIR },
  {
    name: "tasman",
    connection: "tasman",
    accountId: 3077,
    sheetsDir: join(CORPUS_DIR, "sheets-tasman"),
    expectedDir: join(CORPUS_DIR, "expected-tasman"),
  },
];

/** What a column means: an importer field, one size of a wide layout (as the size run names it), or a question. */
export const ExpectedTarget = z.union([
  z.strictObject({ field: z.enum(FIELD_IDS) }),
  z.strictObject({ size: z.string().min(1) }),
  z.strictObject({ attribute: z.string().min(1) }),
]);
export type ExpectedTarget = z.infer<typeof ExpectedTarget>;

export const ExpectedSheet = z.strictObject({
  /** The file in sheets/. */
  file: z.string(),
  /** What makes the sheet messy, in a line. */
  messy: z.string(),
  /** The worksheet holding the orders (workbooks only). */
  worksheet: z.string().optional(),
  /** The spreadsheet row number of the header row. */
  headerRow: z.int().positive(),
  /** Every header of the sheet, as the reader gives it: what it means, or null when it is to stay unmapped. */
  columns: z.record(z.string(), ExpectedTarget.nullable()),
  /** The orders, in sheet order, and how many order-line rows each has. */
  jobs: z.array(z.strictObject({ orderNumber: z.string(), lines: z.int().positive() })).min(1),
});
export type ExpectedSheet = z.infer<typeof ExpectedSheet>;

export const expectedFileOf = (sheetFile: string) => `${sheetFile.replace(/\.[^.]+$/, "")}.json`;

/** Every expected file (of the demo account's corpus unless told), parsed, in file name order. */
export async function readExpectedSheets(expectedDir = EXPECTED_DIR): Promise<ExpectedSheet[]> {
  const names = (await readdir(expectedDir)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (name) => ExpectedSheet.parse(JSON.parse(await readFile(join(expectedDir, name), "utf8")))),
  );
}

/** The sheet files of the corpus (the demo account's unless told), in name order. */
export async function corpusSheetFiles(sheetsDir = SHEETS_DIR): Promise<string[]> {
  return (await readdir(sheetsDir)).filter((name) => /\.(csv|xlsx)$/.test(name)).sort();
}

/** The mapping target a person would choose for the column. */
export function mappingTargetOf(expected: ExpectedTarget | null): MappingTarget | null {
  if (expected === null) return null;
  if ("field" in expected) return { kind: "field", field: expected.field };
  if ("size" in expected) return { kind: "size", size: expected.size };
  return { kind: "attribute", attribute: expected.attribute };
}
