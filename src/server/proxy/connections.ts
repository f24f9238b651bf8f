import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * An address as the vendor issues it. A user name or password in it would go out, and into
 * logs, with every call; the client id and secret have settings of their own.
 */
const vendorUrl = z
  .url({ protocol: /^https?$/ })
  .refine((value) => !URL.canParse(value) || hasNoCredentials(new URL(value)), {
    message:
      "must not hold a user name or password (user:password@); " +
      "give the address alone, and the client id and secret in their own settings",
  });

function hasNoCredentials(url: URL): boolean {
  return url.username === "" && url.password === "";
}

const ConnectionEntry = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/i, "letters, digits, - and _ only (at most 40)"),
    region: z.string().min(1),
    baseUrl: vendorUrl,
    authUrl: vendorUrl,
    realm: z.string().min(1),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    /** Name of an environment variable holding the secret, so the file itself need not. */
    clientSecretEnv: z
      .string()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]*$/,
        "must name an environment variable (letters, digits and _), not hold the secret itself",
      )
      .optional(),
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

/**
 * Zod's messages name the expected type or format, the schema's own messages say what is
 * wanted, and the path names schema keys (settings it does not know are dropped unread):
 * none of them carries a value, which may be a secret.
 */
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
    // The variable's name is not repeated: a secret written there by mistake would be.
    if (!secret)
      throw new ConfigError(
        `Connection "${entry.name}": the environment variable that clientSecretEnv names is not set, or is empty`,
      );
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
      throw new ConfigError(
        `CONNECTIONS_FILE ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`,
      );
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
    const problems = parsed.error.issues.map((issue) => `${envName(String(issue.path[0] ?? ""))}: ${issue.message}`);
    throw new ConfigError(`VENDOR_* settings: ${problems.join("; ")}`);
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
