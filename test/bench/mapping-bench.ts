/**
 * `npm run bench -- mapping`: how well the importer, as it is, handles the corpus of messy order
 * sheets (test/corpus): each sheet read as the app reads it, against the real proxy and simulator
 * (the demo account, its clock at SIM_START), mapped by the importer's own suggestion, checked by
 * the import engine and dry-run with the vendor. It prints figures and asserts nothing. Then the
 * same for the same sheets written for a second, differently shaped account (test/corpus/sheets-tasman,
 * the "tasman" connection): its own codes, questions and values under the same layouts and headers.
 *
 * Each sheet is checked twice: as the importer does it alone (the sheet and header row it picks,
 * the mapping it suggests), and with the mapping a person would make by hand (the corpus's
 * expected mapping, at the right sheet and header row). The second pass shows what is left for the
 * review once the columns are right.
 *
 * The estimate of a user's actions to reach "every order ready" (every expected order valid at the
 * vendor's dry run) is, per sheet:
 *   + 1 if the importer picked the wrong worksheet, + 1 if it picked the wrong header row;
 *   + one hand mapping per column mapped otherwise than a person would (a meaningful column left
 *     unmapped or mapped to something else, or a column meant to stay unmapped that was mapped),
 *     counted on the mapping the importer suggests at the right header row;
 *   + with the mapping made by hand, one skip per stray order (an order the sheet does not hold, such as a
 *     note under the data read as an order number; its errors are not counted),
 *   + one per error that remains with the mapping made by hand and has no suggested fix (typed);
 *   + one per error that remains with the mapping made by hand and has a suggested fix (applied).
 * It is an estimate: below the truth where a fix brings out a problem the first one hid, above it where the review
 * applies one fix to every row like it (or fills every missing order number from above) in one step.
 */
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { catalogueVocabulary, type CatalogueSnapshot } from "../../src/core/catalogue";
import type { Issue } from "../../src/core/issues";
import {
  normaliseHeader,
  suggestMapping,
  type ColumnAssignment,
  type MappingTarget,
  type SheetMapping,
} from "../../src/core/mapping";
import type { SheetRow } from "../../src/core/sheet-model";
import { sizeKey } from "../../src/core/sizes";
import { createImportEngine } from "../../src/engine/import-engine";
import { createVendorGateway } from "../../src/engine/vendor-gateway";
import { rowsForEvidence } from "../../src/core/mapping/column-evidence";
import { createSheetSession } from "../../src/sheet/worker-api";
import {
  CORPUS_ACCOUNTS,
  CORPUS_DIR,
  mappingTargetOf,
  readExpectedSheets,
  type CorpusAccount,
  type ExpectedSheet,
  type ExpectedTarget,
} from "../corpus/corpus-files";
import { startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { table } from "./report";

/** A sheet as the app reads it: the worksheet and header row (picked, or given), its headers and rows. */
interface ReadSheet {
  readonly worksheet: string;
  readonly headerRow: number;
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly sampleRows: readonly SheetRow[];
}

async function readSheet(
  sheetsDir: string,
  expected: ExpectedSheet,
  words: readonly string[],
  at?: { readonly worksheet: string | undefined; readonly headerRow: number },
): Promise<ReadSheet> {
  const session = createSheetSession();
  const bytes = new Uint8Array(await readFile(join(sheetsDir, expected.file)));
  const opened = await session.open(bytes, expected.file, undefined, words);
  if (!opened.ok) throw new Error(`${expected.file}: ${opened.message}`);
  const worksheet = at?.worksheet ?? opened.summary.defaultSheet;
  const preview = session.preview(worksheet, at?.headerRow, words);
  if (!preview.ok) throw new Error(`${expected.file}: ${preview.message}`);
  const { headers, headerRowNumber, rowCount } = preview.preview;
  const rows = session.rows(worksheet, headerRowNumber, 0, rowCount);
  // The rows the page's suggestion looks at, as the sheet worker picks them.
  const sampleRows = rowsForEvidence((i) => rows[i] ?? { rowNumber: 0, cells: [] }, rows.length);
  return { worksheet, headerRow: headerRowNumber, headers, rows, sampleRows };
}

/** What one check of a sheet left: rows with errors, errors with and without a fix, orders ready. */
interface Outcome {
  readonly rows: number;
  readonly rowsWithErrors: number;
  readonly errors: number;
  /** Errors of the sheet's own orders (and of rows in no order) without a suggested fix, and with one. */
  readonly withoutFix: number;
  readonly withFix: number;
  readonly ready: number;
  /** Orders the engine made that the sheet does not hold (a note read as an order number): each one skip. */
  readonly stray: number;
  readonly byCode: ReadonlyMap<string, number>;
}

async function check(account: ProxiedAccount, sheet: ReadSheet, mapping: SheetMapping, expected: ExpectedSheet) {
  const engine = createImportEngine(createVendorGateway(account.client));
  await engine.start({ headers: sheet.headers, rows: sheet.rows, mapping, snapshot: account.snapshot });
  const summary = await engine.validate();
  // Errors as the review shows them, each with the fix its panel offers: every row's, then each order's as a whole.
  const shown: Issue[] = [
    ...engine.rows(0, summary.rows + summary.skippedRows).flatMap((row) => row.issues),
    ...engine.jobs().flatMap((job) => job.issues),
  ];
  const errors = shown.filter((issue) => issue.severity === "error");
  const byCode = new Map<string, number>();
  for (const issue of errors) byCode.set(issue.code, (byCode.get(issue.code) ?? 0) + 1);
  const jobs = engine.jobs();
  const ready = expected.jobs.filter((wanted) =>
    jobs.some((j) => j.orderNumber === wanted.orderNumber && j.state === "valid" && j.lineCount === wanted.lines),
  ).length;
  const wanted = new Set(expected.jobs.map((job) => job.orderNumber));
  const stray = new Set(jobs.map((job) => job.orderNumber).filter((orderNumber) => !wanted.has(orderNumber)));
  const own = errors.filter((issue) => issue.orderNumber === undefined || !stray.has(issue.orderNumber));
  const unfixed = own.filter((issue) => issue.suggestion === undefined);
  const withoutFix = unfixed.length;
  // MAPPING_BENCH_UNFIXED=1 lists them: what is still left to the user to type.
  if (process.env["MAPPING_BENCH_UNFIXED"])
    for (const issue of unfixed) console.log(`    unfixed ${issue.code} row ${issue.rowNumber}: ${issue.message}`);
  return {
    rows: summary.rows,
    rowsWithErrors: engine.view({ kind: "errors" }, 0, 0).total,
    errors: errors.length,
    withoutFix,
    withFix: own.length - withoutFix,
    ready,
    stray: stray.size,
    byCode,
  } satisfies Outcome;
}

/** The names of the questions a header-like text names (by their name or label), across the catalogue. */
function questionNames(snapshot: CatalogueSnapshot): (text: string) => ReadonlySet<string> {
  const names = new Map<string, Set<string>>();
  for (const code of snapshot.priceCodes) {
    for (const attribute of code.attributes ?? []) {
      for (const text of [attribute.name, attribute.label ?? ""]) {
        const key = normaliseHeader(text);
        if (key === "") continue;
        let set = names.get(key);
        if (set === undefined) names.set(key, (set = new Set()));
        set.add(attribute.name);
      }
    }
  }
  return (text) => names.get(normaliseHeader(text)) ?? new Set();
}

/** Whether the importer's target for a column is what a person would map it to. */
function isRight(
  actual: MappingTarget | null,
  expected: ExpectedTarget | null,
  namesOf: (text: string) => ReadonlySet<string>,
): boolean {
  if (actual === null || expected === null) return actual === expected;
  if ("field" in expected) return actual.kind === "field" && actual.field === expected.field;
  if ("size" in expected) return actual.kind === "size" && sizeKey(actual.size) === sizeKey(expected.size);
  return actual.kind === "attribute" && namesOf(actual.attribute).has(expected.attribute);
}

/** How the suggested mapping compares with a person's: meaningful columns right, and columns to change by hand. */
function compareMapping(
  columns: readonly ColumnAssignment[],
  expected: ExpectedSheet,
  namesOf: (text: string) => ReadonlySet<string>,
) {
  let meaningful = 0;
  let right = 0;
  let wrong = 0;
  for (const { header, target } of columns) {
    const wanted = expected.columns[header] ?? null;
    if (wanted !== null) meaningful++;
    if (isRight(target, wanted, namesOf)) {
      if (wanted !== null) right++;
    } else wrong++;
  }
  return { meaningful, right, wrong };
}

/** The mapping a person makes: every column as the corpus expects it. */
const mappingByHand = (headers: readonly string[], expected: ExpectedSheet): SheetMapping => ({
  columns: headers.map((header, column) => {
    const target = mappingTargetOf(expected.columns[header] ?? null);
    return { column, header, target, confidence: target ? 1 : 0, reason: target ? "manual" : null };
  }),
});

interface SheetFigures {
  readonly expected: ExpectedSheet;
  readonly worksheetRight: boolean;
  readonly headerRow: number;
  readonly headerRowRight: boolean;
  readonly mapping: ReturnType<typeof compareMapping>;
  readonly automatic: Outcome;
  readonly byHand: Outcome;
  readonly actions: number;
}

async function measureSheet(
  account: ProxiedAccount,
  sheetsDir: string,
  expected: ExpectedSheet,
  words: readonly string[],
  namesOf: (text: string) => ReadonlySet<string>,
): Promise<SheetFigures> {
  const vocabulary = catalogueVocabulary(account.snapshot);
  const picked = await readSheet(sheetsDir, expected, words);
  const worksheetRight = expected.worksheet === undefined || picked.worksheet === expected.worksheet;
  const headerRowRight = worksheetRight && picked.headerRow === expected.headerRow;
  const automatic = await check(
    account,
    picked,
    suggestMapping(picked.headers, vocabulary, picked.sampleRows),
    expected,
  );
  const right = await readSheet(sheetsDir, expected, words, {
    worksheet: expected.worksheet,
    headerRow: expected.headerRow,
  });
  // After the user picks the right header row, the app suggests a mapping again: the hand work is counted on that one.
  const suggested = suggestMapping(right.headers, vocabulary, right.sampleRows);
  const mapping = compareMapping(suggested.columns, expected, namesOf);
  const byHand = await check(account, right, mappingByHand(right.headers, expected), expected);
  const actions =
    (worksheetRight ? 0 : 1) +
    (headerRowRight ? 0 : 1) +
    mapping.wrong +
    byHand.stray +
    byHand.withoutFix +
    byHand.withFix;
  return { expected, worksheetRight, headerRow: picked.headerRow, headerRowRight, mapping, automatic, byHand, actions };
}

const ratio = (part: number, whole: number) => `${part}/${whole}`;
const sum = (figures: readonly SheetFigures[], of: (f: SheetFigures) => number) =>
  figures.reduce((total, f) => total + of(f), 0);

/** Text wrapped at `width` characters, each line indented. */
function wrap(text: string, width = 110, indent = "  "): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.map((l) => indent + l).join("\n");
}

