import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { IMPORTER_PROBLEM_BASE } from "../../api/problem";

/** One line per proxied call. Tokens, secrets and bodies never appear in it. */
export interface ProxyLogEntry {
  readonly requestId: string;
  readonly method: string;
  readonly route: string;
  readonly connection?: string;
  readonly status: number;
  readonly ms: number;
  readonly note?: string;
}

/**
 * One request to the proxy on its way to an answer: what the log line will say of it (its
 * route, connection and a note, filled in as they become known), and the two ways it is
 * answered, each writing that line once the answer is sent.
 */
export interface ProxyExchange {
  readonly req: IncomingMessage;
  readonly requestId: string;
  readonly method: string;
  route: string;
  connection: string | undefined;
  note: string | undefined;
  /** CORS headers for an allow-listed origin; every answer after the origin check carries them. */
  corsHeaders: Record<string, string>;
  /** Answers with a status, a body (JSON unless already text) and headers; logs the call. */
  finish(status: number, body: unknown, extraHeaders?: Record<string, string>): void;
  /** Answers with one of the proxy's own problems, leaving the request body unread. */
  refuse(status: number, slug: string, title: string, detail?: string, extra?: Record<string, string>): true;
}

function problemBody(status: number, slug: string, title: string, detail?: string) {
  return { type: IMPORTER_PROBLEM_BASE + slug, title, status, detail: detail ?? null };
}

/** Starts the exchange for a request the proxy will answer. */
export function startExchange(
  req: IncomingMessage,
  res: ServerResponse,
  log: (entry: ProxyLogEntry) => void,
): ProxyExchange {
  const started = performance.now();
  const exchange: ProxyExchange = {
    req,
    requestId: randomUUID(),
    method: (req.method ?? "GET").toUpperCase(),
    route: "rejected",
    connection: undefined,
    note: undefined,
    corsHeaders: {},
    finish(status, body, extraHeaders = {}) {
      const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      const headers: Record<string, string> = {
        "Cache-Control": "no-store",
        "X-Request-Id": exchange.requestId,
        "X-Content-Type-Options": "nosniff",
        ...extraHeaders,
      };
      if (payload !== undefined && !headers["Content-Type"])
        headers["Content-Type"] = "application/problem+json; charset=utf-8";
      if (!res.headersSent) res.writeHead(status, headers);
      res.end(payload);
      const { requestId, method, route, connection, note } = exchange;
      log({
        requestId,
        method,
        route,
        ...(connection ? { connection } : {}),
        status,
        ms: Math.round(performance.now() - started),
        ...(note ? { note } : {}),
      });
    },
    refuse(status, slug, title, detail, extra) {
      req.resume();
      exchange.finish(status, problemBody(status, slug, title, detail), extra);
      return true;
    },
  };
  return exchange;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
