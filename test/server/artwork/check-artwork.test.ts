import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkArtworkLink, checkArtworkLinks, ARTWORK_BYTES_READ } from "../../../src/server/artwork/check-artwork";

/** A PNG of the given pixel size (a blank image: its header is what a check reads). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n");
const BIG = Buffer.concat([png(4000, 3000), Buffer.alloc(2_000_000, 7)]);
/** How much of the large file had been sent when its reader closed the connection (undefined until then). */
let bigClosedAt: number | undefined;
const ranges: string[] = [];

/** A local artwork server with every case a customer's link can be. */
function artworkServer(): Server {
  return createServer((req, res) => {
    const path = req.url ?? "/";
    ranges.push(String(req.headers.range ?? ""));
    const send = (status: number, body: Buffer | string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    switch (path) {
      case "/crest.png":
        return send(200, png(1200, 900), { "Content-Type": "image/png" });
      case "/logo.pdf":
        return send(200, PDF, { "Content-Type": "application/pdf" });
      case "/page.html":
        return send(200, "<!doctype html><html><body>Preview</body></html>", { "Content-Type": "text/html" });
      case "/shared":
        return send(302, "", { Location: "/signin?next=%2Fshared" });
      case "/signin?next=%2Fshared":
        return send(200, "<!DOCTYPE html><html><form>Sign in</form></html>", { "Content-Type": "text/html" });
      case "/private":
        return send(401, "");
      case "/gone":
        return send(404, "");
      case "/busy":
        return send(503, "");
      case "/slow":
        return; // never answers
      case "/loop":
        return send(302, "", { Location: "/loop" });
      case "/chain-1":
        return send(301, "", { Location: "/chain-2" });
      case "/chain-2":
        return send(307, "", { Location: "/crest.png" });
      case "/to-internal":
        return send(302, "", { Location: "http://10.0.0.7/art.png" });
      case "/to-metadata":
        return send(302, "", { Location: "http://169.254.169.254/latest/meta-data/" });
      case "/to-ftp":
        return send(302, "", { Location: "ftp://files.example.com/art.png" });
      case "/no-head":
        if (req.method === "HEAD") return send(405, "");
        return send(200, PDF, { "Content-Type": "application/pdf" });
      case "/big.png": {
        res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(BIG.length) });
        if (req.method === "HEAD") return res.end();
        // Sent a piece at a time, so a reader that stops early leaves the rest unsent.
        let at = 0;
        let closed = false;
        res.on("close", () => {
          closed = true;
          bigClosedAt = at;
        });
        const more = () => {
          if (closed) return;
          if (at >= BIG.length) return void res.end();
          const piece = BIG.subarray(at, at + 16_384);
          at += piece.length;
          res.write(piece);
          setTimeout(more, 5);
        };
        return more();
      }
      default:
        return send(404, "");
    }
  });
}

let server: Server;
let base = "";
let options: { allowedInternal: string[]; timeoutMs: number; now: () => Date };

