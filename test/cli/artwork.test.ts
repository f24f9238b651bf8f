import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { demoArtworkFor } from "../../src/server/simulator/demo-artwork";
import { runCommand, vendorEnv } from "../helpers/cli-session";
import { SIM_NOW, SIM_START } from "../helpers/sim-clock";

/** The command line answered by the embedded simulator (its clock at the tests' instant) unless `env` names another. */
const cli = (args: readonly string[], env: Record<string, string | undefined> = { SIM_NOW }) => runCommand(args, env);

interface JsonIssue {
  readonly code: string;
  readonly rowNumber: number | null;
  readonly suggestion?: string;
}

const folder = mkdtempSync(join(tmpdir(), "artwork-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An order sheet of one-line orders, each with its own artwork link. */
function sheetWith(name: string, links: readonly string[]): string {
  const header = "Order number,Code,Fabric,Qty,Delivery,Address,City,Postcode,Due date,Artwork URL";
  const rows = links.map(
    (link, i) =>
      `ART-${i + 1},"DTF 4"" x 4"": Full Colour",Cotton,24,Courier,5 Quay Street,Auckland,1010,2027-02-20,${link}`,
  );
  const file = join(folder, name);
  writeFileSync(file, `${[header, ...rows].join("\r\n")}\r\n`);
  return file;
}

const artworkIssues = (issues: readonly JsonIssue[]) =>
  issues.filter((i) => i.code.startsWith("ARTWORK")).map((i) => [i.rowNumber, i.code, i.suggestion]);

describe("npm run cli -- check, on artwork links", () => {
  const file = () =>
    sheetWith("clubs.csv", [
      "https://files.club.example/crest-front.png",
      "https://files.club.example/crest-small.png",
      "https://www.dropbox.com/s/abc123/crest.png?dl=0",
      "https://files.club.example/private/crest.png",
      "https://files.club.example/missing.pdf",
    ]);

  it("finds what each link gives before anything is sent, each on its row", async () => {
    const { code, out } = await cli(["check", file(), "--json"]);
    expect(code).toBe(1);
    expect(artworkIssues(JSON.parse(out).issues)).toEqual([
      [2, "ARTWORK_FILE", undefined],
      [3, "ARTWORK_FILE", undefined],
      [3, "ARTWORK_LOW_RESOLUTION", undefined],
      [4, "ARTWORK_SHARE_PAGE", "https://www.dropbox.com/s/abc123/crest.png?dl=1"],
      [5, "ARTWORK_NEEDS_LOGIN", undefined],
      [6, "ARTWORK_NOT_FOUND", undefined],
    ]);
  });

  it("reads the links without fetching them with --skip-artwork-check: a share page is still found", async () => {
    const { out } = await cli(["check", file(), "--json", "--skip-artwork-check"]);
    expect(artworkIssues(JSON.parse(out).issues)).toEqual([
      [4, "ARTWORK_SHARE_PAGE", "https://www.dropbox.com/s/abc123/crest.png?dl=1"],
    ]);
  });

  it("says in the inspection what each shown row's link gives", async () => {
    const { code, out } = await cli(["inspect", file(), "--json"]);
    expect(code).toBe(0);
    const artwork = JSON.parse(out).artwork as { rowNumber: number; findings: { code: string }[] }[];
    // Without the catalogue, inspect knows no print size: the pixels are told, not weighed.
    expect(artwork.map((a) => [a.rowNumber, a.findings.map((f) => f.code)])).toEqual([
      [2, ["ARTWORK_FILE"]],
      [3, ["ARTWORK_FILE"]],
      [4, ["ARTWORK_SHARE_PAGE"]],
      [5, ["ARTWORK_NEEDS_LOGIN"]],
      [6, ["ARTWORK_NOT_FOUND"]],
    ]);
  });
});

describe("npm run cli -- check, fetching artwork from Node against a configured vendor", () => {
  let sim: RunningSimulator;
  let server: Server;
  let origin = "";
  beforeAll(async () => {
    sim = await startSimulator({ startAt: SIM_START });
    // A local artwork server giving the demo files by the same words (a test's own, reached through the test setting).
    server = createServer((req, res) => {
      const found = demoArtworkFor(`https://files.club.example${req.url ?? "/"}`);
      res.writeHead(found?.status ?? 404, found?.type ? { "Content-Type": found.type } : {});
      res.end(req.method === "HEAD" ? undefined : found?.bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await sim.close();
  });

  it("fetches each link with the proxy's guards: a local server only through the test setting", async () => {
    const file = sheetWith("local.csv", [`${origin}/crest-front.png`, `${origin}/private/crest.png`]);
    const env = { ...vendorEnv(sim, folder), ARTWORK_DEMO_FILES: undefined };
    const allowed = await cli(["check", file, "--json"], {
      ...env,
      ARTWORK_CHECK_ALLOW_INTERNAL_FOR_TESTS: new URL(origin).host,
    });
    expect(artworkIssues(JSON.parse(allowed.out).issues)).toEqual([
      [2, "ARTWORK_FILE", undefined],
      [3, "ARTWORK_NEEDS_LOGIN", undefined],
    ]);
    const refused = await cli(["check", file, "--json"], env);
    expect(artworkIssues(JSON.parse(refused.out).issues)).toEqual([
      [2, "ARTWORK_INTERNAL", undefined],
      [3, "ARTWORK_INTERNAL", undefined],
    ]);
    expect(JSON.parse(refused.out).issues.find((i: { code: string }) => i.code === "ARTWORK_INTERNAL").message).toBe(
      "Only the usual web ports (80 and 443) are allowed.",
    );
  });
});
