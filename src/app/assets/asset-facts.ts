import type { VendorClient } from "../../api";
import { historyOf, type AssetHistory } from "../../core/reorder/asset-catalogue";
import type { AssetFiles } from "../../core/vendor";
import { createStore } from "../store";

/**
 * What is known of one design's files or order history: its value once read, whether it is being read, whether reading
 * failed.
 */
export interface Fact<T> {
  readonly value: T | undefined;
  readonly loading: boolean;
  readonly failed: boolean;
}

const NOTHING: Fact<never> = { value: undefined, loading: false, failed: false };

/** At most this many reads of files or histories are in flight, whatever the page asks for. */
const CONCURRENCY = 4;
/** Order histories change as jobs are made and dispatched: one older than this is read again when next wanted. */
const HISTORY_TTL_MS = 5 * 60_000;

type Kind = "files" | "history";

interface Entry<T> {
  value?: T;
  at?: number;
  failed?: boolean;
  /** Settled when the read in flight (or queued) is answered, or dropped because nobody waits for it any more. */
  pending?: Promise<Settled>;
  /** Whether each of those waiting for the read in flight (or queued) has stopped waiting. */
  waiters?: (() => boolean)[];
}

/**
 * How a wanted read ended: answered (well or not), or dropped before it was asked because everyone waiting for it
 * stopped.
 */
type Settled = "answered" | "dropped";

interface Task {
  readonly kind: Kind;
  readonly tag: string;
  readonly run: () => Promise<void>;
  /** True once every one waiting for it has stopped waiting. */
  readonly isCancelled: () => boolean;
  readonly settle: (settled: Settled) => void;
}

/**
 * A design's files and order history, read lazily from the vendor (`GET /Assets/{tag}/files`
 * and `/jobs`) and kept in memory: each read once, a few at a time, in the order asked.
 */
export function createAssetFacts(client: VendorClient, now: () => number = Date.now) {
  const entries: Record<Kind, Map<string, Entry<unknown>>> = { files: new Map(), history: new Map() };
  const queue: Task[] = [];
  /** Counts the changes told so far: a view re-renders when it moves on. */
  const version = createStore(0);
  let inFlight = 0;
  let notifyScheduled = false;

  function notify(): void {
    if (notifyScheduled) return;
    notifyScheduled = true;
    setTimeout(() => {
      notifyScheduled = false;
      version.set(version.getState() + 1);
    }, 0);
  }

  function pump(): void {
    while (inFlight < CONCURRENCY && queue.length > 0) {
      const task = queue.shift() as Task;
      if (task.isCancelled()) {
        // Only a read nobody waits for is dropped; the views are told, so none stays "Reading…".
        const entry = entries[task.kind].get(task.tag);
        if (entry) {
          entry.pending = undefined;
          entry.waiters = undefined;
        }
        task.settle("dropped");
        notify();
        continue;
      }
      inFlight++;
      void task.run().finally(() => {
        inFlight--;
        task.settle("answered");
        notify();
        pump();
      });
    }
  }

  const isFresh = (kind: Kind, entry: Entry<unknown>, maxAgeMs: number) =>
    entry.value !== undefined && (kind === "files" || now() - (entry.at ?? 0) < maxAgeMs);

  /**
   * Queues a read unless the value is fresh enough or already being read (then it waits for
   * that read too); answers when it is settled. A queued read is dropped only once every one
   * waiting for it has stopped (`isCancelled`), and then answers "dropped".
   */
  function want(
    kind: Kind,
    tag: string,
    isCancelled: () => boolean = () => false,
    maxAgeMs = HISTORY_TTL_MS,
  ): Promise<Settled> {
    const map = entries[kind];
    let entry = map.get(tag);
    if (entry === undefined) map.set(tag, (entry = {}));
    if (isFresh(kind, entry, maxAgeMs)) return Promise.resolve("answered");
    if (entry.pending) {
      entry.waiters?.push(isCancelled);
      return entry.pending;
    }
    const target = entry;
    const waiters = [isCancelled];
    target.waiters = waiters;
    let settle!: (settled: Settled) => void;
    const pending = new Promise<Settled>((resolve) => (settle = resolve));
    target.pending = pending;
    void pending.then(() => {
      if (target.pending === pending) {
        target.pending = undefined;
        target.waiters = undefined;
      }
    });
    queue.push({
      kind,
      tag,
      isCancelled: () => waiters.every((cancelled) => cancelled()),
      settle,
      run: async () => {
        const answer = kind === "files" ? await client.getAssetFiles(tag) : await client.getAssetJobs(tag);
        if (answer.ok) {
          target.value = kind === "files" ? answer.value : historyOf(answer.value as Parameters<typeof historyOf>[0]);
          target.at = now();
          target.failed = false;
        } else target.failed = true;
      },
    });
    notify();
    pump();
    return pending;
  }

  function factOf<T>(kind: Kind, tag: string): Fact<T> {
    const entry = entries[kind].get(tag) as Entry<T> | undefined;
    if (entry === undefined) return NOTHING;
    return {
      value: entry.value,
      loading: entry.pending !== undefined,
      failed: entry.failed === true && entry.value === undefined,
    };
  }

  return {
    files: (tag: string): Fact<AssetFiles> => factOf("files", tag),
    history: (tag: string): Fact<AssetHistory> => factOf("history", tag),
    /** The history if read and fresh enough to filter by. */
    knownHistory: (tag: string): AssetHistory | undefined =>
      entries.history.get(tag)?.value as AssetHistory | undefined,
    wantFiles: (tag: string): void => void want("files", tag),
    wantHistory: (tag: string): void => void want("history", tag),

    /**
     * Reads the histories of some designs, a few at a time, reporting how many are answered;
     * `maxAgeMs` reads again those read longer ago (a sheet wants what the vendor says now).
     * Stopping leaves the ones not yet asked for unasked.
     */
    async loadHistories(
      tags: readonly string[],
      options: {
        readonly signal?: AbortSignal | undefined;
        readonly maxAgeMs?: number;
        readonly onProgress?: (done: number, total: number) => void;
      } = {},
    ): Promise<void> {
      const { signal, onProgress, maxAgeMs } = options;
      let done = 0;
      onProgress?.(0, tags.length);
      await Promise.all(
        tags.map((tag) =>
          want("history", tag, () => signal?.aborted === true, maxAgeMs).then(() => {
            onProgress?.(++done, tags.length);
          }),
        ),
      );
    },

    /** How many changes have been told (coalesced: several reads answered at once are one). */
    getState: version.getState,
    subscribe: version.subscribe,
  };
}

export type AssetFacts = ReturnType<typeof createAssetFacts>;

const byAccount = new Map<string, AssetFacts>();

/** One account's facts, kept as long as the page is open (switching accounts never shares them). */
export function assetFactsFor(connection: string, accountId: number, client: VendorClient): AssetFacts {
  const key = `${connection}\u0000${accountId}`;
  let facts = byAccount.get(key);
  if (facts === undefined) byAccount.set(key, (facts = createAssetFacts(client)));
  return facts;
}
