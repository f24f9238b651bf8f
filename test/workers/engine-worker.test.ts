import { readFile } from "node:fs/promises";
import { expose, proxy, transfer, wrap, type Remote } from "comlink";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../src/core/catalogue";
import { suggestMapping } from "../../src/core/mapping";
import { editEntries, problemSheetData, type ResultSheetMessage } from "../../src/core/result-sheet-data";
import { summariseSubmission } from "../../src/core/submission-summary";
import { createEngineApi, type EngineApi } from "../../src/engine/engine-api";
import { ALL_ROWS } from "../../src/engine/row-filter";
import { createSheetSession } from "../../src/sheet/worker-api";
import { startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { samplePath } from "../helpers/samples";
import { testBatchOrigin } from "../helpers/submit-session";

let account: ProxiedAccount;

beforeAll(async () => {
  account = await startProxiedAccount();
});

afterAll(async () => {
  await account?.close();
});

/** The sample's rows and mapping, read as the page reads them, and the sheet session that holds them. */
async function sampleSheet() {
  const vocabulary = catalogueVocabulary(account.snapshot);
  const words = [...vocabulary.attributes, ...vocabulary.sizes];
  const session = createSheetSession();
  const opened = await session.open(
    new Uint8Array(await readFile(samplePath("team-orders-winter.xlsx"))),
    "team-orders-winter.xlsx",
    undefined,
    words,
  );
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet, undefined, words);
  if (!preview.ok) throw new Error(preview.message);
  const { headers, sheetName, headerRowNumber, rowCount, sampleRows } = preview.preview;
  return {
    session,
    table: { sheetName, headerRowNumber },
    headers,
    rows: session.rows(sheetName, headerRowNumber, 0, rowCount),
    mapping: suggestMapping(headers, vocabulary, sampleRows),
  };
}

/** The one message a port brings. */
function firstMessage(port: MessagePort): Promise<unknown> {
  return new Promise((resolve) => {
    port.addEventListener("message", ({ data }) => {
      port.close();
      resolve(data);
    });
    port.start();
  });
}

