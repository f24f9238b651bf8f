import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sleep } from "../../src/api";
import { runCli } from "../../src/cli/main";
import { startSimulator, type RunningSimulator } from "../../src/server/simulator/simulator";
import { simCredentials } from "../helpers/sim-client";
import { vendorEnv } from "../helpers/cli-session";
import { recordedSleep } from "../helpers/recorded-sleep";
import { samplePath } from "../helpers/samples";
import { SIM_NOW, SIM_START } from "../helpers/sim-clock";

const path = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** The embedded simulator's clock starts at SIM_START unless the test says otherwise; pauses are taken with `sleep`. */
async function cli(args: readonly string[], env: Record<string, string | undefined> = { SIM_NOW }, sleep?: Sleep) {
  let out = "";
  let err = "";
  const code = await runCli(
    args,
    (t) => (out += t),
    (t) => (err += t),
    env,
    sleep ? { sleep } : {},
  );
  return { code, out, err };
}

describe("npm run cli -- check, on the embedded simulator", () => {
  it("prints the jobs with estimates and exits 0 for a clean sheet", async () => {
    const { code, out, err } = await cli(["check", samplePath("team-orders-winter.xlsx")]);
    expect(code).toBe(0);
    expect(err).toContain("Loading the catalogue of demo (embedded simulator)");
    expect(out).toMatch(
      /^team-orders-winter\.xlsx, sheet "Orders" \(header on row 4\), for Kiwi Team Print Ltd in NZD$/m,
    );
    expect(out).toContain("25 rows, 4 jobs: 4 ready, 0 need attention; 0 errors");
    expect(out).toMatch(/KTP-27001\s+Ready: the vendor.s check passed\s+11 lines\s+due 2027-02-15\s+\$[\d,]+\.\d\d/);
    expect(out).toMatch(/Estimated total \$[\d,]+\.\d\d/);
  });

  it("refuses a problem sheet path it cannot write before loading the catalogue, with a usage error", async () => {
    const sheet = samplePath("price-code-orders.csv");
    const out = dirname(sheet);
    // A vendor no one answers at: were it asked first, this would be exit 3.
    const unreachable = {
      VENDOR_CLIENT_ID: "x",
      VENDOR_CLIENT_SECRET: "y",
      VENDOR_REGION: "nz",
      VENDOR_REALM: "r",
      VENDOR_BASE_URL: "http://127.0.0.1:9/api",
      VENDOR_AUTH_URL: "http://127.0.0.1:9/auth",
    };
    expect(await cli(["check", sheet, "--out", out], unreachable)).toEqual({
      code: 2,
      out: "",
      err: `The problem sheet ${out} cannot be written: it is a folder, not a file. Give another path with --out.\n`,
    });
    expect(await cli(["check", sheet, "--out", sheet], unreachable)).toEqual({
      code: 2,
      out: "",
      err:
        `The problem sheet ${sheet} cannot be written: ` +
        "it is the order sheet itself. Give another path with --out.\n",
    });
  });

  it("lists every issue with its row and severity and exits 1 while errors remain", async () => {
    const { code, out } = await cli(["check", path("test/fixtures/sheets-with-mistakes/reorder-mistakes.csv")]);
    expect(code).toBe(1);
    // Each issue in columns: severity, row and column, the kind of issue in words, then the message alone.
    expect(out).toContain(
      "  error   row 2, Asset Tag  Archived asset           Asset A1042011 is archived and cannot be reordered.\n",
    );
    const codeUnknown = new RegExp(
      '  error   row 3, Asset Tag  Unknown code             "A104200" is not a price code, ' +
        'asset tag or stock code of your account\\. Did you mean "A1042001"',
    );
    expect(out).toMatch(codeUnknown);
    expect(out).toContain(
      '  error   row 4, Country    Unknown country          "Narnia" is not a country the vendor delivers to.\n',
    );
    expect(out).toContain('  error   row 4, Delivery   Unknown delivery method  "Teleport" is not a delivery option');
    // The codes are for --json: none in the text, and no row, column or severity glued on a message.
    expect(out).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    expect(out).not.toMatch(/Row \d+, column|note: |warning: /);
  });

  it("says its counts with the right word for one and for many", async () => {
    const { code, out } = await cli(["check", path("test/fixtures/unknown-price-code.csv")]);
    expect(code).toBe(1);
    expect(out).toContain("\n10 rows, 4 jobs: 3 ready, 1 needs attention; 1 error, 0 warnings, 3 notes.\n");
  });

  it("prints the report as JSON, payloads included", async () => {
    const { code, out } = await cli(["check", samplePath("reorder-campaign.csv"), "--json", "--no-validate"]);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.summary.jobs).toMatchObject({ total: 4, ready: 4, valid: 0 });
    expect(report.payloads[0]).toMatchObject({
      orderNumber: "RO-3101",
      lineRows: [2, 3, 4],
      candidate: { items: [{ itemType: "Asset", code: "A1042001", quantity: 50 }, {}, {}] },
    });
    expect(report.issues.every((i: { severity: string }) => i.severity === "info")).toBe(true);
  });

  it("sends no price as an address line when a column of prices is headed Unit", async () => {
    const { code, out } = await cli([
      "check",
      path("test/fixtures/mapping/unit-price-as-unit.csv"),
      "--json",
      "--no-validate",
    ]);
    expect(code).toBe(0);
    expect(
      JSON.parse(out).payloads.map(
        (p: { candidate: { deliveryAddress: { address2: unknown } } }) => p.candidate.deliveryAddress.address2,
      ),
    ).toEqual([null, null]);
  });

  it("notes totals, subtotal and note rows without counting them as errors", async () => {
    const { code, out } = await cli([
      "check",
      path("test/fixtures/sheets-with-totals/reorder-with-totals.csv"),
      "--json",
      "--no-validate",
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.summary.jobs).toMatchObject({ total: 2, ready: 2 });
    expect(
      report.issues
        .filter((i: { code: string }) => i.code === "NOT_AN_ORDER_ROW")
        .map((i: { rowNumber: number; column: string; severity: string }) => [i.rowNumber, i.column, i.severity]),
    ).toEqual([
      [5, "Description", "info"],
      [8, "Description", "info"],
      [10, "Order No", "info"],
      [11, "Order No", "info"],
    ]);
  });

  it("uses the other demo connections by name and refuses an unknown one", async () => {
    const au = await cli([
      "check",
      samplePath("reorder-campaign.csv"),
      "--connection",
      "demo-au",
      "--json",
      "--no-validate",
    ]);
    expect(JSON.parse(au.out).account).toEqual({
      id: 2077,
      name: "Southern Cross Decorators Pty Ltd",
      currency: "AUD",
    });
    // Another account's asset tags are unknown here.
    expect(au.code).toBe(1);
    const unknown = await cli(["check", samplePath("reorder-campaign.csv"), "--connection", "nope"]);
    expect(unknown).toMatchObject({ code: 3, err: expect.stringContaining('No connection named "nope"') });
  });

  it("starts the embedded simulator with the SIM_* settings", async () => {
    const later = await cli(["check", samplePath("team-orders-winter.xlsx")], { SIM_NOW: "2027-06-01T00:00:00Z" });
    const dueTooEarly = new RegExp(
      "  warning row 5, Due +Due date before the earliest ship date +2027-02-15 is before the earliest ship date; " +
        "the job will ship on 2027-06-",
    );
    expect(later.out).toMatch(dueTooEarly);
    const failing = await cli(["check", samplePath("price-code-orders.csv")], {
      SIM_NOW,
      SIM_RATE_500: "1",
      SIM_FAULT_ENDPOINTS: "createJob",
    });
    expect(failing.out).toContain("10 rows, 4 jobs: 0 ready, 4 need attention; 4 errors");
    expect(failing.out).toMatch(
      /error {3}order KTP-24001\s+Vendor error\s+The vendor answered with an unexplained error \(HTTP 500\)/,
    );
    expect(failing.code).toBe(1);
    const invalid = await cli(["check", samplePath("price-code-orders.csv")], { SIM_NOW: "next week" });
    expect(invalid).toMatchObject({
      code: 3,
      err: expect.stringMatching(/^Configuration error: SIM_NOW must be an ISO date-time/),
    });
  });
});

