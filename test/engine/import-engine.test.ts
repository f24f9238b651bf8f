import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DTF, priceCodeRow } from "../helpers/order-records";
import { checkFile, checkRows, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { samplePath } from "../helpers/samples";
import { packRows } from "../../src/core/row-windows";
import type { CellValue, SheetRow } from "../../src/core/sheet-model";
import { createImportEngine } from "../../src/engine/import-engine";
import { createVendorGateway } from "../../src/engine/vendor-gateway";
import { HISTORY_LIMIT } from "../../src/engine/edit-history";
import { describeSent } from "../../src/core/result-sheet-data";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

const row = priceCodeRow;
/** A cut vinyl transfer: it asks a vinyl colour ("VinylColour", labelled "Vinyl colour"). */
const HTV = 'HTV 3" x 3": Single Colour';
const codesOf = (issues: readonly { code: string }[]) => issues.map((i) => i.code);

describe("the import engine", () => {
  it("re-resolves an edited cell, its job, and the jobs a row moves between", async () => {
    const engine = await checkRows(account, [row(), row({ Fabric: "Silk" }), row({ "Order No": "E-2" })]);
    expect(engine.jobs().map((j) => [j.orderNumber, j.state, j.lineCount])).toEqual([
      ["E-1", "blocked", 2],
      ["E-2", "ready", 1],
    ]);
    const fixed = await engine.setCell(3, "Fabric", "Polyester");
    expect(fixed.changedCells).toBe(1);
    expect(fixed.summary.jobs).toMatchObject({ total: 2, ready: 2, blocked: 0 });
    await engine.setCell(3, "Order No", "E-2");
    expect(engine.jobs().map((j) => [j.orderNumber, j.lineCount])).toEqual([
      ["E-1", 1],
      ["E-2", 2],
    ]);
    await engine.setCell(2, "Order No", "E-3");
    expect(engine.jobs().map((j) => j.orderNumber)).toEqual(["E-2", "E-3"]);
    expect(engine.payloads().find((p) => p.orderNumber === "E-2")?.lineRows).toEqual([3, 4]);
  });

  it("undoes and redoes edits, several cells at a time", async () => {
    const engine = await checkRows(account, [
      row({ Fabric: "cotton" }),
      row({ Fabric: "cotton", Code: 'DTF 10" x 10": Full Colour' }),
      row({ Fabric: "cotton", "Order No": "E-2" }),
    ]);
    expect(engine.summary().issues.byCode.ATTRIBUTE_VALUE_CASE).toBe(3);
    const all = await engine.applySuggestionToAll(2, "ATTRIBUTE_VALUE_CASE", "Fabric");
    expect(all.changedCells).toBe(3);
    expect(all.summary.issues.error).toBe(0);
    expect(engine.rows(0, 3).map((r) => r.cells[3])).toEqual(["Cotton", "Cotton", "Cotton"]);
    const undone = await engine.undo();
    expect(undone.summary.issues.byCode.ATTRIBUTE_VALUE_CASE).toBe(3);
    expect(undone.summary.canRedo).toBe(true);
    expect(engine.rows(0, 3).map((r) => r.cells[3])).toEqual(["cotton", "cotton", "cotton"]);
    const redone = await engine.redo();
    expect(redone.summary.issues.error).toBe(0);
    expect(redone.summary.canRedo).toBe(false);
  });

  it("applies one suggestion, fills a column, replaces in a column and skips rows", async () => {
    const engine = await checkRows(account, [
      row({ Qty: "5" }),
      row({ Code: "DTF 4x4 Full Colour", "Order No": "E-2" }),
      row({ "Order No": "E-3", Delivery: "" }),
    ]);
    await engine.applySuggestion(2, "QUANTITY_BELOW_MINIMUM");
    expect(engine.rows(0, 1)[0]?.cells[2]).toBe("10");
    await engine.replaceInColumn("Code", "DTF 4x4 Full Colour", DTF);
    expect(codesOf(engine.issues())).not.toContain("CODE_UNKNOWN");
    await engine.fillColumn("Delivery", "O/N");
    expect(engine.jobs().map((j) => [j.deliveryMethod, j.state])).toEqual([
      ["CPON", "ready"],
      ["CPON", "ready"],
      ["CPON", "ready"],
    ]);
    const skipped = await engine.skipRow(4);
    expect(skipped.summary).toMatchObject({ rows: 2, skippedRows: 1 });
    expect(engine.jobs().map((j) => j.orderNumber)).toEqual(["E-1", "E-2"]);
    expect(engine.rows(2, 1)[0]).toMatchObject({ rowNumber: 4, skipped: true, issues: [] });
    await engine.skipRow(4, false);
    expect(engine.jobs().map((j) => j.orderNumber)).toEqual(["E-1", "E-2", "E-3"]);
  });

  it("counts an order's own skipped rows in its view, and keeps an order whose every row is skipped", async () => {
    const engine = await checkRows(account, [
      row({}),
      row({}),
      row({ "Order No": "E-2" }),
      row({ "Order No": "E-2" }),
      row({ "Order No": "E-3" }),
    ]);
    await engine.skipRow(3);
    await engine.skipRow(4);
    await engine.skipRow(5);
    await engine.skipRow(6);
    expect(engine.order("E-1")).toMatchObject({ skippedRows: 1 });
    expect(engine.order("E-1")?.job).toBeDefined();
    expect(engine.order("E-2")).toMatchObject({ skippedRows: 2, job: undefined });
    expect(engine.order("E-3")).toMatchObject({ skippedRows: 1, job: undefined });
    await engine.skipRow(4, false);
    expect(engine.order("E-2")).toMatchObject({ skippedRows: 1 });
    expect(engine.order("E-9")).toBeUndefined();
  });

  it("gives rows without an order number their own jobs when told to", async () => {
    const rows = [row({ "Order No": "" }), row({ "Order No": "" })];
    expect(codesOf((await checkRows(account, rows)).issues())).toEqual([
      "ORDER_NUMBER_MISSING",
      "ORDER_NUMBER_MISSING",
    ]);
    const own = await checkRows(account, rows, { eachRowOwnJob: true });
    expect(own.issues()).toEqual([]);
    expect(own.payloads().map((p) => [p.orderNumber, p.lineRows])).toEqual([
      ["ROW-2", [2]],
      ["ROW-3", [3]],
    ]);
  });

  it("prices custom sizes live, by the single-code call with dgX and dgY", async () => {
    const engine = await checkRows(account, [
      row({ Code: "DTF Gang Sheet: Custom Size", Qty: "3", Width: "22", Height: "40", Fabric: "" }),
    ]);
    expect(engine.issues()).toEqual([]);
    const priced = await account.client.getPriceCode("DTF Gang Sheet: Custom Size", { dgX: 22, dgY: 40 });
    const unit = priced.ok ? (priced.value.priceBands?.[0]?.unitPrice ?? 0) : 0;
    expect(engine.jobs()[0]?.estimate).toBe(Math.round(unit * 3 * 100) / 100);
    expect(engine.payloads()[0]?.candidate.items?.[0]).toEqual({
      itemType: "PriceCode",
      code: "DTF Gang Sheet: Custom Size",
      quantity: 3,
      customerReference: "E-1-R2",
      attributes: { "DG-X": 22, "DG-Y": 40 },
    });
  });

  it("puts the vendor's validateOnly answers on their rows, and drops them once the job changes", async () => {
    // The importer cannot see that this asset tag is another account's; the vendor can.
    const engine = await checkRows(account, [
      row(),
      row({ Code: "A1043001", "Item type": "Asset", Qty: "30", Fabric: "" }),
    ]);
    expect(engine.summary().jobs.blocked).toBe(1);
    const harbour = await startProxiedAccount("demo-harbour");
    try {
      const foreign = await checkRows(
        {
          ...account,
          snapshot: { ...account.snapshot, assets: [...account.snapshot.assets, ...harbour.snapshot.assets] },
        },
        [row(), row({ Code: "A1043001", "Item type": "Asset", Qty: "30", Fabric: "" })],
      );
      expect(foreign.summary().jobs.ready).toBe(1);
      const dryRuns = () => account.app.simulator?.simulator.stats.callsByEndpoint.createJob ?? 0;
      const before = dryRuns();
      const checked = await foreign.validate();
      // The opaque 500 is tried once more, then shown as the vendor's error, open to checking again.
      expect(dryRuns() - before).toBe(2);
      expect(checked.jobs.unverified).toBe(1);
      expect(foreign.jobs()[0]?.issues.map((i) => i.code)).toEqual(["SERVER_ERROR"]);
      await foreign.setCell(3, "Code", "A1042001");
      expect(foreign.summary().jobs).toMatchObject({ ready: 1, unverified: 0 });
      expect((await foreign.validate()).jobs.valid).toBe(1);
    } finally {
      await harbour.close();
    }
  });

  it(
    "tries a dry run the vendor was too busy for once more, " +
      "shows it as the vendor's trouble, and checks it again on request",
    async () => {
      const sim = account.app.simulator?.simulator;
      if (!sim) throw new Error("the embedded simulator is not running");
      const engine = await checkRows(account, [row()]);
      sim.faults = { rate429: 1, endpoints: ["createJob"] };
      const before = sim.stats.callsByEndpoint.createJob ?? 0;
      const busy = await engine.validate();
      sim.faults = {};
      expect((sim.stats.callsByEndpoint.createJob ?? 0) - before).toBe(2);
      expect(busy.jobs).toMatchObject({ unverified: 1, rejected: 0, valid: 0 });
      expect(engine.jobs()[0]?.issues.map((i) => [i.code, i.message])).toEqual([
        [
          "VENDOR_UNAVAILABLE",
          expect.stringContaining(
            "The vendor could not check this job just now (the vendor asked for fewer requests for a while)",
          ),
        ],
      ]);
      expect((await engine.validate()).jobs).toMatchObject({ unverified: 0, valid: 1 });
      expect(engine.issues("error")).toEqual([]);
    },
  );

  it("finds a problem with a whole order on the order's first row, in filters and by next problem", async () => {
    const sim = account.app.simulator?.simulator;
    if (!sim) throw new Error("the embedded simulator is not running");
    const engine = await checkRows(account, [
      row({ Fabric: "Silk" }),
      row({ "Order No": "E-2" }),
      row({ "Order No": "E-2" }),
    ]);
    sim.faults = { rate429: 1, endpoints: ["createJob"] };
    const checked = await engine.validate();
    sim.faults = {};
    expect(checked.issues.byCode.VENDOR_UNAVAILABLE).toBe(1);
    expect(engine.view({ kind: "code", code: "VENDOR_UNAVAILABLE" }, 0, 10).rows.map((r) => r.rowNumber)).toEqual([3]);
    expect(engine.view({ kind: "errors" }, 0, 10).rows.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(engine.nextProblem(2, 1, "error")).toEqual({ rowNumber: 3, column: undefined });
    expect(engine.nextProblem(3, 1, "error")).toMatchObject({ rowNumber: 2 });
    // The row's own issues stay its own; the order's are the order's.
    expect(codesOf(engine.rowsByNumber([3])[0]?.issues ?? [])).not.toContain("VENDOR_UNAVAILABLE");
    // The row says its order has a problem as a whole, so its panel can point to the order's.
    expect(engine.rowsByNumber([3, 4]).map((r) => r.orderIssues)).toEqual([1, 0]);
    expect(engine.issues("error")).toHaveLength(2);
  });

  it("keeps every edit in effect past the undo limit, for a reload and the audit", async () => {
    const engine = await checkRows(account, [row(), row({ "Order No": "E-2" })]);
    await engine.setCell(2, "City", "Wellington");
    for (let i = 0; i < HISTORY_LIMIT; i++) await engine.setCell(3, "Qty", String(21 + (i % 7)));
    expect(engine.editedCells().cells.map((c) => [c.rowNumber, c.column, c.sheet, c.sent])).toEqual([
      [2, "City", "Auckland", "Wellington"],
      [3, "Qty", "20", String(21 + ((HISTORY_LIMIT - 1) % 7))],
    ]);
    expect(engine.editLog()[0]).toMatchObject({
      kind: "cell",
      rowNumber: 2,
      column: "City",
      old: "Auckland",
      new: "Wellington",
    });
    const again = await checkRows(account, [row(), row({ "Order No": "E-2" })]);
    await again.restoreEdits(JSON.parse(JSON.stringify(engine.sessionEdits())));
    expect(again.rows(0, 2)).toEqual(engine.rows(0, 2));
    expect(again.editedCells()).toEqual(engine.editedCells());
  });

  it("reports a fact the vendor could not give, and fetches it again on request", async () => {
    const sim = account.app.simulator?.simulator;
    if (!sim) throw new Error("the embedded simulator is not running");
    sim.faults = { rate500: 1, endpoints: ["getEarliestShipDate"] };
    const engine = await checkRows(account, [
      row({ "Order No": "FACT-1", Code: 'HTV 3" x 3": Single Colour', "Vinyl colour": "Red", Fabric: "" }),
    ]);
    // Said in plain words: what could not be looked up, without the request's key or the vendor's status text.
    expect(engine.summary().unavailableFacts).toEqual([
      "the earliest ship date for jobs with “Cut vinyl, names and numbers”",
    ]);
    // Not left waiting: the job is shown as one the vendor could not check, to be checked again.
    expect(engine.summary().jobs).toMatchObject({ unverified: 1, pending: 0 });
    sim.faults = {};
    const retried = await engine.retryFacts();
    expect(retried.unavailableFacts).toEqual([]);
    expect(engine.jobs()[0]?.state).toBe("ready");
  });
});

describe("the engine's running counts", () => {
  it("match a full recount after edits, undo and skips", async () => {
    const engine = await checkRows(account, [
      row({ Fabric: "cotton" }),
      row({ Qty: "5" }),
      row({ "Order No": "E-2", City: "Hamilton" }),
      row({ "Order No": "E-2" }),
    ]);
    await engine.applySuggestionToAll(2, "ATTRIBUTE_VALUE_CASE", "Fabric");
    await engine.setCell(4, "City", "Auckland");
    await engine.skipRow(3);
    await engine.undo();
    await engine.setCell(5, "Qty", "x");
    const summary = engine.summary();
    const all = engine.issues();
    expect(summary.issues.error).toBe(all.filter((i) => i.severity === "error").length);
    expect(summary.issues.warning).toBe(all.filter((i) => i.severity === "warning").length);
    const recount: Record<string, number> = {};
    for (const issue of all) recount[issue.code] = (recount[issue.code] ?? 0) + 1;
    expect(summary.issues.byCode).toEqual(recount);
    expect(summary.estimate.total).toBe(Math.round(engine.jobs().reduce((sum, j) => sum + j.estimate, 0) * 100) / 100);
  });

  it("answers windowed queries: the rows a filter keeps, a row's place among them, and the next problem", async () => {
    const engine = await checkRows(account, [
      row(),
      row({ Fabric: "Silk" }),
      row({ "Order No": "E-2" }),
      row({ "Order No": "E-2", Code: "NOPE" }),
    ]);
    expect(engine.view({ kind: "all" }, 1, 2)).toMatchObject({
      total: 4,
      start: 1,
      rows: [{ rowNumber: 3 }, { rowNumber: 4 }],
    });
    const errors = engine.view({ kind: "errors" }, 0, 10);
    expect(errors.rows.map((r) => r.rowNumber)).toEqual([3, 5]);
    expect(engine.positionOf({ kind: "errors" }, 5)).toBe(1);
    expect([
      engine.keeps({ kind: "errors" }, 5),
      engine.keeps({ kind: "errors" }, 4),
      engine.keeps({ kind: "all" }, 4),
    ]).toEqual([true, false, true]);
    expect(engine.view({ kind: "order", orderNumber: "E-2" }, 0, 10).rows.map((r) => r.rowNumber)).toEqual([4, 5]);
    expect(engine.nextProblem(undefined)).toMatchObject({ rowNumber: 3, column: "Fabric" });
    expect(engine.nextProblem(3)).toMatchObject({ rowNumber: 5, column: "Code" });
    expect(engine.nextProblem(5)).toMatchObject({ rowNumber: 3 });
    expect(engine.nextProblem(3, -1)).toMatchObject({ rowNumber: 5 });
    const fixed = await engine.setCells([
      { rowNumber: 3, column: "Fabric", value: "Cotton" },
      { rowNumber: 5, column: "Code", value: DTF },
    ]);
    expect(fixed.changedCells).toBe(2);
    expect(fixed.changedRows).toEqual([2, 3, 4, 5]);
    expect([...fixed.changedOrders].sort()).toEqual(["E-1", "E-2"]);
    expect(engine.view({ kind: "errors" }, 0, 10).total).toBe(0);
    expect(engine.nextProblem(undefined, 1, "error")).toBeUndefined();
    expect((await engine.undo()).summary.issues.error).toBe(2);
  });

  it(
    "sets an order's job values where the sheet has them, " +
      "adds a column where it has none, and applies one to all orders",
    async () => {
      const engine = await checkRows(account, [
        row({ Delivery: "" }),
        row({ Delivery: "" }),
        row({ "Order No": "E-2", Delivery: "" }),
      ]);
      expect(engine.summary().issues.byCode.DELIVERY_METHOD_MISSING).toBe(2);
      await engine.setJobValue("E-1", "deliveryMethod", "Courier");
      expect(engine.rows(0, 2).map((r) => r.cells[5])).toEqual(["Courier", ""]);
      expect(engine.order("E-1")).toMatchObject({
        values: { deliveryMethod: "Courier" },
        columns: { deliveryMethod: "Delivery" },
        job: { state: "ready" },
      });
      await engine.setJobValue("all orders", "deliveryMethod", "O/N");
      expect(engine.jobs().map((j) => j.deliveryMethod)).toEqual(["CPON", "CPON"]);

      await engine.setJobValue("all orders", "promoCode", "SPRING10");
      const { headers, mapping } = engine.columns();
      expect(headers.at(-1)).toBe("Promo code");
      expect(mapping.columns.at(-1)).toMatchObject({
        header: "Promo code",
        target: { kind: "field", field: "promoCode" },
      });
      expect(engine.order("E-2")?.values.promoCode).toBe("SPRING10");
    },
  );

  it(
    "answers a price code's question the sheet has no column for, " + "on one row or on every row of that code",
    async () => {
      const engine = await checkRows(
        account,
        // Row 4 writes the code in other case and spacing: it reads as the same price code.
        [
          row({ Fabric: "" }),
          row({ Fabric: "" }),
          row({ "Order No": "E-2", Fabric: "", Code: DTF.toLowerCase().replaceAll(" ", "") }),
        ].map(({ Fabric: _f, ...rest }) => rest),
      );
      expect(engine.summary().issues.byCode.ATTRIBUTE_REQUIRED).toBe(3);
      const attribute = "Fabric";
      await engine.answerAttribute(attribute, "Cotton", { rowNumber: 2 });
      expect(engine.summary().issues.byCode.ATTRIBUTE_REQUIRED).toBe(2);
      expect((await engine.answerAttribute(attribute, "Cotton", { code: DTF })).changedCells).toBe(2);
      expect(engine.summary().issues.byCode.ATTRIBUTE_REQUIRED).toBeUndefined();
      expect(engine.jobs().map((j) => j.state)).toEqual(["ready", "ready"]);
    },
  );

  it.each([
    ["its label", "Vinyl colour"],
    ["its name", "VinylColour"],
  ])("answers a question in the sheet's own column for it, mapped by %s, and adds no column", async (_by, header) => {
    const engine = await checkRows(account, [
      row({ Code: HTV, [header]: "", Fabric: "" }),
      row({ Code: HTV, [header]: "Red", Fabric: "" }),
      row({ "Order No": "E-2", Code: HTV, [header]: "", Fabric: "" }),
    ]);
    const { headers, mapping } = engine.columns();
    const column = headers.indexOf(header);
    expect(mapping.columns[column]?.target).toMatchObject({ kind: "attribute" });
    const question = engine.rowsByNumber([2])[0]?.issues.find((issue) => issue.code === "ATTRIBUTE_REQUIRED");
    expect(question).toMatchObject({ attribute: "VinylColour", attributeLabel: "Vinyl colour", column: header });
    expect(question?.message).toContain(`needs Vinyl colour: fill in its column, "${header}".`);
    expect(question?.message).not.toContain("add a column");

    const answered = await engine.answerAttribute("VinylColour", "White", { rowNumber: 2 });
    expect(answered.columns).toBeUndefined();
    expect(engine.columns().headers).toEqual(headers);
    expect(engine.rowsByNumber([2, 3, 4]).map((r) => r.cells[column])).toEqual(["White", "Red", ""]);
    expect(engine.summary().issues.byCode.ATTRIBUTE_REQUIRED).toBe(1);
    expect((await engine.answerAttribute("VinylColour", "Black", { code: HTV })).changedCells).toBe(3);
    expect(engine.columns().headers).toEqual(headers);
    expect(engine.summary().issues.byCode.ATTRIBUTE_REQUIRED).toBeUndefined();
  });

  it("adds a column headed by the question's label when the sheet has none, and says to add one", async () => {
    const engine = await checkRows(account, [row({ Code: HTV, Fabric: "" })]);
    const question = engine.rowsByNumber([2])[0]?.issues.find((issue) => issue.code === "ATTRIBUTE_REQUIRED");
    expect(question?.column).toBeUndefined();
    expect(question?.message).toContain('needs Vinyl colour; add a column named "Vinyl colour"');
    const answered = await engine.answerAttribute("VinylColour", "Gold", { rowNumber: 2 });
    const added = answered.columns?.mapping.columns.at(-1);
    expect(added).toMatchObject({ header: "Vinyl colour", target: { kind: "attribute", attribute: "Vinyl colour" } });
    expect(answered.columns?.headers.at(-1)).toBe("Vinyl colour");
    expect(engine.issues("error")).toEqual([]);
    expect(engine.payloads()[0]?.candidate.items?.[0]?.attributes).toMatchObject({ VinylColour: "GOLD" });
    expect((await engine.answerAttribute("VinylColour", "Red", { code: HTV })).columns).toBeUndefined();
  });

  it("names an unanswered question by its label for people and by its name for the answer", async () => {
    const engine = await checkRows(account, [row({ Code: "SCR A4: 2 Colour" })]);
    const question = engine.rowsByNumber([2])[0]?.issues.find((issue) => issue.code === "ATTRIBUTE_REQUIRED");
    expect(question).toMatchObject({ attribute: "InkColours", attributeLabel: "Ink colours (Pantone)" });
    // Answered here, it goes in a column headed with the label, which is how the result sheet names the value sent.
    const answered = await engine.answerAttribute("InkColours", "PMS 286", { rowNumber: 2 });
    expect(answered.columns?.headers.at(-1)).toBe("Ink colours (Pantone)");
    // Mapped by the label it is headed with; resolution takes a question by its name or its label alike.
    expect(answered.columns?.mapping.columns.at(-1)?.target).toEqual({
      kind: "attribute",
      attribute: "Ink colours (Pantone)",
    });
    const sent = engine.submissionPlan().rowDetails?.find((d) => d.rowNumber === 2)?.sent ?? [];
    expect(sent.map((value) => describeSent(value, "sent"))).toEqual([
      "Ink colours (Pantone) sent as PMS 286; the sheet had blank.",
    ]);
  });

  it("replaces with the text as typed, dollar signs and all, and says how many cells it changed", async () => {
    const engine = await checkRows(account, [
      row({ Street: "1 Queen Street" }),
      row({ Street: "2 Queen Street" }),
      row({ Street: "3 King Street" }),
    ]);
    const replaced = await engine.replaceInColumn("Street", "Queen", "$& $$1 $'");
    expect(replaced.changedCells).toBe(2);
    expect(engine.rows(0, 3).map((r) => r.cells[6])).toEqual([
      "1 $& $$1 $' Street",
      "2 $& $$1 $' Street",
      "3 King Street",
    ]);
  });

  it(
    "counts matches before a replace, skips and brings back a whole order, " +
      "and replays saved edits into a new session",
    async () => {
      const records = [
        row({ Fabric: "cotton" }),
        row({ Fabric: "cotton" }),
        row({ "Order No": "E-2", Fabric: "Cotton" }),
      ];
      const engine = await checkRows(account, records);
      expect(engine.countInColumn("Fabric", "cotton")).toBe(2);
      expect(engine.countInColumn("Fabric", "cotton", false)).toBe(3);
      await engine.replaceInColumn("Fabric", "cotton", "Cotton");
      await engine.skipOrder("E-2");
      expect(engine.summary()).toMatchObject({ rows: 2, skippedRows: 1 });
      expect(engine.jobs().map((j) => j.orderNumber)).toEqual(["E-1"]);
      await engine.setJobValue("all orders", "promoCode", "SPRING10");

      const edited = engine.editedCells();
      expect(edited.cells.map((c) => [c.rowNumber, c.column, c.sheet, c.sent])).toEqual([
        [2, "Fabric", "cotton", "Cotton"],
        [2, "Promo code", "", "SPRING10"],
        [3, "Fabric", "cotton", "Cotton"],
      ]);
      expect([...edited.skippedAt.keys()]).toEqual([4]);

      const again = await checkRows(account, records);
      await again.restoreEdits(JSON.parse(JSON.stringify(engine.sessionEdits())));
      expect(again.editedCells()).toEqual(edited);
      expect(again.summary()).toEqual(engine.summary());
      expect(again.rows(0, 3)).toEqual(engine.rows(0, 3));
      await again.undo();
      expect(again.columns().headers.at(-1)).toBe("Promo code");
      expect(again.order("E-1")?.values.promoCode).toBeUndefined();
    },
  );

  it(
    "leaves out the rows an earlier import created when its " +
      "result sheet comes back, and brings them back on request",
    async () => {
      const engine = await checkRows(account, [
        { ...row(), "Import result": "Created", "Job number": "300001", Messages: "note: done" },
        { ...row({ "Order No": "E-2" }), "Import result": "Not sent", "Job number": "", Messages: "" },
        { ...row({ "Order No": "E-3" }), "Import result": "Already existed", "Job number": "300002", Messages: "" },
      ]);
      // Our own result columns are never read as the customer's data.
      expect(
        engine
          .columns()
          .mapping.columns.filter((c) => ["Import result", "Job number", "Messages"].includes(c.header))
          .map((c) => c.target),
      ).toEqual([null, null, null]);
      expect(engine.summary()).toMatchObject({ rows: 1, skippedRows: 2, importedBefore: { rows: 2, jobs: 2 } });
      expect(engine.jobs().map((j) => j.orderNumber)).toEqual(["E-2"]);
      expect(engine.submissionPlan().otherRows.filter((r) => r.outcome === "existing")).toEqual([
        {
          rowNumber: 2,
          orderNumber: "E-1",
          outcome: "existing",
          jobNumber: 300001,
          messages: ["Created by an earlier import as job 300001; not imported again."],
        },
        {
          rowNumber: 4,
          orderNumber: "E-3",
          outcome: "existing",
          jobNumber: 300002,
          messages: ["Created by an earlier import as job 300002; not imported again."],
        },
      ]);
      await engine.includeImportedBefore();
      expect(engine.summary()).toMatchObject({ rows: 3, skippedRows: 0, importedBefore: { rows: 0, jobs: 0 } });
    },
  );

  it(
    "ends a session whose rows arrive in windows, each resolved as it comes, " +
      "exactly as one given every row at once (rows an earlier import created left out in either)",
    async () => {
      const { headers, rows, mapping } = await checkFile(account, samplePath("team-orders-winter.xlsx"));
      // The sample's rows, then the first few again as a result sheet brings them back, one of them created then.
      const resultHeaders = [...headers, "Import result", "Job number"];
      const withResult = (cells: readonly CellValue[], outcome: string, jobNumber: string) => [
        ...headers.map((_, column) => cells[column] ?? null),
        outcome,
        jobNumber,
      ];
      const allRows: SheetRow[] = [
        ...rows.map((r) => ({ rowNumber: r.rowNumber, cells: withResult(r.cells, "Not sent", "") })),
        ...rows.slice(0, 3).map((r, i) => ({
          rowNumber: 1000 + i,
          cells: i === 1 ? withResult(r.cells, "Created", "300009") : withResult(r.cells, "Not sent", ""),
        })),
      ];
      const setup = { headers: resultHeaders, mapping, snapshot: account.snapshot };
      const whole = createImportEngine(createVendorGateway(account.client));
      await whole.start({ ...setup, rows: allRows });
      const windowed = createImportEngine(createVendorGateway(account.client));
      windowed.begin(setup);
      const counts: number[] = [];
      for (let start = 0; start < allRows.length; start += 4)
        counts.push(windowed.addPackedRows(packRows(allRows.slice(start, start + 4))));
      expect(counts.at(-1)).toBe(allRows.length);
      const summary = await windowed.finish();
      expect(summary).toStrictEqual(whole.summary());
      expect(summary).toMatchObject({ rows: allRows.length - 1, importedBefore: { rows: 1, jobs: 1 } });
      expect(summary.jobs.total).toBeGreaterThan(1);
      expect(windowed.jobs()).toStrictEqual(whole.jobs());
      expect(windowed.rows(0, allRows.length)).toStrictEqual(whole.rows(0, allRows.length));
      expect(windowed.issues()).toStrictEqual(whole.issues());
      expect(windowed.payloads()).toStrictEqual(whole.payloads());
    },
  );
});
