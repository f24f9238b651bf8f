import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { simulatorConnections } from "../../src/server/app-server";
import type { Connection } from "../../src/server/proxy/connections";
import { createProxy, type ProxyLogEntry, type ProxyOptions } from "../../src/server/proxy/proxy";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "../../src/server/simulator/simulator";
import { SIM_START } from "./sim-clock";

export interface UpstreamCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
}

export interface ProxyOverSimulator {
  readonly sim: RunningSimulator;
  readonly url: string;
  readonly logs: ProxyLogEntry[];
  /** Every request the proxy sent (token service and API), as observed on the wire. */
  readonly upstream: UpstreamCall[];
  readonly connections: readonly Connection[];
  readonly proxy: ReturnType<typeof createProxy>;
  close(): Promise<void>;
}

/**
 * The real proxy in front of the real simulator (its clock starting at SIM_START), both on
 * loopback. The proxy's fetch is the platform's, wrapped only to record what left the proxy.
 */
export async function startProxyOverSimulator(
  options: {
    readonly proxy?: Partial<ProxyOptions>;
    readonly simulator?: SimulatorOptions;
    readonly connections?: (sim: RunningSimulator) => Connection[];
  } = {},
): Promise<ProxyOverSimulator> {
  const sim = await startSimulator({ startAt: SIM_START, ...options.simulator });
  const logs: ProxyLogEntry[] = [];
  const upstream: UpstreamCall[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    upstream.push({ url: String(input), method: init?.method ?? "GET", headers });
    return fetch(input, init);
  };
  const connections = options.connections?.(sim) ?? simulatorConnections(sim);
  const proxy = createProxy({ connections, fetch: recordingFetch, log: (entry) => logs.push(entry), ...options.proxy });
  const server = createServer((req, res) => {
    void proxy.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sim,
    url: `http://127.0.0.1:${port}`,
    logs,
    upstream,
    connections,
    proxy,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await sim.close();
    },
  };
}

export const CSRF = { "X-Requested-With": "test" } as const;
