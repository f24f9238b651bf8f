import { expose, wrap } from "comlink";
import { describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../../src/core/catalogue";
import { vocabularyWords } from "../../../src/core/mapping";
import { orderFormData, type OrderFormData } from "../../../src/core/order-form/order-form-data";
import { createSheetSession, type SheetSession } from "../../../src/sheet/worker-api";
import { createWorkerSheetSession } from "../../../src/sheet/worker-session";
import { writeOrderForm } from "../../../src/sheet/write/order-form-sheet";
import { formSnapshot, priceCode } from "../../core/order-form/order-form-fixtures";
import { readForm } from "../../core/order-form/order-form-workbook";

function formOf(snapshot = formSnapshot()): OrderFormData {
  const made = orderFormData({ snapshot, today: "2026-11-20" });
  if (!made.ok) throw new Error("the fixture's form could not be made");
  return made.value;
}

describe("writeOrderForm", () => {
  it("writes the instructions, the Orders sheet the importer chooses, and the lists on a hidden sheet", async () => {
    const snapshot = formSnapshot();
    const data = formOf(snapshot);
    const bytes = await writeOrderForm(data);
    const { book, orders, headers, listsByTitle } = await readForm(bytes);
    expect(book.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ["Instructions", "visible"],
      ["Orders", "visible"],
      ["Lists", "hidden"],
    ]);
    expect(headers).toEqual(data.columns.map((column) => column.header));
    expect(orders.views[0]).toMatchObject({ state: "frozen", xSplit: 1, ySplit: 1 });
    expect(headers.map((_, i) => orders.getColumn(i + 1).width)).toEqual(data.columns.map((c) => c.width));
    for (const list of data.lists) expect(listsByTitle.get(list.title), list.title).toEqual(list.values);

    const instructions = book.getWorksheet("Instructions");
    expect(String(instructions?.getCell("A1").value)).toBe(data.title);
    expect(String(instructions?.getCell("A3").value)).toBe(data.instructions[0]);

    // The importer's own reader picks the Orders sheet of the blank form, its headings on row 1.
    const session = createSheetSession();
    const opened = await session.open(bytes, "form.xlsx", undefined, vocabularyWords(catalogueVocabulary(snapshot)));
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.summary.defaultSheet).toBe("Orders");
    expect(opened.summary.sheets.find((sheet) => sheet.name === "Orders")?.headerRowNumber).toBe(1);
  });

  it("checks every blank row: lists from the Lists sheet, whole numbers, dates, lengths", async () => {
    const data = formOf();
    const { orders, headers, offered } = await readForm(await writeOrderForm(data));
    const check = (header: string, rowNumber = 2) =>
      orders.getRow(rowNumber).getCell(headers.indexOf(header) + 1).dataValidation;
    const list = (key: string) => data.lists.find((l) => l.key === key)?.values;
    expect(offered("Code")).toEqual(list("codes"));
    expect(offered("Variant")).toEqual(list("colours"));
    expect(offered("Size")).toEqual(list("sizes"));
    expect(offered("Country")).toEqual(list("countries"));
    expect(offered("Delivery method", data.rowCount + 1)).toEqual(list("deliveryMethods"));
    expect(offered("Foil colour")).toEqual(list("question:Foil colour"));
    // A loose list warns (the importer knows more codes than the form lists); a strict one stops.
    expect(check("Code")).toMatchObject({ errorStyle: "warning" });
    expect(check("Country")?.errorStyle).toBeUndefined();
    expect(check("Quantity")).toMatchObject({ type: "whole", operator: "greaterThanOrEqual", formulae: [1] });
    expect(check("Height of number")).toMatchObject({ type: "whole", operator: "between", formulae: [15, 30] });
    expect(check("Name on back")).toMatchObject({ type: "textLength", operator: "lessThanOrEqual", formulae: [12] });
    expect(check("Due date")).toMatchObject({
      type: "date",
      operator: "greaterThanOrEqual",
      formulae: [new Date(Date.UTC(2026, 10, 20))],
      showInputMessage: true,
    });
    expect(check("Order number")).toMatchObject({ showInputMessage: true, promptTitle: "Order number" });
    expect(check("Line comment")).toBeUndefined();
    // The rows below the form's are left as any sheet's.
    expect(check("Quantity", data.rowCount + 2)).toBeUndefined();
  });

  it("writes text a spreadsheet would run as a formula safely, in the lists and the instructions", async () => {
    const data = formOf(formSnapshot({ priceCodes: [priceCode("=HYPERLINK(1)", "DGT")], stock: [] }));
    const { book, listsByTitle } = await readForm(await writeOrderForm(data));
    expect(listsByTitle.get("Code")).toEqual(["'=HYPERLINK(1)"]);
    const cells: string[] = [];
    book.getWorksheet("Instructions")?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells.filter((text) => text.includes("HYPERLINK"))).not.toHaveLength(0);
    expect(cells.filter((text) => /^[=+\-@]/.test(text))).toEqual([]);
  });

  it("is written by the sheet worker from plain data that crosses a message channel", async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createWorkerSheetSession(), port1);
    const remote = wrap<SheetSession>(port2);
    try {
      const data = formOf();
      const bytes = await remote.writeOrderForm(data);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect((await readForm(bytes)).headers).toEqual(data.columns.map((column) => column.header));
    } finally {
      port1.close();
      port2.close();
    }
  });

  it("is refused in words by the page's own session, which has no workbook writer", async () => {
    await expect(createSheetSession().writeOrderForm(formOf())).rejects.toThrow(
      "New workbooks are written in the sheet worker, which could not start in this browser.",
    );
  });
});