function commonErrors(outcome: Outcome): string {
  const codes = [...outcome.byCode].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return codes.length === 0 ? "none" : codes.map(([code, n]) => `${code} ${n}`).join(", ");
}

function sheetReport(f: SheetFigures): string {
  const { expected, mapping, automatic, byHand } = f;
  const orders = expected.jobs.length;
  const lines = expected.jobs.reduce((total, job) => total + job.lines, 0);
  const meaningful = mapping.meaningful;
  const passRow = (pass: string, o: Outcome, header: string, columns: string, wrong: string) => [
    pass,
    header,
    columns,
    wrong,
    ratio(o.rowsWithErrors, o.rows),
    String(o.errors),
    String(o.withoutFix),
    String(o.withFix),
    ratio(o.ready, orders),
    String(o.stray),
  ];
  const sheet = f.worksheetRight ? "" : "wrong sheet, ";
  const pickedHeader = `${sheet}row ${f.headerRow}${f.headerRowRight ? "" : " (wrong)"}`;
  const steps = [
    f.worksheetRight ? [] : ["1 worksheet"],
    f.headerRowRight ? [] : ["1 header row"],
    [`${mapping.wrong} hand mappings`],
    byHand.stray > 0 ? [`${byHand.stray} stray orders skipped`] : [],
    [`${byHand.withoutFix} typed`, `${byHand.withFix} fixes applied`],
  ].flat();
  return [
    `${expected.file}: ${orders} orders, ${lines} order lines, ${meaningful} meaningful columns`,
    wrap(expected.messy),
    table(
      [
        "pass",
        "header",
        "columns right",
        "mapped wrong",
        "rows w/ errors",
        "errors",
        "no fix",
        "with fix",
        "ready",
        "stray",
      ],
      [
        passRow("importer alone", automatic, pickedHeader, ratio(mapping.right, meaningful), String(mapping.wrong)),
        passRow("mapping by hand", byHand, `row ${expected.headerRow}`, ratio(meaningful, meaningful), "0"),
      ],
    ),
    `  errors, importer alone: ${commonErrors(automatic)}`,
    `  errors, mapping by hand: ${commonErrors(byHand)}`,
    `  actions to reach every order ready: ${steps.join(" + ")} = ${f.actions}`,
  ].join("\n");
}

