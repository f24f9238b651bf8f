import { plainProblemSentence } from "../core/problem-text";
import { ProblemBody, type ValidationMessage } from "../core/vendor";

/**
 * Why a call did not produce a value:
 * - `http`: the service (or the proxy) answered with an error status and usually a problem body;
 * - `network`: no answer arrived (refused, dropped, timed out);
 * - `invalid-response`: a success status whose body does not match the spec's schema;
 * - `aborted`: the caller cancelled.
 */
export type ApiProblemKind = "http" | "network" | "invalid-response" | "aborted";

/** A failed call, as plain data that survives postMessage. */
export interface ApiProblem {
  readonly kind: ApiProblemKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly title: string;
  readonly detail?: string | undefined;
  readonly type?: string | undefined;
  readonly instance?: string | undefined;
  readonly validationMessages: readonly ValidationMessage[];
  /** Field-keyed validation errors (the `errors` variant of a 400). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** How long the service asked us to wait (its `Retry-After`), when it said. */
  readonly retryAfterMs?: number | undefined;
}

/** Where the importer's own problem types live: the proxy's answers, and calls it never made. */
export const IMPORTER_PROBLEM_BASE = "https://bulk-order-importer.invalid/problems/";

/**
 * A call never made because the token service refused the connection's credentials (the
 * proxy's `token-refused`; from Node, a TokenError): no retry helps until they are changed.
 */
export const CREDENTIALS_REFUSED = `${IMPORTER_PROBLEM_BASE}token-refused`;

export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly value: T }
  | { readonly ok: false; readonly problem: ApiProblem };

/** Reads `Retry-After` as delay seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Builds a problem from an error response's status and (possibly non-JSON) body text. */
export function problemFromResponse(
  status: number,
  statusText: string,
  bodyText: string,
  retryAfter?: string | null,
): ApiProblem {
  let parsed: ProblemBody | undefined;
  try {
    const result = ProblemBody.safeParse(JSON.parse(bodyText));
    if (result.success) parsed = result.data;
  } catch {
    // A non-JSON error body (an HTML error page from a gateway, say) is summarised by its status.
  }
  const errors: Record<string, readonly string[]> = Object.create(null);
  for (const [field, messages] of Object.entries(parsed?.errors ?? {})) {
    errors[field] = typeof messages === "string" ? [messages] : messages;
  }
  return {
    kind: "http",
    status,
    title: parsed?.title ?? (statusText || `HTTP ${status}`),
    detail: parsed?.detail ?? undefined,
    type: parsed?.type ?? undefined,
    instance: parsed?.instance ?? undefined,
    validationMessages: parsed?.validationMessages ?? [],
    errors,
    retryAfterMs: parseRetryAfter(retryAfter),
  };
}

/**
 * Whether a problem says "not now" rather than "not this": no answer, a rate limit, or a
 * server error. Such calls may succeed later; the others fail identically on retry.
 */
export function isTransientProblem(problem: ApiProblem): boolean {
  if (problem.type === CREDENTIALS_REFUSED) return false;
  return problem.kind === "network" || problem.status === 408 || problem.status === 429 || problem.status >= 500;
}

export function networkProblem(error: unknown): ApiProblem {
  const aborted = error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
  // A token failure's message is the connection's own, in plain words (which setting to check).
  const tokenFailure = error instanceof Error && error.name === "TokenError" ? error : undefined;
  const refused = tokenFailure !== undefined && "reason" in tokenFailure && tokenFailure.reason === "refused";
  const kind = aborted ? "aborted" : "network";
  return {
    kind,
    status: 0,
    title: tokenFailure?.message ?? plainProblemSentence({ kind, status: 0 }),
    detail: error instanceof Error ? error.message : String(error),
    ...(refused ? { type: CREDENTIALS_REFUSED } : {}),
    validationMessages: [],
    errors: {},
  };
}

export function invalidResponseProblem(status: number, detail: string): ApiProblem {
  return {
    kind: "invalid-response",
    status,
    title: plainProblemSentence({ kind: "invalid-response", status }),
    detail,
    validationMessages: [],
    errors: {},
  };
}

/**
 * Every message a problem carries for the user, one per line: the vendor's own messages
 * (without their codes) or its problem's title; for a call that got no answer, the importer's
 * own words (its title, from `plainProblemSentence`), never the runtime's error text (that
 * stays in `detail`, for the audit trail).
 */
export function describeProblem(problem: ApiProblem): string[] {
  const lines: string[] = [];
  for (const message of problem.validationMessages) if (message.message) lines.push(message.message);
  for (const [field, messages] of Object.entries(problem.errors)) {
    for (const message of messages) lines.push(`${field}: ${message}`);
  }
  if (lines.length === 0)
    lines.push(problem.kind === "http" && problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
  return lines;
}
