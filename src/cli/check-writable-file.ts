import { constants } from "node:fs";
import { mkdir, open, rmdir, stat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileErrorText, nonFileKind } from "./file-problems";

/** A file the command will write, as the user named it. */
export interface FileToWrite {
  readonly path: string;
  /** What it is, to start the sentence: "The journal", "The result sheet". */
  readonly what: string;
  /** The option that names it, for what to do instead: "--journal". */
  readonly option: string;
}

/**
 * Whether the command can write `file` later, found out now, before anything costs time or
 * money: the path is a file or does not exist yet, its folder exists or can be made, and the
 * file opens for appending (which changes nothing in it). What this makes only to find that
 * out (the file, its folders) is removed again. Answers why not, in a sentence, when it cannot.
 */
export async function checkWritableFile({ path, what, option }: FileToWrite): Promise<string | undefined> {
  const refusal = (why: string) => `${what} ${path} cannot be written: ${why}. Give another path with ${option}.`;
  let exists = true;
  try {
    const kind = nonFileKind(await stat(path));
    if (kind !== undefined) return refusal(`it is ${kind}, not a file`);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") return refusal(await whyUnreachable(path, error));
    exists = false;
  }
  let firstMade: string | undefined;
  try {
    if (!exists) firstMade = await mkdir(dirname(path), { recursive: true });
    const handle = await open(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0),
    );
    await handle.close();
  } catch (error) {
    return refusal(await whyUnreachable(path, error));
  } finally {
    if (!exists) await removeMade(path, firstMade);
  }
  return undefined;
}

/**
 * Each file a command will write, checked in turn (see {@link checkWritableFile}); none may be the order sheet itself.
 */
export async function checkFilesToWrite(
  files: readonly FileToWrite[],
  orderSheet: string,
): Promise<string | undefined> {
  for (const file of files) {
    if (resolve(file.path) === resolve(orderSheet))
      return (
        `${file.what} ${file.path} cannot be written: it is the order sheet itself. ` +
        `Give another path with ${file.option}.`
      );
    const refusal = await checkWritableFile(file);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}

/**
 * Why the path cannot be reached: a file where a folder of its path should be is named, as the user is most likely to
 * have made that slip.
 */
async function whyUnreachable(path: string, error: unknown): Promise<string> {
  const code = errorCode(error);
  if (code !== "ENOTDIR" && code !== "EEXIST") return fileErrorText(error);
  for (let folder = dirname(path); folder !== dirname(folder); folder = dirname(folder)) {
    try {
      if ((await stat(folder)).isFile()) return `${folder} is a file, not a folder`;
    } catch {
      // Not there (or not reachable): a folder further up is the file.
    }
  }
  return fileErrorText(error);
}

/** Removes the file made by looking, then each folder made for it, deepest first, up to and with `firstMade`. */
async function removeMade(path: string, firstMade: string | undefined): Promise<void> {
  await unlink(path).catch(() => undefined);
  if (firstMade === undefined) return;
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    await rmdir(folder).catch(() => undefined);
    if (folder === firstMade || folder === dirname(folder)) return;
  }
}
