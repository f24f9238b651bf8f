import { promises as dns } from "node:dns";
import { isIP, type LookupFunction } from "node:net";

// Customers' artwork links are fetched by the server, so a link must never reach into the network the server
// sits in. The form of a URL is checked first; every DNS answer is then checked, and the connection is made to
// an address that was checked, so a name cannot resolve to one address when checked and another when fetched.

/** Why an address is refused, for messages and tests. */
export type RefusedBecause = "scheme" | "port" | "credentials" | "internal" | "unresolvable" | "malformed";

/** The outcome of a check: the parsed URL when it may be fetched, else why it may not. */
export type AddressVerdict =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly because: RefusedBecause };

/** What a URL may reach besides the public internet. */
export interface GuardOptions {
  /**
   * Addresses allowed even though internal, exactly as "host:port" (e.g. the embedded simulator's own
   * "127.0.0.1:5174"); used only when explicitly configured. Port must match too.
   */
  readonly allowedInternal?: readonly string[];
}

/** One answer of a DNS lookup. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to all its addresses; tests give their own so they need no network. */
export type Resolver = (host: string) => Promise<readonly ResolvedAddress[]>;

const resolveWithDns: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

function ipv4Value(text: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return undefined;
  const octets = text.split(".").map(Number);
  if (octets.some((octet) => octet > 255)) return undefined;
  return octets.reduce((value, octet) => value * 256 + octet, 0);
}

