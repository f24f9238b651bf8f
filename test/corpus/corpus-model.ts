/**
 * How a corpus sheet is described before it is written: its orders (job values and lines, each
 * line checked against the catalogue of the account the sheet is written for), its columns (each
 * with the header as the customer wrote it, what it means, and what it holds on a row) and its
 * layout. Questions and sizes go by the demo account's names (corpus-data.ts); what a cell holds is
 * the account's own value.
 */
import type { FieldId } from "../../src/core/fields";
import type { SimAsset } from "../../src/server/simulator/fixtures/assets";
import {
  checkAnswer,
  codeOf,
  colour,
  minimumOf,
  priceFor,
  requiredQuestions,
  size,
  tagOf,
  type CodePick,
  type StockPick,
} from "./corpus-data";
import type { ExpectedTarget } from "./corpus-files";

/** A formula cell: its text for the row it lands on (columns named by header) and the value it shows. */
export interface Formula {
  readonly formula: (row: number, column: (header: string) => string) => string;
  readonly result: number;
}
export type Cell = string | number | Date | Formula | undefined;

export const isFormula = (cell: Cell): cell is Formula => typeof cell === "object" && "formula" in cell;

/** One size of a stock line: the size, how many, and how the sheet writes it. */
export interface SizeQuantity {
  /** As the demo account's run names it. */
  readonly size: string;
  /** As the run of the account the sheet is written for names it. */
  readonly runSize: string;
  readonly quantity: number;
  readonly written: string;
}

interface LineCommon {
  /** The code as the sheet writes it. */
  readonly code: string;
  readonly note?: string;
}
export interface StockLine extends LineCommon {
  readonly kind: "stock";
  readonly colour: string;
  readonly sizes: readonly SizeQuantity[];
  /** The item comes in one size (a cap, equipment): a wide layout gives its quantity in the quantity column. */
  readonly oneSize: boolean;
}
export interface PrintLine extends LineCommon {
  readonly kind: "print";
  readonly quantity: number;
  /** The account's price per unit at this quantity, as a customer's sheet would show it. */
  readonly unitPrice: number;
  /** Answers by question name (the demo account's name), as the sheet writes them. */
  readonly answers: Readonly<Record<string, string>>;
  readonly artwork?: string;
  /** A custom-size code's width and height (inches), which the width and height columns give. */
  readonly width?: number;
  readonly height?: number;
}
export interface AssetLine extends LineCommon {
  readonly kind: "asset";
  readonly quantity: number;
  readonly unitPrice: number;
  readonly description?: string;
  readonly garment?: string;
}
export type Line = StockLine | PrintLine | AssetLine;

export interface Order {
  readonly number: string;
  /** Job-level values as the sheet writes them. */
  readonly job: Readonly<Partial<Record<FieldId, Cell>>>;
  readonly lines: readonly Line[];
}

/**
 * A stock line: the colour and sizes (named as the demo account names them) checked against the item
 * and written as the account names them; `as` spells code, colour or sizes otherwise.
 */
export function stockLine(
  pick: StockPick,
  colourName: string,
  sizes: readonly (readonly [size: string, quantity: number, written?: string])[],
  as: { readonly code?: string; readonly colour?: string; readonly note?: string } = {},
): StockLine {
  const ownColour = colour(pick, colourName);
  return {
    kind: "stock",
    code: as.code ?? pick.code,
    colour: as.colour ?? ownColour,
    sizes: sizes.map(([label, quantity, written]) => {
      const runSize = size(pick, label);
      return { size: label, runSize, quantity, written: written ?? runSize };
    }),
    oneSize: pick.run.length === 1,
    ...(as.note ? { note: as.note } : {}),
  };
}

/**
 * A price-code line: at least the code's minimum, every required question answered with a value
 * the vendor takes; `as` spells the code or answers the way the customer did. Answers go by the demo
 * account's names of the questions; their values are the account's own.
 */
