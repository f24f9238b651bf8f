import type { CatalogueSnapshot } from "../catalogue";
import { closestBy, similarity } from "../mapping/normalise";
import { processName } from "../reorder/asset-catalogue";
import type { PriceCode, StockItem, StockVariant } from "../vendor";

/** What an order form offers: the price codes of one process or all, and some stock styles or all. */
export interface OrderFormChoices {
  /** Only the price codes of this process (any case); every price code when absent. */
  readonly processCode?: string | undefined;
  /**
   * Stock styles by stock code (every colour) or variant code (that colour only), any case; every style when absent or
   * empty.
   */
  readonly stockCodes?: readonly string[] | undefined;
}

/** A stock style on the form, with the colours it is offered in. */
export interface FormStyle {
  readonly item: StockItem;
  readonly variants: readonly StockVariant[];
}

/** The catalogue's part an order form is made of. */
export interface OrderFormItems {
  /** The process chosen, as the catalogue spells it. */
  readonly processCode: string | undefined;
  readonly priceCodes: readonly PriceCode[];
  readonly styles: readonly FormStyle[];
}

/** Why the choices cannot make a form, as data; `describeChoiceIssue` says it in words. */
export type OrderFormChoiceIssue =
  | {
      readonly code: "PROCESS_UNKNOWN";
      readonly value: string;
      /** The processes the account has price codes of, with their names. */
      readonly known: readonly { readonly code: string; readonly name: string }[];
    }
  | { readonly code: "STOCK_UNKNOWN"; readonly value: string; readonly candidates: readonly string[] };

export type OrderFormChoiceResult =
  | { readonly ok: true; readonly value: OrderFormItems }
  | { readonly ok: false; readonly issues: readonly OrderFormChoiceIssue[] };

const upper = (text: string) => text.trim().toUpperCase();

function processesOf(snapshot: CatalogueSnapshot): { code: string; name: string }[] {
  const codes = new Set<string>();
  for (const code of snapshot.priceCodes) if (code.priceCode && code.processCode) codes.add(code.processCode);
  return [...codes].map((code) => ({ code, name: processName(snapshot, code) }));
}

function choosePriceCodes(
  snapshot: CatalogueSnapshot,
  processCode: string | undefined,
): { codes: PriceCode[]; process: string | undefined } | OrderFormChoiceIssue {
  const named = snapshot.priceCodes.filter((code) => Boolean(code.priceCode));
  if (processCode === undefined || processCode.trim() === "") return { codes: named, process: undefined };
  const codes = named.filter((code) => code.processCode && upper(code.processCode) === upper(processCode));
  if (codes.length === 0) return { code: "PROCESS_UNKNOWN", value: processCode, known: processesOf(snapshot) };
  return { codes, process: codes[0]?.processCode ?? processCode };
}

/** Every stock and variant code of the catalogue, upper-cased, to what it names. */
function stockIndex(snapshot: CatalogueSnapshot): Map<string, { item: StockItem; variant?: StockVariant }> {
  const index = new Map<string, { item: StockItem; variant?: StockVariant }>();
  for (const item of snapshot.stock) {
    if (item.stockVariants.length === 0) continue;
    index.set(upper(item.stockCode), { item });
    for (const variant of item.stockVariants) {
      const key = upper(variant.variantCode);
      if (!index.has(key)) index.set(key, { item, variant });
    }
  }
  return index;
}

function chooseStyles(
  snapshot: CatalogueSnapshot,
  stockCodes: readonly string[],
): { styles: FormStyle[]; issues: OrderFormChoiceIssue[] } {
  const offered = snapshot.stock.filter((item) => item.stockVariants.length > 0);
  if (stockCodes.length === 0)
    return { styles: offered.map((item) => ({ item, variants: item.stockVariants })), issues: [] };
  const index = stockIndex(snapshot);
  // Per style: every colour (a stock code named it), or the colours its variant codes named.
  const wanted = new Map<StockItem, Set<StockVariant> | "all">();
  const issues: OrderFormChoiceIssue[] = [];
  for (const text of stockCodes) {
    const found = index.get(upper(text));
    if (found === undefined) {
      const nearest = closestBy(index.keys(), (key) => similarity(upper(text), key), 0.6);
      issues.push({ code: "STOCK_UNKNOWN", value: text, candidates: nearest ? [nearest] : [] });
      continue;
    }
    const soFar = wanted.get(found.item);
    if (found.variant === undefined || soFar === "all") wanted.set(found.item, "all");
    else wanted.set(found.item, new Set([...(soFar ?? []), found.variant]));
  }
  // In the catalogue's order, whatever order they were named in.
  const styles = offered.flatMap((item) => {
    const chosen = wanted.get(item);
    if (chosen === undefined) return [];
    return [
      { item, variants: chosen === "all" ? item.stockVariants : item.stockVariants.filter((v) => chosen.has(v)) },
    ];
  });
  return { styles, issues };
}

/**
 * The price codes and stock styles an order form offers, from the snapshot and the choices; an unknown process or
 * stock code is an issue, never left out quietly.
 */
export function chooseOrderFormItems(snapshot: CatalogueSnapshot, choices: OrderFormChoices): OrderFormChoiceResult {
  const issues: OrderFormChoiceIssue[] = [];
  const priced = choosePriceCodes(snapshot, choices.processCode);
  if ("code" in priced) issues.push(priced);
  const stock = chooseStyles(snapshot, choices.stockCodes ?? []);
  issues.push(...stock.issues);
  if (issues.length > 0 || "code" in priced) return { ok: false, issues };
  return { ok: true, value: { processCode: priced.process, priceCodes: priced.codes, styles: stock.styles } };
}

/** An issue of the choices in the user's words. */
export function describeChoiceIssue(issue: OrderFormChoiceIssue): string {
  if (issue.code === "PROCESS_UNKNOWN") {
    const known = issue.known.map((p) => (p.name && p.name !== p.code ? `${p.code} (${p.name})` : p.code));
    return known.length > 0
      ? `No price code of this account is of process "${issue.value}"; the processes are ${known.join(", ")}.`
      : `No price code of this account is of process "${issue.value}"; the account has no price codes.`;
  }
  const hint =
    issue.candidates.length > 0 ? ` Did you mean ${issue.candidates.map((c) => `"${c}"`).join(" or ")}?` : "";
  return `"${issue.value}" is not a stock code or variant code of this account.${hint}`;
}
