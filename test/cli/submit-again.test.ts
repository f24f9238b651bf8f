import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileLocks } from "../../src/cli/file-lock";
import { submitLockName } from "../../src/submit/submit-lock";
import { ordersSheet } from "../helpers/order-sheets";
import { runCommand, useSimulatorAndFolder, vendorEnv } from "../helpers/cli-session";

const ACCOUNT_ID = 1042;

const session = useSimulatorAndFolder();

const cli = (args: readonly string[]) => runCommand(args, vendorEnv(session.sim, session.folder.path));

describe("a second submission while the account is busy", () => {
  it("writes nothing to the journal and says another submission is running", async () => {
    const { path } = await ordersSheet("BUSY", 1, session.folder.path);
    const journal = join(session.folder.path, "j.jsonl");
    expect((await cli(["submit", path, "--connection", "demo", "--journal", journal])).code).toBe(0);
    // As if each order had got no clear answer and had not been found afterwards: running again sends them.
    const last = new Map<string, { kind: string; record: Record<string, unknown> }>();
    for (const line of (await readFile(journal, "utf8")).split("\n").filter(Boolean)) {
      const parsed = JSON.parse(line) as { kind: string; record: Record<string, unknown> };
      last.set(parsed.kind === "batch" ? "" : (parsed.record["orderNumber"] as string), parsed);
    }
    const unfinished = [...last.values()].map(({ kind, record: { jobNumber: _job, createdLines: _lines, finishedAt: _at, ...record } }) =>
      JSON.stringify({ kind, record: kind === "batch" ? record : { ...record, state: "not-found" } }),
    );
    await appendFile(journal, `${unfinished.join("\n")}\n`);
    const text = await readFile(journal, "utf8");

    const held = await fileLocks(session.folder.path).withLock(submitLockName("demo", ACCOUNT_ID), async () => {
      const second = await cli(["submit", path, "--connection", "demo", "--journal", journal]);
      expect(second.code).toBe(3);
      expect(second.err).toContain("Another submission for demo is running");
      expect(await readFile(journal, "utf8")).toBe(text);
      return true;
    });
    expect(held).toEqual({ acquired: true, value: true });
  });
});
