/**
 * Writes a blank order form workbook from plain data. Runs in the sheet worker and in Node:
 * no Node or DOM APIs, and exceljs is imported only when a workbook is written.
 */
import type { DataValidation, Fill, Worksheet } from "exceljs";
import type {
  OrderFormCheck,
  OrderFormColumn,
  OrderFormData,
  OrderFormList,
} from "../../core/order-form/order-form-data";
import { columnLetter } from "../../core/sheet-model";
import { neutraliseFormula } from "../../core/spreadsheet-safety";

const INSTRUCTIONS_SHEET = "Instructions";
const LISTS_SHEET = "Lists";

const solid = (argb: string): Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
/** An order's details have blue headings, a row's own columns pale yellow ones, as the instructions say. */
const JOB_HEAD = solid("FFBEE3F8");
const LINE_HEAD = solid("FFFEEBC8");
const TABLE_HEAD = solid("FFE2E8F0");

/** Widths of the instructions' columns, in characters. */
const INSTRUCTION_WIDTHS = [30, 64, 18, 40] as const;
const LINE_HEIGHT = 15;

/** What Excel allows in a check's messages. */
const TITLE_LENGTH = 32;
const PROMPT_LENGTH = 255;
const ERROR_LENGTH = 225;
const cut = (text: string, most: number) => (text.length <= most ? text : `${text.slice(0, most - 1)}…`);

/** Rows of `LINE_HEIGHT` that a text needs in a column this wide. */
const linesFor = (text: string, width: number) => Math.max(1, Math.ceil(text.length / Math.max(1, width - 2)));

/** The first sheet: how to fill in the form, then the tables of columns, prints, garments and delivery methods. */
function addInstructions(sheet: Worksheet, data: OrderFormData): void {
  INSTRUCTION_WIDTHS.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  const spread = INSTRUCTION_WIDTHS.reduce((sum, width) => sum + width, 0);
  const title = sheet.getCell("A1");
  title.value = neutraliseFormula(data.title);
  title.font = { bold: true, size: 14 };
  let row = 3;
  for (const line of data.instructions) {
    sheet.mergeCells(row, 1, row, INSTRUCTION_WIDTHS.length);
    const cell = sheet.getCell(row, 1);
    cell.value = neutraliseFormula(line);
    cell.alignment = { wrapText: true, vertical: "top" };
    sheet.getRow(row).height = linesFor(line, spread) * LINE_HEIGHT;
    row++;
  }
  for (const table of data.tables) {
    row++;
    const title = sheet.getCell(row, 1);
    title.value = neutraliseFormula(table.title);
    title.font = { bold: true, size: 12 };
    row++;
    table.headings.forEach((heading, i) => {
      const cell = sheet.getCell(row, i + 1);
      cell.value = neutraliseFormula(heading);
      cell.font = { bold: true };
      cell.fill = TABLE_HEAD;
    });
    for (const cells of table.rows) {
      row++;
      let lines = 1;
      cells.forEach((text, i) => {
        const cell = sheet.getCell(row, i + 1);
        cell.value = neutraliseFormula(text);
        cell.alignment = { wrapText: true, vertical: "top" };
        lines = Math.max(lines, linesFor(text, INSTRUCTION_WIDTHS[i] ?? 20));
      });
      if (lines > 1) sheet.getRow(row).height = lines * LINE_HEIGHT;
    }
    row++;
  }
}

/** The hidden sheet of lists, one a column under its title; answers each list's range by its key. */
function addLists(sheet: Worksheet, lists: readonly OrderFormList[]): Map<string, string> {
  const ranges = new Map<string, string>();
  lists.forEach((list, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.min(40, Math.max(12, list.title.length + 2));
    sheet.getCell(1, i + 1).value = neutraliseFormula(list.title);
    sheet.getCell(1, i + 1).font = { bold: true };
    list.values.forEach((value, r) => {
      sheet.getCell(r + 2, i + 1).value = neutraliseFormula(value);
    });
    const letter = columnLetter(i);
    ranges.set(list.key, `${LISTS_SHEET}!$${letter}$2:$${letter}$${Math.max(2, list.values.length + 1)}`);
  });
  return ranges;
}

