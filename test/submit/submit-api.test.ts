import { describe, expect, it } from "vitest";
import { createSubmitApi, type RunSummary } from "../../src/submit/submit-api";
import { CSRF } from "../helpers/proxy-over-simulator";
import { planSample, submitDeps, useProxiedAccountAndFolder } from "../helpers/submit-session";

const session = useProxiedAccountAndFolder();

describe("the submitter's surface", () => {
  it("answers a second run busy while one goes on, and Stop still stops the first", async () => {
    const deps = await submitDeps(session.account, session.folder.path);
    const api = createSubmitApi({ journal: deps.journal, locks: deps.locks });
    api.connect(`${session.account.app.url}/api/demo`, CSRF);
    const batch = await planSample(session.account, deps, "team-orders-winter.xlsx");
    const simulator = session.account.app.simulator?.simulator;
    if (!simulator) throw new Error("the embedded simulator is not running");

    simulator.faults = { delayMs: 30, endpoints: ["createJob"] };
    let second: Promise<RunSummary> | undefined;
    const first = await api.run(batch.id, 1, (progress) => {
      if (progress.phase !== "sending" || second) return;
      second = api.run(batch.id, 1).then((outcome) => {
        api.stop();
        return outcome;
      });
    });
    simulator.faults = {};
    expect((await second)?.status).toBe("busy");
    if (first.status === "busy" || first.status === "missing") throw new Error(first.status);
    expect(first.status).toBe("stopped");
    expect(first.counts.planned).toBeGreaterThan(0);
    await deps.journal.close();
  });
});
