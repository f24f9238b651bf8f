import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createArtworkCheckClient } from "../../src/api/artwork-check-client";
import { demoArtworkFor } from "../../src/server/simulator/demo-artwork";
import { CSRF, startProxyOverSimulator } from "../helpers/proxy-over-simulator";
import { table } from "./report";

const LINKS = Number(process.env["BENCH_ARTWORK_LINKS"] ?? 500);
const LATENCY_MS = 100;
const CONCURRENCY = 4;

/** A slow artwork site: every answer (the demo files by their words) after LATENCY_MS. */
async function slowArtworkSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    setTimeout(() => {
      const found = demoArtworkFor(`https://files.bench.example${req.url ?? "/"}`);
      res.writeHead(found?.status ?? 404, found?.type ? { "Content-Type": found.type } : {});
      res.end(found?.bytes);
    }, LATENCY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Checking LINKS distinct artwork links through the proxy's artwork route, each answered after LATENCY_MS, beside the
 * floor the concurrency limit sets (links × latency ÷ links checked at once).
 */
export async function artworkBench(): Promise<string> {
  const site = await slowArtworkSite();
  const env = await startProxyOverSimulator({
    proxy: {
      log: () => {},
      artwork: { allowedInternal: [new URL(site.origin).host], concurrency: CONCURRENCY, perMinute: 100_000 },
    },
  });
  try {
    const client = createArtworkCheckClient({ baseUrl: `${env.url}/api/demo`, headers: CSRF });
    const names = ["crest-front.png", "crest-small.png", "logo.pdf", "private/crest.png", "missing/x.png"];
    const links = Array.from({ length: LINKS }, (_, i) => `${site.origin}/${names[i % names.length]}?n=${i}`);
    const started = performance.now();
    const checks = await client.check(links);
    const ms = performance.now() - started;
    const floor = (LINKS * LATENCY_MS) / CONCURRENCY;
    const outcomes = new Map<string, number>();
    for (const check of checks) outcomes.set(check.outcome, (outcomes.get(check.outcome) ?? 0) + 1);
    return [
      `Artwork check: ${LINKS} distinct links through the proxy, each answered after ${LATENCY_MS} ms, ` +
        `${CONCURRENCY} at a time`,
      table(
        ["case", "total s", "links/s", "vs floor"],
        [
          ["floor: links × latency ÷ concurrency (raw)", (floor / 1000).toFixed(1), "", "1.00x"],
          [
            "checked through the proxy",
            (ms / 1000).toFixed(1),
            ((LINKS / ms) * 1000).toFixed(1),
            `${(ms / floor).toFixed(2)}x`,
          ],
        ],
      ),
      `Outcomes: ${[...outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(", ")}`,
    ].join("\n");
  } finally {
    await env.close();
    await new Promise<void>((resolve) => site.server.close(() => resolve()));
  }
}
