import type { Stats } from "node:fs";

/** What a path that is not a regular file is, in words ("a folder"); undefined for a regular file. */
export function nonFileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

const ERROR_TEXT: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a part of its path is a file, not a folder",
  EISDIR: "it is a folder",
  ELOOP: "its links lead round in a circle",
  ENAMETOOLONG: "its name is too long",
  EROFS: "the disk it is on is read-only",
  ENOSPC: "the disk is full",
  ENXIO: "nothing is there to read or write",
  EMFILE: "too many files are open",
};

/** Why a file operation failed, in a few words for the user (never the runtime's own sentence). */
export function fileErrorText(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
  return (
    (code !== undefined ? ERROR_TEXT[code] : undefined) ??
    (code !== undefined ? `the system said ${code}` : "the system refused it")
  );
}
