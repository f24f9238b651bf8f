import { join } from "node:path";
import { openFileJournal } from "../../src/cli/file-journal";
import { fileLocks } from "../../src/cli/file-lock";
import { isUnfinished } from "../../src/core/journal";
import type { JobCandidate } from "../../src/core/vendor";
import { createVendorGateway } from "../../src/engine/vendor-gateway";
import { createAdaptiveLimiter, mapAdaptively, pressureOf } from "../../src/api";
import type { FaultSettings } from "../../src/server/simulator/simulator";
import { allowResend, planBatch, runBatch } from "../../src/submit/submit-batch";
import { checkFile, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { scratchFolder } from "../helpers/submit-session";
import { benchSample } from "./bench-samples";
import { table } from "./report";

const JOBS = Number(process.env["BENCH_SUBMIT_JOBS"] ?? 500);
const LATENCY_MS = 100;

/**
 * `count` distinct valid requests, each a copy of the sample's first order under its own order number and references.
 */
async function candidates(account: ProxiedAccount, count: number): Promise<JobCandidate[]> {
  const { engine } = await checkFile(account, await benchSample("price-code-orders.csv"));
  const template = engine.payloads()[0]?.candidate;
  if (!template) throw new Error("the sample has no ready job");
  return Array.from({ length: count }, (_, i) => ({
    ...template,
    orderNumber: `BENCH-${String(i + 1).padStart(5, "0")}`,
    items: (template.items ?? []).map((item, line) => ({ ...item, customerReference: `BENCH-${i + 1}-${line + 1}` })),
  }));
}

interface Row {
  readonly label: string;
  readonly jobs: number;
  readonly concurrency: number;
  readonly ms: number;
  readonly calls: number;
}

/**
 * Dry runs and submission of `JOBS` jobs at 100 ms simulated latency per call, through the
 * real proxy, each beside its floor: jobs × latency ÷ concurrency (the time if every slot
 * were always busy with the one essential call per job).
 */
export async function submitBench(): Promise<string> {
  const rows: Row[] = [];
  const folder = await scratchFolder();
  try {
    for (const concurrency of [4, 8]) {
      const account = await startProxiedAccount();
      const simulator = account.app.simulator?.simulator;
      if (!simulator) throw new Error("no embedded simulator");
      const requests = await candidates(account, JOBS);
      simulator.faults = { delayMs: LATENCY_MS };
      const calls = () => simulator.stats.apiCalls;

      const gateway = createVendorGateway(account.client);
      let before = calls();
      let started = performance.now();
      await mapAdaptively(
        requests,
        createAdaptiveLimiter({ max: concurrency }),
        (candidate) => gateway.validateJob(candidate),
        pressureOf,
      );
      rows.push({
        label: "dry runs (validateOnly)",
        jobs: JOBS,
        concurrency,
        ms: performance.now() - started,
        calls: calls() - before,
      });

      const journal = await openFileJournal(join(folder.path, `bench-${concurrency}.jsonl`));
      const deps = { client: account.client, journal, locks: fileLocks(folder.path) };
      const batch = await planBatch(deps, {
        connection: "demo",
        accountId: account.snapshot.account.id,
        accountName: "bench",
        fileName: "bench.csv",
        sheetName: "bench",
        headerRowNumber: 1,
        orders: requests.map((candidate, i) => ({
          orderNumber: candidate.orderNumber ?? "",
          candidate,
          lineRows: [i + 2],
          notes: [],
        })),
        otherRows: [],
      });
      before = calls();
      started = performance.now();
      const outcome = await runBatch(deps, batch.id, { concurrency });
      const ms = performance.now() - started;
      if (outcome.status !== "finished" || outcome.counts.created !== JOBS)
        throw new Error(`submission ended ${outcome.status}`);
      rows.push({ label: "submission (guard, journal, create)", jobs: JOBS, concurrency, ms, calls: calls() - before });
      await journal.close();
      await account.close();
    }
  } finally {
    await folder.cleanup();
  }
  return [
    `Dry runs and submission of ${JOBS} jobs at ${LATENCY_MS} ms simulated latency per call, ` +
      "through the proxy (journal file synced before each request)",
    table(
      ["case", "jobs", "at once", "wall s", "floor s", "wall ÷ floor", "vendor calls", "jobs/min"],
      rows.map((r) => {
        const floor = (r.jobs * LATENCY_MS) / r.concurrency;
        return [
          r.label,
          String(r.jobs),
          String(r.concurrency),
          (r.ms / 1000).toFixed(1),
          (floor / 1000).toFixed(1),
          (r.ms / floor).toFixed(2),
          String(r.calls),
          ((r.jobs / r.ms) * 60_000).toFixed(0),
        ];
      }),
    ),
  ].join("\n");
}

/** The faults the submission must survive, each as the simulator injects it on job creation. */
const FAULTS: readonly (readonly [string, FaultSettings])[] = [
  ["none", {}],
  ["connection dropped after every create", { dropAfterCreateRate: 1, endpoints: ["createJob"] }],
  ["500 after every create", { fail500AfterCreateRate: 1, endpoints: ["createJob"] }],
  ["500 on 30% of creates and dry runs", { rate500: 0.3, endpoints: ["createJob"] }],
  ["429 on 30% of calls", { rate429: 0.3 }],
  ["50-300 ms latency", { delayMs: [50, 300] }],
];

/**
 * Jobs created per order under each fault: a batch of `orders` orders is sent, then sent
 * again with the orders not found after an unclear answer released by the user, as the page
 * and the command line do. Every order must end with exactly one job.
 */
export async function faultBench(orders = 40): Promise<string> {
  const rows: string[][] = [];
  const folder = await scratchFolder();
  try {
    for (const [name, settings] of FAULTS) {
      const account = await startProxiedAccount();
      const simulator = account.app.simulator?.simulator;
      if (!simulator) throw new Error("no embedded simulator");
      const requests = await candidates(account, orders);
      const journal = await openFileJournal(join(folder.path, `faults-${rows.length}.jsonl`));
      const deps = { client: account.client, journal, locks: fileLocks(folder.path), recheckDelaysMs: [0, 200, 400] };
      const batch = await planBatch(deps, {
        connection: "demo",
        accountId: account.snapshot.account.id,
        accountName: "bench",
        fileName: "faults.csv",
        sheetName: "faults",
        headerRowNumber: 1,
        orders: requests.map((candidate, i) => ({
          orderNumber: candidate.orderNumber ?? "",
          candidate,
          lineRows: [i + 2],
          notes: [],
        })),
        otherRows: [],
      });
      simulator.faults = settings;
      const first = await runBatch(deps, batch.id);
      simulator.faults = {};
      if (first.status === "busy" || first.status === "missing") throw new Error(first.status);
      const unclear = first.orders.filter((o) => o.events.some((e) => e.what.startsWith("no clear answer"))).length;
      const found = first.orders.filter((o) => o.events.some((e) => e.what.includes("found as job"))).length;
      // The user continues, sending again what was not found, until nothing is left (a few rounds at most).
      let sentAgain = 0;
      let last = first;
      for (let round = 0; round < 5 && last.orders.some(isUnfinished); round++) {
        const notFound = last.orders.filter((o) => o.state === "not-found").map((o) => o.orderNumber);
        sentAgain += notFound.length;
        await allowResend(deps, batch.id, notFound);
        const next = await runBatch(deps, batch.id);
        if (next.status === "busy" || next.status === "missing") throw new Error(next.status);
        last = next;
      }
      const perOrder = requests.map(
        (r) => simulator.jobsByOrderNumber(account.snapshot.account.id).get(r.orderNumber ?? "")?.length ?? 0,
      );
      rows.push([
        name,
        String(orders),
        String(unclear),
        String(found),
        String(sentAgain),
        String(last.counts.created),
        String(Math.min(...perOrder)),
        String(Math.max(...perOrder)),
      ]);
      await journal.close();
      await account.close();
    }
  } finally {
    await folder.cleanup();
  }
  return [
    `Jobs created per order under each fault (${orders} orders; the user then continues, ` +
      "sending again on request what was not found after an unclear answer)",
    table(
      [
        "fault",
        "orders",
        "unclear answers",
        "found at vendor",
        "sent again",
        "created",
        "min jobs/order",
        "max jobs/order",
      ],
      rows,
    ),
  ].join("\n");
}