beforeAll(async () => {
  server = artworkServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  // Loopback is allowed to this test server alone, as the test setting allows it.
  options = { allowedInternal: [`127.0.0.1:${port}`], timeoutMs: 1_500, now: () => new Date("2026-11-26T00:00:00Z") };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("checking an artwork link", () => {
  it("reads a file's kind, pixels and size from its first bytes", async () => {
    expect(await checkArtworkLink(`${base}/crest.png`, options)).toMatchObject({
      url: `${base}/crest.png`,
      checkedAt: "2026-11-26T00:00:00.000Z",
      outcome: "file",
      file: { kind: "png", isArtwork: true, pixels: { width: 1200, height: 900 } },
    });
    expect(await checkArtworkLink(`${base}/logo.pdf`, options)).toMatchObject({
      outcome: "file",
      size: PDF.length,
      file: { kind: "pdf", isArtwork: true },
    });
  });

  it("reads at most the first 64 KB of a large file, asking for that range", async () => {
    ranges.length = 0;
    const check = await checkArtworkLink(`${base}/big.png`, options);
    expect(check).toMatchObject({ outcome: "file", size: BIG.length, file: { pixels: { width: 4000, height: 3000 } } });
    expect(ranges).toContain(`bytes=0-${ARTWORK_BYTES_READ - 1}`);
    await expect.poll(() => bigClosedAt).toBeDefined();
    expect(bigClosedAt).toBeLessThan(BIG.length);
  });

  it.each([
    ["/page.html", { outcome: "file", file: { kind: "html", isArtwork: false } }],
    ["/shared", { outcome: "file", file: { kind: "html" }, finalUrl: "/signin?next=%2Fshared" }],
    ["/private", { outcome: "http", status: 401 }],
    ["/gone", { outcome: "http", status: 404 }],
    ["/busy", { outcome: "http", status: 503 }],
    ["/chain-1", { outcome: "file", file: { kind: "png" }, finalUrl: "/crest.png" }],
    ["/no-head", { outcome: "file", file: { kind: "pdf" } }],
    ["/slow", { outcome: "unreachable", reason: "no answer in time" }],
    ["/loop", { outcome: "unreachable", reason: "too many redirects" }],
  ] as const)("%s is %j", async (path, expected) => {
    const check = await checkArtworkLink(`${base}${path}`, options);
    const found = "finalUrl" in expected ? { ...expected, finalUrl: `${base}${expected.finalUrl}` } : expected;
    expect(check).toMatchObject(found);
  });

  it.each([
    ["/to-internal", "the vendor cannot reach an address inside your network"],
    ["/to-metadata", "the vendor cannot reach an address inside your network"],
    ["/to-ftp", "only http and https addresses can be fetched"],
  ])("follows no redirect from %s into what it may not reach", async (path, reason) => {
    expect(await checkArtworkLink(`${base}${path}`, options)).toMatchObject({ outcome: "refused", reason });
  });

  it("refuses loopback, other ports and internal names unless the test setting allows that one address", async () => {
    const port = Number(new URL(base).port);
    const strict = { timeoutMs: 1_500 };
    expect(await checkArtworkLink(`${base}/crest.png`, strict)).toMatchObject({ outcome: "refused" });
    expect(await checkArtworkLink(`http://127.0.0.1:${port + 1}/crest.png`, options)).toMatchObject({
      outcome: "refused",
      reason: "only the usual web ports (80 and 443) are allowed",
    });
    expect(await checkArtworkLink("http://localhost/crest.png", options)).toMatchObject({
      outcome: "refused",
      reason: "the vendor cannot reach an address inside your network",
    });
  });

  it("refuses a name whose DNS answer is internal, and says a host that does not exist is not there", async () => {
    const internal = { ...options, resolve: async () => [{ address: "10.1.2.3", family: 4 }] };
    expect(await checkArtworkLink("https://files.example.com/crest.png", internal)).toMatchObject({
      outcome: "refused",
      reason: "the vendor cannot reach an address inside your network",
    });
    const missing = {
      ...options,
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    };
    expect(await checkArtworkLink("https://no-such-host.example/crest.png", missing)).toMatchObject({
      outcome: "no-host",
    });
  });

  it("checks each distinct link once, a few at a time, answering in the order asked", async () => {
    const links = [`${base}/crest.png`, `${base}/gone`, `${base}/crest.png`, `${base}/logo.pdf`];
    const checks = await checkArtworkLinks(links, { ...options, concurrency: 2 });
    expect(checks.map((c) => [c.url, c.outcome])).toEqual([
      [`${base}/crest.png`, "file"],
      [`${base}/gone`, "http"],
      [`${base}/crest.png`, "file"],
      [`${base}/logo.pdf`, "file"],
    ]);
    expect(checks[0]).toBe(checks[2]);
  });
});
