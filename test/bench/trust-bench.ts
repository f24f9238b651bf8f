import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import Papa from "papaparse";
import { runCli } from "../../src/cli/main";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { vendorEnv } from "../helpers/cli-session";
import { simClient } from "../helpers/sim-client";
import { SIM_START } from "../helpers/sim-clock";
import { scratchFolder } from "../helpers/submit-session";
import { benchSample } from "./bench-samples";
import { table } from "./report";

const ACCOUNT_ID = 1042;

/** The price-code sample's four orders repeated `copies` times under order numbers of their own. */
async function sheetOf(
  folder: string,
  prefix: string,
  copies: number,
): Promise<{ path: string; orderNumbers: string[] }> {
  const [header, ...rows] = Papa.parse<string[]>(
    (await readFile(await benchSample("price-code-orders.csv"), "utf8")).trim(),
  ).data;
  const out: string[][] = [header as string[]];
  const orderNumbers = new Set<string>();
  for (let copy = 1; copy <= copies; copy++) {
    for (const row of rows) {
      const orderNumber = `${prefix}-${copy}-${(row[0] ?? "").slice(-1)}`;
      orderNumbers.add(orderNumber);
      out.push([orderNumber, ...row.slice(1)]);
    }
  }
  const path = join(folder, `${prefix}-${copies}.csv`);
  await writeFile(path, Papa.unparse(out));
  return { path, orderNumbers: [...orderNumbers] };
}

/** Live jobs (cancelled ones left out) and all jobs per order number, at the simulator. */
function jobsAt(
  sim: RunningSimulator,
  orderNumbers: readonly string[],
  renamed: ReadonlyMap<string, string> = new Map(),
) {
  const byOrder = sim.simulator.jobsByOrderNumber(ACCOUNT_ID);
  return orderNumbers.map((orderNumber) => {
    const all = [...(byOrder.get(orderNumber) ?? []), ...(byOrder.get(renamed.get(orderNumber) ?? "") ?? [])];
    return { all: all.length, live: all.filter((n) => sim.simulator.findJob(n)?.cancelledAt === null).length };
  });
}

function row(name: string, runs: string, counts: ReturnType<typeof jobsAt>, codes: readonly number[]): string[] {
  return [
    name,
    String(counts.length),
    runs,
    String(Math.max(...counts.map((c) => c.live))),
    String(Math.max(...counts.map((c) => c.all))),
    String(counts.filter((c) => c.live === 0).length),
    codes.join(", "),
  ];
}

const submit = (
  sim: RunningSimulator,
  path: string,
  journal: string,
  lockFolder: string,
  onErr: (text: string) => void = () => undefined,
) =>
  runCli(
    ["submit", path, "--yes", "--connection", "demo", "--journal", journal],
    () => undefined,
    onErr,
    vendorEnv(sim, lockFolder),
  );

/**
 * The holes exactly-once submission must not fall through beyond one machine's lock, each run
 * through the real command line against a fresh simulator: two machines submitting one sheet
 * at once, a PO number changed at the vendor before the sheet (grown by one order) comes again,
 * and dry runs the vendor failed before it recovered.
 */
export async function trustBench(copies = 10): Promise<string> {
  const rows: string[][] = [];
  const folder = await scratchFolder();
  const fresh = () => startSimulator({ startAt: SIM_START });
  try {
    {
      const sim = await fresh();
      const { path, orderNumbers } = await sheetOf(folder.path, "RACE", copies);
      const machines = [join(folder.path, "a"), join(folder.path, "b")];
      for (const machine of machines) {
        await mkdir(machine);
        await copyFile(path, join(machine, "orders.csv"));
      }
      sim.simulator.faults = { delayMs: [2, 30], endpoints: ["createJob", "listActiveJobs"] };
      const codes = await Promise.all(
        machines.map((m) => submit(sim, join(m, "orders.csv"), join(m, "journal.jsonl"), m)),
      );
      sim.simulator.faults = {};
      rows.push(
        row("two machines at once, own journals and lock folders", "2 at once", jobsAt(sim, orderNumbers), codes),
      );
      await sim.close();
    }
    {
      const sim = await fresh();
      const before = await sheetOf(folder.path, "PO", copies);
      const journal = join(folder.path, "po.jsonl");
      const first = await submit(sim, before.path, journal, folder.path);
      const renamed = new Map<string, string>();
      const client = simClient(sim);
      for (const orderNumber of before.orderNumbers.slice(0, 5)) {
        const [jobNumber] = sim.simulator.jobsByOrderNumber(ACCOUNT_ID).get(orderNumber) ?? [];
        if (jobNumber !== undefined && (await client.patchJob(jobNumber, { orderNumber: `${orderNumber}-NEW` })).ok)
          renamed.set(orderNumber, `${orderNumber}-NEW`);
      }
      const after = await sheetOf(folder.path, "PO", copies + 1);
      const second = await submit(sim, after.path, journal, folder.path);
      rows.push(
        row(
          `PO number changed on ${renamed.size} jobs, then the sheet grown by one order`,
          "2 in turn",
          jobsAt(sim, after.orderNumbers, renamed),
          [first, second],
        ),
      );
      await sim.close();
    }
    {
      const sim = await fresh();
      const { path, orderNumbers } = await sheetOf(folder.path, "LIMIT", copies);
      const journal = join(folder.path, "limit.jsonl");
      // Rate-limited while the jobs are dry-run; recovered by the time they are created.
      sim.simulator.faults = { rate429: 0.5, endpoints: ["createJob"] };
      const first = await submit(sim, path, journal, folder.path, (text) => {
        if (text.startsWith("Looking for")) sim.simulator.faults = {};
      });
      sim.simulator.faults = {};
      const leftFirst = jobsAt(sim, orderNumbers).filter((c) => c.live === 0).length;
      const second = await submit(sim, path, journal, folder.path);
      rows.push(
        row(
          `dry runs rate-limited (${leftFirst} left after the first run), then recovered`,
          "2 in turn",
          jobsAt(sim, orderNumbers),
          [first, second],
        ),
      );
      await sim.close();
    }
  } finally {
    await folder.cleanup();
  }
  return [
    "Jobs per order when the exactly-once promise is tested beyond one " +
      "machine's lock (the command line against a fresh simulator each time)",
    table(
      [
        "scenario",
        "orders",
        "runs",
        "max live jobs/order",
        "max jobs/order (cancelled included)",
        "orders left unsent",
        "exit codes",
      ],
      rows,
    ),
  ].join("\n");
}