/** An IPv6 address as eight 16-bit groups folded into one number; "::" and a dotted IPv4 tail are expanded. */
function ipv6Value(text: string): bigint | undefined {
  let body = text;
  if (body.includes(".")) {
    const tailStart = body.lastIndexOf(":") + 1;
    const v4 = ipv4Value(body.slice(tailStart));
    if (v4 === undefined) return undefined;
    body = `${body.slice(0, tailStart)}${Math.floor(v4 / 0x10000).toString(16)}:${(v4 % 0x10000).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return undefined;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves[1] ? halves[1].split(":") : [];
  const compressed = halves.length === 2;
  const missing = 8 - left.length - right.length;
  if (compressed ? missing < 1 : missing !== 0) return undefined;
  const groups = [...left, ...Array<string>(compressed ? missing : 0).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function v4Range(base: string, bits: number) {
  const value = ipv4Value(base);
  if (value === undefined) throw new Error(`bad IPv4 range ${base}`);
  const size = 2 ** (32 - bits);
  return (address: number) => Math.floor(address / size) === Math.floor(value / size);
}

function v6Range(base: string, bits: number) {
  const value = ipv6Value(base);
  if (value === undefined) throw new Error(`bad IPv6 range ${base}`);
  const shift = BigInt(128 - bits);
  return (address: bigint) => address >> shift === value >> shift;
}

// IANA's special-purpose IPv4 registry, less the few entries that are globally reachable.
const INTERNAL_V4 = [
  v4Range("0.0.0.0", 8), // "this network"
  v4Range("10.0.0.0", 8),
  v4Range("100.64.0.0", 10), // carrier-grade NAT
  v4Range("127.0.0.0", 8),
  v4Range("169.254.0.0", 16), // link-local, with the cloud metadata service at 169.254.169.254
  v4Range("172.16.0.0", 12),
  v4Range("192.0.0.0", 24), // IETF protocol assignments
  v4Range("192.0.2.0", 24), // documentation
  v4Range("192.88.99.0", 24), // 6to4 relay anycast
  v4Range("192.168.0.0", 16),
  v4Range("198.18.0.0", 15), // benchmarking
  v4Range("198.51.100.0", 24), // documentation
  v4Range("203.0.113.0", 24), // documentation
  v4Range("224.0.0.0", 4), // multicast
  v4Range("240.0.0.0", 4), // reserved, with broadcast 255.255.255.255
];

// Forms that carry an IPv4 address, and where its 32 bits sit: they are judged by that address.
const EMBEDDING_V4 = [
  { within: v6Range("::ffff:0:0", 96), shift: 0n }, // IPv4-mapped
  { within: v6Range("::ffff:0:0:0", 96), shift: 0n }, // IPv4-translated
  { within: v6Range("64:ff9b::", 96), shift: 0n }, // NAT64
  { within: v6Range("2002::", 16), shift: 80n }, // 6to4
];

// Only 2000::/3 is routed on the internet, so everything outside it is internal: loopback, unspecified,
// IPv4-compatible, discard 100::/64, unique-local fc00::/7 (fd00:ec2::254 too), link-local, site-local, multicast.
const GLOBAL_UNICAST = v6Range("2000::", 3);
const INTERNAL_GLOBAL_V6 = [
  v6Range("2001::", 23), // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  v6Range("2001:db8::", 32), // documentation
  v6Range("3fff::", 20), // documentation
];

function isInternalV4(address: number): boolean {
  return INTERNAL_V4.some((within) => within(address));
}

function isInternalV6(address: bigint): boolean {
  const embedding = EMBEDDING_V4.find(({ within }) => within(address));
  if (embedding) return isInternalV4(Number((address >> embedding.shift) & 0xffffffffn));
  return !GLOBAL_UNICAST(address) || INTERNAL_GLOBAL_V6.some((within) => within(address));
}

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** An IPv6 address without its zone, which only names the interface ("%25" is how a URL writes the "%"). */
function stripZone(ip: string): string {
  return ip.includes(":") ? ip.replace(/%.*$/, "") : ip;
}

/**
 * Whether an IP address (v4 or v6 text, as node:net gives it, brackets and zone allowed) is internal: loopback,
 * private, link-local, CGNAT, benchmarking, documentation, multicast, reserved, unspecified, cloud metadata; an
 * IPv6 form that carries an IPv4 address (mapped, NAT64, 6to4) is judged by that address. Unreadable is internal.
 */
export function isInternalAddress(ip: string): boolean {
  const bare = stripZone(stripBrackets(ip));
  const version = isIP(bare);
  const v4 = version === 4 ? ipv4Value(bare) : undefined;
  if (v4 !== undefined) return isInternalV4(v4);
  const v6 = version === 6 ? ipv6Value(bare) : undefined;
  if (v6 !== undefined) return isInternalV6(v6);
  // What cannot be read cannot be shown to be public.
  return true;
}

// Names never delegated in public DNS (RFC 6761, RFC 8375, RFC 6762 appendix G, ICANN's .internal).
const INTERNAL_SUFFIXES = "localhost local internal home.arpa localdomain lan home corp intranet".split(" ");

/** Whether a host name only a private resolver could answer; a one-label name resolves through search domains. */
function isInternalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, "");
  if (!name.includes(".")) return true;
  return INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

function isInternalHost(host: string): boolean {
  const bare = stripBrackets(host);
  return isIP(bare) !== 0 ? isInternalAddress(bare) : isInternalName(bare);
}

/** "host:port" as a URL would write it, so configured entries and checked hosts compare alike. */
function hostPortKey(host: string, port: string): string | undefined {
  const bare = stripBrackets(host);
  const text = `http://${bare.includes(":") ? `[${bare}]` : bare}:${port}`;
  if (!/^\d{1,5}$/.test(port) || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  return `${url.hostname.replace(/\.+$/, "")}:${url.port || "80"}`;
}

function allowedKeys(options: GuardOptions): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const entry of options.allowedInternal ?? []) {
    const colon = entry.lastIndexOf(":");
    const host = entry.slice(0, colon);
    // An IPv6 host must be bracketed, or its last group would be taken for the port.
    if (colon < 1 || (host.includes(":") && !host.startsWith("["))) continue;
    const key = hostPortKey(host, entry.slice(colon + 1));
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

function isAllowed(keys: ReadonlySet<string>, host: string, port: string | undefined): boolean {
  if (port === undefined || keys.size === 0) return false;
  const key = hostPortKey(host, port);
  return key !== undefined && keys.has(key);
}

function urlPort(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

function refused(because: RefusedBecause): { readonly ok: false; readonly because: RefusedBecause } {
  return { ok: false, because };
}

/**
 * Checks a URL's form before any lookup: http or https only, on the scheme's usual port; no user name or
 * password; a host that is neither an internal IP literal (however written: URL parsing turns 2130706433, 0x7f.1
 * and 127.1 into 127.0.0.1) nor a name only a private resolver answers ("localhost", "*.local", "*.internal"…).
 */
export function checkAddressForm(text: string, options: GuardOptions = {}): AddressVerdict {
  if (!URL.canParse(text)) return refused("malformed");
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") return refused("scheme");
  if (url.username !== "" || url.password !== "") return refused("credentials");
  if (url.hostname === "") return refused("malformed");
  if (isAllowed(allowedKeys(options), url.hostname, urlPort(url))) return { ok: true, url };
  if (url.port !== "") return refused("port");
  return isInternalHost(url.hostname) ? refused("internal") : { ok: true, url };
}

type Resolution =
  | { readonly ok: true; readonly answers: readonly ResolvedAddress[] }
  | { readonly ok: false; readonly because: RefusedBecause; readonly cause?: unknown };

/** Resolves a host (an IP literal answers itself) and checks every answer unless the host is allowed. */
async function resolveChecked(host: string, allowed: boolean, resolve: Resolver): Promise<Resolution> {
  const bare = stripBrackets(host);
  let answers: readonly ResolvedAddress[];
  if (isIP(bare) !== 0) answers = [{ address: bare, family: isIP(bare) }];
  else if (!allowed && isInternalName(bare)) return refused("internal");
  else {
    try {
      answers = await resolve(bare);
    } catch (cause) {
      return { ok: false, because: "unresolvable", cause };
    }
  }
  if (answers.length === 0) return refused("unresolvable");
  if (!allowed && answers.some(({ address }) => isInternalAddress(address))) return refused("internal");
  return { ok: true, answers: answers.map(({ address }) => ({ address, family: isIP(stripZone(address)) })) };
}

function lookupError(hostname: string, result: Extract<Resolution, { ok: false }>): NodeJS.ErrnoException {
  // The resolver's own error (ENOTFOUND, EAI_AGAIN…) says more than ours would.
  const cause = result.cause as NodeJS.ErrnoException | undefined;
  if (result.because !== "internal" && cause instanceof Error && typeof cause.code === "string") return cause;
  const code = result.because === "internal" ? "EINTERNAL" : "ENOTFOUND";
  const message = result.because === "internal" ? `${hostname} resolves to an internal address` : `no such host`;
  return Object.assign(new Error(`${message}: ${hostname}`), { code, hostname });
}

function wantedFamily(family: number | "IPv4" | "IPv6" | undefined): number {
  return family === "IPv4" ? 4 : family === "IPv6" ? 6 : (family ?? 0);
}

/**
 * A `lookup` for node:http and node:https: resolves the host name, refuses with an error whose `code` is
 * "EINTERNAL" if any answer is internal (unless "host:port" is allowed, `port` being the one connected to), and
 * answers only with checked addresses: the first for a single answer, all of them when `all` is asked for. Each
 * call resolves and checks anew, so a name that rebinds between connections is caught on the connection that
 * would use it. Node calls no lookup for a literal IP host, so check the URL with checkAddressForm first.
 */
export function guardedLookup(
  options: GuardOptions & { readonly port?: number; readonly resolve?: Resolver } = {},
): LookupFunction {
  const keys = allowedKeys(options);
  const resolve = options.resolve ?? resolveWithDns;
  const port = options.port === undefined ? undefined : String(options.port);
  return (hostname, lookupOptions, callback) => {
    const deliver = (result: Resolution) => {
      if (!result.ok) return callback(lookupError(hostname, result), "");
      const family = wantedFamily(lookupOptions.family);
      const answers = result.answers.filter((answer) => family === 0 || answer.family === family);
      const [first] = answers;
      if (!first) return callback(lookupError(hostname, refused("unresolvable")), "");
      const every = answers.map((answer) => ({ ...answer }));
      if (lookupOptions.all) callback(null, every);
      else callback(null, first.address, first.family);
    };
    // Answered outside the promise, so an error thrown by node's callback is not lost as a rejection.
    void resolveChecked(hostname, isAllowed(keys, hostname, port), resolve).then((result) =>
      process.nextTick(deliver, result),
    );
  };
}

/** Resolves and checks a URL fully (form, then every DNS answer). Answers the verdict and, when ok, the addresses. */
export async function checkAddress(
  text: string,
  options: GuardOptions & { readonly resolve?: Resolver } = {},
): Promise<AddressVerdict & { readonly addresses?: readonly string[] }> {
  const form = checkAddressForm(text, options);
  if (!form.ok) return form;
  const allowed = isAllowed(allowedKeys(options), form.url.hostname, urlPort(form.url));
  const result = await resolveChecked(form.url.hostname, allowed, options.resolve ?? resolveWithDns);
  return result.ok ? { ...form, addresses: result.answers.map(({ address }) => address) } : refused(result.because);
}

const REFUSAL_TEXT: Readonly<Record<RefusedBecause, string>> = {
  scheme: "only http and https addresses can be fetched",
  port: "only the usual web ports (80 and 443) are allowed",
  credentials: "an address with a user name or password in it is not fetched",
  internal: "the vendor cannot reach an address inside your network",
  unresolvable: "no such host",
  malformed: "not a web address",
};

/** The user's words for a refusal. */
export function refusalText(because: RefusedBecause): string {
  return REFUSAL_TEXT[because];
}
