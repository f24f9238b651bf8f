import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../src/core/catalogue";
import { suggestMapping, vocabularyWords } from "../../src/core/mapping";
import { cellText } from "../../src/core/sheet-model";
import { createSheetSession } from "../../src/sheet/worker-api";
import { checkFile, checkRows, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

const FIXTURE = fileURLToPath(new URL("../fixtures/sheets-with-totals/reorder-with-totals.csv", import.meta.url));

/** The sheet read as the page reads it, mapped with its preview rows as the page maps it. */
async function checkWithPreview(path: string) {
  const vocabulary = catalogueVocabulary(account.snapshot);
  const session = createSheetSession();
  const opened = await session.open(
    new Uint8Array(await readFile(path)),
    "reorder-with-totals.csv",
    undefined,
    vocabularyWords(vocabulary),
  );
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet, undefined, vocabularyWords(vocabulary));
  if (!preview.ok) throw new Error(preview.message);
  return checkFile(account, path, (headers) => suggestMapping(headers, vocabulary, preview.preview.sampleRows));
}

describe("totals, subtotal and note rows under the data, through the engine", () => {
  it("gives each such row one note and no job, and leaves the orders as they are", async () => {
    const { engine, headers, rows, mapping } = await checkWithPreview(FIXTURE);
    // The price columns are numbers: neither is an address line.
    expect(mapping.columns.filter((c) => c.header.startsWith("Unit")).map((c) => c.target)).toEqual([null, null]);

    expect(engine.issues("error")).toEqual([]);
    const notes = engine.issues().filter((i) => i.code === "NOT_AN_ORDER_ROW");
    expect(notes.map((i) => [i.code, i.severity, i.rowNumber, i.column])).toEqual([
      ["NOT_AN_ORDER_ROW", "info", 5, "Description"],
      ["NOT_AN_ORDER_ROW", "info", 8, "Description"],
      ["NOT_AN_ORDER_ROW", "info", 10, "Order No"],
      ["NOT_AN_ORDER_ROW", "info", 11, "Order No"],
    ]);
    for (const view of engine.rowsByNumber([5, 8, 10, 11])) {
      expect(view.orderNumber).toBeUndefined();
      expect(view.issues.map((i) => i.code)).toEqual(["NOT_AN_ORDER_ROW"]);
    }

    expect(engine.jobs().map((j) => [j.orderNumber, j.state, j.rowNumbers])).toEqual([
      ["RO-3101", "ready", [2, 3, 4]],
      ["RO-3102", "ready", [6, 7]],
    ]);
    const payloads = engine.payloads();
    expect(payloads.map((p) => p.lineRows)).toEqual([
      [2, 3, 4],
      [6, 7],
    ]);
    expect(payloads[0]?.candidate.deliveryAddress).toMatchObject({
      streetAddress: "5 Ocean Road",
      address2: null,
      city: "Tauranga",
    });

    // The same orders without the extra rows make the same jobs.
    const orderRows = rows.filter((row) => ![5, 8, 9, 10, 11].includes(row.rowNumber));
    const plain = await checkRows(
      account,
      orderRows.map((row) => Object.fromEntries(headers.map((h, i) => [h, cellText(row.cells[i])]))),
    );
    expect(payloads.map((p) => p.candidate)).toEqual(plain.payloads().map((p) => p.candidate));
    expect(engine.summary().estimate.total).toBe(plain.summary().estimate.total);

    // They are left out of a submission with their note, not held back as errors.
    const others = engine.submissionPlan().otherRows.filter((r) => [5, 8, 10, 11].includes(r.rowNumber));
    expect(others.map((r) => [r.rowNumber, r.outcome])).toEqual([
      [5, "skipped"],
      [8, "skipped"],
      [10, "skipped"],
      [11, "skipped"],
    ]);
  });

  it("reads a row again as an order line once it is given an order number and a code", async () => {
    const { engine } = await checkWithPreview(FIXTURE);
    await engine.setCells([
      { rowNumber: 5, column: "Order No", value: "RO-3101" },
      { rowNumber: 5, column: "Asset Tag", value: "A1042003" },
    ]);
    const [row] = engine.rowsByNumber([5]);
    expect(row?.orderNumber).toBe("RO-3101");
    expect(row?.issues.map((i) => i.code)).not.toContain("NOT_AN_ORDER_ROW");
    expect(engine.jobs().find((j) => j.orderNumber === "RO-3101")?.rowNumbers).toEqual([2, 3, 4, 5]);
  });
});
