import { z } from "zod";
import { createVendorClient, type VendorClient } from "../api";

/** Sent on every call: the proxy refuses API calls without it (CSRF defence). */
const REQUESTED_WITH = { "X-Requested-With": "bulk-order-importer" };

export const ConnectionInfo = z.object({ name: z.string(), region: z.string() });
export type ConnectionInfo = z.infer<typeof ConnectionInfo>;

function accessHeaders(accessKey: string | undefined): Record<string, string> {
  return accessKey ? { ...REQUESTED_WITH, "X-Access-Key": accessKey } : REQUESTED_WITH;
}

export type ConnectionsResult =
  | { readonly ok: true; readonly connections: ConnectionInfo[] }
  | { readonly ok: false; readonly needsAccessKey: boolean; readonly message: string };

/** The proxy's named connections (names and region labels only). */
export async function fetchConnections(accessKey?: string): Promise<ConnectionsResult> {
  try {
    const response = await fetch("/api/connections", { headers: accessHeaders(accessKey) });
    if (response.status === 401)
      return { ok: false, needsAccessKey: true, message: "This server needs its access key." };
    if (!response.ok)
      return { ok: false, needsAccessKey: false, message: `The proxy answered HTTP ${response.status}.` };
    const parsed = z.array(ConnectionInfo).safeParse(await response.json());
    return parsed.success
      ? { ok: true, connections: parsed.data }
      : { ok: false, needsAccessKey: false, message: "The proxy listed its connections in an unexpected shape." };
  } catch {
    return { ok: false, needsAccessKey: false, message: "The proxy could not be reached." };
  }
}

/** Where one connection's API is reached through the proxy, with the headers it requires. */
export function proxyAddress(
  connection: string,
  accessKey?: string,
): { baseUrl: string; headers: Record<string, string> } {
  return { baseUrl: `/api/${encodeURIComponent(connection)}`, headers: accessHeaders(accessKey) };
}

/** A vendor client that goes through the proxy for one connection. */
export function clientFor(connection: string, accessKey?: string): VendorClient {
  return createVendorClient(proxyAddress(connection, accessKey));
}
