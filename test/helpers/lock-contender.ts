/**
 * One process contending for a file lock, for the lock tests: until `until` (ms since the
 * epoch) it tries the lock again and again; each time it gets it, it writes "in PID" and
 * "out PID" to the log with a pause between, so overlapping holders show in the log.
 *   node --import tsx test/helpers/lock-contender.ts FOLDER NAME LOG UNTIL
 */
import { appendFile } from "node:fs/promises";
import { fileLocks } from "../../src/cli/file-lock";

const [folder, name, log, until] = process.argv.slice(2) as [string, string, string, string];
const locks = fileLocks(folder);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let held = 0;
while (Date.now() < Number(until)) {
  const outcome = await locks.withLock(name, async () => {
    await appendFile(log, `in ${process.pid}\n`);
    await pause(5);
    await appendFile(log, `out ${process.pid}\n`);
  });
  if (outcome.acquired) held++;
  await pause(Math.random() * 3);
}
process.stdout.write(String(held));
