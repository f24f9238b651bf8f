import { z } from "zod";
import type { ArtworkCheck } from "../core/artwork/artwork-check";
import { parseRetryAfter } from "./problem";
import { ARTWORK_CHECK_BATCH, ARTWORK_CHECK_PATH } from "./proxy-routes";

/** What the proxy answers for one address: checked as it reads, never trusted further than its shape. */
const CheckAnswer = z.object({
  url: z.string(),
  checkedAt: z.string(),
  outcome: z.enum(["file", "refused", "http", "no-host", "unreachable"]),
  status: z.number().optional(),
  finalUrl: z.string().optional(),
  size: z.number().optional(),
  reason: z.string().optional(),
  previewUrl: z.string().optional(),
  file: z
    .object({
      kind: z.enum(["pdf", "ai", "eps", "svg", "png", "jpeg", "tiff", "psd", "gif", "webp", "html", "other"]),
      label: z.string(),
      isArtwork: z.boolean(),
      pixels: z.object({ width: z.number(), height: z.number() }).optional(),
      dpi: z.object({ x: z.number(), y: z.number() }).optional(),
    })
    .optional(),
});
const Answer = z.object({ checks: z.array(CheckAnswer) });

/** Waits before asking again when the proxy says too many links were checked this minute. */
const MAX_WAITS = 3;
/** The wait when the proxy's 429 does not say how long, and the longest taken: the proxy counts links by the minute. */
const UNSAID_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 60_000;

export interface ArtworkCheckClientOptions {
  /** The connection's proxy address, `/api/{connection}`. */
  readonly baseUrl: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => Date;
}

/**
 * Artwork links checked through the proxy, in batches it takes: each answer as the proxy gave it, or, where no answer
 * came, a check saying so (the row then says to check again).
 */
export function createArtworkCheckClient(options: ArtworkCheckClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const unanswered = (url: string, reason: string): ArtworkCheck => ({
    url,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    outcome: "unreachable",
    reason,
  });

  async function askOnce(urls: readonly string[]): Promise<ArtworkCheck[]> {
    for (let waits = 0; ; waits++) {
      let response: Response;
      try {
        response = await fetchImpl(`${options.baseUrl}${ARTWORK_CHECK_PATH}`, {
          method: "POST",
          headers: { ...options.headers, "Content-Type": "application/json" },
          body: JSON.stringify({ urls }),
        });
      } catch {
        return urls.map((url) => unanswered(url, "the artwork check did not answer"));
      }
      if (response.status === 429 && waits < MAX_WAITS) {
        const asked = parseRetryAfter(response.headers.get("Retry-After"), (options.now?.() ?? new Date()).getTime());
        await sleep(Math.min(LONGEST_WAIT_MS, asked ?? UNSAID_WAIT_MS));
        continue;
      }
      const read = response.ok ? Answer.safeParse(await response.json().catch(() => undefined)) : undefined;
      if (!read?.success || read.data.checks.length !== urls.length)
        return urls.map((url) => unanswered(url, "the artwork check did not answer"));
      return read.data.checks as ArtworkCheck[];
    }
  }

  return {
    async check(urls: readonly string[]): Promise<ArtworkCheck[]> {
      const checks: ArtworkCheck[] = [];
      for (let at = 0; at < urls.length; at += ARTWORK_CHECK_BATCH)
        checks.push(...(await askOnce(urls.slice(at, at + ARTWORK_CHECK_BATCH))));
      return checks;
    },
  };
}
