import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArtworkCheckClient } from "../../src/api/artwork-check-client";
import type { ArtworkCheck } from "../../src/core/artwork/artwork-check";
import { createProxy } from "../../src/server/proxy/proxy";
import { CSRF, startProxyOverSimulator } from "../helpers/proxy-over-simulator";
import { checkRows, PROXY_HEADERS, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";

let account: ProxiedAccount;
/** Links on a documentation domain: with the embedded simulator they stand for its demo artwork. */
const art = "https://files.club.example";

beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(() => account.close());

/** Asks the proxy's artwork route, as the page does. */
async function ask(urls: readonly string[], headers: Record<string, string> = PROXY_HEADERS) {
  const response = await fetch(`${account.baseUrl}/_artwork-check`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ urls }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as { checks: ArtworkCheck[] },
  };
}

describe("the proxy's artwork check, with the embedded simulator's demo artwork", () => {
  it("says what each demo link is, with where the page may show a picture from", async () => {
    const links = ["crest-front.png", "crest-small.png", "logo.pdf", "crest.svg", "share/crest", "private/crest.png"];
    const { status, body } = await ask([...links.map((link) => `${art}/${link}`), `${art}/missing.png`]);
    expect(status).toBe(200);
    expect(body.checks.map((c) => [c.outcome, c.status, c.file?.kind, c.file?.pixels, c.previewUrl])).toEqual([
      ["file", 200, "png", { width: 4200, height: 4200 }, "/demo-artwork/crest-large.png"],
      ["file", 200, "png", { width: 400, height: 300 }, "/demo-artwork/crest-small.png"],
      ["file", 200, "pdf", undefined, undefined],
      ["file", 200, "svg", undefined, "/demo-artwork/crest.svg"],
      ["file", 200, "html", undefined, undefined],
      ["http", 401, undefined, undefined, undefined],
      ["http", 404, undefined, undefined, undefined],
    ]);
    // The pictures are served by the app, for the page to show.
    const picture = await fetch(`${account.app.url}/demo-artwork/crest-small.png`);
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/png"]);
  });

  it.each([
    // The app itself, its demo artwork and API alike: never fetched.
    (url: string) => `${url}/demo-artwork/crest-large.png`,
    (url: string) => `${url}/api/demo/Jobs`,
    (url: string) => `${url}/api/connections`,
    (url: string) => `${url}/demo-artwork/../api/connections`,
    (url: string) => `${url.replace("127.0.0.1", "localhost")}/api/connections`,
    () => "http://169.254.169.254/latest/meta-data/",
    () => "http://10.0.0.1/art.png",
    () => "http://[::1]/art.png",
    () => "http://localhost/art.png",
    () => "file:///etc/passwd",
  ])("refuses %s", async (link) => {
    const { body } = await ask([link(account.app.url)]);
    expect(body.checks[0]).toMatchObject({ outcome: "refused" });
  });

  it("refuses a request naming more than 50 links, and one without the proxy's header", async () => {
    expect((await ask(Array.from({ length: 51 }, (_, i) => `${art}/crest-small.png?${i}`))).status).toBe(413);
    expect((await ask([`${art}/crest-small.png`], {})).status).toBe(403);
  });
});

describe("the artwork check with a vendor configured (not the embedded simulator)", () => {
  it("answers no link from the demo files, and refuses the vendor's loopback address like any other", async () => {
    const env = await startProxyOverSimulator({ proxy: { log: () => {} } });
    try {
      const response = await fetch(`${env.url}/api/demo/_artwork-check`, {
        method: "POST",
        headers: { ...CSRF, "Content-Type": "application/json" },
        body: JSON.stringify({
          urls: ["https://files.club.example/crest-front.png", `${env.sim.origin}/demo-artwork/x.png`],
        }),
      });
      const { checks } = (await response.json()) as { checks: ArtworkCheck[] };
      // No DNS answers for a documentation domain: never a file.
      expect(checks[0]?.outcome).not.toBe("file");
      expect(checks[1]).toMatchObject({ outcome: "refused" });
    } finally {
      await env.close();
    }
  });
});