export function printLine(
  code: CodePick,
  quantity: number,
  answers: Readonly<Record<string, string>>,
  as: {
    readonly code?: string;
    readonly answers?: Readonly<Record<string, string>>;
    readonly artwork?: string;
    readonly note?: string;
  } = {},
): PrintLine {
  if (quantity < minimumOf(code)) throw new Error(`${quantity} is below the minimum of ${codeOf(code)}`);
  const answered = new Set(Object.keys(answers).map((name) => code.catalogue.profile.attribute(name)));
  for (const name of requiredQuestions(code)) if (!answered.has(name)) throw new Error(`${codeOf(code)} needs ${name}`);
  for (const [name, value] of Object.entries(answers)) checkAnswer(code, name, value);
  return {
    kind: "print",
    code: as.code ?? codeOf(code),
    quantity,
    unitPrice: priceFor(code.code.priceBands ?? [], quantity),
    answers: { ...answers, ...as.answers },
    ...(as.artwork ? { artwork: as.artwork } : {}),
    ...(as.note ? { note: as.note } : {}),
  };
}

/** A custom-size price-code line (a gang sheet): its width and height within the code's limits. */
export function customSizeLine(
  code: CodePick,
  quantity: number,
  width: number,
  height: number,
  answers: Readonly<Record<string, string>> = {},
): PrintLine {
  if (!code.code.hasMetaDataAttributes) throw new Error(`${codeOf(code)} is not made to size`);
  checkAnswer(code, "DG-X", String(width));
  checkAnswer(code, "DG-Y", String(height));
  return { ...printLine(code, quantity, answers), width, height };
}

/** An asset reorder of at least the asset's minimum. */
export function assetLine(
  a: SimAsset,
  quantity: number,
  as: { readonly code?: string; readonly garment?: string; readonly note?: string } = {},
): AssetLine {
  const minimum = a.priceBands[0]?.from ?? 1;
  if (quantity < minimum) throw new Error(`${quantity} is below the minimum of asset ${tagOf(a)}`);
  return {
    kind: "asset",
    code: as.code ?? tagOf(a),
    quantity,
    unitPrice: priceFor(a.priceBands, quantity),
    ...(a.description ? { description: a.description } : {}),
    ...(as.garment ? { garment: as.garment } : {}),
    ...(as.note ? { note: as.note } : {}),
  };
}

// --- Columns --------------------------------------------------------------------------------

/** One line of an order on one row (in a long layout, one size of a stock line). */
export interface RowContext {
  readonly order: Order;
  readonly line: Line;
  readonly size: SizeQuantity | undefined;
  /** 1-based place of the row among its order's rows. */
  readonly position: number;
}

export interface Column {
  readonly header: string;
  /** What a person maps it to; a question or a size as the demo account names it (the expected file: the account's). */
  readonly expect: ExpectedTarget | null;
  /** Holds the order number (written on each row or on the order's first row, as the sheet does). */
  readonly isOrderNumber?: boolean;
  /** Holds a job-level value (written on each row or on the order's first row, as the sheet does). */
  readonly isJobValue?: boolean;
  cell(row: RowContext): Cell;
}

export const orderColumn = (header: string): Column => ({
  header,
  expect: { field: "orderNumber" },
  isOrderNumber: true,
  cell: (r) => r.order.number,
});

/** A job-level value of the order; `expect` when the column is not what the field would take. */
export const jobColumn = (header: string, field: FieldId, expect: ExpectedTarget | null = { field }): Column => ({
  header,
  expect,
  isJobValue: true,
  cell: (r) => r.order.job[field],
});

export const codeColumn = (header: string): Column => ({ header, expect: { field: "code" }, cell: (r) => r.line.code });

export const colourColumn = (header: string): Column => ({
  header,
  expect: { field: "variant" },
  cell: (r) => (r.line.kind === "stock" ? r.line.colour : undefined),
});

/** The long layout's size cell. */
export const sizeColumn = (header: string): Column => ({
  header,
  expect: { field: "size" },
  cell: (r) => r.size?.written,
});

/**
 * The quantity of a price-code or asset line, of a stock size in a long layout, and of a one-size
 * stock item in a wide layout (it has no size column).
 */
export const quantityColumn = (header: string): Column => ({
  header,
  expect: { field: "quantity" },
  cell: (r) =>
    r.line.kind !== "stock"
      ? r.line.quantity
      : (r.size?.quantity ?? (r.line.oneSize ? r.line.sizes[0]?.quantity : undefined)),
});