describe("npm run cli -- check, with a vendor that fails now and then", () => {
  it("gets past the catalogue when the vendor answers 30% of calls with a 500", async () => {
    const waitLines: string[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const sim = await startSimulator({ startAt: SIM_START, faults: { rate500: 0.3 }, seed });
      try {
        const { code, err } = await cli(
          ["check", samplePath("price-code-orders.csv")],
          vendorEnv(sim, tmpdir()),
          recordedSleep().sleep,
        );
        expect(err).not.toContain("could not be loaded");
        expect(err).toContain("Checking 10 rows…");
        // Whatever the dry runs met, the rows were checked against the whole catalogue.
        expect(code).not.toBe(3);
        waitLines.push(...err.split("\n").filter((line) => line.includes("again in")));
      } finally {
        await sim.close();
      }
    }
    // Dozens of calls a run: some part somewhere was tried again, and the progress line said so.
    expect(waitLines.length).toBeGreaterThan(0);
    for (const line of waitLines) expect(line).toMatch(/^The vendor is busy; trying [a-z ]+ again in [1248] s…$/);
  });

  it("says on its progress line what it waits for, then names the part it gave up on", async () => {
    const { sleep, pauses } = recordedSleep();
    const { code, err } = await cli(
      ["check", samplePath("price-code-orders.csv")],
      { SIM_NOW, SIM_RATE_500: "1", SIM_FAULT_ENDPOINTS: "listStock" },
      sleep,
    );
    expect(code).toBe(3);
    expect(err.split("\n").filter((l) => l.startsWith("The vendor"))).toEqual(
      [1, 2, 4, 8, 8].map((s) => `The vendor is busy; trying stock again in ${s} s…`),
    );
    expect(err).toContain(
      "The catalogue could not be loaded: stock (An error occurred while processing your request.). " +
        "Nothing else is missing; try again.",
    );
    // The catalogue's pauses, each after the client's own quick second try.
    expect(pauses.filter((ms) => ms >= 1_000)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

describe("npm run cli -- check, with configured credentials", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ startAt: SIM_START });
  });
  afterAll(async () => sim.close());

  it("reaches the vendor with the VENDOR_* settings, as the proxy does", async () => {
    const details = simCredentials(sim, "kiwi-team-print");
    const env = {
      VENDOR_CONNECTION_NAME: "nz",
      VENDOR_REGION: "New Zealand",
      VENDOR_BASE_URL: details.baseUrl,
      VENDOR_AUTH_URL: details.authUrl,
      VENDOR_REALM: details.realm,
      VENDOR_CLIENT_ID: details.clientId,
      VENDOR_CLIENT_SECRET: details.clientSecret,
      // The sample's artwork links are on a documentation domain: they stand for the simulator's demo files.
      ARTWORK_DEMO_FILES: "true",
    };
    const before = sim.simulator.stats.tokenRequests;
    const { code, out } = await cli(["check", samplePath("price-code-orders.csv")], env);
    expect(code).toBe(0);
    expect(out).toContain("10 rows, 4 jobs: 4 ready");
    expect(sim.simulator.stats.tokenRequests - before).toBe(1);
    expect(sim.simulator.stats.callsByEndpoint.createJob).toBe(4);
    const wrong = await cli(["check", samplePath("price-code-orders.csv")], { ...env, VENDOR_CLIENT_SECRET: "wrong" });
    expect(wrong.code).toBe(3);
    expect(wrong.err).toMatch(/refused the client credentials/);
  });
});

