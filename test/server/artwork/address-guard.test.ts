import { createServer, get } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import {
  checkAddress,
  checkAddressForm,
  guardedLookup,
  isInternalAddress,
  type RefusedBecause,
  type ResolvedAddress,
  refusalText,
} from "../../../src/server/artwork/address-guard";

/** A stand-in for DNS: each name answers its list, in order; an unknown name is not found. */
const DNS: Readonly<Record<string, readonly string[]>> = {
  "artwork.example.com": ["93.184.216.34"],
  "v6.example.com": ["2606:4700::1111"],
  "private.example.com": ["10.0.0.5"],
  "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
  "mapped-metadata.example.com": ["::ffff:169.254.169.254"],
  "aws-v6-metadata.example.com": ["fd00:ec2::254"],
  "nat64.example.com": ["64:ff9b::a9fe:a9fe"],
  "garbage.example.com": ["not an address"],
};

function answer(address: string): ResolvedAddress {
  return { address, family: address.includes(":") ? 6 : 4 };
}

/** A resolver over DNS that records the names asked for. */
function fakeDns() {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const addresses = DNS[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map(answer);
  };
  return { asked, resolve };
}

const INTERNAL_V4 = [
  "127.0.0.1",
  "127.255.255.254",
  "10.0.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "169.254.0.1",
  "0.0.0.0",
  "0.1.2.3",
  "100.64.0.1",
  "100.127.255.254",
  "198.18.0.1",
  "198.19.255.255",
  "224.0.0.1",
  "239.255.255.250",
  "255.255.255.255",
  "240.0.0.1",
  "192.0.0.8",
  "192.0.2.1",
  "198.51.100.7",
  "203.0.113.9",
];

const INTERNAL_V6 = [
  "::1",
  "::",
  "fe80::1",
  "fc00::1",
  "fd12:3456::1",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:0:127.0.0.1",
  "::127.0.0.1",
  "::8.8.8.8",
  "64:ff9b::7f00:1",
  "64:ff9b::a00:1",
  "64:ff9b:1::808:808",
  "2002:7f00:1::",
  "2002:a00:1::",
  "2002:a9fe:a9fe::1",
  "fec0::1",
  "fd00:ec2::254",
  "2001:db8::1",
  "2001::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:2::1",
  "3fff::1",
  "100::1",
];

const PUBLIC = ["8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700::1111", "2a00:1450:4001:80b::200e"];
const PUBLIC_EMBEDDED = ["::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"];

const asUrl = (ip: string) => (ip.includes(":") ? `http://[${ip}]/` : `http://${ip}/`);

/** Every internal form a link could take, and why each is refused. */
const PROBES: readonly (readonly [string, RefusedBecause])[] = [
  ...[...INTERNAL_V4, ...INTERNAL_V6].map((ip) => [asUrl(ip), "internal"] as const),
  ["http://2130706433/", "internal"],
  ["http://0x7f000001/", "internal"],
  ["http://0177.0.0.1/", "internal"],
  ["http://127.1/", "internal"],
  ["http://0x7f.1/", "internal"],
  ["http://127.0.0.1./", "internal"],
  ["http://１２７.0.0.1/", "internal"],
  ["http://[::ffff:127.0.0.1]/", "internal"],
  ["https://[::1]/", "internal"],
  // WHATWG URL has no syntax for a zone, so this one is not even a web address.
  ["http://[fe80::1%25eth0]/", "malformed"],
  ["http://localhost/", "internal"],
  ["http://LOCALHOST./", "internal"],
  ["http://%6c%6fcalhost/", "internal"],
  ["http://foo.localhost/", "internal"],
  ["http://printer.local/", "internal"],
  ["http://metadata.google.internal/", "internal"],
  ["http://metadata/", "internal"],
  ["http://router.home.arpa/", "internal"],
  ["http://private.example.com/", "internal"],
  ["http://mixed.example.com/", "internal"],
  ["http://mapped-metadata.example.com/", "internal"],
  ["http://aws-v6-metadata.example.com/", "internal"],
  ["http://nat64.example.com/", "internal"],
  ["http://garbage.example.com/", "internal"],
];

describe("isInternalAddress", () => {
  it.each([...INTERNAL_V4, ...INTERNAL_V6])("%s is internal", (ip) => {
    expect(isInternalAddress(ip)).toBe(true);
  });

  it.each([...PUBLIC, ...PUBLIC_EMBEDDED])("%s is public", (ip) => {
    expect(isInternalAddress(ip)).toBe(false);
  });

  it("strips a zone and brackets before judging", () => {
    expect(isInternalAddress("fe80::1%eth0")).toBe(true);
    expect(isInternalAddress("fe80::1%25eth0")).toBe(true);
    expect(isInternalAddress("[::1]")).toBe(true);
    expect(isInternalAddress("[2606:4700::1111]")).toBe(false);
  });

  it.each(["", "localhost", "0177.0.0.1", "127.1", "1.2.3", "256.1.1.1", "::ffff:1.2.3.4.5", "1::2::3", " 8.8.8.8"])(
    "fails closed on %j",
    (text) => {
      expect(isInternalAddress(text)).toBe(true);
    },
  );
});

