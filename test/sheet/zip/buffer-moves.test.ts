import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MODULE = fileURLToPath(new URL("../../../src/sheet/zip/buffer-moves.ts", import.meta.url));
const ENDED = "Invalidating protector cell ArrayBufferDetaching";

/** What V8 says, in a fresh process, as `endBufferMoveAssumption` is called twice between marks. */
function tracedCalls(): string {
  const script = [
    `import { endBufferMoveAssumption } from ${JSON.stringify(MODULE)};`,
    `console.log("before");`,
    `endBufferMoveAssumption();`,
    `console.log("once");`,
    `endBufferMoveAssumption();`,
    `console.log("twice");`,
  ].join("\n");
  return execFileSync(
    process.execPath,
    ["--trace-protector-invalidation", "--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
}

describe("endBufferMoveAssumption", () => {
  it("ends V8's assumption that no buffer is moved, at once, and is harmless a second time", () => {
    // From the first mark on (the loader's thread, loading the module, has ended its own before), only the marks and
    // this assumption's end: V8 may end others of its own accord.
    const lines = tracedCalls().split("\n");
    const said = lines
      .slice(lines.indexOf("before"))
      .filter((line) => ["before", "once", "twice", ENDED].includes(line));
    expect(said).toEqual(["before", ENDED, "once", "twice"]);
  });
});
