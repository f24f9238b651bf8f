import { z } from "zod";

/** Why a token could not be had; never carries the secret or a token. */
export class TokenError extends Error {
  constructor(
    readonly reason: "refused" | "unreachable" | "invalid-response" | "backing-off",
    message: string,
    /** How long until another attempt will be made. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = "TokenError";
  }
}

export interface TokenCredentials {
  readonly authUrl: string;
  readonly realm: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface TokenSourceOptions {
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  /** Renew this long before expiry (the spec advises one minute). */
  readonly renewMarginMs?: number;
  /**
   * First pause after a failed token request, or after the API refused a freshly fetched
   * token; doubles with each further failure.
   */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly timeoutMs?: number;
}

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

interface CachedToken {
  readonly value: string;
  readonly renewAt: number;
}

/** The token address for a realm, as the spec's Authentication section gives it. */
export function tokenAddress(authUrl: string, realm: string): string {
  return `${authUrl.replace(/\/+$/, "")}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`;
}

/**
 * Client-credentials tokens for one connection: cached until a minute before expiry, one
 * refresh shared by concurrent callers, exponential backoff after failures so that a wrong
 * secret, or an API that refuses every token (wrong region), does not hammer the token service.
 */
export class TokenSource {
  readonly #credentials: TokenCredentials;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #renewMarginMs: number;
  readonly #initialBackoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #timeoutMs: number;
  #cached: CachedToken | undefined;
  #pending: Promise<string> | undefined;
  #failures = 0;
  #blockedUntil = 0;
  #lastError: TokenError | undefined;
  #refusals = 0;
  #renewalPausedUntil = 0;
  #lastRefused: string | undefined;
  /** Token requests made so far (for logs and tests). */
  requests = 0;

  constructor(credentials: TokenCredentials, options: TokenSourceOptions = {}) {
    this.#credentials = credentials;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
    this.#renewMarginMs = options.renewMarginMs ?? 60_000;
    this.#initialBackoffMs = options.initialBackoffMs ?? 1_000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** A token valid for at least the renewal margin; rejects with a {@link TokenError}. */
  get(): Promise<string> {
    const now = this.#now();
    if (this.#cached !== undefined && now < this.#cached.renewAt) return Promise.resolve(this.#cached.value);
    if (this.#pending !== undefined) return this.#pending;
    if (now < this.#blockedUntil) {
      const last = this.#lastError;
      return Promise.reject(
        new TokenError(
          "backing-off",
          `Token requests are paused after repeated failures${last ? ` (${last.message})` : ""}`,
          this.#blockedUntil - now,
        ),
      );
    }
    this.#pending = this.#request().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** Forgets a token the API refused, unless a newer one has already replaced it. */
  invalidate(token: string): void {
    if (this.#cached?.value === token) this.#cached = undefined;
  }

  /** Whether a 401 may drop the token and fetch another: false while backing off after repeated refusals. */
  get mayRenewOnRefusal(): boolean {
    return this.#now() >= this.#renewalPausedUntil;
  }

  /**
   * The API refused a token fetched to replace one it had refused, so a new token will not
   * help (another region, a revoked client): renewing on 401 pauses, doubling with each repeat.
   */
  refusedFresh(token: string): void {
    // Concurrent callers that retried with the same token count as one refusal.
    if (token === this.#lastRefused) return;
    this.#lastRefused = token;
    this.#refusals++;
    this.#renewalPausedUntil = this.#now() + this.#pause(this.#refusals);
  }

  /** The API accepted a token: the next 401 may renew at once. */
  accepted(): void {
    this.#refusals = 0;
    this.#renewalPausedUntil = 0;
  }

  async #request(): Promise<string> {
    this.requests++;
    const { authUrl, realm, clientId, clientSecret } = this.#credentials;
    let response: Response;
    try {
      response = await this.#fetch(tokenAddress(authUrl, realm), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
        }).toString(),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch {
      throw this.#fail(new TokenError("unreachable", "The token service could not be reached"));
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      const refused = response.status === 400 || response.status === 401 || response.status === 403;
      throw this.#fail(
        new TokenError(
          refused ? "refused" : "unreachable",
          refused
            ? `The token service refused the client credentials (HTTP ${response.status}); ` +
                "check the client id, secret and realm"
            : `The token service answered HTTP ${response.status}`,
        ),
      );
    }
    let parsed: z.infer<typeof TokenResponse>;
    try {
      parsed = TokenResponse.parse(JSON.parse(text));
    } catch {
      throw this.#fail(
        new TokenError("invalid-response", "The token service answered without access_token and expires_in"),
      );
    }
    const lifetimeMs = parsed.expires_in * 1000;
    // A token shorter-lived than twice the margin is renewed halfway through its life instead.
    const margin = Math.min(this.#renewMarginMs, lifetimeMs / 2);
    this.#cached = { value: parsed.access_token, renewAt: this.#now() + lifetimeMs - margin };
    this.#failures = 0;
    this.#blockedUntil = 0;
    this.#lastError = undefined;
    return parsed.access_token;
  }

  #fail(error: TokenError): TokenError {
    this.#failures++;
    const pause = this.#pause(this.#failures);
    this.#blockedUntil = this.#now() + pause;
    this.#lastError = error;
    return new TokenError(error.reason, error.message, pause);
  }

  #pause(failures: number): number {
    return Math.min(this.#maxBackoffMs, this.#initialBackoffMs * 2 ** (failures - 1));
  }
}
