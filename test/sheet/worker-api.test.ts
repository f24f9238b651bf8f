import { expose, proxy, transfer, wrap } from "comlink";
import type { RowResult } from "../../src/core/result-rows";
import type { ResultSheetMessage } from "../../src/core/result-sheet-data";
import { describe, expect, it } from "vitest";
import type { ReadProgress } from "../../src/sheet/read/workbook";
import { createSheetSession, type SheetSession } from "../../src/sheet/worker-api";
import { writeCsv } from "../../src/sheet/write/write-csv";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the sheet session across a message channel", () => {
  it("returns plain results that survive structured cloning, failures included", async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createSheetSession(), port1);
    const remote = wrap<SheetSession>(port2);
    try {
      const progress: ReadProgress[] = [];
      const opened = await remote.open(
        bytes("Title\r\n\r\nOrder No;Qty;Due\r\nA-1;1;2027-02-01\r\n;;\r\nA-2;2;\r\n"),
        "orders.csv",
        proxy((p: ReadProgress) => void progress.push(p)),
      );
      expect(opened).toEqual({
        ok: true,
        summary: {
          fileName: "orders.csv",
          format: "csv",
          csv: { encoding: "utf-8", delimiter: ";" },
          sheets: [{ name: "orders", hidden: false, rowCount: 6, headerRowNumber: 3, knownHeaders: 3 }],
          defaultSheet: "orders",
        },
      });
      const preview = await remote.preview("orders");
      expect(preview.ok && preview.preview).toMatchObject({
        headerRowNumber: 3,
        headers: ["Order No", "Qty", "Due"],
        rowCount: 3,
      });
      expect(await remote.rows("orders", 3, 1, 5)).toEqual([
        { rowNumber: 5, cells: ["", "", ""] },
        { rowNumber: 6, cells: ["A-2", "2", ""] },
      ]);
      const original = bytes("Title\r\n\r\nOrder No;Qty;Due\r\nA-1;1;2027-02-01\r\n;;\r\nA-2;2;\r\n");
      const written = await remote.writeResults(original, "orders.csv", "orders", {
        headerRowNumber: 3,
        columns: ["Import result", "Job number"],
        rows: new Map([[4, ["Created", 7]]]),
        jobs: { headers: [], rows: [] },
        audit: { headers: [], rows: [] },
      });
      if (!written.ok) throw new Error(written.message);
      expect(written.fileName).toBe("orders - results.csv");
      expect(new TextDecoder().decode(written.bytes)).toBe(
        "Title\r\n\r\nOrder No;Qty;Due;Import result;Job number\r\nA-1;1;2027-02-01;Created;7\r\n;;\r\nA-2;2;\r\n",
      );
      // The same data sent down a channel of its own, as the submit worker sends it, writes the same file.
      const data = new MessageChannel();
      data.port1.postMessage({
        data: {
          headerRowNumber: 3,
          columns: ["Import result", "Job number"],
          rows: new Map([[4, ["Created", 7]]]),
          jobs: { headers: [], rows: [] },
          audit: { headers: [], rows: [] },
        },
      } satisfies ResultSheetMessage);
      const writtenFrom = await remote.writeResultsFrom(
        transfer(data.port2, [data.port2]),
        bytes("Title\r\n\r\nOrder No;Qty;Due\r\nA-1;1;2027-02-01\r\n;;\r\nA-2;2;\r\n"),
        "orders.csv",
        "orders",
      );
      expect(writtenFrom).toEqual(written);
      // And the results alone, from the rows' results sent down a channel.
      const rows = new MessageChannel();
      const results: RowResult[] = [
        { rowNumber: 4, orderNumber: "A-1", outcome: "created", jobNumber: 7, messages: [] },
      ];
      rows.port1.postMessage(results);
      expect(await remote.resultsOnlySheetFrom(transfer(rows.port2, [rows.port2]))).toEqual(
        await remote.resultsOnlySheet(results),
      );
      const failed = await remote.open(new Uint8Array(), "empty.csv");
      expect(failed).toEqual({ ok: false, code: "EMPTY_FILE", message: "empty.csv is empty." });
      expect(progress.length).toBeGreaterThan(0);
    } finally {
      port1.close();
      port2.close();
    }
  });
});

describe("writeCsv", () => {
  it("writes UTF-8 with a BOM and CRLF, quoting where needed and neutralising formulas", () => {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      writeCsv([
        ["a", 'say "hi"', "x,y"],
        ["=2+2", "-7", "line\nbreak"],
      ]),
    );
    expect(text).toBe('\uFEFFa,"say ""hi""","x,y"\r\n\'=2+2,-7,"line\nbreak"\r\n');
  });

  it("keeps the input's delimiter", () => {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(writeCsv([["a;b", "c"]], ";"));
    expect(text).toBe('\uFEFF"a;b";c\r\n');
  });
});
