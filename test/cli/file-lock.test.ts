import { spawn } from "node:child_process";
import { readdir, readFile, rename, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, afterEach, describe, expect, it } from "vitest";
import { fileLocks } from "../../src/cli/file-lock";
import { scratchFolder, type ScratchFolder } from "../helpers/submit-session";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NAME = "bulk-order-importer:submit:demo:1042";
const LOCK_FILE = "bulk-order-importer_submit_demo_1042.lock";

let folder: ScratchFolder;
beforeEach(async () => {
  folder = await scratchFolder();
});
afterEach(async () => folder.cleanup());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

/**
 * Runs `takers` attempts at the lock at once; answers how many got it and how many held it at the same time at most.
 */
async function contend(takers: number): Promise<{ acquired: number; most: number }> {
  const locks = fileLocks(folder.path);
  let inside = 0;
  let most = 0;
  const outcomes = await Promise.all(
    Array.from({ length: takers }, () =>
      locks.withLock(NAME, async () => {
        most = Math.max(most, ++inside);
        await pause(2);
        inside--;
      }),
    ),
  );
  return { acquired: outcomes.filter((o) => o.acquired).length, most };
}

describe("the submit lock file", () => {
  it("is held by one taker at a time when many try at once", async () => {
    for (let round = 0; round < 30; round++) {
      const { acquired, most } = await contend(8);
      expect(most).toBe(1);
      expect(acquired).toBeGreaterThanOrEqual(1);
    }
    expect(await readdir(folder.path)).toEqual([]);
  });

  it("is taken over from a process that died holding it, by one of those waiting only", async () => {
    const pid = await deadPid();
    for (let round = 0; round < 20; round++) {
      await writeFile(
        join(folder.path, LOCK_FILE),
        round % 2 === 0 ? String(pid) : JSON.stringify({ pid, token: `dead-${round}` }),
      );
      const { acquired, most } = await contend(8);
      expect(most).toBe(1);
      expect(acquired).toBeGreaterThanOrEqual(1);
      expect(await readdir(folder.path)).toEqual([]);
    }
  });

  it("counts a lock file not written yet as held, and one left empty for minutes as left behind", async () => {
    const locks = fileLocks(folder.path);
    const path = join(folder.path, LOCK_FILE);
    await writeFile(path, "");
    expect(await locks.isHeld(NAME)).toBe(true);
    expect(await locks.withLock(NAME, async () => "ran")).toEqual({ acquired: false });
    expect(await readFile(path, "utf8")).toBe("");

    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(path, old, old);
    expect(await locks.isHeld(NAME)).toBe(false);
    expect(await locks.withLock(NAME, async () => "ran")).toEqual({ acquired: true, value: "ran" });
  });

  it("is left in place when released if it is no longer the one it took", async () => {
    const locks = fileLocks(folder.path);
    const path = join(folder.path, LOCK_FILE);
    const someoneElse = JSON.stringify({ pid: process.ppid, token: "someone-else" });
    const outcome = await locks.withLock(NAME, async () => {
      // Its lock file is replaced behind its back (removed by hand, and taken by another process).
      await writeFile(join(folder.path, "other"), someoneElse);
      await rename(join(folder.path, "other"), path);
    });
    expect(outcome.acquired).toBe(true);
    expect(await readFile(path, "utf8")).toBe(someoneElse);
    expect(await locks.isHeld(NAME)).toBe(true);
  });

  it("lets one process at a time in when several contend for it, starting from a lock left by a dead one", {
    timeout: 60_000,
  }, async () => {
    await writeFile(join(folder.path, LOCK_FILE), String(await deadPid()));
    const log = join(folder.path, "log");
    await writeFile(log, "");
    // Each contender stops once it has held the lock this many times; none has a deadline.
    const TIMES = 25;
    const spawned = Array.from({ length: 4 }, () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "test/helpers/lock-contender.ts", folder.path, NAME, log, String(TIMES)],
        {
          cwd: ROOT,
          stdio: ["pipe", "pipe", "inherit"],
        },
      );
      let out = "";
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.startsWith("ready\n")) ready();
      });
      const exited = new Promise<{ pid: number; held: number }>((resolve, reject) =>
        child.on("exit", (code) => {
          const match = /^ready\nheld (\d+)\n$/.exec(out);
          if (code === 0 && match) resolve({ pid: child.pid as number, held: Number(match[1]) });
          else reject(new Error(`contender exited with ${code}, saying ${JSON.stringify(out)}`));
        }),
      );
      // A contender that fails before it is ready must not leave the test waiting for it.
      return { child, ready: Promise.race([isReady, exited.then(() => undefined)]), exited };
    });
    // Every contender is up before any tries the lock, so they all contend from the same moment.
    await Promise.all(spawned.map((s) => s.ready));
    for (const { child } of spawned) child.stdin?.end("go\n");
    const contenders = await Promise.all(spawned.map((s) => s.exited));
    const held = contenders.map((c) => c.held);
    // Every contender got the lock, as many times as it was told to.
    expect(held).toEqual([TIMES, TIMES, TIMES, TIMES]);
    const lines = (await readFile(log, "utf8")).trim().split("\n");
    expect(lines.length).toBe(2 * held.reduce((a, b) => a + b, 0));
    expect(lines.length).toBeGreaterThan(0);
    for (let i = 0; i < lines.length; i += 2) {
      expect(lines[i]).toMatch(/^in \d+$/);
      expect(lines[i + 1]).toBe(lines[i]?.replace("in", "out"));
    }
    // Each contender's holds are in the log under its own process id.
    for (const { pid } of contenders) expect(lines.filter((line) => line === `in ${pid}`)).toHaveLength(TIMES);
    expect((await readdir(folder.path)).sort()).toEqual(["log"]);
  });
});