/** The totals row of a set of sheets' figures, headed `label`. */
function totalsRow(label: string, figures: readonly SheetFigures[]): string[] {
  const orders = sum(figures, (f) => f.expected.jobs.length);
  return [
    label,
    ratio(
      sum(figures, (f) => f.mapping.right),
      sum(figures, (f) => f.mapping.meaningful),
    ),
    String(sum(figures, (f) => f.mapping.wrong)),
    ratio(
      sum(figures, (f) => f.automatic.rowsWithErrors),
      sum(figures, (f) => f.automatic.rows),
    ),
    String(sum(figures, (f) => f.automatic.withoutFix)),
    ratio(
      sum(figures, (f) => f.automatic.ready),
      orders,
    ),
    ratio(
      sum(figures, (f) => f.byHand.ready),
      orders,
    ),
    String(sum(figures, (f) => f.byHand.withoutFix)),
    String(sum(figures, (f) => f.byHand.withFix)),
    String(sum(figures, (f) => f.actions)),
  ];
}

const TOTALS_HEADINGS = [
  "columns right",
  "mapped wrong",
  "rows w/ errors",
  "no fix",
  "ready",
  "ready by hand",
  "no fix by hand",
  "fixes by hand",
  "actions",
];

function totalsReport(figures: readonly SheetFigures[]): string {
  const rows = figures.map((f) => [
    f.expected.file,
    ratio(f.mapping.right, f.mapping.meaningful),
    String(f.mapping.wrong),
    ratio(f.automatic.rowsWithErrors, f.automatic.rows),
    String(f.automatic.withoutFix),
    ratio(f.automatic.ready, f.expected.jobs.length),
    ratio(f.byHand.ready, f.expected.jobs.length),
    String(f.byHand.withoutFix),
    String(f.byHand.withFix),
    String(f.actions),
  ]);
  rows.push(totalsRow(`total (${figures.length} sheets)`, figures));
  return table(["sheet", ...TOTALS_HEADINGS], rows);
}

