import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { readArtworkBytes } from "../../core/artwork/artwork-bytes";
import type { ArtworkCheck } from "../../core/artwork/artwork-check";
import { checkAddressForm, guardedLookup, refusalText, type GuardOptions, type Resolver } from "./address-guard";

/** A link answered without the network (the demo artwork): as a site would answer it. */
export interface LocalArtwork {
  readonly status: number;
  readonly type?: string;
  readonly bytes?: Uint8Array;
  /** The whole file's size. */
  readonly size?: number;
  /** Where the page may show it from (the app's own address), for a picture. */
  readonly previewPath?: string;
}

/**
 * How artwork links are fetched: what may be reached, how long each may take, how many at once. An allowed internal
 * address may name a path it is limited to ("127.0.0.1:8080/demo-artwork/"): only addresses under it are allowed.
 */
export interface ArtworkFetchOptions extends GuardOptions {
  /** Per link, from the first request to the last byte read. */
  readonly timeoutMs?: number;
  /** Links fetched at once. */
  readonly concurrency?: number;
  /** The clock the checks are dated by. */
  readonly now?: () => Date;
  /** DNS, for tests. */
  readonly resolve?: Resolver;
  /**
   * Links answered without the network (the embedded simulator's demo artwork for documentation domains): as a site
   * would answer them; undefined for every other link, which is fetched.
   */
  readonly answerLocally?: (link: string) => LocalArtwork | undefined;
}

/** Only the start of a file is read: its kind, pixel size and resolution are in its first bytes. */
export const ARTWORK_BYTES_READ = 64 * 1024;
/** Redirects followed before giving up, each checked as the first address was. */
export const ARTWORK_MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONCURRENCY = 4;

/** One answer of a request: its status and headers, and the bytes read (at most ARTWORK_BYTES_READ). */
interface Fetched {
  readonly status: number;
  readonly headers: IncomingMessage["headers"];
  readonly bytes: Uint8Array;
}

/** Why a request got no answer, as a check says it. */
function failureOf(error: unknown): Pick<ArtworkCheck, "outcome" | "reason"> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EINTERNAL") return { outcome: "refused", reason: refusalText("internal") };
  if (code === "ENOTFOUND" || code === "EAI_NONAME" || code === "EAI_NODATA") return { outcome: "no-host" };
  if (code === "ETIMEDOUT") return { outcome: "unreachable", reason: "no answer in time" };
  if (code === "ECONNREFUSED") return { outcome: "unreachable", reason: "the site refused the connection" };
  if (code === "ECONNRESET") return { outcome: "unreachable", reason: "the connection was cut" };
  return { outcome: "unreachable", reason: "the site could not be reached" };
}

/**
 * One request, connecting only to an address the guard checked, sending nothing of ours (no cookies, credentials or
 * the caller's headers): at most the first ARTWORK_BYTES_READ bytes are read, then the connection is closed.
 */
