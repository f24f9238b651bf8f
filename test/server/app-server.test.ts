import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_TIMEOUTS,
  readServerSettings,
  startAppServer,
  type RunningAppServer,
} from "../../src/server/app-server";
import { ConfigError, type Connection } from "../../src/server/proxy/connections";

/** Never called: the tests below are about connections, not the vendor. */
const UNUSED_CONNECTION: Connection = {
  name: "demo",
  region: "New Zealand",
  baseUrl: "http://127.0.0.1:9/api",
  authUrl: "http://127.0.0.1:9/auth",
  realm: "wholesale-nz",
  clientId: "client",
  clientSecret: "secret",
};

let app: RunningAppServer | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The app server with timeouts short enough for a test, set as a deployment would set them. */
async function startWithShortTimeouts(): Promise<{ port: number }> {
  const settings = readServerSettings({
    PORT: "0",
    REQUEST_TIMEOUT_MS: "600",
    HEADERS_TIMEOUT_MS: "300",
    KEEP_ALIVE_TIMEOUT_MS: "200",
  });
  app = await startAppServer({ settings, connections: [UNUSED_CONNECTION], log: () => {} });
  return { port: Number(new URL(app.url).port) };
}

/**
 * A raw connection that writes `first`, then `next` (unless empty) every 50 ms until the
 * server closes it; resolves with everything the server sent. The test's own timeout is the
 * only clock.
 */
function trickle(port: number, first: string, next: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let received = "";
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      socket.write(first);
      if (next === "") return;
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(next);
      }, 50);
    });
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A write racing the server's close may be refused; the close still follows.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
  });
}

describe("the app server does not let slow clients hold a connection", () => {
  it("closes a connection whose headers never finish arriving", async () => {
    const { port } = await startWithShortTimeouts();
    const received = await trickle(port, "GET /api/demo/Jobs/active HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: 1\r\n");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a connection whose body never finishes arriving", async () => {
    const { port } = await startWithShortTimeouts();
    const received = await trickle(
      port,
      "POST /api/demo/Jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: test\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
      " ",
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a kept-alive connection left idle after a request", async () => {
    const { port } = await startWithShortTimeouts();
    // After the one request the client sends nothing more.
    const received = await trickle(
      port,
      "GET /no-such-page HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n",
      "",
    );
    expect(received).toMatch(/^HTTP\/1\.1 404 .*\r\nConnection: keep-alive\r\n/s);
  });
});

describe("server timeout settings", () => {
  it("defaults to a minute for a request, 15 s for its headers and 5 s between requests", () => {
    expect(readServerSettings({}).timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({ requestMs: 60_000, headersMs: 15_000, keepAliveMs: 5_000 });
  });

  it("reads REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS", () => {
    expect(
      readServerSettings({ REQUEST_TIMEOUT_MS: "120000", HEADERS_TIMEOUT_MS: "20000", KEEP_ALIVE_TIMEOUT_MS: "1000" })
        .timeouts,
    ).toEqual({ requestMs: 120_000, headersMs: 20_000, keepAliveMs: 1_000 });
  });

  it.each([
    [{ REQUEST_TIMEOUT_MS: "0" }, /REQUEST_TIMEOUT_MS must be a whole number of milliseconds above zero, not "0"/],
    [{ HEADERS_TIMEOUT_MS: "soon" }, /HEADERS_TIMEOUT_MS must be a whole number/],
    [{ KEEP_ALIVE_TIMEOUT_MS: "-5" }, /KEEP_ALIVE_TIMEOUT_MS must be a whole number/],
    [
      { REQUEST_TIMEOUT_MS: "10000", HEADERS_TIMEOUT_MS: "20000" },
      /HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS/,
    ],
  ])("refuses %j", (env, message) => {
    expect(() => readServerSettings(env)).toThrow(ConfigError);
    expect(() => readServerSettings(env)).toThrow(message);
  });
});
