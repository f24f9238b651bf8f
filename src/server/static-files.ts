import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".csv": "text/csv; charset=utf-8",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Headers for every page and asset: no framing, no sniffing, nothing loaded from elsewhere. Scripts may compile our
 * WebAssembly inflater and deflater (`'wasm-unsafe-eval'`), not evaluate text as code.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; " +
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; " +
    "base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
};

/**
 * Serves the built app from `root`. Paths are resolved inside `root` only; unknown paths
 * without an extension get index.html so the app can route itself.
 */
export function createStaticHandler(root: string) {
  const base = resolve(root);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", ...SECURITY_HEADERS }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      res.writeHead(400, SECURITY_HEADERS).end();
      return;
    }
    if (pathname.includes("\0")) {
      res.writeHead(400, SECURITY_HEADERS).end();
      return;
    }
    let file = resolve(join(base, normalize(pathname)));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(404, SECURITY_HEADERS).end();
      return;
    }
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = join(file, "index.html");
      info = await stat(file).catch(() => undefined);
    }
    if (info === undefined && extname(pathname) === "") {
      file = join(base, "index.html");
      info = await stat(file).catch(() => undefined);
    }
    if (info === undefined || !info.isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", ...SECURITY_HEADERS }).end("Not found");
      return;
    }
    const isHashedAsset = file.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "Content-Length": String(info.size),
      "Cache-Control": isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache",
      ...SECURITY_HEADERS,
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
