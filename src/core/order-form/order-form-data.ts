import { indexCatalogue, type CatalogueSnapshot } from "../catalogue";
import { fieldById, type FieldId } from "../fields";
import { countryChoices, deliveryChoices } from "../reorder/campaign-sheet-data";
import { catalogueTypesOf, type LineType } from "../resolve/item-type";
import {
  chooseOrderFormItems,
  type OrderFormChoiceIssue,
  type OrderFormChoices,
  type OrderFormItems,
} from "./order-form-choices";
import { formQuestions, type FormQuestion, type FormQuestions } from "./order-form-questions";
import { orderFormInstructions, orderFormTables } from "./order-form-text";

/** What a column of the order form is read back as: one of the importer's fields, or a price code's question. */
export type OrderFormTarget =
  | { readonly kind: "field"; readonly field: FieldId }
  | { readonly kind: "question"; readonly names: readonly string[] };

/** The check on a column's cells, as the spreadsheet program makes it. */
export type OrderFormCheck =
  /** One of a list's values; a loose list only warns, for a value the form does not list but the importer knows. */
  | { readonly kind: "list"; readonly list: string; readonly isStrict: boolean }
  | { readonly kind: "whole" | "decimal"; readonly least: number | undefined; readonly most: number | undefined }
  /** A date on or after `from` (YYYY-MM-DD). */
  | { readonly kind: "date"; readonly from: string }
  | { readonly kind: "length"; readonly most: number };

export interface OrderFormColumn {
  readonly header: string;
  readonly target: OrderFormTarget;
  /** `job`: once per order, on its first row; `line`: on every row. */
  readonly level: "job" | "line";
  /** Width in characters. */
  readonly width: number;
  /** What to write, for the instructions. */
  readonly meaning: string;
  readonly check?: OrderFormCheck;
  /** Shown when a cell is selected, where the spreadsheet program does that. */
  readonly prompt?: string;
  /** How the cells are formatted: text keeps leading zeros; date shows a date. */
  readonly format?: "text" | "date";
}

/** A list the form's cells offer, kept on a hidden sheet. */
export interface OrderFormList {
  readonly key: string;
  readonly title: string;
  readonly values: readonly string[];
}

