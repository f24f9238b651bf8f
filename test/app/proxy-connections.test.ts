import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchConnections } from "../../src/app/proxy-connections";

/** The proxy answering `/api/connections` with `status` and `body`. */
function proxyAnswers(status: number, body: unknown): void {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchConnections", () => {
  it("lists each connection's name and region, and nothing else the proxy sends", async () => {
    proxyAnswers(200, [
      { name: "demo", region: "NZ", secret: "x" },
      { name: "tasman", region: "AU" },
    ]);
    expect(await fetchConnections()).toEqual({
      ok: true,
      connections: [
        { name: "demo", region: "NZ" },
        { name: "tasman", region: "AU" },
      ],
    });
  });

  it.each([
    ["an object", { name: "demo", region: "NZ" }],
    ["a connection without its region", [{ name: "demo" }]],
    ["a name that is not text", [{ name: 7, region: "NZ" }]],
    ["an entry that is not an object", ["demo"]],
  ])("refuses %s in words", async (_shape, body) => {
    proxyAnswers(200, body);
    expect(await fetchConnections()).toEqual({
      ok: false,
      needsAccessKey: false,
      message: "The proxy listed its connections in an unexpected shape.",
    });
  });

  it("asks for the access key when the proxy needs one, and sends it once given", async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const key = new Headers(init.headers).get("X-Access-Key");
      sent.push(key);
      return key === "k" ? new Response("[]") : new Response("", { status: 401 });
    });
    expect(await fetchConnections()).toMatchObject({ ok: false, needsAccessKey: true });
    expect(await fetchConnections("k")).toEqual({ ok: true, connections: [] });
    expect(sent).toEqual([null, "k"]);
  });
});
