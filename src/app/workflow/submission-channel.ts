import type { StateCounts } from "../../core/journal";

/** What one tab tells the others of the account's submissions as they go. */
export type SubmissionNews =
  | {
      readonly kind: "progress";
      readonly connection: string;
      readonly accountId: number;
      readonly batchId: string;
      readonly counts: StateCounts;
      readonly text: string;
    }
  | { readonly kind: "finished"; readonly connection: string; readonly accountId: number; readonly batchId: string };

const CHANNEL = "bulk-order-importer:submissions";

/**
 * News of submissions between the tabs of this browser, so a second tab follows the first:
 * its progress live, then its results. Where the browser has no BroadcastChannel, tabs hear
 * nothing and find out on their next look at the journal.
 */
export function createSubmissionChannel() {
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL);
  const listeners = new Set<(news: SubmissionNews) => void>();
  if (channel) {
    channel.onmessage = (event: MessageEvent<SubmissionNews>) => {
      for (const listener of listeners) listener(event.data);
    };
  }
  return {
    tell(news: SubmissionNews): void {
      channel?.postMessage(news);
    },
    /** Calls `listener` with news from other tabs; returns how to stop. */
    listen(listener: (news: SubmissionNews) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SubmissionChannel = ReturnType<typeof createSubmissionChannel>;
