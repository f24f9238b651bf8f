import { describe, expect, it } from "vitest";
import type { SheetReadFailure } from "../../../../src/sheet/read-failure";
import type { SheetPreview } from "../../../../src/sheet/sheet-preview";
import type { ReadProgress } from "../../../../src/sheet/read/workbook";
import { createSheetSession } from "../../../../src/sheet/worker-api";
import { HOSTILE_CSV, type HostileCsvName } from "../../../fixtures/sheets/hostile-csv/hostile-csv";

type Failure = Pick<SheetReadFailure, "code" | "rowNumber" | "columnIndex">;

/** What reading each hostile file must give: a failure, when opening or when previewing, or a bounded result. */
type Expected =
  | { readonly refusedOpening: Failure }
  | { readonly refusedPreview: Failure }
  | {
      readonly read: {
        readonly sheetRows: number;
        readonly preview: Partial<SheetPreview>;
        readonly firstRows?: readonly (readonly unknown[])[];
      };
    };

const CUT_ORDER_NUMBER = `${"Order number ".repeat(20).slice(0, 255).trimEnd()}…`;
const CUT_QTY = `${"Qty ".repeat(64).slice(0, 255).trimEnd()}…`;

const EXPECTED: Record<HostileCsvName, Expected> = {
  "too-large-200mb": { refusedOpening: { code: "TOO_LARGE" } },
  "million-blank-lines": {
    read: {
      sheetRows: 3,
      preview: { headerRowNumber: 1, rowCount: 2 },
      firstRows: [
        [2, "A-1", "2", "Karori Football seniors"],
        [3, "A-2", "3", "Karori Football seniors"],
      ],
    },
  },
  "blank-lines-between-many-rows": {
    read: {
      sheetRows: 600_000,
      preview: { headerRowNumber: 1, rowCount: 599_999 },
      firstRows: [
        [2, "A-1", "2", "Karori Football seniors"],
        [3, ""],
        [4, "A-2", "3", "Karori Football seniors"],
      ],
    },
  },
  "one-order-row-too-many": { refusedPreview: { code: "TOO_MANY_ROWS", rowNumber: 1 } },
  "unterminated-quote": { refusedOpening: { code: "UNTERMINATED_QUOTE", rowNumber: 12 } },
  "unterminated-quote-60mb": { refusedOpening: { code: "UNTERMINATED_QUOTE", rowNumber: 12 } },
  "quote-runs-on": { refusedOpening: { code: "ROW_TOO_LONG", rowNumber: 5 } },
  "endless-line": { refusedOpening: { code: "ROW_TOO_LONG", rowNumber: 3 } },
  "megabyte-header-cell": {
    read: {
      sheetRows: 3,
      preview: {
        headerRowNumber: 1,
        headers: [CUT_ORDER_NUMBER],
        longHeaders: [{ columnIndex: 0, length: 1_048_566 }],
        rowCount: 2,
      },
      firstRows: [
        [2, "A-1"],
        [3, "A-2"],
      ],
    },
  },
  "long-header-cells": {
    read: {
      sheetRows: 3,
      preview: {
        headers: ["Order No", CUT_QTY, `${CUT_QTY} (2)`],
        longHeaders: [
          { columnIndex: 1, length: 4999 },
          { columnIndex: 2, length: 4999 },
        ],
        rowCount: 2,
      },
      firstRows: [
        [2, "A-1", "2", "3"],
        [3, "A-2", "4", "5"],
      ],
    },
  },
  "cell-too-long": { refusedPreview: { code: "CELL_TOO_LONG", rowNumber: 3, columnIndex: 2 } },
  "header-only": { refusedPreview: { code: "NO_ORDER_ROWS", rowNumber: 1 } },
  "header-then-blank-lines": { refusedPreview: { code: "NO_ORDER_ROWS", rowNumber: 2 } },
  "too-many-columns": { refusedOpening: { code: "TOO_MANY_COLUMNS", rowNumber: 2 } },
  "trailing-empty-fields": {
    read: {
      sheetRows: 3,
      preview: { headers: ["Order No", "Qty", "Team"], rowCount: 2 },
      firstRows: [
        [2, "A-1", "2", "Karori Football seniors"],
        [3, "A-2", "3", "Karori Football seniors"],
      ],
    },
  },
};

