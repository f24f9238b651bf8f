/**
 * Writes a reorder campaign workbook from plain data. Runs in the sheet worker and in Node:
 * no Node or DOM APIs, and exceljs is imported only when a workbook is written.
 */
import type { Cell, Fill, Worksheet } from "exceljs";
import { isWebAddress } from "../../core/reorder/asset-catalogue";
import type { CampaignCell, CampaignColumn, CampaignSheetData } from "../../core/reorder/campaign-sheet-data";
import { columnLetter } from "../../core/sheet-model";
import { neutraliseFormula } from "../../core/spreadsheet-safety";

const INSTRUCTIONS_SHEET = "Instructions";
const LISTS_SHEET = "Lists";

const solid = (argb: string): Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
/** Columns to read are grey; columns to fill in are pale yellow, header and cells alike. */
const INFO_HEAD = solid("FFE2E8F0");
const INPUT_HEAD = solid("FFFEEBC8");
const INPUT_CELL = solid("FFFFFBEB");

function writeCell(cell: Cell, value: CampaignCell): void {
  if (value === null) return;
  if (typeof value === "number") {
    cell.value = value;
    return;
  }
  if (typeof value === "string") {
    cell.value = neutraliseFormula(value);
    return;
  }
  if (isWebAddress(value.link)) {
    cell.value = { text: neutraliseFormula(value.text), hyperlink: value.link.trim() };
    cell.font = { color: { argb: "FF2B6CB0" }, underline: true };
  } else cell.value = neutraliseFormula(value.text);
}

/** The first sheet: what the campaign is and how to fill it in, and the delivery methods to choose from. */
function addInstructions(sheet: Worksheet, data: CampaignSheetData): void {
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 96;
  const title = sheet.getCell("A1");
  title.value = neutraliseFormula(data.title);
  title.font = { bold: true, size: 14 };
  let row = 3;
  for (const line of data.instructions) {
    sheet.mergeCells(row, 1, row, 2);
    const cell = sheet.getCell(row, 1);
    cell.value = neutraliseFormula(line);
    cell.alignment = { wrapText: true, vertical: "top" };
    sheet.getRow(row).height = Math.max(15, Math.ceil(line.length / 110) * 15);
    row++;
  }
  row++;
  const head = sheet.getRow(row);
  head.getCell(1).value = "Delivery method";
  head.getCell(2).value = "What it is";
  head.font = { bold: true };
  for (const method of data.deliveryMethods) {
    row++;
    sheet.getCell(row, 1).value = neutraliseFormula(method.value);
    sheet.getCell(row, 2).value = method.isCollection
      ? "Collection: no delivery address needed"
      : method.value === method.code
        ? "Delivery"
        : `Delivery (the vendor's code ${neutraliseFormula(method.code)})`;
  }
}

/** A hidden sheet holding the lists the delivery method and country cells offer. */
function addLists(sheet: Worksheet, data: CampaignSheetData): { deliveryMethods: string; countries: string } {
  sheet.getCell("A1").value = "Delivery method";
  sheet.getCell("B1").value = "Country";
  for (const [i, method] of data.deliveryMethods.entries())
    sheet.getCell(i + 2, 1).value = neutraliseFormula(method.value);
  for (const [i, country] of data.countries.entries()) sheet.getCell(i + 2, 2).value = neutraliseFormula(country);
  sheet.getColumn(1).width = 18;
  sheet.getColumn(2).width = 28;
  const range = (column: string, count: number) => `${LISTS_SHEET}!$${column}$2:$${column}$${Math.max(2, count + 1)}`;
  return { deliveryMethods: range("A", data.deliveryMethods.length), countries: range("B", data.countries.length) };
}

function validationFor(
  column: CampaignColumn,
  minimum: number | undefined,
  lists: { deliveryMethods: string; countries: string },
): Cell["dataValidation"] | undefined {
  const prompt = column.prompt ? { showInputMessage: true, promptTitle: column.header, prompt: column.prompt } : {};
  switch (column.validation) {
    case "quantity": {
      const least = minimum ?? 1;
      return {
        type: "whole",
        operator: "greaterThanOrEqual",
        formulae: [least],
        allowBlank: true,
        showErrorMessage: true,
        errorTitle: "Quantity",
        error: `A whole number of at least ${least} for this design, or blank to leave it out.`,
        ...prompt,
      };
    }
    case "deliveryMethod":
      return {
        type: "list",
        formulae: [lists.deliveryMethods],
        allowBlank: true,
        showErrorMessage: true,
        errorTitle: "Delivery method",
        error: "Choose a delivery method from the list.",
        ...prompt,
      };
    case "country":
      return {
        type: "list",
        formulae: [lists.countries],
        allowBlank: true,
        showErrorMessage: true,
        errorTitle: "Country",
        error: "Choose a country from the list.",
        ...prompt,
      };
    case "date":
      return {
        type: "date",
        operator: "greaterThan",
        formulae: [new Date(Date.UTC(2000, 0, 1))],
        allowBlank: true,
        showErrorMessage: true,
        errorTitle: "Due date",
        error: "A date, such as 2027-03-01.",
        ...prompt,
      };
    default:
      return column.prompt
        ? { type: "textLength", operator: "lessThanOrEqual", formulae: [100], allowBlank: true, ...prompt }
        : undefined;
  }
}

/**
 * The campaign workbook: an Instructions sheet first, then the campaign's sheet (one row per
 * design, a frozen header the importer maps by itself, lists for delivery method and country,
 * a minimum on each quantity), and a hidden sheet of the lists. Every text is written safe
 * from being run as a formula.
 */
export async function writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  addInstructions(workbook.addWorksheet(INSTRUCTIONS_SHEET), data);
  const sheet = workbook.addWorksheet(data.sheetName, { views: [{ state: "frozen", xSplit: 1, ySplit: 1 }] });
  const lists = addLists(workbook.addWorksheet(LISTS_SHEET, { state: "hidden" }), data);

  const header = sheet.getRow(1);
  data.columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.value = neutraliseFormula(column.header);
    cell.font = { bold: true };
    cell.fill = column.kind === "input" ? INPUT_HEAD : INFO_HEAD;
    cell.alignment = { wrapText: true, vertical: "middle" };
    sheet.getColumn(i + 1).width = column.width;
  });
  header.height = 30;
  data.rows.forEach((row, r) => {
    const sheetRow = sheet.getRow(r + 2);
    data.columns.forEach((column, i) => {
      const cell = sheetRow.getCell(i + 1);
      writeCell(cell, row.cells[i] ?? null);
      if (column.kind === "input") cell.fill = INPUT_CELL;
      if (column.header.startsWith("Reset charge")) cell.numFmt = "0.00";
      if (column.validation === "date") cell.numFmt = "yyyy-mm-dd";
      const validation = validationFor(column, row.minimum, lists);
      if (validation) cell.dataValidation = validation;
    });
  });
  if (data.rows.length > 0) sheet.autoFilter = `A1:${columnLetter(data.columns.length - 1)}${data.rows.length + 1}`;

  const buffer: unknown = await workbook.xlsx.writeBuffer();
  return buffer instanceof Uint8Array
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer as ArrayBuffer);
}
