import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError, type Connection } from "./proxy/connections";
import { createProxy, type TokenProxy, type ProxyLogEntry } from "./proxy/proxy";
import { demoArtworkFor, serveDemoArtwork } from "./simulator/demo-artwork";
import { createStaticHandler, SECURITY_HEADERS } from "./static-files";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "./simulator/simulator";

export interface ServerSettings {
  readonly host: string;
  readonly port: number;
  readonly accessKey?: string | undefined;
  /** An authenticating reverse proxy sits in front, so a non-loopback address needs no key. */
  readonly behindAuthProxy: boolean;
  readonly allowedOrigins: readonly string[];
  /** Host names accepted in the Host header besides loopback ones (defence against DNS rebinding). */
  readonly allowedHosts: readonly string[];
  readonly maxBodyBytes?: number | undefined;
  /** How long a client may take over a request; the defaults when absent. */
  readonly timeouts?: ServerTimeouts | undefined;
  /**
   * Internal addresses ("host:port") the artwork check may fetch from: for tests' own artwork servers only, never in
   * production (ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS).
   */
  readonly artworkAllowedInternal?: readonly string[] | undefined;
}

/**
 * How long a client may hold a connection while sending slowly or doing nothing, so slow
 * clients cannot keep sockets for minutes. Long enough for the largest request the app sends
 * (a batch of jobs, at most `maxBodyBytes`) over a slow line.
 */
export interface ServerTimeouts {
  /** To send a whole request, headers and body. */
  readonly requestMs: number;
  /** To send a request's headers. */
  readonly headersMs: number;
  /** Between requests on a kept-alive connection. */
  readonly keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 60_000, headersMs: 15_000, keepAliveMs: 5_000 };

type Env = Readonly<Record<string, string | undefined>>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** A setting's comma-separated items, trimmed, blanks left out. */
export const settingItems = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** A whole number of milliseconds above zero from `name`, or `fallback` when it is not set. */
function milliseconds(env: Env, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new ConfigError(`${name} must be a whole number of milliseconds above zero, not "${text}"`);
  return value;
}

/** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS, each defaulting to DEFAULT_TIMEOUTS. */
function readTimeouts(env: Env): ServerTimeouts {
  const timeouts = {
    requestMs: milliseconds(env, "REQUEST_TIMEOUT_MS", DEFAULT_TIMEOUTS.requestMs),
    headersMs: milliseconds(env, "HEADERS_TIMEOUT_MS", DEFAULT_TIMEOUTS.headersMs),
    keepAliveMs: milliseconds(env, "KEEP_ALIVE_TIMEOUT_MS", DEFAULT_TIMEOUTS.keepAliveMs),
  };
  if (timeouts.headersMs > timeouts.requestMs)
    throw new ConfigError(
      "HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS: the headers are part of the request",
    );
  return timeouts;
}

/**
 * Reads HOST, PORT, ACCESS_KEY, BEHIND_AUTH_PROXY, ALLOWED_ORIGINS, ALLOWED_HOSTS,
 * MAX_BODY_BYTES, REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS and
 * ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS.
 */