/** A table on the instructions sheet. */
export interface OrderFormTable {
  readonly title: string;
  readonly headings: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** Everything the workbook writer needs, as plain data: the same from the page and the command line. */
export interface OrderFormData {
  readonly title: string;
  readonly instructions: readonly string[];
  readonly tables: readonly OrderFormTable[];
  readonly sheetName: string;
  readonly columns: readonly OrderFormColumn[];
  /** Blank rows given the checks, below the header. */
  readonly rowCount: number;
  readonly lists: readonly OrderFormList[];
}

export type OrderFormResult =
  | { readonly ok: true; readonly value: OrderFormData }
  | { readonly ok: false; readonly issues: readonly OrderFormChoiceIssue[] };

export const ORDER_FORM_SHEET_NAME = "Orders";
/** Rows a season's team order fills; more can be added below. */
export const ORDER_FORM_ROWS = 300;

export interface OrderFormInput {
  readonly snapshot: CatalogueSnapshot;
  readonly choices?: OrderFormChoices;
  /** The day the form is made (YYYY-MM-DD): its title, and the earliest due date its check lets through. */
  readonly today: string;
}

const field = (id: FieldId): OrderFormTarget => ({ kind: "field", field: id });

interface FieldSpec {
  readonly id: FieldId;
  readonly width: number;
  readonly meaning: string;
  readonly check?: OrderFormCheck;
  readonly prompt?: string;
  readonly format?: "text" | "date";
}

/** The order's own columns: given once per order, on its first row. */
function jobSpecs(today: string): FieldSpec[] {
  return [
    {
      id: "orderNumber",
      width: 14,
      meaning: "Your order (PO) number. Every row of one order has the same number; each order becomes one job.",
      prompt: "Your order (PO) number: every row of one order has the same one.",
    },
    { id: "organisation", width: 22, meaning: "The club or organisation the order is for." },
    { id: "contactName", width: 18, meaning: "Who receives the delivery." },
    { id: "email", width: 24, meaning: "The contact's email address." },
    { id: "phone", width: 14, meaning: "The contact's phone number, for the courier.", format: "text" },
    { id: "streetAddress", width: 24, meaning: "The delivery address: street and number." },
    { id: "suburb", width: 14, meaning: "The suburb or district." },
    { id: "city", width: 14, meaning: "The town or city." },
    { id: "state", width: 12, meaning: "The state or region, where the country has them." },
    { id: "postalCode", width: 11, meaning: "The postcode.", format: "text" },
    {
      id: "country",
      width: 18,
      meaning: "The country, from the list.",
      check: { kind: "list", list: "countries", isStrict: true },
    },
    {
      id: "deliveryMethod",
      width: 16,
      meaning: "How it is sent, from the list (see Delivery methods below).",
      check: { kind: "list", list: "deliveryMethods", isStrict: true },
    },
    {
      id: "dueDate",
      width: 12,
      meaning: "Optional: the day it should ship. Blank: the earliest day the factory can.",
      check: { kind: "date", from: today },
      prompt: "Optional: the day it should ship (the earliest possible when blank).",
      format: "date",
    },
  ];
}

function fieldColumn(spec: FieldSpec, level: "job" | "line"): OrderFormColumn {
  const { id, ...rest } = spec;
  return { header: fieldById(id).label, target: field(id), level, ...rest };
}

function questionColumn(question: FormQuestion): OrderFormColumn {
  const asked = question.askedBy.map((a) => a.code);
  const required = question.askedBy.some((a) => a.isRequired);
  const check: OrderFormCheck | undefined =
    question.type === "select" && question.options.length > 0
      ? { kind: "list", list: questionListKey(question), isStrict: true }
      : (question.type === "int" || question.type === "decimal") &&
          (question.least !== undefined || question.most !== undefined)
        ? { kind: question.type === "int" ? "whole" : "decimal", least: question.least, most: question.most }
        : question.type === "text" && question.most !== undefined
          ? { kind: "length", most: question.most }
          : undefined;
  const codes = asked.length === 1 ? asked[0] : `${asked.length} codes (see Codes below)`;
  return {
    header: question.heading,
    target: { kind: "question", names: question.names },
    level: "line",
    width: Math.min(24, Math.max(12, question.heading.length + 2)),
    meaning:
      `${question.description ?? question.heading}. Asked by ${codes}${required ? "" : ", optional"}; ` +
      "blank on rows of other codes.",
    ...(check ? { check } : {}),
    prompt: `${question.description ?? question.heading}. Only for the codes that ask it.`,
  };
}

const questionListKey = (question: FormQuestion) => `question:${question.heading}`;

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The lists the form's cells offer, and each variant's size run beside them. */
function listsOf(
  snapshot: CatalogueSnapshot,
  items: OrderFormItems,
  questions: readonly FormQuestion[],
): OrderFormList[] {
  const variants = items.styles.flatMap((style) => style.variants.map((variant) => ({ style, variant })));
  const sizesOf = (csv: string) =>
    csv
      .split(",")
      .map((size) => size.trim())
      .filter((size) => size !== "");
  const colourOf = (v: (typeof variants)[number]["variant"]) => v.colour?.trim() || v.variantCode;
  const codes = unique([
    ...items.priceCodes.flatMap((code) => (code.priceCode ? [code.priceCode] : [])),
    ...items.styles.map((style) => style.item.stockCode),
  ]);
  const lists: OrderFormList[] = [
    { key: "codes", title: "Code", values: codes },
    {
      key: "colours",
      title: "Colour",
      values: unique(variants.map(({ variant }) => colourOf(variant))).sort((a, b) => a.localeCompare(b)),
    },
    { key: "sizes", title: "Size", values: unique(variants.flatMap(({ variant }) => sizesOf(variant.sizesCsv))) },
    { key: "deliveryMethods", title: "Delivery method", values: deliveryChoices(snapshot).map((d) => d.value) },
    { key: "countries", title: "Country", values: countryChoices(snapshot) },
    { key: "itemTypes", title: "Item type", values: ["PriceCode", "Stock"] satisfies LineType[] },
  ];
  for (const question of questions)
    if (question.type === "select")
      lists.push({ key: questionListKey(question), title: question.heading, values: question.options });
  for (const { style, variant } of variants)
    lists.push({
      key: `sizes:${variant.variantCode}`,
      title: `Sizes of ${style.item.stockCode} ${colourOf(variant)}`,
      values: sizesOf(variant.sizesCsv),
    });
  return lists;
}

/** Whether any code on the form is also another kind of code (an asset tag, say): then its rows say which. */
function hasAmbiguousCodes(snapshot: CatalogueSnapshot, codes: readonly string[]): boolean {
  const index = indexCatalogue(snapshot);
  return codes.some((code) => catalogueTypesOf(code, index).length > 1);
}

/** The columns of a line: what it orders, how many, its questions' answers and a comment. */
function lineColumns(
  items: OrderFormItems,
  { questions, dimensions }: FormQuestions,
  lists: readonly OrderFormList[],
  isAmbiguous: boolean,
): OrderFormColumn[] {
  const has = (key: string) => (lists.find((list) => list.key === key)?.values.length ?? 0) > 0;
  const hasStock = items.styles.length > 0;
  const specs: FieldSpec[] = [
    {
      id: "code",
      width: 34,
      meaning:
        `What the row orders, from the list: a print's price code${hasStock ? " or a garment's style" : ""} ` +
        "(see the tables below).",
      check: { kind: "list", list: "codes", isStrict: false },
    },
  ];
  if (isAmbiguous)
    specs.push({
      id: "itemType",
      width: 11,
      meaning: "PriceCode for a print, Stock for a garment: only where a code is both.",
      check: { kind: "list", list: "itemTypes", isStrict: true },
    });
  if (hasStock && has("colours"))
    specs.push({
      id: "variant",
      width: 16,
      meaning: "A garment's colour, from the list (see Garments below for the colours of each style).",
      check: { kind: "list", list: "colours", isStrict: false },
    });
  if (hasStock && has("sizes"))
    specs.push({
      id: "size",
      width: 8,
      meaning: "A garment's size, from the list (see Garments below for the sizes of each colour).",
      check: { kind: "list", list: "sizes", isStrict: false },
    });
  specs.push({
    id: "quantity",
    width: 10,
    meaning: "How many: 1 for one player's garment, name or number. Prints have a fewest (see Codes below).",
    check: { kind: "whole", least: 1, most: undefined },
  });
  for (const dimension of dimensions)
    specs.push({
      id: dimension.field,
      width: 10,
      meaning: `The ${fieldById(dimension.field).label.toLowerCase()} of a print made to size; blank for others.`,
      check: { kind: "decimal", least: dimension.least, most: dimension.most },
    });
  return [
    ...specs.map((spec) => fieldColumn(spec, "line")),
    ...questions.map(questionColumn),
    fieldColumn({ id: "comment", width: 28, meaning: "Anything to say about the row (optional)." }, "line"),
  ];
}

/**
 * A blank order form for a seasonal team order, from the account's catalogue: instructions, an Orders sheet headed
 * with the importer's own field labels and the price codes' question labels (so it maps with no hand work), lists
 * from the live lookups and checks on its cells. Nothing in it is written here: it all comes from the snapshot.
 */
export function orderFormData(input: OrderFormInput): OrderFormResult {
  const { snapshot, today } = input;
  const chosen = chooseOrderFormItems(snapshot, input.choices ?? {});
  if (!chosen.ok) return chosen;
  const items = chosen.value;
  const questions = formQuestions(items.priceCodes);
  const lists = listsOf(snapshot, items, questions.questions);
  const codes = lists.find((list) => list.key === "codes")?.values ?? [];
  const columns = [
    ...jobSpecs(today).map((spec) => fieldColumn(spec, "job")),
    ...lineColumns(items, questions, lists, hasAmbiguousCodes(snapshot, codes)),
  ];
  const used = new Set(columns.flatMap((column) => (column.check?.kind === "list" ? [column.check.list] : [])));
  const deliveryMethods = deliveryChoices(snapshot);
  const accountName = snapshot.account.name ?? "your account";
  return {
    ok: true,
    value: {
      title: `Order form${items.processCode ? ` (${items.processCode})` : ""} for ${accountName}, made ${today}`,
      instructions: orderFormInstructions({
        sheetName: ORDER_FORM_SHEET_NAME,
        columns,
        deliveryMethods,
        currency: snapshot.account.currency,
      }),
      tables: orderFormTables({ snapshot, items, questions, columns, deliveryMethods }),
      sheetName: ORDER_FORM_SHEET_NAME,
      columns,
      rowCount: ORDER_FORM_ROWS,
      // Lists no cell offers are left out, but for the sizes of each colour, which say which size goes with which.
      lists: lists.filter((list) => used.has(list.key) || list.key.startsWith("sizes:")),
    },
  };
}

/** The file name of an order form: "Order form 2026-11-20.xlsx", "Order form HTV 2026-11-20.xlsx". */
export function orderFormFileName(today: string, processCode?: string): string {
  const safe = (processCode ?? "").replace(/[\\/:*?"<>|]+/g, " ").trim();
  return `Order form ${safe ? `${safe} ` : ""}${today}.xlsx`;
}
