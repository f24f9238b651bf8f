import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { samplePath } from "../helpers/samples";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("the command line as a process", () => {
  it("ends quietly when whoever reads its output stops reading (as `| head` does), with no stack trace", {
    timeout: 60_000,
  }, async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/cli/cli.ts", "inspect", samplePath("team-orders-winter.xlsx"), "--rows", "30"],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    // Closed before the process has started: everything it prints meets a closed pipe.
    child.stdout.destroy();
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, err }).toEqual({ code: 0, err: "" });
  });
});
