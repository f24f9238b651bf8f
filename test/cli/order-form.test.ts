import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allPriceCodes, allStock } from "../../src/api";
import { IMPORT_FIELDS } from "../../src/core/fields";
import type { MappingTarget } from "../../src/core/mapping";
import type { PriceCode } from "../../src/core/vendor";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";
import { simClient } from "../helpers/sim-client";
import { SIM_START } from "../helpers/sim-clock";
import { unwrap } from "../helpers/unwrap";
import { fillForm, readForm, type FormWorkbook } from "../core/order-form/order-form-workbook";

const session = useSimulatorAndFolder();

const cli = (args: readonly string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));

interface Report {
  readonly file: string;
  readonly sheet: string;
  readonly headers: readonly string[];
  readonly codes: number;
}

const DAY_MS = 86_400_000;
const asked = (code: PriceCode) => (code.attributes ?? []).filter((a) => a.required && !a.isMetaDataAttribute);

/**
 * What the account sells for a team order, found in its catalogue rather than assumed: the prints a player has one of
 * each (a required text question, such as a name or a number, and a first band of 1), of one process, and two garment
 * styles, the second named by one of its colours' variant codes.
 */
async function teamCatalogue() {
  const client = simClient(session.sim);
  const prints = unwrap(await allPriceCodes(client)).filter(
    (code) =>
      code.priceBands?.[0]?.from === 1 &&
      asked(code).some((a) => a.type === "text") &&
      asked(code).every((a) => a.type === "text" || a.type === "select"),
  );
  const process = prints[0]?.processCode;
  const [first, second] = unwrap(await allStock(client)).filter((item) => item.stockVariants.length > 0);
  if (!process || !first || !second) throw new Error("the demo account has no prints one per player, or no stock");
  // One print of each kind a player has: the first asking each text question (a name, a number).
  const kinds = new Map<string, PriceCode>();
  for (const code of prints.filter((print) => print.processCode === process)) {
    const text = asked(code).find((a) => a.type === "text");
    if (text && !kinds.has(text.name)) kinds.set(text.name, code);
  }
  return {
    process,
    prints: [...kinds.values()],
    styles: [first.stockCode, second.stockCode],
    stockOptions: [first.stockCode.toLowerCase(), second.stockVariants[0]?.variantCode ?? ""],
  };
}

async function orderForm(name: string, ...options: string[]): Promise<{ report: Report; path: string }> {
  const path = join(session.folder.path, name);
  const run = await cli(["order-form", "--connection", "demo", "--out", path, "--json", ...options]);
  expect(run.err).toBe("");
  expect(run.code).toBe(0);
  return { report: JSON.parse(run.out) as Report, path };
}

/** A garment in one of the colours and sizes the form lists for its style. */
function garmentRow(form: FormWorkbook, style: string, player: number): Record<string, string | number> {
  const colours = [...form.listsByTitle.keys()].filter((title) => title.startsWith(`Sizes of ${style} `));
  const title = colours[player % colours.length] as string;
  const sizes = form.listsByTitle.get(title) ?? [];
  const colour = title.slice(`Sizes of ${style} `.length);
  expect(form.offered("Variant")).toContain(colour);
  return { Code: style, Variant: colour, Size: sizes[player % sizes.length] as string, Quantity: 1 };
}

/** A player's print, its questions answered in the columns headed by their labels, from the form's own lists. */
function printRow(form: FormWorkbook, print: PriceCode, player: string, number: number) {
  const row: Record<string, string | number> = { Code: print.priceCode ?? "", Quantity: 1 };
  for (const question of asked(print)) {
    const heading = question.label ?? question.name;
    expect(form.headers).toContain(heading);
    row[heading] =
      question.type === "select"
        ? (form.offered(heading)[number % form.offered(heading).length] as string)
        : /number/i.test(heading)
          ? String(number)
          : player.slice(0, question.maxLength ?? player.length);
  }
  return row;
}

