import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { serveDemoArtwork } from "./demo-artwork";
import type { AddressInfo } from "node:net";
import { matchEndpoint, type EndpointId } from "../../core/vendor";
import { readBody, BodyTooLargeError } from "../http/read-body";
import { SimClock } from "./clock";
import { ACCOUNTS, REGIONS, type SimAccount, type SimRegion, type SimUser } from "./fixtures/accounts";
import { promoCodesFrom, type SimPromoCode } from "./fixtures/lookups";
import type { SimulatorCore } from "./handlers/context";
import { HANDLERS } from "./handlers";
import { createRandom, type Random } from "./random";
import { opaqueServerError, problem, type SimResponse } from "./sim-response";
import { createAccountStates, type AccountState, type SimJob } from "./state";

/** Token lifetime, as the spec states. */
export const TOKEN_LIFETIME_SECONDS = 600;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const JSON_CONTENT_TYPES = ["application/json", "text/json", "application/json-patch+json"];

/** Latency and failures the simulator can inject, for tests and benchmarks. */
export interface FaultSettings {
  /** A fixed delay, or a random one between the two bounds, before each API answer. */
  readonly delayMs?: number | readonly [min: number, max: number];
  /** Share (0..1) of API calls answered 500. */
  readonly rate500?: number;
  /** Share (0..1) of API calls answered 429. */
  readonly rate429?: number;
  /** What those 429s ask the caller to wait, in seconds (their Retry-After); 1 unless set. */
  readonly retryAfterSeconds?: number;
  /** Share (0..1) of created jobs whose connection is dropped after the job was stored. */
  readonly dropAfterCreateRate?: number;
  /** Share (0..1) of created jobs answered with the opaque 500 after the job was stored. */
  readonly fail500AfterCreateRate?: number;
  /** Limit the faults above to these endpoints (all when absent). */
  readonly endpoints?: readonly EndpointId[];
}

export interface SimulatorOptions {
  /** The instant (ms since the epoch) the simulator's clock starts at; real now when absent. */
  readonly startAt?: number;
  readonly faults?: FaultSettings;
  /** Seed of the random draws that decide which calls fail. */
  readonly seed?: number;
}

interface TokenRecord {
  readonly accountId: number;
  readonly userId: number;
  readonly regionId: string;
  readonly expiresAt: number;
}

/** Everything a client needs to reach one simulated account, as the vendor would issue it. */
export interface SimConnectionDetails {
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  readonly regionLabel: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly realm: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly isAdministrator: boolean;
}

export interface SimulatorStats {
  tokenRequests: number;
  apiCalls: number;
  readonly callsByEndpoint: Partial<Record<EndpointId, number>>;
}

function send(res: ServerResponse, response: SimResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  if (response.body === undefined) {
    res.writeHead(response.status, headers).end();
    return;
  }
  const contentType = response.contentType ?? "application/json";
  headers["Content-Type"] = `${contentType}; charset=utf-8`;
  res.writeHead(response.status, headers).end(JSON.stringify(response.body));
}

/** Waits `ms`; false when the connection closed first, so no timer outlives its request. */
function waitUnlessClosed(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off("close", onClose);
      resolve(true);
    }, ms);
    res.once("close", onClose);
  });
}

/**
 * A faithful local stand-in for the vendor: the token service and every endpoint of the API,
 * for several accounts in several regions, served over real HTTP.
 *
 * Layout: `/{region}/auth/realms/{realm}/protocol/openid-connect/token` and `/{region}/api/...`.
 */
export class VendorSimulator implements SimulatorCore {
  readonly clock: SimClock;
  readonly promoCodes: readonly SimPromoCode[];
  faults: FaultSettings;
  readonly stats: SimulatorStats = { tokenRequests: 0, apiCalls: 0, callsByEndpoint: {} };
  readonly #states: Map<number, AccountState> = createAccountStates();
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #random: Random;
  #nextJobNumber = 300_001;

  constructor(options: SimulatorOptions = {}) {
    this.clock = new SimClock(options.startAt);
    this.promoCodes = promoCodesFrom(this.clock.startedAt);
    this.faults = options.faults ?? {};
    this.#random = createRandom(options.seed ?? 20261122);
  }

  now(): number {
    return this.clock.now();
  }

  allocateJobNumber(): number {
    return this.#nextJobNumber++;
  }