const LEGEND = [
  "Legend:",
  "  importer alone: the worksheet and header row the reader picks and the mapping suggestMapping makes, checked",
  "    by the engine and dry-run (validateOnly) with the simulator; mapping by hand: the corpus's expected mapping",
  "    at the right worksheet and header row, checked the same way.",
  "  columns right: meaningful columns (those a person maps) that the importer maps as a person would, at the right",
  "    header row; mapped wrong: columns to change by hand there (meaningful ones missed or mismapped, and columns",
  "    meant to stay unmapped that were mapped).",
  "  rows w/ errors: rows with an error, of the rows checked (totals and note rows included); errors: every error,",
  "    whole-order ones included; no fix / with fix: those of the sheet's own orders (and of rows in no order)",
  "    without and with a suggested value.",
  "  ready: expected orders valid at the vendor's dry run with the expected number of lines.",
  "  stray: orders the engine made that the sheet does not hold (a note read as an order number).",
  "  actions: 1 for a wrong worksheet + 1 for a wrong header row + columns mapped wrong + with the mapping by hand,",
  "    one skip per stray order + errors without a fix (each typed) + errors with one (each applied); a lower",
  "    bound in that a fix can bring out a problem the first one hid, and above one in that the review can apply a",
  "    fix to every row like it (or fill every missing order number from above) in one step.",
].join("\n");