describe("npm run cli -- order-form", () => {
  it("writes a blank form that, filled in by a club from its own lists, maps by itself and checks clean", async () => {
    const team = await teamCatalogue();
    const { report, path } = await orderForm(
      "order form.xlsx",
      "--process",
      team.process.toLowerCase(),
      ...team.stockOptions.flatMap((code) => ["--stock", code]),
    );
    const form = await readForm(await readFile(path));
    expect(form.book.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ["Instructions", "visible"],
      ["Orders", "visible"],
      ["Lists", "hidden"],
    ]);
    expect(form.headers).toEqual(report.headers);
    expect(form.offered("Code").slice(-2)).toEqual(team.styles);

    const orderDetails = (order: string, due?: Date) => ({
      "Order number": order,
      Organisation: "Karori Football Club",
      "Contact name": "Hana Moore",
      Email: "hana@karorifc.example",
      Phone: "021 555 0199",
      "Street address": "10 Donald Street",
      City: "Wellington",
      "Postal code": "6012",
      Country: form.offered("Country")[0] as string,
      "Delivery method": form.offered("Delivery method")[0] as string,
      ...(due ? { "Due date": due } : {}),
    });
    const players: [order: string, name: string][] = [
      ["CLUB-SEN-1", "MOORE"],
      ["CLUB-SEN-1", "TANE"],
      ["CLUB-SEN-1", "NGATA"],
      ["CLUB-JNR-1", "SMITH"],
      ["CLUB-JNR-1", "TAUFA"],
    ];
    const rows = players.flatMap(([order, name], i) => [
      { "Order number": order, ...garmentRow(form, team.styles[i % 2] as string, i) },
      ...team.prints.map((print) => ({ "Order number": order, ...printRow(form, print, name, i + 4) })),
    ]);
    rows[0] = { ...rows[0], ...orderDetails("CLUB-SEN-1", new Date(SIM_START + 90 * DAY_MS)) };
    const juniors = rows.findIndex((row) => row["Order number"] === "CLUB-JNR-1");
    rows[juniors] = { ...rows[juniors], ...orderDetails("CLUB-JNR-1") };
    const filled = join(session.folder.path, "order form filled.xlsx");
    await writeFile(filled, await fillForm(await readFile(path), rows));

    const check = await cli(["check", filled, "--connection", "demo", "--json"]);
    expect(check.err).toBe("");
    expect(check.code).toBe(0);
    const checked = JSON.parse(check.out);
    expect(checked.sheet).toBe("Orders");
    expect(checked.headerRowNumber).toBe(1);
    // Every column maps by itself: the importer's fields by their labels, the rest to the prints' questions.
    const labels = new Map<string, string>(IMPORT_FIELDS.map((field) => [field.label, field.id]));
    const targets = checked.mapping.columns.map((c: { header: string; target: MappingTarget | null }) => [
      c.header,
      c.target?.kind === "field" ? c.target.field : c.target?.kind,
    ]);
    expect(targets).toEqual(form.headers.map((header) => [header, labels.get(header) ?? "attribute"]));
    expect(checked.summary.issues.error).toBe(0);
    expect(checked.summary.rows).toBe(rows.length);
    expect(checked.summary.jobs).toMatchObject({ total: 2, valid: 2 });
    expect(
      checked.jobs.map((job: { orderNumber: string; lineCount: number }) => [job.orderNumber, job.lineCount]),
    ).toEqual([
      ["CLUB-SEN-1", 3 * (1 + team.prints.length)],
      ["CLUB-JNR-1", 2 * (1 + team.prints.length)],
    ]);
  });

  it("refuses what it cannot do, and says why, before anything is written", async () => {
    const some = join(session.folder.path, "form.xlsx");
    const noOut = await cli(["order-form", "--connection", "demo"]);
    expect(noOut).toMatchObject({ code: 2, err: "order-form needs --out FILE.xlsx: where to write the workbook.\n" });
    expect((await cli(["order-form", "--connection", "demo", "--out", join(session.folder.path, "x.csv")])).code).toBe(
      2,
    );

    const process = await cli(["order-form", "--connection", "demo", "--process", "NOPE", "--out", some]);
    expect(process.code).toBe(2);
    expect(process.err).toMatch(/No price code of this account is of process "NOPE"; the processes are .+ \(.+\)/);
    const stock = await cli(["order-form", "--connection", "demo", "--stock", "NO-SUCH-STYLE", "--out", some]);
    expect(stock.code).toBe(2);
    expect(stock.err).toContain('"NO-SUCH-STYLE" is not a stock code or variant code of this account.');
    await expect(readFile(some)).rejects.toMatchObject({ code: "ENOENT" });

    // An existing file, a filled-in form perhaps, is never overwritten.
    await writeFile(some, "a club's filled-in form");
    const existing = await cli(["order-form", "--connection", "demo", "--out", some]);
    expect(existing).toEqual({
      code: 2,
      out: "",
      err:
        `The order form ${some} already exists, and a form filled in there would be lost: it is not overwritten. ` +
        "Give another path with --out, or move that file away first.\n",
    });
    expect(await readFile(some, "utf8")).toBe("a club's filled-in form");

    const folderPath = join(session.folder.path, "folder.xlsx");
    await mkdir(folderPath);
    const folder = await cli(["order-form", "--connection", "demo", "--out", folderPath]);
    expect(folder).toEqual({
      code: 2,
      out: "",
      err:
        `The order form ${folderPath} cannot be written: it is a folder, not a file. ` +
        "Give another path with --out.\n",
    });
  });
});
