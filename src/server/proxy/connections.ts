import { readFileSync } from "node:fs";
import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/ });

const ConnectionEntry = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/i, "letters, digits, - and _ only (at most 40)"),
    region: z.string().min(1),
    baseUrl: httpUrl,
    authUrl: httpUrl,
    realm: z.string().min(1),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    /** Name of an environment variable holding the secret, so the file itself need not. */
    clientSecretEnv: z.string().min(1).optional(),
  })
  .refine((entry) => entry.clientSecret !== undefined || entry.clientSecretEnv !== undefined, {
    message: "needs clientSecret or clientSecretEnv",
  });

const ConnectionList = z.array(ConnectionEntry).min(1);
const ConnectionsObject = z.object({ connections: ConnectionList });

/** One vendor account the proxy can act as. Only `name` and `region` ever reach the browser. */
export interface Connection {
  readonly name: string;
  readonly region: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly realm: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Zod's messages name the expected type or format and the path names schema keys: neither carries a value. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`).join("; ");
}

/**
 * Where JSON.parse gave up, as " at line L, column C", or "" when its message gives no
 * position. The parser's own message is never used: it quotes the file, secrets included.
 */
function whereMalformed(text: string, error: unknown): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
  if (position === undefined) return "";
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return ` at line ${line}, column ${column}`;
}

function resolveEntries(entries: readonly z.infer<typeof ConnectionEntry>[], env: Env): Connection[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (seen.has(entry.name)) throw new ConfigError(`Connection "${entry.name}" is defined twice`);
    seen.add(entry.name);
    const secret = entry.clientSecret ?? env[entry.clientSecretEnv ?? ""];
    if (!secret) throw new ConfigError(`Connection "${entry.name}": environment variable ${entry.clientSecretEnv} is not set`);
    const { clientSecretEnv: _env, ...rest } = entry;
    return { ...rest, clientSecret: secret };
  });
}

/**
 * Reads the configured connections: a JSON file named by CONNECTIONS_FILE, or one connection
 * from the VENDOR_* variables. An empty list means none is configured (the embedded simulator
 * is used). Throws a {@link ConfigError} that names what is wrong, never echoing a secret.
 */
export function loadConnections(env: Env): Connection[] {
  const file = env["CONNECTIONS_FILE"];
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new ConfigError(`CONNECTIONS_FILE ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`CONNECTIONS_FILE ${file} is not valid JSON${whereMalformed(text, error)}`);
    }
    // Either form is accepted; checking against the one used names the field at fault.
    const parsed = Array.isArray(json) ? ConnectionList.safeParse(json) : ConnectionsObject.safeParse(json);
    if (!parsed.success) throw new ConfigError(`CONNECTIONS_FILE ${file}: ${describeIssues(parsed.error)}`);
    return resolveEntries(Array.isArray(parsed.data) ? parsed.data : parsed.data.connections, env);
  }
  if (!env["VENDOR_CLIENT_ID"]) return [];
  const parsed = ConnectionEntry.safeParse({
    name: env["VENDOR_CONNECTION_NAME"] || "main",
    region: env["VENDOR_REGION"],
    baseUrl: env["VENDOR_BASE_URL"],
    authUrl: env["VENDOR_AUTH_URL"],
    realm: env["VENDOR_REALM"],
    clientId: env["VENDOR_CLIENT_ID"],
    clientSecret: env["VENDOR_CLIENT_SECRET"],
  });
  if (!parsed.success) {
    throw new ConfigError(
      `VENDOR_* settings: ${parsed.error.issues.map((issue) => `${envName(String(issue.path[0] ?? ""))}: ${issue.message}`).join("; ")}`,
    );
  }
  return resolveEntries([parsed.data], env);
}

const ENV_NAMES: Readonly<Record<string, string>> = {
  name: "VENDOR_CONNECTION_NAME",
  region: "VENDOR_REGION",
  baseUrl: "VENDOR_BASE_URL",
  authUrl: "VENDOR_AUTH_URL",
  realm: "VENDOR_REALM",
  clientId: "VENDOR_CLIENT_ID",
  clientSecret: "VENDOR_CLIENT_SECRET",
};
const envName = (field: string) => ENV_NAMES[field] ?? "VENDOR_CLIENT_SECRET";
