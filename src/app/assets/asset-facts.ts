import type { VendorClient } from "../../api";
import { historyOf, type AssetHistory } from "../../core/reorder/asset-catalogue";
import type { AssetFiles } from "../../core/vendor";

/** What is known of one design's files or order history: its value once read, whether it is being read, whether reading failed. */
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
  /** Settled when the read in flight (or queued) is answered. */
  pending?: Promise<void>;
}

interface Task {
  readonly kind: Kind;
  readonly tag: string;
  readonly run: () => Promise<void>;
  readonly isCancelled: () => boolean;
  readonly settle: () => void;
}

/**
 * A design's files and order history, read lazily from the vendor (`GET /Assets/{tag}/files`
 * and `/jobs`) and kept in memory: each read once, a few at a time, in the order asked.
 */
export function createAssetFacts(client: VendorClient, now: () => number = Date.now) {
  const entries: Record<Kind, Map<string, Entry<unknown>>> = { files: new Map(), history: new Map() };
  const queue: Task[] = [];
  const listeners = new Set<() => void>();
  let inFlight = 0;
  let notifyScheduled = false;

  function notify(): void {
    if (notifyScheduled) return;
    notifyScheduled = true;
    setTimeout(() => {
      notifyScheduled = false;
      for (const listener of listeners) listener();
    }, 0);
  }

  function pump(): void {
    while (inFlight < CONCURRENCY && queue.length > 0) {
      const task = queue.shift() as Task;
      if (task.isCancelled()) {
        const entry = entries[task.kind].get(task.tag);
        if (entry) entry.pending = undefined;
        task.settle();
        continue;
      }
      inFlight++;
      void task
        .run()
        .finally(() => {
          inFlight--;
          task.settle();
          notify();
          pump();
        });
    }
  }

  const isFresh = (kind: Kind, entry: Entry<unknown>, maxAgeMs: number) => entry.value !== undefined && (kind === "files" || now() - (entry.at ?? 0) < maxAgeMs);

  /** Queues a read unless the value is fresh enough or already being read; answers when it is settled. */
  function want(kind: Kind, tag: string, isCancelled: () => boolean = () => false, maxAgeMs = HISTORY_TTL_MS): Promise<void> {
    const map = entries[kind];
    let entry = map.get(tag);
    if (entry === undefined) map.set(tag, (entry = {}));
    if (isFresh(kind, entry, maxAgeMs)) return Promise.resolve();
    if (entry.pending) return entry.pending;
    const target = entry;
    let settle!: () => void;
    target.pending = new Promise<void>((resolve) => (settle = resolve)).then(() => {
      target.pending = undefined;
    });
    queue.push({
      kind,
      tag,
      isCancelled,
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
    return target.pending;
  }

  function factOf<T>(kind: Kind, tag: string): Fact<T> {
    const entry = entries[kind].get(tag) as Entry<T> | undefined;
    if (entry === undefined) return NOTHING;
    return { value: entry.value, loading: entry.pending !== undefined, failed: entry.failed === true && entry.value === undefined };
  }

  return {
    files: (tag: string): Fact<AssetFiles> => factOf("files", tag),
    history: (tag: string): Fact<AssetHistory> => factOf("history", tag),
    /** The history if read and fresh enough to filter by. */
    knownHistory: (tag: string): AssetHistory | undefined => entries.history.get(tag)?.value as AssetHistory | undefined,
    wantFiles: (tag: string): void => void want("files", tag),
    wantHistory: (tag: string): void => void want("history", tag),

    /**
     * Reads the histories of some designs, a few at a time, reporting how many are answered;
     * `maxAgeMs` reads again those read longer ago (a sheet wants what the vendor says now).
     * Stopping leaves the ones not yet asked for unasked.
     */
    async loadHistories(
      tags: readonly string[],
      options: { readonly signal?: AbortSignal | undefined; readonly maxAgeMs?: number; readonly onProgress?: (done: number, total: number) => void } = {},
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

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
