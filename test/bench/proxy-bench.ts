import { TokenSource } from "../../src/server/proxy/token-source";
import { CSRF, startProxyOverSimulator } from "../helpers/proxy-over-simulator";
import { simCredentials } from "../helpers/sim-client";
import { table } from "./report";

interface Timing {
  readonly label: string;
  readonly calls: number;
  readonly totalMs: number;
  readonly p50: number;
  readonly p95: number;
}

async function time(label: string, calls: number, concurrency: number, call: () => Promise<Response>): Promise<Timing> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next++;
        const t = performance.now();
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
        durations.push(performance.now() - t);
      }
    }),
  );
  const totalMs = performance.now() - started;
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0;
  return { label, calls, totalMs, p50: at(0.5), p95: at(0.95) };
}

/** The token proxy's overhead over calling the simulator directly, on loopback. */
export async function proxyBench(): Promise<string> {
  const env = await startProxyOverSimulator({ proxy: { log: () => {} } });
  try {
    const details = simCredentials(env.sim, "kiwi-team-print");
    const token = await new TokenSource(details).get();
    const direct = () =>
      fetch(`${details.baseUrl}/Lookups/job-statuses`, { headers: { Authorization: `Bearer ${token}` } });
    const proxied = () => fetch(`${env.url}/api/demo/Lookups/job-statuses`, { headers: CSRF });
    await time("warm-up", 50, 4, direct);
    await time("warm-up", 50, 4, proxied);
    const rows: Timing[] = [];
    for (const concurrency of [1, 8]) {
      rows.push(await time(`simulator direct, ${concurrency} at a time (raw)`, 1000, concurrency, direct));
      rows.push(await time(`through the proxy, ${concurrency} at a time`, 1000, concurrency, proxied));
    }
    return [
      "Token proxy overhead: GET /Lookups/job-statuses on loopback, 1,000 calls each",
      table(
        ["case", "calls/s", "p50 ms", "p95 ms"],
        rows.map((r) => [r.label, ((r.calls / r.totalMs) * 1000).toFixed(0), r.p50.toFixed(2), r.p95.toFixed(2)]),
      ),
      "Token requests during the run: " +
        `${env.sim.simulator.stats.tokenRequests} (one for the direct client, one for the proxy)`,
    ].join("\n");
  } finally {
    await env.close();
  }
}
