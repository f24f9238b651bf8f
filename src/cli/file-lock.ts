import { open, readFile, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SubmitLocks } from "../submit/submit-lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Submit locks between processes: a lock file holding the owner's process id, created
 * exclusively. A lock whose process has died (killed mid-batch, say) is taken over.
 */
export function fileLocks(folder = tmpdir()): SubmitLocks {
  const pathOf = (name: string) => join(folder, `${name.replace(/[^\w.-]+/g, "_")}.lock`);

  async function holder(path: string): Promise<number | undefined> {
    const text = await readFile(path, "utf8").catch(() => undefined);
    const pid = Number(text?.trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  }

  async function take(path: string): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, "wx");
        await handle.writeFile(String(process.pid));
        await handle.close();
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        if ((await holder(path)) !== undefined) return false;
        await unlink(path).catch(() => undefined);
      }
    }
    return false;
  }

  return {
    async withLock(name, work) {
      const path = pathOf(name);
      if (!(await take(path))) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await unlink(path).catch(() => undefined);
      }
    },
    async isHeld(name) {
      return (await holder(pathOf(name))) !== undefined;
    },
  };
}
