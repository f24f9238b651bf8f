import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openFileJournal } from "../../src/cli/file-journal";
import { fileLocks } from "../../src/cli/file-lock";
import type { JobCandidate } from "../../src/core/vendor";
import { createVendorGateway } from "../../src/engine/vendor-gateway";
import { createAdaptiveLimiter, mapAdaptively, pressureOf } from "../../src/api";
import { planBatch, runBatch } from "../../src/submit/submit-batch";
import { checkFile, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { scratchFolder } from "../helpers/submit-session";
import { table } from "./report";

const JOBS = Number(process.env["BENCH_SUBMIT_JOBS"] ?? 500);
const LATENCY_MS = 100;
const SAMPLE = fileURLToPath(new URL("../../samples/price-code-orders.csv", import.meta.url));

/** `count` distinct valid requests, each a copy of the sample's first order under its own order number and references. */
async function candidates(account: ProxiedAccount, count: number): Promise<JobCandidate[]> {
  const { engine } = await checkFile(account, SAMPLE);
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
      await mapAdaptively(requests, createAdaptiveLimiter({ max: concurrency }), (candidate) => gateway.validateJob(candidate), pressureOf);
      rows.push({ label: "dry runs (validateOnly)", jobs: JOBS, concurrency, ms: performance.now() - started, calls: calls() - before });

      const journal = await openFileJournal(join(folder.path, `bench-${concurrency}.jsonl`));
      const deps = { client: account.client, journal, locks: fileLocks(folder.path) };
      const batch = await planBatch(deps, {
        connection: "demo",
        accountId: account.snapshot.account.id,
        accountName: "bench",
        fileName: "bench.csv",
        sheetName: "bench",
        headerRowNumber: 1,
        orders: requests.map((candidate, i) => ({ orderNumber: candidate.orderNumber ?? "", candidate, lineRows: [i + 2], notes: [] })),
        otherRows: [],
      });
      before = calls();
      started = performance.now();
      const outcome = await runBatch(deps, batch.id, { concurrency });
      const ms = performance.now() - started;
      if (outcome.status !== "finished" || outcome.counts.created !== JOBS) throw new Error(`submission ended ${outcome.status}`);
      rows.push({ label: "submission (guard, journal, create)", jobs: JOBS, concurrency, ms, calls: calls() - before });
      await journal.close();
      await account.close();
    }
  } finally {
    await folder.cleanup();
  }
  return [
    `Dry runs and submission of ${JOBS} jobs at ${LATENCY_MS} ms simulated latency per call, through the proxy (journal file synced before each request)`,
    table(
      ["case", "jobs", "at once", "wall s", "floor s", "wall ÷ floor", "vendor calls", "jobs/min"],
      rows.map((r) => {
        const floor = (r.jobs * LATENCY_MS) / r.concurrency;
        return [r.label, String(r.jobs), String(r.concurrency), (r.ms / 1000).toFixed(1), (floor / 1000).toFixed(1), (r.ms / floor).toFixed(2), String(r.calls), ((r.jobs / r.ms) * 60_000).toFixed(0)];
      }),
    ),
  ].join("\n");
}
