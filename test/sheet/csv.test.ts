import { readFile } from "node:fs/promises";
import { wrap } from "comlink";
import { expose } from "comlink";
import { describe, expect, it } from "vitest";
import { readCsv } from "../../src/sheet/read-csv";
import { sheetWorkerApi, type SheetWorkerApi } from "../../src/sheet/worker-api";
import { writeCsv } from "../../src/sheet/write-csv";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("readCsv", () => {
  it("reads the sample sheet with spreadsheet row numbers", async () => {
    const result = readCsv(new Uint8Array(await readFile(new URL("../../samples/price-code-orders.csv", import.meta.url))), "price-code-orders.csv");
    if (!result.ok) throw new Error(result.message);
    expect(result.table.headers[0]).toBe("Order No");
    expect(result.table.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(result.table.rows[0]?.cells[11]).toBe('DTF 10" x 10": Full Colour');
  });

  it("keeps a quoted line break in one row, skips a BOM and leading blank rows, and drops trailing blank rows", () => {
    const result = readCsv(bytes('\uFEFF\r\n,,\r\nOrder,Note\r\nA,"two\r\nlines"\r\nB,x\r\n,\r\n\r\n'), "t.csv");
    if (!result.ok) throw new Error(result.message);
    expect(result.table.headerRowNumber).toBe(3);
    expect(result.table.rows).toEqual([
      { rowNumber: 4, cells: ["A", "two\r\nlines"] },
      { rowNumber: 5, cells: ["B", "x"] },
    ]);
  });

  it.each([
    ["", "EMPTY_FILE"],
    [",,\r\n,\r\n", "NO_HEADER_ROW"],
  ])("refuses %j with %s", (text, code) => {
    const result = readCsv(bytes(text), "t.csv");
    expect(result.ok ? "ok" : result.code).toBe(code);
  });
});

describe("writeCsv", () => {
  it("writes UTF-8 with a BOM and CRLF, quoting where needed and neutralising formulas", () => {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(writeCsv([["a", 'say "hi"', "x,y"], ["=2+2", "-7", "line\nbreak"]]));
    expect(text).toBe('\uFEFFa,"say ""hi""","x,y"\r\n\'=2+2,-7,"line\nbreak"\r\n');
  });
});

describe("sheet worker API across a message channel", () => {
  it("returns plain results that survive structured cloning", async () => {
    const { port1, port2 } = new MessageChannel();
    expose(sheetWorkerApi, port1);
    const remote = wrap<SheetWorkerApi>(port2);
    const read = await remote.readSheet(bytes("Order,Qty\r\nA,1\r\n"), "t.csv");
    expect(read).toEqual({ ok: true, table: { sheetName: "t", headerRowNumber: 1, headers: ["Order", "Qty"], rows: [{ rowNumber: 2, cells: ["A", "1"] }] } });
    const failed = await remote.readSheet(new Uint8Array(), "empty.csv");
    expect(failed).toEqual({ ok: false, code: "EMPTY_FILE", message: "empty.csv is empty." });
    if (!read.ok) return;
    const written = await remote.writeResultSheet(read.table, [{ rowNumber: 2, outcome: "created", jobNumber: 7, messages: [] }]);
    expect(new TextDecoder().decode(written)).toContain("A,1,Created,7,,");
    port1.close();
    port2.close();
  });
});