function fetchOnce(url: URL, options: ArtworkFetchOptions, signal: AbortSignal): Promise<Fetched> {
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Fetched>((resolve, reject) => {
    const req = request(
      url,
      {
        method: "GET",
        agent: false,
        signal,
        lookup: guardedLookup({ ...options, port }),
        headers: {
          "User-Agent": "bulk-order-importer artwork check",
          Accept: "*/*",
          Range: `bytes=0-${ARTWORK_BYTES_READ - 1}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const bytes = new Uint8Array(Buffer.concat(chunks).subarray(0, ARTWORK_BYTES_READ));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
          res.destroy();
        };
        if ((res.statusCode ?? 0) >= 300) {
          res.resume();
          return done();
        }
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= ARTWORK_BYTES_READ) done();
        });
        res.on("end", done);
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The file's whole size, from a range answer's Content-Range or a whole answer's Content-Length. */
function sizeOf(fetched: Fetched): number | undefined {
  const range = /\/(\d+)$/.exec(String(fetched.headers["content-range"] ?? ""))?.[1];
  if (range) return Number(range);
  const length = fetched.headers["content-length"];
  return fetched.status === 200 && length !== undefined && /^\d+$/.test(String(length)) ? Number(length) : undefined;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** The guard's allowances for one address: those naming no path, and those whose path it is under. */
function allowancesFor(address: string, options: ArtworkFetchOptions): ArtworkFetchOptions {
  const entries = options.allowedInternal ?? [];
  if (entries.length === 0) return options;
  let path = "";
  try {
    path = new URL(address).pathname;
  } catch {
    return { ...options, allowedInternal: [] };
  }
  const allowedInternal = entries.flatMap((entry) => {
    const slash = entry.indexOf("/");
    if (slash < 0) return [entry];
    return path.startsWith(entry.slice(slash)) ? [entry.slice(0, slash)] : [];
  });
  return { ...options, allowedInternal };
}

/**
 * Checks one artwork link: its form and every address it leads to (redirects included, at most
 * ARTWORK_MAX_REDIRECTS), reading the first bytes of what it gives, all within the time allowed.
 */
export async function checkArtworkLink(text: string, options: ArtworkFetchOptions = {}): Promise<ArtworkCheck> {
  const checkedAt = (options.now?.() ?? new Date()).toISOString();
  const answer = (found: Omit<ArtworkCheck, "url" | "checkedAt">): ArtworkCheck => ({ url: text, checkedAt, ...found });
  const local = options.answerLocally?.(text);
  if (local) {
    if (local.status >= 400) return answer({ outcome: "http", status: local.status });
    return answer({
      outcome: "file",
      status: local.status,
      size: local.size,
      file: readArtworkBytes(local.bytes ?? new Uint8Array(), local.type),
      ...(local.previewPath ? { previewUrl: local.previewPath } : {}),
    });
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let address = text.trim();
  try {
    for (let redirects = 0; ; redirects++) {
      const allowed = allowancesFor(address, options);
      const form = checkAddressForm(address, allowed);
      if (!form.ok) return answer({ outcome: "refused", reason: refusalText(form.because), finalUrl: address });
      const finalUrl = address === text.trim() ? undefined : address;
      // One ranged GET: a HEAD cannot tell an image's pixels or an Illustrator file from a PDF, so it would always be
      // followed by a GET; the range answers what a HEAD would (a login, no file, a redirect) in the same round trip.
      const fetched = await fetchOnce(form.url, allowed, timeout);
      if (isRedirect(fetched.status)) {
        const location = fetched.headers.location;
        if (!location || redirects >= ARTWORK_MAX_REDIRECTS)
          return answer({ outcome: "unreachable", reason: "too many redirects", finalUrl });
        address = new URL(location, form.url).href;
        continue;
      }
      if (fetched.status >= 400) return answer({ outcome: "http", status: fetched.status, finalUrl });
      const contentType = String(fetched.headers["content-type"] ?? "");
      return answer({
        outcome: "file",
        status: fetched.status,
        finalUrl,
        size: sizeOf(fetched),
        file: readArtworkBytes(fetched.bytes, contentType),
      });
    }
  } catch (error) {
    if (timeout.aborted) return answer({ outcome: "unreachable", reason: "no answer in time" });
    return answer(failureOf(error));
  }
}

/**
 * Checks links a few at a time, each distinct link once (a batch names the same file on many rows), answering in the
 * order asked.
 */
export async function checkArtworkLinks(
  links: readonly string[],
  options: ArtworkFetchOptions = {},
): Promise<ArtworkCheck[]> {
  const distinct = [...new Set(links)];
  const answers = new Map<string, ArtworkCheck>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const link = distinct[next++] as string;
      answers.set(link, await checkArtworkLink(link, options));
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  await Promise.all(Array.from({ length: Math.min(concurrency, distinct.length) }, worker));
  return links.map((link) => answers.get(link) as ArtworkCheck);
}