/** Words of a parser or a runtime that must never reach the user. */
const LEAKED_WORDS = /papaparse|MissingQuotes|TypeError|RangeError|undefined|null|NaN|\[object|Invalid string length/;

describe("hostile CSV files are refused with a plain message or read within bounds", () => {
  it.each(Object.entries(HOSTILE_CSV).map(([name, csv]) => [name as HostileCsvName, csv.description] as const))(
    "%s: %s",
    async (name) => {
      const fileName = `${name}.csv`;
      const session = createSheetSession();
      const progress: ReadProgress[] = [];
      const opened = await session.open(HOSTILE_CSV[name].bytes(), fileName, (p) => progress.push(p));
      const expected = EXPECTED[name];
      const refusal = (result: SheetReadFailure) => {
        expect(result.message).toContain(fileName);
        expect(result.message).not.toMatch(LEAKED_WORDS);
        return { code: result.code, rowNumber: result.rowNumber, columnIndex: result.columnIndex };
      };
      if ("refusedOpening" in expected) {
        if (opened.ok) throw new Error(`${name} was opened`);
        expect(refusal(opened)).toEqual({ rowNumber: undefined, columnIndex: undefined, ...expected.refusedOpening });
        return;
      }
      if (!opened.ok) throw new Error(opened.message);
      const preview = session.preview(opened.summary.defaultSheet);
      if ("refusedPreview" in expected) {
        if (preview.ok) throw new Error(`${name} was previewed`);
        expect(refusal(preview)).toEqual({ rowNumber: undefined, columnIndex: undefined, ...expected.refusedPreview });
        return;
      }
      if (!preview.ok) throw new Error(preview.message);
      expect(opened.summary.sheets[0]?.rowCount).toBe(expected.read.sheetRows);
      expect(preview.preview).toMatchObject(expected.read.preview);
      const rows = session.rows(
        preview.preview.sheetName,
        preview.preview.headerRowNumber,
        0,
        expected.read.firstRows?.length ?? 0,
      );
      expect(rows.map((row) => [row.rowNumber, ...row.cells])).toEqual(expected.read.firstRows ?? []);
      expect(progress.at(-1)).toEqual({ phase: "parsing", fraction: 1 });
    },
  );

  it("refuses a file over the size limit before decoding any of it", async () => {
    const progress: ReadProgress[] = [];
    const opened = await createSheetSession().open(HOSTILE_CSV["too-large-200mb"].bytes(), "too-large-200mb.csv", (p) =>
      progress.push(p),
    );
    expect(opened.ok ? "opened" : opened.message).toBe(
      "too-large-200mb.csv is 200 MB; CSV files up to 64 MB can be read. Split the sheet into smaller files.",
    );
    // Progress comes with each decoded chunk: none means nothing was decoded.
    expect(progress).toEqual([]);
  });

  it("says where an unterminated quote starts and what to do", async () => {
    const opened = await createSheetSession().open(HOSTILE_CSV["unterminated-quote"].bytes(), "orders.csv");
    expect(opened.ok ? "opened" : opened.message).toBe(
      "Row 12 opens a quoted value that never ends (the file ends inside it): the quote mark before " +
        "“Ponsonby Netball” has no closing quote mark, so the rest of orders.csv would be one cell. Add the " +
        "missing quote mark where the value ends (or remove the opening one), save the file and drop it again.",
    );
  });
});

describe("what a user sees when reading fails for a reason of the program's own", () => {
  it("is a plain message with what to do, never the runtime's words", async () => {
    // Not bytes at all: whatever the reader throws on it stays inside the session.
    const opened = await createSheetSession().open({ length: 10 } as unknown as Uint8Array, "orders.csv");
    expect(opened.ok ? "opened" : [opened.code, opened.message]).toEqual([
      "CORRUPT",
      "orders.csv could not be read: it is not laid out the way spreadsheet programs save files. " +
        "Open it in your spreadsheet program, save it again as .xlsx or .csv and drop the new file.",
    ]);
  });
});
