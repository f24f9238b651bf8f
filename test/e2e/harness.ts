import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Locator, type Page, type Worker } from "playwright-core";
import { expect } from "vitest";
import { readServerSettings, startAppServer, type RunningAppServer } from "../../src/server/app-server";
import type { FaultSettings, SimulatorOptions } from "../../src/server/simulator/simulator";
import { DATABASE_NAME } from "../../src/storage/database";
import { SIM_START } from "../helpers/sim-clock";
import { useResource } from "../helpers/use-resource";

export const CHROMIUM_PATH = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
export const DIST_DIR = fileURLToPath(new URL("../../dist", import.meta.url));

/** Debian's Chromium, headless. A missing browser fails the run: browser tests are never skipped. */
/** Headless Chromium as the tests run it; `extraArgs` adds switches (a benchmark's V8 flags, say). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...extraArgs,
    ],
  });
}

/**
 * The built app, the real proxy and the embedded simulator (its clock starting at SIM_START) on a free loopback port.
 */
export async function startBuiltApp(simulatorOptions: SimulatorOptions = {}): Promise<RunningAppServer> {
  if (!existsSync(`${DIST_DIR}/index.html`)) throw new Error("The app is not built: run `npm run build` first.");
  return startAppServer({
    settings: readServerSettings({ PORT: "0" }),
    connections: [],
    distDir: DIST_DIR,
    simulatorOptions: { startAt: SIM_START, ...simulatorOptions },
    log: () => {},
  });
}

/**
 * Starts the built app and Chromium before a file's tests and closes both after them, so each browser test file need
 * not repeat the hooks.
 */
export function useBuiltAppInChromium(simulatorOptions: SimulatorOptions = {}): {
  readonly app: RunningAppServer;
  readonly browser: Browser;
} {
  const app = useResource(
    "all",
    "The app",
    () => startBuiltApp(simulatorOptions),
    (running) => running.close(),
  );
  const browser = useResource("all", "Chromium", launchChromium, (launched) => launched.close());
  return {
    get app() {
      return app.current;
    },
    get browser() {
      return browser.current;
    },
  };
}

/** Opens the app and connects to one of the simulator's accounts, up to the upload step. */
export async function openAndConnect(page: Page, appUrl: string, connection = "demo"): Promise<void> {
  await page.goto(appUrl);
  await page.getByLabel("Connection").selectOption(connection);
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByLabel("Order sheet").waitFor();
}

/** Clicks "Check the rows", waits for the summary, then for the checks with the vendor to finish. */
export async function checkTheRows(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Check the rows" }).click();
  await page.getByTestId("summary").waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);
}

/**
 * Submits the review through its confirmation: clicks Submit, expects the confirmation to offer
 * to create exactly `jobs` jobs (as many as the Submit button said, when not given), and creates them.
 */
export async function submitAndConfirm(page: Page, jobs?: number): Promise<void> {
  const submit = page.getByRole("button", { name: /^(Submit \d+ jobs?…|Check and submit…)$/ });
  const offered = Number(/^Submit (\d+)/.exec((await submit.textContent()) ?? "")?.[1] ?? Number.NaN);
  await submit.click();
  const create = page.getByTestId("confirm-create");
  await create.waitFor({ timeout: 60_000 });
  // "Check and submit…" gives no count until the check is done: then the confirmation's is the count.
  const expected = jobs ?? (Number.isNaN(offered) ? undefined : offered);
  if (expected === undefined) expect(await create.textContent()).toMatch(/^Create [1-9]\d* jobs?$/);
  else expect(await create.textContent()).toBe(`Create ${expected} ${expected === 1 ? "job" : "jobs"}`);
  await create.click();
}

/** Clicks `target` and reads the file it downloads. */
export async function download(target: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([target.page().waitForEvent("download"), target.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** Runs `work` with the embedded simulator's faults set to `settings`, clearing them afterwards whatever happens. */
export async function withFaults<T>(
  app: RunningAppServer,
  settings: FaultSettings,
  work: () => Promise<T>,
): Promise<T> {
  const simulator = app.simulator?.simulator;
  if (!simulator) throw new Error("the embedded simulator is not running");
  simulator.faults = settings;
  try {
    return await work();
  } finally {
    simulator.faults = {};
  }
}

/** The values the edits of the review kept in the page's IndexedDB set (what a reload reopens with). */
export function keptValues(page: Page): Promise<unknown[]> {
  interface KeptReview {
    readonly edits: { readonly edits: readonly { readonly changes: readonly { readonly after: unknown }[] }[] };
  }
  return page.evaluate(
    ([name, store]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            db.close();
            resolve(
              (reading.result as KeptReview[]).flatMap((review) =>
                review.edits.edits.flatMap((edit) => edit.changes.map((change) => change.after)),
              ),
            );
          };
        };
      }),
    [DATABASE_NAME, "reviewSessions"] as const,
  );
}

/** The smallest WebAssembly module: its magic number and version. */
const EMPTY_MODULE = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** Whether `worker` may compile WebAssembly (a content security policy may forbid it): "compiled", or why not. */
export function compilesWebAssembly(worker: Worker): Promise<string> {
  return worker.evaluate(async (bytes) => {
    try {
      await WebAssembly.instantiate(new Uint8Array(bytes));
      return "compiled";
    } catch (error) {
      return String(error);
    }
  }, EMPTY_MODULE);
}
