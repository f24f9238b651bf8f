import { randomUUID } from "node:crypto";
import { link, open, rename, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SubmitLocks } from "../submit/submit-lock";

/**
 * How long a lock file may stay empty or unreadable before it counts as left behind. A lock
 * file is whole from the moment it appears (it is written first and then linked into place),
 * so an empty one comes only from an older version of this program between creating and
 * writing it, or from a machine that stopped before the file reached the disk.
 */
const UNREADABLE_GRACE_MS = 60_000;

/** Taking over locks left behind goes at most this deep (a taker that died taking one over, and so on). */
const MAX_TAKEOVER_DEPTH = 2;

/** A lock file could not be made or read for a reason other than someone holding it. */
export class LockFileError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Whose a lock file is: `{"pid":…,"token":…}`, or just the process id as older versions wrote it. */
function ownerOf(text: string): { readonly pid: number; readonly token?: string } | undefined {
  try {
    const value = JSON.parse(text) as { pid?: unknown; token?: unknown };
    if (
      typeof value === "object" &&
      value !== null &&
      Number.isInteger(value.pid) &&
      (value.pid as number) > 0 &&
      typeof value.token === "string"
    ) {
      return { pid: value.pid as number, token: value.token };
    }
  } catch {
    // Not JSON: perhaps the bare process id.
  }
  const pid = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
}

/**
 * What a lock file says now. `identity` names this very file (its owner's token, or for a file
 * without one, its inode and time of writing), so that it is never mistaken for a newer one.
 */
type Seen =
  | { readonly kind: "free" }
  | { readonly kind: "held"; readonly identity: string; readonly token?: string | undefined }
  | { readonly kind: "left"; readonly identity: string };

async function inspect(path: string): Promise<Seen> {
  let text: string;
  let ino: number;
  let mtimeMs: number;
  try {
    const handle = await open(path, "r");
    try {
      const info = await handle.stat();
      text = await handle.readFile("utf8");
      ({ ino, mtimeMs } = info);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (codeOf(error) === "ENOENT") return { kind: "free" };
    throw new LockFileError(`The lock file ${path} could not be read (${(error as Error).message}).`);
  }
  const owner = ownerOf(text);
  const identity = owner?.token ?? `${ino}-${mtimeMs}-${text.length}`;
  if (owner) return isAlive(owner.pid) ? { kind: "held", identity, token: owner.token } : { kind: "left", identity };
  return Date.now() - mtimeMs > UNREADABLE_GRACE_MS ? { kind: "left", identity } : { kind: "held", identity };
}

/**
 * Submit locks between processes: a lock file naming its owner (process id and a token of its
 * own), which appears whole and at once (written aside, then linked into place, which fails
 * when the file exists). A lock whose process has died (killed mid-batch, say) is taken over
 * by one waiter only; a lock is removed on release only while it is still its owner's.
 */
export function fileLocks(folder = tmpdir()): SubmitLocks {
  const pathOf = (name: string) => join(folder, `${name.replace(/[^\w.-]+/g, "_")}.lock`);

  /** Places `source` at `target` unless something is there already. */
  async function place(source: string, target: string): Promise<boolean> {
    try {
      await link(source, target);
      return true;
    } catch (error) {
      if (codeOf(error) === "EEXIST") return false;
      throw new LockFileError(
        `The lock file ${target} could not be made (${(error as Error).message}). ` +
          "Lock files need a folder on a local disk (set SUBMIT_LOCK_DIR).",
      );
    }
  }

  /** Removes the file at `path` if it still is `token`'s. */
  async function release(path: string, token: string): Promise<void> {
    const seen = await inspect(path).catch(() => undefined);
    if (seen?.kind === "held" && seen.token === token) await unlink(path).catch(() => undefined);
  }

  /**
   * Removes the lock file at `path` that was seen left behind as `identity`, unless it has
   * gone or been replaced meanwhile. Only the waiter that claims it (by placing a claim file
   * named after it) removes it, so a waiter that saw it long ago cannot remove a newer lock.
   */
  async function removeLeftLock(
    path: string,
    identity: string,
    mine: { readonly file: string; readonly token: string },
    depth: number,
  ): Promise<void> {
    const claim = `${path}.${identity}.claim`;
    if (!(await place(mine.file, claim))) {
      // Another waiter is at it, or died at it (then its claim is a lock left behind in turn).
      const seen = await inspect(claim);
      if (seen.kind !== "left" || depth >= MAX_TAKEOVER_DEPTH) return;
      await removeLeftLock(claim, seen.identity, mine, depth + 1);
      if (!(await place(mine.file, claim))) return;
    }
    try {
      const now = await inspect(path);
      if (now.kind !== "left" || now.identity !== identity) return;
      const aside = `${path}.${randomUUID()}.left`;
      try {
        await rename(path, aside);
      } catch (error) {
        if (codeOf(error) === "ENOENT") return;
        throw new LockFileError(
          `The lock file ${path}, left by a process that has ended, could not be moved aside ` +
            `(${(error as Error).message}).`,
        );
      }
      const moved = await inspect(aside);
      // Never the case while the claim is held, but should it have been someone's new lock, it goes back.
      if (moved.kind === "free" || moved.identity !== identity) await link(aside, path).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
    } finally {
      await release(claim, mine.token);
    }
  }

  /** Takes the lock at `path`; answers its token, or undefined when someone holds it. */
  async function take(path: string): Promise<string | undefined> {
    const token = randomUUID();
    const file = `${path}.${token}.new`;
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, token }), { flag: "wx" });
    } catch (error) {
      throw new LockFileError(`A lock file could not be written in ${folder} (${(error as Error).message}).`);
    }
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await place(file, path)) return token;
        const seen = await inspect(path);
        if (seen.kind === "held") return undefined;
        if (seen.kind === "left") await removeLeftLock(path, seen.identity, { file, token }, 0);
      }
      return undefined;
    } finally {
      await unlink(file).catch(() => undefined);
    }
  }

  return {
    async withLock(name, work) {
      const path = pathOf(name);
      const token = await take(path);
      if (token === undefined) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await release(path, token);
      }
    },
    async isHeld(name) {
      return (await inspect(pathOf(name))).kind === "held";
    },
  };
}