  /** Stored job numbers per order number of one account, cancelled jobs included; jobs without one are left out. */
  jobsByOrderNumber(accountId: number): Map<string, number[]> {
    const byOrder = new Map<string, number[]>();
    for (const job of this.#states.get(accountId)?.jobs.values() ?? []) {
      if (job.orderNumber === null) continue;
      const numbers = byOrder.get(job.orderNumber) ?? [];
      numbers.push(job.jobNumber);
      byOrder.set(job.orderNumber, numbers);
    }
    return byOrder;
  }

  findJob(jobNumber: number): SimJob | undefined {
    for (const state of this.#states.values()) {
      const job = state.jobs.get(jobNumber);
      if (job !== undefined) return job;
    }
    return undefined;
  }

  /** The issued credentials of every simulated user who has them, with addresses under `origin`. */
  connectionDetails(origin: string): SimConnectionDetails[] {
    return ACCOUNTS.flatMap((account) => {
      const region = REGIONS.find((r) => r.id === account.regionId) as SimRegion;
      return account.users.flatMap((user) =>
        user.credentials
          ? [
              {
                accountId: account.id,
                accountName: account.name,
                region: region.id,
                regionLabel: region.label,
                baseUrl: `${origin}/${region.id}/api`,
                authUrl: `${origin}/${region.id}/auth`,
                realm: region.realm,
                clientId: user.credentials.clientId,
                clientSecret: user.credentials.clientSecret,
                isAdministrator: user.isAdministrator,
              },
            ]
          : [],
      );
    });
  }