/** One account's corpus measured through its connection: its figures and how long they took. */
/** The best of three runs of `work`, in milliseconds. */
function bestOfThree(work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * What suggesting a mapping costs on a wide sheet (100 columns of words, numbers and colours, 400 rows) with an
 * account's catalogue: from headers and values, as the sheet worker does, and from the headers alone.
 */
function suggestionCost(vocabulary: ReturnType<typeof catalogueVocabulary>): string {
  const headers = Array.from({ length: 100 }, (_, i) => `Column ${i + 1} notes`);
  const colours = vocabulary.values?.colours ?? ["Navy"];
  const rows: SheetRow[] = Array.from({ length: 400 }, (_, r) => ({
    rowNumber: r + 2,
    cells: headers.map(
      (_, c) => [`Text ${r % 7}`, String((r % 50) + 1), colours[r % colours.length] ?? ""][c % 3] ?? "",
    ),
  }));
  const withValues = bestOfThree(() => suggestMapping(headers, vocabulary, rows));
  const headersOnly = bestOfThree(() => suggestMapping(headers, vocabulary));
  return (
    `Suggesting a mapping for 100 columns × 400 rows with this catalogue: ${withValues.toFixed(0)} ms from headers ` +
    `and values (as the sheet worker does), ${headersOnly.toFixed(0)} ms from the headers alone (best of three).`
  );
}

async function measureAccount(
  corpus: CorpusAccount,
): Promise<{ figures: SheetFigures[]; seconds: string; cost: string }> {
  const started = performance.now();
  const account = await startProxiedAccount(corpus.connection);
  try {
    const vocabulary = catalogueVocabulary(account.snapshot);
    const words = [...vocabulary.attributes, ...vocabulary.sizes];
    const namesOf = questionNames(account.snapshot);
    const figures: SheetFigures[] = [];
    for (const expected of await readExpectedSheets(corpus.expectedDir))
      figures.push(await measureSheet(account, corpus.sheetsDir, expected, words, namesOf));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return { figures, seconds, cost: suggestionCost(vocabulary) };
  } finally {
    await account.close();
  }
}

export async function mappingBench(): Promise<string> {
  const [demo, ...others] = CORPUS_ACCOUNTS;
  if (demo === undefined) throw new Error("The corpus names no account");
  const { figures, seconds, cost } = await measureAccount(demo);
  const sections = [
    `Mapping: the corpus of ${figures.length} messy order sheets (test/corpus) against the demo account, ` +
      `through the proxy and simulator (${seconds} s)`,
    "",
    ...figures.flatMap((f) => [sheetReport(f), ""]),
    "Totals",
    totalsReport(figures),
    "",
    cost,
    "",
    LEGEND,
  ];
  const totals = [totalsRow(demo.name, figures)];
  for (const corpus of others) {
    const other = await measureAccount(corpus);
    const folder = relative(join(CORPUS_DIR, ".."), corpus.sheetsDir);
    sections.push(
      "",
      `Mapping: the same ${other.figures.length} sheets written for the ${corpus.name} account ` +
        `(test/${folder}: its own codes, questions and values), through the proxy and simulator (${other.seconds} s)`,
      "",
      ...other.figures.flatMap((f) => [sheetReport(f), ""]),
      `Totals, ${corpus.name} account`,
      totalsReport(other.figures),
      "",
      other.cost,
    );
    totals.push(totalsRow(corpus.name, other.figures));
  }
  if (totals.length > 1) sections.push("", "Totals by account", table(["account", ...TOTALS_HEADINGS], totals));
  return sections.join("\n");
}
