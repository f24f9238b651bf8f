import type { AdaptiveLimiter, VendorClient } from "../api";
import { countStates, type BatchRecord, type JournalStore, type OrderRecord, type StateCounts } from "../core/journal";
import { createRateMeter, type RateSnapshot } from "../core/rate-meter";
import type { LeaseKeeper } from "./submit-lock";
import type { OwnJob } from "./own-jobs";

export type SubmitPhase = "writing" | "reconciling" | "sending";

/** What each phase is doing, in the user's words. */
export const PHASE_TEXT: Readonly<Record<SubmitPhase, string>> = {
  writing: "Writing the orders down before sending",
  reconciling: "Looking up orders that got no clear answer",
  sending: "Creating jobs",
};

export interface SubmitProgress {
  readonly batchId: string;
  readonly phase: SubmitPhase;
  /** Progress through the current phase, with its rate and time left. */
  readonly rate: RateSnapshot;
  readonly counts: StateCounts;
}

/**
 * One run of one batch, as its steps share it: the vendor, the journal, the orders as they
 * stand, the limiter, and what could not be settled this time. Every change to an order goes
 * through `save`, which writes it down before anything further happens.
 */
export interface BatchRun {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  readonly batch: BatchRecord;
  readonly orders: Map<string, OrderRecord>;
  readonly limiter: AdaptiveLimiter;
  readonly problems: string[];
  readonly applicationName: string;
  readonly requestTimeoutMs: number;
  readonly recheckDelaysMs: readonly number[] | undefined;
  readonly lease: LeaseKeeper | undefined;
  now(): Date;
  sleep(ms: number): Promise<void>;
  stopped(): boolean;
  save(order: OrderRecord): Promise<void>;
  /** One more order through the current phase. */
  tick(): void;
  startPhase(phase: SubmitPhase, total: number): void;
  /** The jobs the account's other batches in this journal made (read once, when first needed). */
  ownJobsElsewhere(): Promise<readonly OwnJob[]>;
  /** Job numbers other orders account for: of this batch, or of any other batch of the account. */
  claimedByOthers(order: OrderRecord): Promise<ReadonlySet<number>>;
}

export interface BatchRunSetup {
  readonly client: VendorClient;
  readonly journal: JournalStore;
  readonly batch: BatchRecord;
  readonly orders: readonly OrderRecord[];
  readonly limiter: AdaptiveLimiter;
  readonly applicationName: string;
  readonly requestTimeoutMs: number;
  readonly recheckDelaysMs: readonly number[] | undefined;
  readonly lease: LeaseKeeper | undefined;
  readonly now: () => Date;
  readonly sleep: (ms: number) => Promise<void>;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: SubmitProgress) => void) | undefined;
  readonly ownJobs: () => Promise<readonly OwnJob[]>;
}

/**
 * A run's orders by number, counting how many are in each state as they change: progress is told after every order,
 * and counting every order each time grew with the square of a batch's size (40,000 orders, 40,000 times).
 */
export class CountedOrders extends Map<string, OrderRecord> {
  // Set up before any order is added: the Map's own constructor is given none.
  private counted: Record<keyof StateCounts, number> = { ...countStates([]) };

  constructor(orders: readonly OrderRecord[]) {
    super();
    for (const order of orders) this.set(order.orderNumber, order);
  }

  override set(orderNumber: string, order: OrderRecord): this {
    const before = super.get(orderNumber);
    if (before) this.counted[before.state]--;
    this.counted[order.state]++;
    return super.set(orderNumber, order);
  }

  override delete(orderNumber: string): boolean {
    const before = super.get(orderNumber);
    if (before) this.counted[before.state]--;
    return super.delete(orderNumber);
  }

  override clear(): void {
    this.counted = { ...countStates([]) };
    super.clear();
  }

  /** How many orders are in each state now. */
  counts(): StateCounts {
    return { ...this.counted };
  }
}

export function startBatchRun(setup: BatchRunSetup): BatchRun {
  const orders = new CountedOrders(setup.orders);
  let phase: SubmitPhase = "reconciling";
  let meter = createRateMeter(0, () => setup.now().getTime());
  let own: Promise<readonly OwnJob[]> | undefined;
  const report = () =>
    setup.onProgress?.({
      batchId: setup.batch.id,
      phase,
      rate: meter.snapshot(),
      counts: orders.counts(),
    });
  const ownJobsElsewhere = () => (own ??= setup.ownJobs());
  return {
    client: setup.client,
    journal: setup.journal,
    batch: setup.batch,
    orders,
    limiter: setup.limiter,
    problems: [],
    applicationName: setup.applicationName,
    requestTimeoutMs: setup.requestTimeoutMs,
    recheckDelaysMs: setup.recheckDelaysMs,
    lease: setup.lease,
    now: setup.now,
    sleep: setup.sleep,
    stopped: () => setup.signal?.aborted === true,
    async save(order) {
      orders.set(order.orderNumber, order);
      await setup.journal.putOrders([order]);
      report();
    },
    tick() {
      meter.tick();
      report();
    },
    startPhase(next, total) {
      phase = next;
      meter = createRateMeter(total, () => setup.now().getTime());
      report();
    },
    ownJobsElsewhere,
    async claimedByOthers(order) {
      const elsewhere = (await ownJobsElsewhere()).map((job) => job.jobNumber);
      const here = [...orders.values()]
        .filter((o) => o !== order && o.jobNumber !== undefined)
        .map((o) => o.jobNumber as number);
      return new Set([...elsewhere, ...here]);
    },
  };
}
