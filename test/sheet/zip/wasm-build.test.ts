import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("our WebAssembly modules", () => {
  it("are built from their sources as committed", () => {
    expect(() => execFileSync("node", ["scripts/build-wasm.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});