export function readServerSettings(env: Env): ServerSettings {
  const port = Number(env["PORT"] ?? "8080");
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, not "${env["PORT"]}"`);
  const accessKey = env["ACCESS_KEY"] || undefined;
  if (accessKey !== undefined && accessKey.length < 16)
    throw new ConfigError("ACCESS_KEY must be at least 16 characters");
  const maxBody = env["MAX_BODY_BYTES"] ? Number(env["MAX_BODY_BYTES"]) : undefined;
  if (maxBody !== undefined && !(maxBody > 0)) throw new ConfigError("MAX_BODY_BYTES must be a positive number");
  const settings: ServerSettings = {
    host: env["HOST"] || "127.0.0.1",
    port,
    accessKey,
    behindAuthProxy: env["BEHIND_AUTH_PROXY"] === "true",
    allowedOrigins: settingItems(env["ALLOWED_ORIGINS"]),
    allowedHosts: settingItems(env["ALLOWED_HOSTS"]),
    maxBodyBytes: maxBody,
    timeouts: readTimeouts(env),
    artworkAllowedInternal: settingItems(env["ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS"]),
  };
  assertSafeExposure(settings);
  return settings;
}

/** Whoever reaches the proxy acts as the account: another interface needs a gate in front. */
export function assertSafeExposure(settings: ServerSettings): void {
  if (LOOPBACK_HOSTS.has(settings.host)) return;
  if (settings.accessKey === undefined && !settings.behindAuthProxy) {
    throw new ConfigError(
      `HOST=${settings.host} would let anyone on that network act as your vendor account. ` +
        "Set ACCESS_KEY (checked on every API call) " +
        "or BEHIND_AUTH_PROXY=true (an authenticating reverse proxy in front).",
    );
  }
}

/** Names and credentials of the embedded simulator's accounts, as proxy connections. */
export function simulatorConnections(running: RunningSimulator): Connection[] {
  const names: Readonly<Record<string, string>> = {
    "kiwi-team-print": "demo",
    "kiwi-team-print-staff": "demo-staff",
    "southern-cross": "demo-au",
    "harbour-sportswear": "demo-harbour",
    "tasman-transfers": "tasman",
  };
  return running.simulator.connectionDetails(running.origin).flatMap((details) => {
    const name = names[details.clientId];
    return name === undefined
      ? []
      : [
          {
            name,
            region: `${details.regionLabel} (simulator)`,
            baseUrl: details.baseUrl,
            authUrl: details.authUrl,
            realm: details.realm,
            clientId: details.clientId,
            clientSecret: details.clientSecret,
          },
        ];
  });
}

export interface AppServerOptions {
  readonly settings: ServerSettings;
  /** Configured vendor connections; when empty the embedded simulator is started and used. */
  readonly connections: readonly Connection[];
  /** Folder of the built app; when absent only the API is served. */
  readonly distDir?: string;
  readonly simulatorOptions?: SimulatorOptions;
  readonly log?: (entry: ProxyLogEntry) => void;
}

export interface RunningAppServer {
  readonly server: Server;
  readonly url: string;
  readonly proxy: TokenProxy;
  readonly connections: readonly Connection[];
  /** Present when the embedded simulator is in use. */
  readonly simulator?: RunningSimulator;
  close(): Promise<void>;
}

function hostAllowed(req: IncomingMessage, settings: ServerSettings): boolean {
  // With a gate in place a rebound name gains nothing; without one, only expected names are served.
  if (settings.accessKey !== undefined || settings.behindAuthProxy) return true;
  const host = req.headers.host ?? "";
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : (host.split(":")[0] ?? "");
  return LOOPBACK_HOSTS.has(name) || name === settings.host || settings.allowedHosts.includes(name);
}

/** Serves the app and the proxy on one port; starts the embedded simulator when needed. */
export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const { settings } = options;
  assertSafeExposure(settings);
  const simulator = options.connections.length === 0 ? await startSimulator(options.simulatorOptions) : undefined;
  const connections = simulator ? simulatorConnections(simulator) : options.connections;
  // With the embedded simulator, documentation-domain links stand for the demo artwork this server also serves (for
  // the page's thumbnails). With a real vendor every link is fetched, and loopback is refused like every internal
  // address (unless a test's own artwork server is named).
  const artworkAllowed = settings.artworkAllowedInternal ?? [];
  const proxy = createProxy({
    connections,
    allowedOrigins: settings.allowedOrigins,
    accessKey: settings.accessKey,
    maxBodyBytes: settings.maxBodyBytes,
    log: options.log,
    artwork: { allowedInternal: artworkAllowed, ...(simulator ? { answerLocally: demoArtworkFor } : {}) },
  });
  const serveStatic = options.distDir ? createStaticHandler(options.distDir) : undefined;

  const timeouts = settings.timeouts ?? DEFAULT_TIMEOUTS;
  const serverOptions: ServerOptions = {
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    // Node looks for connections past these times only this often (every 30 s unless told).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
  };
  const server = createServer(serverOptions, (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req, settings)) {
      res
        .writeHead(421, { "Content-Type": "text/plain; charset=utf-8", ...SECURITY_HEADERS })
        .end("Unexpected Host header");
      return;
    }
    if (simulator && serveDemoArtwork(req, res)) return;
    proxy
      .handle(req, res)
      .then((handled) => {
        if (handled) return;
        if (serveStatic) return serveStatic(req, res);
        res.writeHead(404, SECURITY_HEADERS).end();
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, SECURITY_HEADERS);
        res.end();
      });
  });
  server.keepAliveTimeout = timeouts.keepAliveMs;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host;
  return {
    server,
    url: `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`,
    proxy,
    connections,
    ...(simulator ? { simulator } : {}),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await simulator?.close();
    },
  };
}