describe("internal addresses are refused", () => {
  it("has a probe for every form", () => {
    expect(PROBES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PROBES)("%s is refused (%s)", async (url, because) => {
    expect(await checkAddress(url, { resolve: fakeDns().resolve })).toEqual({ ok: false, because });
  });

  it.each(PROBES.filter(([url]) => !url.includes(".example.com")))("%s is refused without a lookup", async (url) => {
    const dns = fakeDns();
    expect(checkAddressForm(url).ok).toBe(false);
    expect((await checkAddress(url, { resolve: dns.resolve })).ok).toBe(false);
    expect(dns.asked).toEqual([]);
  });
});

describe("public addresses are allowed", () => {
  it.each([...PUBLIC, ...PUBLIC_EMBEDDED].map(asUrl))("%s", async (url) => {
    const verdict = await checkAddress(url, { resolve: fakeDns().resolve });
    expect(verdict.ok).toBe(true);
  });

  it("answers the addresses checked for a name", async () => {
    const verdict = await checkAddress("https://artwork.example.com/proof.pdf?v=2", { resolve: fakeDns().resolve });
    expect(verdict).toMatchObject({ ok: true, addresses: ["93.184.216.34"] });
    expect(verdict.ok && verdict.url.href).toBe("https://artwork.example.com/proof.pdf?v=2");
    expect(await checkAddress("http://v6.example.com/", { resolve: fakeDns().resolve })).toMatchObject({
      ok: true,
      addresses: ["2606:4700::1111"],
    });
  });

  it("allows the usual port written out", () => {
    expect(checkAddressForm("http://artwork.example.com:80/").ok).toBe(true);
    expect(checkAddressForm("https://artwork.example.com:443/").ok).toBe(true);
  });
});

describe("other refusals", () => {
  it.each([
    ["ftp://artwork.example.com/a.pdf", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["gopher://artwork.example.com:70/", "scheme"],
    ["data:text/plain,hello", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["http://artwork.example.com:8080/", "port"],
    ["https://artwork.example.com:22/", "port"],
    ["http://artwork.example.com:443/", "port"],
    ["https://artwork.example.com:80/", "port"],
    ["http://user:pass@artwork.example.com/", "credentials"],
    ["https://user@artwork.example.com/", "credentials"],
    ["http://:pass@artwork.example.com/", "credentials"],
    ["artwork.example.com/a.pdf", "malformed"],
    ["", "malformed"],
    ["http://", "malformed"],
    ["http://1.2.3.4.5/", "malformed"],
    ["http://exa mple.com/", "malformed"],
  ] as const)("%s is refused (%s)", async (url, because) => {
    expect(checkAddressForm(url)).toEqual({ ok: false, because });
    expect(await checkAddress(url, { resolve: fakeDns().resolve })).toEqual({ ok: false, because });
  });

  it("refuses a name DNS does not know", async () => {
    expect(await checkAddress("https://nowhere.example.com/", { resolve: fakeDns().resolve })).toEqual({
      ok: false,
      because: "unresolvable",
    });
    const empty = async () => [];
    expect(await checkAddress("https://artwork.example.com/", { resolve: empty })).toEqual({
      ok: false,
      because: "unresolvable",
    });
  });
});

describe("allowedInternal", () => {
  const allowedInternal = ["127.0.0.1:5174", "[::1]:5174", "sim.localhost:5174"];

  it.each(["http://127.0.0.1:5174/artwork/a.png", "http://[::1]:5174/", "http://sim.localhost:5174/"])(
    "lets %s through",
    async (url) => {
      expect(checkAddressForm(url, { allowedInternal }).ok).toBe(true);
      const resolve = async () => [answer("127.0.0.1")];
      expect((await checkAddress(url, { allowedInternal, resolve })).ok).toBe(true);
    },
  );

  it.each([
    ["http://127.0.0.1:5175/", "port"],
    ["http://127.0.0.2:5174/", "port"],
    ["http://127.0.0.1/", "internal"],
    ["https://127.0.0.1/", "internal"],
    ["http://localhost:5174/", "port"],
    ["ftp://127.0.0.1:5174/", "scheme"],
    ["http://user:pw@127.0.0.1:5174/", "credentials"],
  ] as const)("refuses %s (%s)", (url, because) => {
    expect(checkAddressForm(url, { allowedInternal })).toEqual({ ok: false, because });
  });

  it("takes no entry without a port", () => {
    expect(checkAddressForm("http://127.0.0.1/", { allowedInternal: ["127.0.0.1"] }).ok).toBe(false);
    expect(checkAddressForm("http://[::1]/", { allowedInternal: ["::1"] }).ok).toBe(false);
  });
});

/** Calls a lookup function the way node does, answering what its callback was given. */
function callLookup(lookup: LookupFunction, hostname: string, all: boolean, family = 0) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => {
    lookup(hostname, { all, family }, (error, address, addressFamily) =>
      resolve({ error, address, family: addressFamily }),
    );
  });
}

describe("guardedLookup", () => {
  it("answers a public name with the checked address, one or all", async () => {
    const lookup = guardedLookup({ resolve: fakeDns().resolve });
    expect(await callLookup(lookup, "artwork.example.com", false)).toEqual({
      error: null,
      address: "93.184.216.34",
      family: 4,
    });
    expect(await callLookup(lookup, "artwork.example.com", true)).toEqual({
      error: null,
      address: [{ address: "93.184.216.34", family: 4 }],
      family: undefined,
    });
  });

  it.each(["private.example.com", "mixed.example.com", "mapped-metadata.example.com", "localhost", "127.0.0.1"])(
    "refuses %s with EINTERNAL",
    async (hostname) => {
      const lookup = guardedLookup({ resolve: fakeDns().resolve });
      for (const all of [false, true]) {
        const { error } = await callLookup(lookup, hostname, all);
        expect(error?.code).toBe("EINTERNAL");
      }
    },
  );

  it("passes on the resolver's error for an unknown name", async () => {
    const { error } = await callLookup(guardedLookup({ resolve: fakeDns().resolve }), "nowhere.example.com", false);
    expect(error?.code).toBe("ENOTFOUND");
  });

  it("answers only the family asked for, and checks the others too", async () => {
    const resolve = async () => [answer("2606:4700::1111"), answer("93.184.216.34")];
    const lookup = guardedLookup({ resolve });
    expect((await callLookup(lookup, "both.example.com", false, 4)).address).toBe("93.184.216.34");
    expect((await callLookup(lookup, "both.example.com", false, 6)).address).toBe("2606:4700::1111");
    const v6Private = guardedLookup({ resolve: async () => [answer("fd00::1"), answer("93.184.216.34")] });
    expect((await callLookup(v6Private, "both.example.com", false, 4)).error?.code).toBe("EINTERNAL");
  });

  it("checks each lookup, so a name that rebinds to an internal address is refused", async () => {
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const resolve = async () => (answers.shift() ?? []).map(answer);
    const lookup = guardedLookup({ resolve });
    expect(await callLookup(lookup, "rebind.example.com", false)).toMatchObject({ address: "93.184.216.34" });
    const second = await callLookup(lookup, "rebind.example.com", false);
    expect(second.error?.code).toBe("EINTERNAL");
    expect(second.address).toBe("");
  });

  it("lets an allowed host through on its port only", async () => {
    const resolve = async () => [answer("127.0.0.1")];
    const allowedInternal = ["sim.example.com:5174"];
    const allowed = guardedLookup({ resolve, allowedInternal, port: 5174 });
    expect((await callLookup(allowed, "sim.example.com", false)).address).toBe("127.0.0.1");
    const otherPort = guardedLookup({ resolve, allowedInternal, port: 5175 });
    expect((await callLookup(otherPort, "sim.example.com", false)).error?.code).toBe("EINTERNAL");
    const noPort = guardedLookup({ resolve, allowedInternal });
    expect((await callLookup(noPort, "sim.example.com", false)).error?.code).toBe("EINTERNAL");
  });
});

describe("guardedLookup in node:http", () => {
  /** Fetches the name from a loopback server through the lookup, answering the status or the error's code. */
  async function fetchThrough(options: { allowed: boolean }) {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end("artwork");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const lookup = guardedLookup({
      port,
      resolve: async () => [answer("127.0.0.1")],
      allowedInternal: options.allowed ? [`sim.example.com:${port}`] : [],
    });
    try {
      const outcome = await new Promise<number | string | undefined>((resolve) => {
        get({ host: "sim.example.com", port, path: "/", lookup, agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        }).on("error", (error: NodeJS.ErrnoException) => resolve(error.code));
      });
      return { outcome, requests };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("connects to the checked address", async () => {
    expect(await fetchThrough({ allowed: true })).toEqual({ outcome: 200, requests: 1 });
  });

  it("never connects when the answer is internal", async () => {
    expect(await fetchThrough({ allowed: false })).toEqual({ outcome: "EINTERNAL", requests: 0 });
  });
});

describe("refusalText", () => {
  it.each([
    ["internal", "the vendor cannot reach an address inside your network"],
    ["scheme", "only http and https addresses can be fetched"],
    ["port", "only the usual web ports (80 and 443) are allowed"],
    ["credentials", "an address with a user name or password in it is not fetched"],
    ["unresolvable", "no such host"],
    ["malformed", "not a web address"],
  ] as const)("%s", (because, text) => {
    expect(refusalText(because)).toBe(text);
  });
});
