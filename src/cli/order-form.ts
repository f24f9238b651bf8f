import { stat, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { countOf } from "../core/plural";
import { describeChoiceIssue } from "../core/order-form/order-form-choices";
import { orderFormData } from "../core/order-form/order-form-data";
import { writeOrderForm } from "../sheet/write/order-form-sheet";
import type { CommandLine } from "./args";
import { loadCatalogueOf } from "./catalogue-of";
import { checkWritableFile } from "./check-writable-file";
import type { VendorConnection } from "./vendor-connection";

export interface OrderFormOptions {
  readonly outPath: string;
  readonly processCode?: string | undefined;
  /** Stock or variant codes; every style when empty. */
  readonly stockCodes: readonly string[];
  /** The day the form is made (YYYY-MM-DD); today when absent. */
  readonly today?: string | undefined;
  readonly onProgress?: ((message: string) => void) | undefined;
}

export interface OrderFormReport {
  readonly file: string;
  readonly connection: string;
  readonly account: { readonly id: number; readonly name: string | null | undefined; readonly currency: string };
  readonly sheet: string;
  readonly headers: readonly string[];
  readonly codes: number;
  readonly lists: readonly string[];
}

export type OrderFormOutcome =
  | { readonly ok: true; readonly report: OrderFormReport }
  | { readonly ok: false; readonly reason: "vendor" | "usage"; readonly message: string };

/** Today in this machine's zone (YYYY-MM-DD). */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const existsText = (path: string) =>
  `The order form ${path} already exists, and a form filled in there would be lost: it is not overwritten. ` +
  "Give another path with --out, or move that file away first.";

/**
 * Writes a blank order form of the account's catalogue: the same workbook the page's "Download an order form" gives,
 * limited to one process's price codes and some stock styles when asked. An existing file is never overwritten.
 */
export async function writeOrderFormFile(
  vendor: VendorConnection,
  options: OrderFormOptions,
): Promise<OrderFormOutcome> {
  const catalogue = await loadCatalogueOf(vendor, options.onProgress);
  if (!catalogue.ok) return { ok: false, reason: "vendor", message: catalogue.message };
  const { snapshot } = catalogue;
  const made = orderFormData({
    snapshot,
    choices: { processCode: options.processCode, stockCodes: options.stockCodes },
    today: options.today ?? localDay(new Date()),
  });
  if (!made.ok) return { ok: false, reason: "usage", message: made.issues.map(describeChoiceIssue).join("\n") };
  const data = made.value;
  const codes = data.lists.find((list) => list.key === "codes")?.values.length ?? 0;
  options.onProgress?.(`Writing an order form of ${countOf(codes, "code", "codes")} to ${options.outPath}`);
  try {
    // "wx": a file that appeared since it was looked at is not overwritten either.
    await writeFile(options.outPath, await writeOrderForm(data), { flag: "wx" });
  } catch (error) {
    if ((error as { code?: unknown }).code === "EEXIST")
      return { ok: false, reason: "usage", message: existsText(options.outPath) };
    throw error;
  }
  return {
    ok: true,
    report: {
      file: basename(options.outPath),
      connection: vendor.connection.name,
      account: { id: snapshot.account.id, name: snapshot.account.name, currency: snapshot.account.currency },
      sheet: data.sheetName,
      headers: data.columns.map((column) => column.header),
      codes,
      lists: data.lists.map((list) => list.title),
    },
  };
}

export function orderFormText(report: OrderFormReport): string {
  return (
    `Wrote an order form of ${countOf(report.codes, "code", "codes")} for ` +
    `${report.account.name ?? report.connection} to ${report.file}.\n` +
    `Its "${report.sheet}" sheet is headed ${report.headers.join(", ")}.\n` +
    "Filled in (one row per player for each item), it passes check and submit as it is.\n"
  );
}

type Writer = (text: string) => void;
type WithVendor = (run: (vendor: VendorConnection) => Promise<number>) => Promise<number>;

/**
 * `order-form --out FILE.xlsx [--process CODE] [--stock CODE]…`: where it will write is checked before the vendor is
 * asked anything, and an existing file is refused. Exit 2 for a usage error, an unknown process or stock code
 * included; 3 when the vendor failed.
 */
export async function orderFormCommand(
  line: CommandLine,
  withVendor: WithVendor,
  out: Writer,
  err: Writer,
): Promise<number> {
  const value = (name: string) => {
    const given = line.options.get(name);
    return typeof given === "string" ? given : undefined;
  };
  const outPath = value("out");
  if (outPath === undefined || !/\.xlsx$/i.test(outPath)) {
    err("order-form needs --out FILE.xlsx: where to write the workbook.\n");
    return 2;
  }
  const isFile = await stat(outPath).then(
    (found) => found.isFile(),
    () => false,
  );
  const refusal = isFile
    ? existsText(outPath)
    : await checkWritableFile({ path: outPath, what: "The order form", option: "--out" });
  if (refusal !== undefined) {
    err(`${refusal}\n`);
    return 2;
  }
  const stock = line.options.get("stock");
  const isJson = line.options.has("json");
  return withVendor(async (vendor) => {
    const outcome = await writeOrderFormFile(vendor, {
      outPath,
      processCode: value("process"),
      stockCodes: Array.isArray(stock) ? stock : typeof stock === "string" ? [stock] : [],
      onProgress: isJson ? undefined : (message) => err(`${message}…\n`),
    });
    if (!outcome.ok) {
      err(`${outcome.message}\n`);
      return outcome.reason === "vendor" ? 3 : 2;
    }
    out(isJson ? `${JSON.stringify(outcome.report, null, 2)}\n` : orderFormText(outcome.report));
    return 0;
  });
}