describe("the engine worker's API across a message channel", () => {
  it(
    "answers plain data that survives structured cloning: " +
      "each answer equals, class for class, the same engine's answer on the page",
    async () => {
      const api = createEngineApi();
      const { port1, port2 } = new MessageChannel();
      expose(api, port1);
      const remote = wrap<EngineApi>(port2);
      /** Asks across the channel, then the engine itself: the two answers must be the same data. */
      const same = async <T>(ask: (engine: Remote<EngineApi> | EngineApi) => T | Promise<T>): Promise<T> => {
        const across = await ask(remote);
        expect(across).toStrictEqual(await ask(api));
        return across;
      };
      try {
        const { session, table, headers, rows, mapping } = await sampleSheet();
        // A refusal crosses as an error with its words: the engine is asked for nothing before it is connected.
        await expect(remote.summary()).rejects.toThrow("The engine is not connected");
        await remote.connect(`${account.app.url}/api/demo`, { "X-Requested-With": "test" });
        await remote.begin({ headers, mapping, snapshot: account.snapshot, locale: "en-NZ" });
        // Rows arrive in windows, never the whole sheet in one message, straight from the sheet's side down a channel
        // of their own; the engine counts them as they come.
        const rowChannel = new MessageChannel();
        const counts: number[] = [];
        const windowSize = Math.ceil(rows.length / 3);
        const received = remote.receiveRows(
          transfer(rowChannel.port2, [rowChannel.port2]),
          proxy((count: number) => void counts.push(count)),
        );
        expect(session.sendRows(table.sheetName, table.headerRowNumber, rowChannel.port1, windowSize)).toBe(
          rows.length,
        );
        expect(await received).toBe(rows.length);
        await expect.poll(() => counts).toEqual([windowSize, 2 * windowSize, rows.length]);
        const started = await remote.finish();
        expect(started).toStrictEqual(api.summary());
        expect(started.rows).toBe(rows.length);
        // The rows the engine took are the sheet's, in its order.
        expect((await remote.rows(0, rows.length)).map((row) => row.rowNumber)).toEqual(rows.map((r) => r.rowNumber));

        const window = await same((e) => e.view(ALL_ROWS, 0, 50));
        expect(window.rows.length).toBeGreaterThan(0);
        const [first] = window.rows;
        if (!first?.orderNumber) throw new Error("the sample's first row has no order");
        await same((e) => e.summary());
        await same((e) => e.columns());
        await same((e) => e.jobs());
        await same((e) => e.issues());
        await same((e) => e.rowsByNumber([first.rowNumber]));
        await same((e) => e.positionOf(ALL_ROWS, first.rowNumber));
        await same((e) => e.nextProblem(undefined, 1));
        expect(await same((e) => e.order(first.orderNumber ?? ""))).toMatchObject({ orderNumber: first.orderNumber });

        // Edits answer what changed; what they answer is what the engine then says.
        const column = headers[1] ?? "";
        const edited = await remote.setCell(first.rowNumber, column, "edited across");
        expect(edited.summary).toStrictEqual(api.summary());
        expect(edited.changedCells).toBe(1);
        expect(edited.changedRows).toContain(first.rowNumber);
        expect((await remote.skipRows([first.rowNumber], true)).summary).toStrictEqual(api.summary());
        expect((await remote.undo()).summary).toStrictEqual(api.summary());
        await same((e) => e.countInColumn(column, "edited across", true));
        const edits = await same((e) => e.sessionEdits());
        expect(edits.edits).toHaveLength(1);

        // The dry runs report their progress back across the channel.
        const progress: number[] = [];
        await remote.validate(proxy((done: number) => void progress.push(done)));
        expect(progress.length).toBeGreaterThan(0);
        const plan = await same((e) => e.submissionPlan());
        expect(plan.orders.length).toBeGreaterThan(0);
        // The confirmation crosses without its plan: that very plan's summary, its counts and a handle to send it by.
        const confirmation = await remote.confirmationPlan();
        expect(confirmation.summary).toEqual(summariseSubmission(plan.orders, plan.otherRows));
        expect(confirmation.summary.jobs).toBeGreaterThan(0);
        expect(confirmation.orders).toBe(plan.orders.length);
        expect(confirmation.creates).toBe(plan.orders.filter((order) => order.existing === undefined).length);
        // The plan goes down a channel of its own, as the journal writes it down, to the submit worker.
        const origin = testBatchOrigin(account);
        const sendPlan = async (planId: number) => {
          const channel = new MessageChannel();
          const arrived = firstMessage(channel.port2);
          const sent = await remote.sendConfirmedPlan(transfer(channel.port1, [channel.port1]), planId, origin);
          return { sent, arrived };
        };
        const confirmed = await sendPlan(confirmation.planId);
        expect(confirmed.sent).toBe(true);
        expect(await confirmed.arrived).toEqual({ ...plan, ...origin });
        // Once another confirmation is worked out, the earlier handle sends nothing: only the plan last shown is sent.
        const again = await remote.confirmationPlan();
        expect(again.planId).not.toBe(confirmation.planId);
        expect((await sendPlan(confirmation.planId)).sent).toBe(false);
        expect((await sendPlan(again.planId)).sent).toBe(true);
        // What the problem sheet is written from goes down a channel of its own to the sheet worker, Maps as Maps.
        const problems = new MessageChannel();
        const problemsArrived = firstMessage(problems.port2);
        await remote.sendProblemSheet(transfer(problems.port1, [problems.port1]), table);
        const problemData = problemSheetData(table, plan, editEntries(plan.editLog ?? []));
        expect(problemData.rows.size).toBeGreaterThan(0);
        expect(await problemsArrived).toEqual({ data: problemData });
        // Several files: each goes with its own mapping, so the sheet's messages name its columns by its own headers.
        const files = [{ name: "orders.xlsx", sheetName: table.sheetName, headerRowNumber: 1, mapping }];
        const several = new MessageChannel();
        const severalArrived = firstMessage(several.port2);
        await remote.sendProblemSheet(transfer(several.port1, [several.port1]), { ...table, files });
        expect(((await severalArrived) as ResultSheetMessage).several?.files).toEqual(files);
        // The orders to look up, with their jobs, go down a channel of their own, as the submit worker takes them.
        const lookUp = new MessageChannel();
        const arrived = new Promise<unknown>((resolve) => {
          lookUp.port2.addEventListener("message", (event) => resolve(event.data));
          lookUp.port2.start();
        });
        const numbers = await remote.sendOrdersToLookUp(transfer(lookUp.port1, [lookUp.port1]), true);
        const due = (await arrived) as { orderNumber: string; candidate: unknown }[];
        lookUp.port2.close();
        expect(numbers.length).toBeGreaterThan(0);
        expect(due.map((order) => order.orderNumber)).toEqual(numbers);
        expect(due.every((order) => typeof order.candidate === "object")).toBe(true);

        // A Map crosses as a Map: the orders found at the vendor mark the review.
        const [found] = due;
        if (!found) throw new Error("no order to look up");
        const marked = await remote.recordOrdersAtVendor(
          [found.orderNumber],
          new Map([[found.orderNumber, { kind: "vendor" as const, jobNumbers: [424242] }]]),
        );
        expect(marked).toStrictEqual(api.summary());
        expect(marked.jobs.existing).toBe(1);
      } finally {
        port1.close();
        port2.close();
      }
    },
  );

  it("fails the rows' move, in the sheet's words, when the sheet's side cannot read them", async () => {
    const api = createEngineApi();
    const { port1, port2 } = new MessageChannel();
    expose(api, port1);
    const remote = wrap<EngineApi>(port2);
    try {
      const { session, headers, mapping } = await sampleSheet();
      await remote.connect(`${account.app.url}/api/demo`, { "X-Requested-With": "test" });
      await remote.begin({ headers, mapping, snapshot: account.snapshot, locale: "en-NZ" });
      const rowChannel = new MessageChannel();
      const received = remote.receiveRows(
        transfer(rowChannel.port2, [rowChannel.port2]),
        proxy(() => undefined),
      );
      expect(session.sendRows("Gone", 1, rowChannel.port1, 100)).toBe(0);
      await expect(received).rejects.toThrow("No sheet named Gone is open");
    } finally {
      port1.close();
      port2.close();
    }
  });
});
