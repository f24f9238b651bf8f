import type { CatalogueSnapshot } from "../catalogue";
import type { FieldId } from "../fields";
import { processName } from "../reorder/asset-catalogue";
import type { deliveryChoices } from "../reorder/campaign-sheet-data";
import type { PriceCode } from "../vendor";
import type { OrderFormItems } from "./order-form-choices";
import type { OrderFormColumn, OrderFormTable } from "./order-form-data";
import type { FormQuestions } from "./order-form-questions";

type DeliveryChoices = ReturnType<typeof deliveryChoices>;

function headerOf(columns: readonly OrderFormColumn[], id: FieldId): string | undefined {
  return columns.find((column) => column.target.kind === "field" && column.target.field === id)?.header;
}

/** "a, b and c". */
function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export interface InstructionsInput {
  readonly sheetName: string;
  readonly columns: readonly OrderFormColumn[];
  readonly deliveryMethods: DeliveryChoices;
  readonly currency: string;
}

/** How to fill in the form, in the words of its own headings, one paragraph a line. */
export function orderFormInstructions({ sheetName, columns, deliveryMethods, currency }: InstructionsInput): string[] {
  const h = (id: FieldId) => headerOf(columns, id) ?? id;
  const hasStock = headerOf(columns, "variant") !== undefined;
  const questions = columns.filter((column) => column.target.kind === "question").map((column) => column.header);
  const details = columns
    .filter((column) => column.level === "job")
    .map((column) => column.header)
    .filter((header) => header !== h("orderNumber") && header !== h("dueDate"));
  const collection = deliveryMethods.filter((d) => d.isCollection).map((d) => d.value);
  const lines = [
    `Fill in the "${sheetName}" sheet with one row per player for each thing they get. ` +
      (hasStock
        ? `A garment is one row (its ${h("code")}, ${h("variant")} and ${h("size")}); each print, such as a name or ` +
          "a number, is a row of its own."
        : "Each print, such as a name or a number, is a row of its own."),
    `${h("orderNumber")}: every row of one order has the same number (your PO reference). Each order becomes one ` +
      "job, sent to one address: use a new number for each team or delivery.",
    `Give each order's details once, on its first row (the blue headings): ${listed(details)}. ` +
      `${h("country")} and ${h("deliveryMethod")} come from their lists` +
      (collection.length > 0 ? `; ${listed(collection)} needs no address.` : "."),
    `${h("dueDate")} is optional: without one, the earliest day the factory can ship is used.`,
    `${h("code")}: choose from the list. The Codes table below says what each print is, the fewest it can be ` +
      `ordered in and what it asks for${hasStock ? "; the Garments table gives each style's colours and sizes" : ""}.`,
  ];
  if (questions.length > 0)
    lines.push(
      `${listed(questions)} answer the prints' questions: fill in those the row's code asks for ` +
        "(those marked * must be answered) and leave the others blank.",
    );
  lines.push(
    `${h("quantity")}: how many of the row's item, a whole number: 1 for one player's ` +
      `${hasStock ? "garment, name or number" : "name or number"}.`,
    "Keep the headings, the sheet names and the order of the sheets as they are, and add rows under the headings. " +
      "Save it as a workbook (.xlsx) and send it back or import it: the importer reads it back as it is, " +
      "with no columns to match by hand.",
    `Prices are worked out when the form is imported, from your account's prices in ${currency}; ` +
      "the importer checks every row and says what to fix.",
  );
  return lines;
}

export interface TablesInput {
  readonly snapshot: CatalogueSnapshot;
  readonly items: OrderFormItems;
  readonly questions: FormQuestions;
  readonly columns: readonly OrderFormColumn[];
  readonly deliveryMethods: DeliveryChoices;
}

/** What each price code asks for, by the headings of the columns that answer it; * where it must be answered. */
function asksFor(questions: FormQuestions, columns: readonly OrderFormColumn[]): Map<string, string[]> {
  const asks = new Map<string, string[]>();
  const add = (code: string, text: string) => asks.set(code, [...(asks.get(code) ?? []), text]);
  for (const dimension of questions.dimensions) {
    const header = headerOf(columns, dimension.field) ?? dimension.field;
    for (const code of dimension.askedBy) add(code, `${header}*`);
  }
  for (const question of questions.questions)
    for (const asked of question.askedBy) add(asked.code, `${question.heading}${asked.isRequired ? "*" : ""}`);
  return asks;
}

/** A price code's description, with its process's name where the description does not say it. */
function whatItIs(snapshot: CatalogueSnapshot, code: PriceCode): string {
  const described = code.description?.trim() || code.name?.trim() || "";
  const process = processName(snapshot, code.processCode);
  return process === "" || described.toLowerCase().includes(process.toLowerCase())
    ? described
    : [described, process].filter(Boolean).join(" — ");
}

/** The tables under the instructions: the columns, the prints, the garments and the delivery methods. */
export function orderFormTables({
  snapshot,
  items,
  questions,
  columns,
  deliveryMethods,
}: TablesInput): OrderFormTable[] {
  const asks = asksFor(questions, columns);
  const tables: OrderFormTable[] = [
    {
      title: "The columns",
      headings: ["Column", "What to write", "Given"],
      rows: columns.map((column) => [
        column.header,
        column.meaning,
        column.level === "job" ? "Once per order" : "On every row",
      ]),
    },
    {
      title: "Codes: the prints",
      headings: ["Price code", "What it is", "Fewest", "Asks for (* must be answered)"],
      rows: items.priceCodes.map((code) => [
        code.priceCode ?? "",
        whatItIs(snapshot, code),
        String(code.priceBands?.[0]?.from ?? code.minimumQuantity),
        (asks.get(code.priceCode ?? "") ?? []).join(", "),
      ]),
    },
  ];
  if (items.styles.length > 0)
    tables.push({
      title: "Garments",
      headings: ["Style", "What it is", "Colour (variant code)", "Sizes"],
      rows: items.styles.flatMap(({ item, variants }) =>
        variants.map((variant) => [
          item.stockCode,
          item.stockName ?? item.stockDescription ?? "",
          `${variant.colour?.trim() || variant.variantCode} (${variant.variantCode})`,
          variant.sizesCsv
            .split(",")
            .map((size) => size.trim())
            .filter((size) => size !== "")
            .join(", "),
        ]),
      ),
    });
  tables.push({
    title: "Delivery methods",
    headings: ["Delivery method", "What it is"],
    rows: deliveryMethods.map((method) => [
      method.value,
      method.isCollection
        ? "Collection: no delivery address needed"
        : method.value === method.code
          ? "Delivery"
          : `Delivery (the vendor's code ${method.code})`,
    ]),
  });
  return tables;
}
