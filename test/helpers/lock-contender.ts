/**
 * One process contending for a file lock, for the lock tests. It says "ready" on stdout and
 * waits for a line on stdin, so that the test starts every contender at once however slowly
 * each came up; then it tries the lock again and again until it has held it TIMES times. Each
 * time it gets it, it writes "in PID" and "out PID" to the log with a pause between, so
 * overlapping holders show in the log. At the end it writes how many times it held the lock.
 *   node --import tsx test/helpers/lock-contender.ts FOLDER NAME LOG TIMES
 */
import { appendFile } from "node:fs/promises";
import { fileLocks } from "../../src/cli/file-lock";

const [folder, name, log, times] = process.argv.slice(2) as [string, string, string, string];
const wanted = Number(times);
if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`TIMES must be a whole number above 0, not ${times}`);
const locks = fileLocks(folder);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Wait for the go-ahead: every contender is up and waiting.
await new Promise<void>((resolve, reject) => {
  process.stdin.once("data", () => resolve());
  process.stdin.once("end", () => reject(new Error("stdin ended before the go-ahead")));
  process.stdout.write("ready\n");
});
process.stdin.destroy();

let held = 0;
while (held < wanted) {
  const outcome = await locks.withLock(name, async () => {
    await appendFile(log, `in ${process.pid}\n`);
    await pause(5);
    await appendFile(log, `out ${process.pid}\n`);
  });
  if (outcome.acquired) held++;
  await pause(Math.random() * 3);
}
process.stdout.write(`held ${held}\n`);
