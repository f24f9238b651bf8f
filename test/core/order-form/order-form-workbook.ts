import ExcelJS from "exceljs";
import type { MappingTarget } from "../../../src/core/mapping";
import { normaliseHeader } from "../../../src/core/mapping/normalise";
import type { OrderFormData } from "../../../src/core/order-form/order-form-data";

/**
 * For each column of a form, whether a mapping's target is the one it was made for: its field, or its question by
 * one of the vendor's names or by its heading.
 */
export function expectedTargets(data: OrderFormData): Map<string, (target: MappingTarget | null) => boolean> {
  return new Map(
    data.columns.map((column) => {
      const { target } = column;
      const fits =
        target.kind === "field"
          ? (found: MappingTarget | null) => found?.kind === "field" && found.field === target.field
          : (found: MappingTarget | null) =>
              found?.kind === "attribute" &&
              (target.names.includes(found.attribute) ||
                normaliseHeader(found.attribute) === normaliseHeader(column.header));
      return [column.header, fits] as const;
    }),
  );
}

export type FormWorkbook = Awaited<ReturnType<typeof readForm>>;

/** An order form as a test reads it: its sheets, the Orders headings, and each list by its title on the Lists sheet. */
export async function readForm(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const orders = book.getWorksheet("Orders");
  const lists = book.getWorksheet("Lists");
  if (!orders || !lists) throw new Error(`the sheets are ${book.worksheets.map((s) => s.name).join(", ")}`);
  const headers = (orders.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ""));
  const listsByTitle = new Map<string, string[]>();
  for (let c = 1; c <= lists.columnCount; c++) {
    const values = (lists.getColumn(c).values as unknown[]).slice(1).map((v) => String(v ?? ""));
    const [title, ...rest] = values;
    if (title)
      listsByTitle.set(
        title,
        rest.filter((v) => v !== ""),
      );
  }
  /** The values a cell of the Orders sheet offers through its check's list, read from the range the check names. */
  const offered = (header: string, rowNumber = 2): string[] => {
    const column = headers.indexOf(header);
    if (column < 0) throw new Error(`the order form has no column "${header}"`);
    const check = orders.getRow(rowNumber).getCell(column + 1).dataValidation;
    const range = /^Lists!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(String(check?.formulae?.[0] ?? ""));
    if (check?.type !== "list" || !range) throw new Error(`"${header}" offers no list`);
    const [, letter, first, last] = range;
    const values: string[] = [];
    for (let r = Number(first); r <= Number(last); r++) {
      const value = lists.getCell(`${letter}${r}`).value;
      if (value !== null && value !== undefined) values.push(String(value));
    }
    return values;
  };
  return { book, orders, lists, headers, listsByTitle, offered };
}

/** Fills in an order form as a club would in its spreadsheet program: one row per entry, under the headings. */
export async function fillForm(
  bytes: Uint8Array,
  rows: readonly Readonly<Record<string, string | number | Date>>[],
): Promise<Buffer> {
  const { book, orders, headers } = await readForm(bytes);
  rows.forEach((values, i) => {
    const row = orders.getRow(i + 2);
    for (const [header, value] of Object.entries(values)) {
      const column = headers.indexOf(header);
      if (column < 0) throw new Error(`the order form has no column "${header}"`);
      row.getCell(column + 1).value = value;
    }
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