function rangeCheck(
  kind: "whole" | "decimal",
  least: number | undefined,
  most: number | undefined,
): Pick<DataValidation, "type" | "operator" | "formulae"> & { text: string } {
  const type = kind;
  const what = kind === "whole" ? "A whole number" : "A number";
  if (least !== undefined && most !== undefined)
    return { type, operator: "between", formulae: [least, most], text: `${what} from ${least} to ${most}.` };
  if (least !== undefined)
    return { type, operator: "greaterThanOrEqual", formulae: [least], text: `${what} of at least ${least}.` };
  return { type, operator: "lessThanOrEqual", formulae: [most ?? 0], text: `${what} of at most ${most}.` };
}

/** The check a column's cells get, with its messages; undefined when its list is missing or empty. */
function validationOf(column: OrderFormColumn, ranges: ReadonlyMap<string, string>): DataValidation | undefined {
  const check: OrderFormCheck | undefined = column.check;
  const shown = {
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: cut(column.header, TITLE_LENGTH),
    ...(column.prompt
      ? {
          showInputMessage: true,
          promptTitle: cut(column.header, TITLE_LENGTH),
          prompt: cut(column.prompt, PROMPT_LENGTH),
        }
      : {}),
  };
  const withError = (
    validation: Omit<DataValidation, keyof typeof shown | "error">,
    error: string,
  ): DataValidation => ({
    ...validation,
    ...shown,
    error: cut(error, ERROR_LENGTH),
  });
  // A prompt alone is a check of any value: Excel shows its message and lets anything be typed.
  if (check === undefined)
    return column.prompt ? { ...shown, type: "any" as DataValidation["type"], formulae: [] } : undefined;
  switch (check.kind) {
    case "list": {
      const range = ranges.get(check.list);
      if (range === undefined) return undefined;
      // A loose list warns and lets the value stand: the importer knows codes and colours the form does not list.
      return check.isStrict
        ? withError({ type: "list", formulae: [range] }, `Choose ${column.header} from the list.`)
        : {
            ...withError(
              { type: "list", formulae: [range] },
              `This ${column.header} is not in the list. Keep it only if you are sure of it.`,
            ),
            errorStyle: "warning",
          };
    }
    case "whole":
    case "decimal": {
      if (check.least === undefined && check.most === undefined) return undefined;
      const { text, ...validation } = rangeCheck(check.kind, check.least, check.most);
      return withError(validation, text);
    }
    case "date": {
      const [year, month, day] = check.from.split("-").map(Number);
      const from = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1));
      return withError(
        { type: "date", operator: "greaterThanOrEqual", formulae: [from] },
        `A date on or after ${check.from}, such as ${check.from}.`,
      );
    }
    case "length":
      return withError(
        { type: "textLength", operator: "lessThanOrEqual", formulae: [check.most] },
        `At most ${check.most} characters.`,
      );
  }
}

/** exceljs checks a range of cells in one entry, though its types do not say so. */
interface RangeValidations {
  readonly dataValidations: { add(range: string, validation: DataValidation): void };
}

/** The Orders sheet: the headings, widths and formats, and the checks on its blank rows. */
function addOrders(sheet: Worksheet, data: OrderFormData, ranges: ReadonlyMap<string, string>): void {
  const header = sheet.getRow(1);
  const lastRow = data.rowCount + 1;
  data.columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.value = neutraliseFormula(column.header);
    cell.font = { bold: true };
    cell.fill = column.level === "job" ? JOB_HEAD : LINE_HEAD;
    cell.alignment = { wrapText: true, vertical: "middle" };
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = column.width;
    if (column.format === "text") sheetColumn.numFmt = "@";
    if (column.format === "date") sheetColumn.numFmt = "yyyy-mm-dd";
    const validation = validationOf(column, ranges);
    const letter = columnLetter(i);
    if (validation)
      (sheet as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${lastRow}`, validation);
  });
  header.height = 30;
}

/**
 * The order form workbook: an Instructions sheet first, then the Orders sheet (a frozen header the importer maps by
 * itself, lists and checks on its blank rows), and a hidden sheet of the lists. Every text is written safe from being
 * run as a formula.
 */
export async function writeOrderForm(data: OrderFormData): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  addInstructions(workbook.addWorksheet(INSTRUCTIONS_SHEET), data);
  const orders = workbook.addWorksheet(data.sheetName, { views: [{ state: "frozen", xSplit: 1, ySplit: 1 }] });
  const ranges = addLists(workbook.addWorksheet(LISTS_SHEET, { state: "hidden" }), data.lists);
  addOrders(orders, data, ranges);
  const buffer: unknown = await workbook.xlsx.writeBuffer();
  return buffer instanceof Uint8Array
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer as ArrayBuffer);
}
