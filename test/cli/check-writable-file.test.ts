import { execFileSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkWritableFile } from "../../src/cli/check-writable-file";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());
const journal = (path: string) => checkWritableFile({ path, what: "The journal", option: "--journal" });

describe("whether a file can be written later, found out now", () => {
  it("takes a file that is there, leaving what it holds as it was", async () => {
    const path = join(folder.current.path, "j.jsonl");
    await writeFile(path, '{"kind":"batch"}\n');
    expect(await journal(path)).toBeUndefined();
    expect(await readFile(path, "utf8")).toBe('{"kind":"batch"}\n');
  });

  it("takes a file that is not there yet, in folders that are not there yet, and leaves neither behind", async () => {
    expect(await journal(join(folder.current.path, "a", "b", "j.jsonl"))).toBeUndefined();
    expect(await journal(join(folder.current.path, "j.jsonl"))).toBeUndefined();
    expect(await readdir(folder.current.path)).toEqual([]);
  });

  it("refuses a named pipe and a device at once, without opening them", async () => {
    const pipe = join(folder.current.path, "j.jsonl");
    execFileSync("mkfifo", [pipe]);
    expect(await journal(pipe)).toBe(
      `The journal ${pipe} cannot be written: it is a named pipe, not a file. Give another path with --journal.`,
    );
    expect(await journal("/dev/null")).toBe(
      "The journal /dev/null cannot be written: it is a device, not a file. Give another path with --journal.",
    );
  });
});
