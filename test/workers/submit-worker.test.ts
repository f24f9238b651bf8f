import { expose, proxy, transfer, wrap, type Remote } from "comlink";
import { describe, expect, it } from "vitest";
import { firstMessage } from "../../src/core/first-message";
import { auditJsonLines, auditTrail, type ResultSheetMessage } from "../../src/core/result-sheet-data";
import { createSubmitApi, type SubmitApi } from "../../src/submit/submit-api";
import type { SubmitProgress } from "../../src/submit/submit-batch";
import { checkFile } from "../helpers/engine-session";
import { CSRF } from "../helpers/proxy-over-simulator";
import { samplePath } from "../helpers/samples";
import { submitDeps, testBatchOrigin, useProxiedAccountAndFolder } from "../helpers/submit-session";

const session = useProxiedAccountAndFolder();

/** Has the submitter send a batch's result sheet down a channel; answers what it said and what came down. */
async function sentResultSheet(remote: Remote<SubmitApi>, batchId: string, intoOwnFile: boolean) {
  const channel = new MessageChannel();
  const message = firstMessage<unknown>(channel.port2);
  const answer = await remote.sendResultSheet(transfer(channel.port1, [channel.port1]), batchId, intoOwnFile);
  return { answer, message: await message };
}

describe("the submit worker's API across a message channel", () => {
  it(
    "answers plain data that survives structured cloning, Maps as Maps: " +
      "each answer equals, class for class, the same submitter's answer on the page",
    async () => {
      const { account, folder } = session;
      const deps = await submitDeps(account, folder.path);
      const api = createSubmitApi({ journal: deps.journal, locks: deps.locks });
      const { port1, port2 } = new MessageChannel();
      expose(api, port1);
      const remote = wrap<SubmitApi>(port2);
      /** Asks across the channel, then the submitter itself: the two answers must be the same data. */
      const same = async <T>(ask: (submitter: Remote<SubmitApi> | SubmitApi) => T | Promise<T>): Promise<T> => {
        const across = await ask(remote);
        expect(across).toStrictEqual(await ask(api));
        return across;
      };
      const accountId = account.snapshot.account.id;
      try {
        await remote.connect(`${account.app.url}/api/demo`, CSRF, "tab-across");
        const { engine } = await checkFile(account, samplePath("price-code-orders.csv"));
        await engine.validate();
        const plan = engine.submissionPlan();
        const orders = plan.orders.map(({ orderNumber, candidate }) => ({ orderNumber, candidate }));
        expect(orders.length).toBeGreaterThan(0);

        const before = await same((s) => s.findExisting("demo", accountId, orders, 4));
        expect(before.found).toBeInstanceOf(Map);
        expect(before.failed).toBeInstanceOf(Map);
        expect(before.found.size).toBe(0);
        // The same orders sent down a channel of their own, as the engine's worker sends them, are looked up alike.
        const lookUp = new MessageChannel();
        lookUp.port1.postMessage(orders);
        lookUp.port1.close();
        expect(await remote.findExistingFrom(transfer(lookUp.port2, [lookUp.port2]), "demo", accountId, 4)).toEqual(
          before,
        );
        expect(await same((s) => s.busy("demo", accountId))).toEqual({ busy: false });

        // The batch is written down and sent; its progress comes back across the channel.
        const progress: SubmitProgress[] = [];
        const batchId = "batch-across";
        // The plan comes down a channel of its own, as the engine's worker sends it.
        const planChannel = new MessageChannel();
        planChannel.port1.postMessage({ ...plan, ...testBatchOrigin(account) });
        planChannel.port1.close();
        const outcome = await remote.submitFrom(
          transfer(planChannel.port2, [planChannel.port2]),
          batchId,
          4,
          proxy((p: SubmitProgress) => void progress.push(p)),
        );
        expect(outcome).toMatchObject({ status: "finished", problems: [] });
        // First the orders are written down, counted from none at once; then they are sent.
        const phases = progress.map((p) => p.phase);
        const writing = progress.slice(0, phases.indexOf("sending"));
        expect(writing.map((p) => p.phase)).toEqual(["writing", "writing"]);
        expect(writing.map((p) => [p.counts.planned, p.rate.done, p.rate.total])).toEqual([
          [0, 0, orders.length],
          [orders.length, orders.length, orders.length],
        ]);

        const results = await same((s) => s.results(batchId));
        expect(results?.orders.map((o) => o.state)).toEqual(orders.map(() => "created"));
        // The page's view of them: the orders and rows it lists, without what was sent and answered, which only files
        // need, and how many orders and rows came to each outcome.
        const view = await same((s) => s.resultsView(batchId, { orders: 200, rows: 2 }));
        expect(view?.rows).toEqual(results?.rows.slice(0, 2));
        expect(results?.rows.length).toBeGreaterThan(2);
        expect(view?.rowCounts).toEqual({
          total: results?.rows.length,
          created: results?.rows.filter((row) => row.outcome === "created").length,
          existing: 0,
          skipped: 0,
        });
        expect(view?.orders.map((o) => [o.orderNumber, o.state, o.jobNumber])).toEqual(
          results?.orders.map((o) => [o.orderNumber, o.state, o.jobNumber]),
        );
        expect(view?.orderCounts.created).toBe(orders.length);
        expect(view?.notFound).toEqual([]);
        const fewer = await same((s) => s.resultsView(batchId, { orders: 1, rows: 2 }));
        expect(fewer?.orders.map((o) => o.orderNumber)).toEqual(results?.orders.slice(0, 1).map((o) => o.orderNumber));
        expect(fewer?.orderCounts).toEqual(view?.orderCounts);
        expect(results?.orders.every((o) => o.events.length > 0 && o.candidate !== undefined)).toBe(true);
        expect(view?.orders.some((o) => "candidate" in o || "answers" in o || "events" in o)).toBe(false);
        expect(view !== undefined && ("rowDetails" in view.batch || "editLog" in view.batch)).toBe(false);
        expect((await same((s) => s.batches("demo", accountId))).map((b) => b.batch.id)).toEqual([batchId]);
        // What the result sheet is written from goes down a channel of its own to the sheet worker, Maps as Maps.
        const sheetData = await sentResultSheet(remote, batchId, true);
        expect(sheetData.answer).toEqual({ fileName: "orders.csv", sheetName: "orders" });
        const { data, several } = sheetData.message as ResultSheetMessage;
        expect(data.rows).toBeInstanceOf(Map);
        expect(data.rows.size).toBeGreaterThan(0);
        expect(several).toBeUndefined();
        // Without the customer's own file, the rows' results alone.
        expect((await sentResultSheet(remote, batchId, false)).message).toEqual(results?.rows);
        // A batch no longer in the journal: nothing is sent.
        const unused = new MessageChannel();
        expect(await remote.sendResultSheet(transfer(unused.port1, [unused.port1]), "gone", true)).toBeUndefined();
        unused.port2.close();
        // The audit trail is made in the worker.
        const audit = await same((s) => s.auditFile(batchId));
        expect(audit?.fileName).toBe("orders - audit.jsonl");
        if (!results) throw new Error("no results");
        expect(new TextDecoder().decode(audit?.bytes)).toBe(auditJsonLines(auditTrail(results.batch, results.orders)));
        await same((s) => s.refreshResults(batchId, { orders: 200, rows: 200 }));

        // Now every order is found, in the journal's memory of the jobs it made.
        const after = await same((s) => s.findExisting("demo", accountId, orders, 4));
        expect([...after.found.keys()].sort()).toEqual(orders.map((o) => o.orderNumber).sort());
      } finally {
        port1.close();
        port2.close();
        await deps.journal.close();
      }
    },
  );
});