/** One size of a wide layout, as the demo account's runs name it: the quantity of that size of the row's stock line. */
export const sizesColumn = (header: string, sizeLabel: string): Column => ({
  header,
  expect: { size: sizeLabel },
  cell: (r) => (r.line.kind === "stock" ? r.line.sizes.find((s) => s.size === sizeLabel)?.quantity : undefined),
});

/** Answers to a question, named as the demo account names it. */
export const answerColumn = (header: string, name: string): Column => ({
  header,
  expect: { attribute: name },
  cell: (r) => (r.line.kind === "print" ? r.line.answers[name] : undefined),
});

export const noteColumn = (header: string, field: FieldId = "comment"): Column => ({
  header,
  expect: { field },
  cell: (r) => r.line.note,
});

/** A custom-size line's width or height. */
export const dimensionColumn = (header: string, field: "width" | "height"): Column => ({
  header,
  expect: { field },
  cell: (r) => (r.line.kind === "print" ? r.line[field] : undefined),
});

export const artworkColumn = (header: string): Column => ({
  header,
  expect: { field: "artworkUrl" },
  cell: (r) => (r.line.kind === "print" ? r.line.artwork : undefined),
});

/** A column a person leaves unmapped (prices, totals, descriptions of what is ordered). */
export const keptColumn = (header: string, cell: (row: RowContext) => Cell = () => undefined): Column => ({
  header,
  expect: null,
  cell,
});

/** How many the row orders in all: every size of a stock line in a wide layout, else its quantity. */
export function rowQuantity(r: RowContext): number {
  if (r.line.kind !== "stock") return r.line.quantity;
  return r.size?.quantity ?? r.line.sizes.reduce((sum, s) => sum + s.quantity, 0);
}

/** A row total the customer's sheet works out with a formula over the named columns of the row. */
export const rowTotalColumn = (header: string, summed: readonly string[]): Column =>
  keptColumn(header, (r) => ({
    formula: (row, column) => `SUM(${summed.map((h) => `${column(h)}${row}`).join(",")})`,
    result: rowQuantity(r),
  }));

// --- Sheets ---------------------------------------------------------------------------------

export interface CsvDialect {
  readonly delimiter: "," | ";" | "\t";
  readonly encoding: "utf-8" | "utf-8-bom" | "windows-1252";
  readonly lineEnd: "\r\n" | "\n";
}

export interface WorkbookLayout {
  readonly worksheet: string;
  /** Sheets in front of the order sheet (instructions), each a list of rows of text. */
  readonly before?: readonly { readonly name: string; readonly rows: readonly (readonly string[])[] }[];
  /** Number format of date cells. */
  readonly dateFormat?: string;
}

/** Rows placed by header: a totals row, a note. */
export type LooseRow = Readonly<Record<string, Cell>>;

export interface SheetSpec {
  readonly file: string;
  readonly messy: string;
  readonly csv?: CsvDialect;
  readonly workbook?: WorkbookLayout;
  /** Title and note rows above the header, from the first column. */
  readonly above: readonly (readonly Cell[])[];
  readonly columns: readonly Column[];
  /** Long: a stock line takes one row per size; wide: one row, its sizes in size columns. */
  readonly layout: "long" | "wide";
  readonly orderNumbers: "every row" | "first row";
  readonly jobValues: "every row" | "first row";
  readonly orders: readonly Order[];
  /** Rows after an order's lines (a blank row, a note). */
  readonly after?: (order: Order, index: number) => readonly LooseRow[];
  /** Rows under the data: totals and notes. `sum` totals a column over the data rows. */
  readonly below?: (sum: (header: string) => Formula) => readonly LooseRow[];
}

/** The rows an order takes. */
export function rowsOf(spec: Pick<SheetSpec, "layout">, order: Order): RowContext[] {
  const rows = order.lines.flatMap((line): Omit<RowContext, "position">[] =>
    spec.layout === "long" && line.kind === "stock"
      ? line.sizes.map((s) => ({ order, line, size: s }))
      : [{ order, line, size: undefined }],
  );
  return rows.map((row, i) => ({ ...row, position: i + 1 }));
}