describe("npm run cli -- check, with connection settings that hold a secret where it does not belong", () => {
  it("says which setting is wrong without repeating the secret, with exit 3", async () => {
    const folder = mkdtempSync(join(tmpdir(), "connections-"));
    try {
      const file = join(folder, "connections.json");
      writeFileSync(
        file,
        JSON.stringify([
          {
            name: "nz",
            region: "New Zealand",
            baseUrl: "https://api.vendor.test/",
            authUrl: "https://auth.vendor.test/",
            realm: "r",
            clientId: "kiwi",
            clientSecretEnv: "s3cr3t-value-xyz",
          },
        ]),
      );
      const fromFile = await cli(["check", samplePath("price-code-orders.csv")], { CONNECTIONS_FILE: file });
      expect(fromFile).toMatchObject({
        code: 3,
        out: "",
        err: expect.stringMatching(
          /^Configuration error: CONNECTIONS_FILE .*0\.clientSecretEnv: must name an environment variable/,
        ),
      });
      expect(fromFile.err).not.toContain("s3cr3t");
      const inAddress = await cli(["check", samplePath("price-code-orders.csv")], {
        VENDOR_REGION: "nz",
        VENDOR_REALM: "r",
        VENDOR_CLIENT_ID: "kiwi",
        VENDOR_CLIENT_SECRET: "x",
        VENDOR_BASE_URL: "https://kiwi:s3cr3t-value-xyz@api.vendor.test/",
        VENDOR_AUTH_URL: "https://auth.vendor.test/",
      });
      expect(inAddress).toMatchObject({
        code: 3,
        out: "",
        err: expect.stringMatching(
          /^Configuration error: VENDOR_\* settings: VENDOR_BASE_URL: must not hold a user name or password/,
        ),
      });
      expect(inAddress.err).not.toContain("s3cr3t");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
