import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SampleFile } from "../../samples/make-samples";
import { openFileJournal } from "../../src/cli/file-journal";
import { fileLocks } from "../../src/cli/file-lock";
import type { JournalStore } from "../../src/core/journal";
import { createAdaptiveLimiter } from "../../src/api";
import { planBatch, type SubmitDeps } from "../../src/submit/submit-batch";
import { findExistingJobs, orderKey } from "../../src/submit/vendor-jobs";
import { checkFile, startProxiedAccount, type ProxiedAccount } from "./engine-session";
import { samplePath } from "./samples";
import { useResource } from "./use-resource";

/** A scratch folder's path, and how to remove it. */
export interface ScratchFolder {
  readonly path: string;
  cleanup(): Promise<void>;
}

/** A scratch folder for journals and lock files, removed by `cleanup`. */
export async function scratchFolder(): Promise<ScratchFolder> {
  const path = await mkdtemp(join(tmpdir(), "submit-test-"));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/**
 * The demo account over the real proxy and a scratch folder, started before and closed after each test ("each") or the
 * whole file ("all"), as submission tests need both.
 */
export function useProxiedAccountAndFolder(scope: "each" | "all" = "each"): {
  readonly account: ProxiedAccount;
  readonly folder: ScratchFolder;
} {
  const account = useResource(scope, "The account", startProxiedAccount, (started) => started.close());
  const folder = useResource(scope, "The scratch folder", scratchFolder, (made) => made.cleanup());
  return {
    get account() {
      return account.current;
    },
    get folder() {
      return folder.current;
    },
  };
}

/** The shared submission core over the real proxy, with a journal file and lock files in `folder`. */
export async function submitDeps(
  account: ProxiedAccount,
  folder: string,
  journalName = "journal.jsonl",
): Promise<SubmitDeps & { journal: JournalStore & { close(): Promise<void> } }> {
  const journal = await openFileJournal(join(folder, journalName));
  return {
    client: account.client,
    journal,
    locks: fileLocks(folder),
    recheckDelaysMs: [0, 20, 50],
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
  };
}

/**
 * Reads a sample, checks it (dry runs included) and writes its batch down; with
 * `allowExisting`, every order is to be sent beside the jobs the vendor has under its number now.
 */
export async function planSample(
  account: ProxiedAccount,
  deps: Pick<SubmitDeps, "journal">,
  name: SampleFile,
  options: { allowExisting?: boolean } = {},
) {
  const { engine } = await checkFile(account, samplePath(name));
  await engine.validate();
  const plan = engine.submissionPlan();
  const allowed = options.allowExisting
    ? await findExistingJobs(
        account.client,
        plan.orders.map((o) => o.orderNumber),
        { limiter: createAdaptiveLimiter({ max: 4 }) },
      )
    : undefined;
  return planBatch(deps, {
    ...plan,
    orders: plan.orders.map((order) => ({
      ...order,
      allowExisting: allowed?.byOrder.get(orderKey(order.orderNumber)),
    })),
    connection: "demo",
    accountId: account.snapshot.account.id,
    accountName: account.snapshot.account.name ?? "",
    fileName: name,
    sheetName: "Orders",
    headerRowNumber: 1,
  });
}

/** Where a batch planned by hand in a test comes from: the demo account and a plain CSV file. */
export function testBatchOrigin(account: ProxiedAccount) {
  return {
    connection: "demo",
    accountId: account.snapshot.account.id,
    accountName: "",
    fileName: "orders.csv",
    sheetName: "orders",
    headerRowNumber: 1,
  };
}

/** Job numbers the simulator holds per order number, for this account. */
export function vendorJobs(account: ProxiedAccount): Map<string, number[]> {
  const simulator = account.app.simulator?.simulator;
  if (!simulator) throw new Error("No embedded simulator");
  return simulator.jobsByOrderNumber(account.snapshot.account.id);
}
