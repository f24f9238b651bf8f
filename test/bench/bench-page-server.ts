import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { createStaticHandler } from "../../src/server/static-files";

const here = fileURLToPath(new URL(".", import.meta.url));

export interface BenchPage {
  /** Where the bench page is served; files of `dataDir` are under `/data/`. */
  readonly origin: string;
  /** A new page of `browser` on the bench page, its worker ready. */
  open(browser: Browser): Promise<Page>;
  /** The renderer process of the browser's one page (where its workers run). */
  rendererPid(browser: Browser): Promise<number>;
  close(): Promise<void>;
}

function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Builds the benchmark page (with its worker) and serves it, with the benchmark files beside it. */
export async function startBenchPage(dataDir: string): Promise<BenchPage> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-page-"));
  await build({
    root: join(here, "browser"),
    base: "./",
    logLevel: "silent",
    build: { outDir, emptyOutDir: true, target: "es2022" },
    worker: { format: "es" },
  });
  const serveData = createStaticHandler(dataDir);
  const servePage = createStaticHandler(outDir);
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/data/")) {
      req.url = req.url.slice(5);
      void serveData(req, res);
    } else void servePage(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async open(browser: Browser): Promise<Page> {
      const page = await browser.newPage();
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector("body[data-ready=true]");
      return page;
    },
    async rendererPid(browser: Browser): Promise<number> {
      const cdp = await browser.newBrowserCDPSession();
      const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
        processInfo: { type: string; id: number }[];
      };
      const pid = processInfo
        .filter((p) => p.type === "renderer")
        .map((p) => p.id)
        .sort((a, b) => residentBytes(b) - residentBytes(a))[0];
      if (pid === undefined) throw new Error("no renderer process found");
      return pid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