describe("the artwork route's limits", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const proxy = createProxy({ connections: account.app.connections, artwork: { perMinute: 3 }, log: () => {} });
    server = createServer((req, res) => void proxy.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/demo/_artwork-check`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("checks at most so many links a minute per connection, saying when to ask again", async () => {
    const post = (count: number) =>
      fetch(base, {
        method: "POST",
        headers: { ...PROXY_HEADERS, "Content-Type": "application/json" },
        body: JSON.stringify({ urls: Array.from({ length: count }, () => "http://10.0.0.1/a.png") }),
      });
    expect((await post(3)).status).toBe(200);
    const refused = await post(1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("waits as the proxy says before asking again, and calls a link unchecked once it has waited enough", async () => {
    const waits: number[] = [];
    const client = createArtworkCheckClient({
      baseUrl: base.replace("/_artwork-check", ""),
      headers: PROXY_HEADERS,
      sleep: async (ms) => void waits.push(ms),
    });
    // The minute's links are used up by the test before: every ask is refused, each time saying how long to wait.
    const [check] = await client.check(["http://10.0.0.1/b.png"]);
    expect(waits).toHaveLength(3);
    for (const ms of waits) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(60_000);
      expect(ms % 1000).toBe(0);
    }
    expect(check).toMatchObject({ url: "http://10.0.0.1/b.png", outcome: "unreachable" });
  });
});

describe("a review's artwork links", () => {
  const row = (order: string, artworkUrl: string) => ({
    "Order number": order,
    Code: 'DTF 4" x 4": Full Colour',
    Fabric: "Cotton",
    Quantity: "24",
    "Delivery method": "Courier",
    "Street address": "5 Quay Street",
    City: "Auckland",
    "Postal code": "1010",
    "Due date": "2027-02-20",
    "Artwork URL": artworkUrl,
  });
  const issuesOn = (engine: Awaited<ReturnType<typeof checkRows>>, rowNumber: number) =>
    engine
      .rows(rowNumber - 2, 1)
      .flatMap((r) => r.issues)
      .filter((issue) => issue.code.startsWith("ARTWORK"))
      .map((issue) => [issue.code, issue.suggestion]);

  it("are checked with the dry runs, each finding on its row, an order with an artwork error not ready", async () => {
    const engine = await checkRows(
      account,
      [
        row("ART-1", `${art}/crest-front.png`),
        row("ART-2", `${art}/crest-small.png`),
        row("ART-3", `${art}/share/crest`),
        row("ART-4", `${art}/private/crest.png`),
        row("ART-5", "https://www.dropbox.com/s/abc123/crest.png?dl=0"),
      ],
      { checkArtwork: true },
    );
    const progress: [number, number, string][] = [];
    const summary = await engine.validate((done, total, what) => progress.push([done, total, what]));
    expect(progress.filter(([, , what]) => what === "artwork").at(-1)).toEqual([4, 4, "artwork"]);
    expect(issuesOn(engine, 2)).toEqual([["ARTWORK_FILE", undefined]]);
    // 400 × 300 px over 4 × 4 in is 75 DPI.
    expect(issuesOn(engine, 3)).toEqual([
      ["ARTWORK_FILE", undefined],
      ["ARTWORK_LOW_RESOLUTION", undefined],
    ]);
    expect(issuesOn(engine, 4)).toEqual([["ARTWORK_NOT_ARTWORK", undefined]]);
    expect(issuesOn(engine, 5)).toEqual([["ARTWORK_NEEDS_LOGIN", undefined]]);
    expect(issuesOn(engine, 6)).toEqual([["ARTWORK_SHARE_PAGE", "https://www.dropbox.com/s/abc123/crest.png?dl=1"]]);
    const states = new Map(engine.jobs().map((job) => [job.orderNumber, job.state]));
    expect([...states]).toEqual([
      ["ART-1", "valid"],
      ["ART-2", "valid"],
      ["ART-3", "blocked"],
      ["ART-4", "blocked"],
      ["ART-5", "blocked"],
    ]);
    expect(summary.jobs).toMatchObject({ valid: 2, blocked: 3 });
    // The result sheet's Artwork check column: what was found, and when.
    const details = new Map((engine.submissionPlan().rowDetails ?? []).map((d) => [d.rowNumber, d.artworkCheck]));
    expect(details.get(3)).toMatch(
      new RegExp(
        "^Artwork found: PNG image, 400 × 300 px, [\\d.]+ KB\\. " +
          "400 × 300 px printed 4 × 4 in is 75 DPI; print shops ask for 300\\. " +
          "Checked \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$",
      ),
    );
    expect(details.get(6)).toMatch(/^This is a Dropbox share page/);
    // The confirmation comes with the artwork of every order it creates: as each order's own view has it, those
    // without any left out.
    const created = engine.submissionPlan().orders.filter((order) => order.existing === undefined);
    const each = created
      .map(({ orderNumber }) => ({ orderNumber, artwork: engine.order(orderNumber)?.artwork ?? [] }))
      .filter((order) => order.artwork.length > 0);
    expect(each.map((order) => order.orderNumber)).toEqual(["ART-1", "ART-2"]);
    expect(engine.confirmationPlan().artwork).toEqual(each);
  });

  it("are checked as the rows now say: an edited link, and none on a skipped row", async () => {
    const engine = await checkRows(
      account,
      [
        row("EDIT-1", `${art}/private/crest.png`),
        row("EDIT-2", `${art}/crest-small.png`),
        row("EDIT-3", `${art}/crest-front.png`),
      ],
      { checkArtwork: true },
    );
    const linkColumn = Object.keys(row("", "")).indexOf("Artwork URL");
    await engine.setCell(2, linkColumn, `${art}/share/crest`);
    await engine.skipRow(4);
    const progress: [number, number, string][] = [];
    await engine.validate((done, total, what) => progress.push([done, total, what]));
    expect(progress.filter(([, , what]) => what === "artwork").at(-1)).toEqual([2, 2, "artwork"]);
    expect(issuesOn(engine, 2)).toEqual([["ARTWORK_NOT_ARTWORK", undefined]]);
    expect(issuesOn(engine, 3)).toEqual([
      ["ARTWORK_FILE", undefined],
      ["ARTWORK_LOW_RESOLUTION", undefined],
    ]);
  });

  it("are not fetched when checking is off, and a share page is still found", async () => {
    const engine = await checkRows(account, [
      row("OFF-1", `${art}/private/crest.png`),
      row("OFF-2", "https://we.tl/t-1"),
    ]);
    await engine.validate();
    expect(issuesOn(engine, 2)).toEqual([]);
    expect(issuesOn(engine, 3)).toEqual([["ARTWORK_SHARE_PAGE", undefined]]);
  });
});