  /** Node request handler; never throws. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.#route(req, res).catch(() => {
      if (!res.headersSent) send(res, opaqueServerError());
      else res.destroy();
    });
  };

  async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const pathEnd = rawUrl.indexOf("?");
    const rawPath = pathEnd === -1 ? rawUrl : rawUrl.slice(0, pathEnd);
    const url = new URL(rawUrl, `http://${req.headers.host ?? "127.0.0.1"}`);
    // The demo artwork, on the simulator's own address too (the command line's embedded simulator serves it).
    if (serveDemoArtwork(req, res)) return;
    const [, regionId, area, ...rest] = rawPath.split("/");
    const region = REGIONS.find((r) => r.id === regionId);
    if (region === undefined) return send(res, problem(404, "Not Found"));
    if (area === "auth") return this.#token(req, res, region, rest);
    if (area === "api") return this.#api(req, res, region, `/${rest.join("/")}`, url);
    send(res, problem(404, "Not Found"));
  }

  async #token(req: IncomingMessage, res: ServerResponse, region: SimRegion, rest: string[]): Promise<void> {
    const expected = ["realms", region.realm, "protocol", "openid-connect", "token"];
    if (req.method !== "POST" || rest.join("/") !== expected.join("/")) {
      return send(res, { status: 404, body: { error: "not_found" } });
    }
    this.stats.tokenRequests++;
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBody(req, 64 * 1024)).toString("utf8"));
    } catch {
      return send(res, { status: 400, body: { error: "invalid_request" } });
    }
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      return send(res, {
        status: 400,
        body: { error: "invalid_request", error_description: "Form-encoded body required" },
      });
    }
    if (form.get("grant_type") !== "client_credentials") {
      return send(res, { status: 400, body: { error: "unsupported_grant_type" } });
    }
    let clientId = form.get("client_id") ?? "";
    let clientSecret = form.get("client_secret") ?? "";
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (basic !== undefined) {
      const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
      clientId = decodeURIComponent(id ?? "");
      clientSecret = decodeURIComponent(secret ?? "");
    }
    const match = this.#findCredential(region, clientId, clientSecret);
    if (match === undefined) {
      return send(res, {
        status: 401,
        body: { error: "invalid_client", error_description: "Invalid client or Invalid client credentials" },
      });
    }
    const token = randomBytes(24).toString("base64url");
    this.#tokens.set(token, {
      accountId: match.account.id,
      userId: match.user.id,
      regionId: region.id,
      expiresAt: this.clock.now() + TOKEN_LIFETIME_SECONDS * 1000,
    });
    send(res, {
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: {
        access_token: token,
        expires_in: TOKEN_LIFETIME_SECONDS,
        refresh_expires_in: 0,
        token_type: "Bearer",
        "not-before-policy": 0,
        scope: "profile email",
      },
    });
  }

  #findCredential(
    region: SimRegion,
    clientId: string,
    clientSecret: string,
  ): { account: SimAccount; user: SimUser } | undefined {
    for (const account of ACCOUNTS) {
      if (account.regionId !== region.id) continue;
      for (const user of account.users) {
        if (user.active && user.credentials?.clientId === clientId && user.credentials.clientSecret === clientSecret) {
          return { account, user };
        }
      }
    }
    return undefined;
  }

  #authenticate(req: IncomingMessage, region: SimRegion): TokenRecord | undefined {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
    const record = token === undefined ? undefined : this.#tokens.get(token);
    if (record === undefined || record.regionId !== region.id) return undefined;
    if (record.expiresAt <= this.clock.now()) {
      this.#tokens.delete(token as string);
      return undefined;
    }
    return record;
  }

  #faultApplies(id: EndpointId): boolean {
    return this.faults.endpoints === undefined || this.faults.endpoints.includes(id);
  }

  async #api(req: IncomingMessage, res: ServerResponse, region: SimRegion, path: string, url: URL): Promise<void> {
    const auth = this.#authenticate(req, region);
    if (auth === undefined) {
      return send(res, {
        ...problem(401, "Unauthorized", "The access token is missing, expired or not valid for this region."),
        headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      });
    }
    const match = matchEndpoint(req.method ?? "GET", path);
    if (match === undefined) return send(res, problem(404, "Not Found"));
    this.stats.apiCalls++;
    this.stats.callsByEndpoint[match.id] = (this.stats.callsByEndpoint[match.id] ?? 0) + 1;

    const faulty = this.#faultApplies(match.id);
    const delay = this.faults.delayMs;
    if (faulty && delay !== undefined) {
      const ms = typeof delay === "number" ? delay : this.#random.int(delay[0], delay[1]);
      if (!(await waitUnlessClosed(ms, res))) return;
    }
    if (faulty && this.#random.chance(this.faults.rate429 ?? 0)) {
      return send(res, {
        ...problem(429, "Too Many Requests", "Rate limit exceeded."),
        headers: { "Retry-After": String(this.faults.retryAfterSeconds ?? 1) },
      });
    }
    if (faulty && this.#random.chance(this.faults.rate500 ?? 0)) return send(res, opaqueServerError());

    let body: unknown;
    if (req.method === "POST" || req.method === "PATCH") {
      let raw: Buffer;
      try {
        raw = await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        const detail =
          error instanceof BodyTooLargeError ? "The request body is too large." : "The request body could not be read.";
        return send(res, problem(400, "Bad Request", detail));
      }
      if (raw.length > 0) {
        const contentType = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        const isJson = JSON_CONTENT_TYPES.includes(contentType) || /^application\/[\w.-]+\+json$/.test(contentType);
        if (!isJson)
          return send(res, problem(400, "Bad Request", `Content type "${contentType}" is not supported; send JSON.`));
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          return send(res, {
            ...problem(400, "One or more validation errors occurred.", undefined, {
              errors: { $: ["The body is not valid JSON."] },
            }),
          });
        }
      }
    }

    const state = this.#states.get(auth.accountId);
    const user = state?.account.users.find((u) => u.id === auth.userId);
    if (state === undefined || user === undefined) return send(res, problem(401, "Unauthorized"));
    const response = HANDLERS[match.id]({
      core: this,
      state,
      user,
      params: match.params,
      query: url.searchParams,
      body,
      headers: req.headers,
      url,
    });
    const instance = url.pathname;
    const withInstance =
      response.contentType === "application/problem+json" && typeof response.body === "object"
        ? { ...response, body: { ...(response.body as object), instance } }
        : response;
    const outcomeAtRisk = match.id === "createJob" && response.status === 201 && faulty;
    if (outcomeAtRisk && this.#random.chance(this.faults.dropAfterCreateRate ?? 0)) {
      // The job exists, but the caller never hears so: the outcome is unknown to it.
      req.socket.destroy();
      return;
    }
    // The job exists, but the caller hears only the 500 the spec gives no outcome for.
    const answer =
      outcomeAtRisk && this.#random.chance(this.faults.fail500AfterCreateRate ?? 0)
        ? opaqueServerError()
        : withInstance;
    // Like the vendor's load balancer, answers carry an affinity cookie a proxy must not pass on.
    send(res, { ...answer, headers: { ...answer.headers, "Set-Cookie": "AWSALB=sim-affinity; Path=/; HttpOnly" } });
  }
}

export interface RunningSimulator {
  readonly simulator: VendorSimulator;
  readonly server: Server;
  /** `http://127.0.0.1:{port}` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Starts the simulator on loopback (port 0 picks a free one). */
export async function startSimulator(
  options: SimulatorOptions & { readonly port?: number; readonly host?: string } = {},
): Promise<RunningSimulator> {
  const simulator = new VendorSimulator(options);
  const server = createServer(simulator.handle);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? "127.0.0.1";
  return {
    simulator,
    server,
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
