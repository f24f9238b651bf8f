/** Sent on every call: the proxy refuses API calls without it (CSRF defence). */
const REQUESTED_WITH = { "X-Requested-With": "bulk-order-importer" };

/** One of the proxy's named connections, as the connect step lists it. */
export interface ConnectionInfo {
  readonly name: string;
  readonly region: string;
}

function accessHeaders(accessKey: string | undefined): Record<string, string> {
  return accessKey ? { ...REQUESTED_WITH, "X-Access-Key": accessKey } : REQUESTED_WITH;
}

export type ConnectionsResult =
  | { readonly ok: true; readonly connections: ConnectionInfo[] }
  | { readonly ok: false; readonly needsAccessKey: boolean; readonly message: string };

/**
 * The proxy's list read by hand rather than by a schema: the first screen needs nothing else, and the schema library
 * arrives with the account's code after the first paint.
 */
function asConnections(body: unknown): ConnectionInfo[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const connections: ConnectionInfo[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== "object" || item === null) return undefined;
    const { name, region } = item as Record<string, unknown>;
    if (typeof name !== "string" || typeof region !== "string") return undefined;
    connections.push({ name, region });
  }
  return connections;
}

/** The proxy's named connections (names and region labels only). */
export async function fetchConnections(accessKey?: string): Promise<ConnectionsResult> {
  try {
    const response = await fetch("/api/connections", { headers: accessHeaders(accessKey) });
    if (response.status === 401)
      return { ok: false, needsAccessKey: true, message: "This server needs its access key." };
    if (!response.ok)
      return { ok: false, needsAccessKey: false, message: `The proxy answered HTTP ${response.status}.` };
    const connections = asConnections(await response.json());
    return connections
      ? { ok: true, connections }
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
