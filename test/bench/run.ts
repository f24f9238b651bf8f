/**
 * `npm run bench`: prints timings next to the raw baseline measured in the same run.
 * For now: the token proxy's overhead over calling the simulator directly.
 */
import { TokenSource } from "../../src/server/proxy/token-source";
import { CSRF, startProxyOverSimulator } from "../helpers/proxy-over-simulator";
import { simCredentials } from "../helpers/sim-client";

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

const env = await startProxyOverSimulator({ proxy: { log: () => {} } });
try {
  const details = simCredentials(env.sim, "kiwi-team-print");
  const token = await new TokenSource(details).get();
  const direct = () => fetch(`${details.baseUrl}/Lookups/job-statuses`, { headers: { Authorization: `Bearer ${token}` } });
  const proxied = () => fetch(`${env.url}/api/demo/Lookups/job-statuses`, { headers: CSRF });
  await time("warm-up", 50, 4, direct);
  await time("warm-up", 50, 4, proxied);
  const rows: Timing[] = [];
  for (const concurrency of [1, 8]) {
    rows.push(await time(`simulator direct, ${concurrency} at a time`, 1000, concurrency, direct));
    rows.push(await time(`through the proxy, ${concurrency} at a time`, 1000, concurrency, proxied));
  }
  console.log("Token proxy overhead (GET /Lookups/job-statuses on loopback)\n");
  console.log(["case".padEnd(36), "calls/s".padStart(9), "p50 ms".padStart(8), "p95 ms".padStart(8)].join(" "));
  for (const row of rows) {
    console.log(
      [row.label.padEnd(36), ((row.calls / row.totalMs) * 1000).toFixed(0).padStart(9), row.p50.toFixed(2).padStart(8), row.p95.toFixed(2).padStart(8)].join(" "),
    );
  }
  console.log(`\nToken requests during the run: ${env.sim.simulator.stats.tokenRequests}`);
} finally {
  await env.close();
}
