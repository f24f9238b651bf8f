import { describe, expect, it } from "vitest";
import type { ApiProblem } from "../../src/api";
import type { JobCandidate } from "../../src/core/vendor";
import type { ResolvedJob } from "../../src/core/resolve";
import { createDryRuns } from "../../src/engine/dry-runs";
import { createIssueTally } from "../../src/engine/issue-tally";
import type { ValidationAnswer, VendorGateway } from "../../src/engine/vendor-gateway";

/** A job of one line on row 2, with a request when `ready`. */
function job(orderNumber: string, ready = true): ResolvedJob {
  const candidate: JobCandidate = { orderNumber, items: [] };
  return {
    orderNumber,
    rowNumbers: [2],
    issues: [],
    hasErrors: !ready,
    payload: ready ? { orderNumber, candidate, lineRows: [2] } : undefined,
    estimate: 10,
    processCodes: ["DTF"],
    dateDue: "2027-03-01",
    deliveryMethod: "CPSTD",
    needs: [],
  };
}

const problem = (status: number, message = "Line 1: no such colour"): ApiProblem => ({
  kind: status === 0 ? "network" : "http",
  status,
  title: "Problem",
  validationMessages: [{ errorCode: "E1", message }],
  errors: {},
});

/** A vendor whose dry runs answer each order as told (accepted when not told). */
function vendorAnswering(answers: Readonly<Record<string, ValidationAnswer>>, asked: string[] = []): VendorGateway {
  return {
    fetchFacts: async () => [],
    async validateJob(candidate) {
      const orderNumber = candidate.orderNumber ?? "";
      asked.push(orderNumber);
      return answers[orderNumber] ?? { ok: true };
    },
  };
}

describe("the dry runs", () => {
  it("checks each ready job once, records what the vendor said on the rows it names, and counts it", async () => {
    const asked: string[] = [];
    const tally = createIssueTally();
    const dryRuns = createDryRuns(vendorAnswering({ B: { ok: false, problem: problem(400) } }, asked), tally);
    const jobs = new Map([
      ["A", job("A")],
      ["B", job("B")],
      ["C", job("C", false)],
    ]);
    const progress: [number, number][] = [];
    let answers = 0;
    await dryRuns.run(
      jobs,
      () => answers++,
      (done, total) => progress.push([done, total]),
    );
    expect(asked.sort()).toEqual(["A", "B"]);
    expect([answers, progress[0], progress.at(-1)]).toEqual([2, [0, 2], [2, 2]]);
    expect(["A", "B", "C"].map((o) => dryRuns.isValidated(o))).toEqual([true, false, false]);
    expect(dryRuns.issues("B").map((i) => [i.code, i.rowNumber])).toEqual([["SERVER_REJECTED", 2]]);
    expect(tally.snapshot().byCode).toEqual({ SERVER_REJECTED: 1 });
    asked.length = 0;
    await dryRuns.run(jobs, () => undefined);
    expect(asked).toEqual([]);
    dryRuns.forget("B");
    expect([dryRuns.issues("B"), tally.snapshot().byCode]).toEqual([[], {}]);
  });

  it("checks again a job the vendor could not check, and only that", async () => {
    const asked: string[] = [];
    const answers: Record<string, ValidationAnswer> = {
      A: { ok: false, problem: problem(503) },
      B: { ok: false, problem: problem(400) },
    };
    const dryRuns = createDryRuns(vendorAnswering(answers, asked), createIssueTally());
    const jobs = new Map([
      ["A", job("A")],
      ["B", job("B")],
    ]);
    await dryRuns.run(jobs, () => undefined);
    expect(["A", "B"].map((o) => dryRuns.isRecheckable(o))).toEqual([true, false]);
    asked.length = 0;
    answers.A = { ok: true };
    await dryRuns.run(jobs, () => undefined);
    expect(asked).toEqual(["A"]);
    expect([dryRuns.isValidated("A"), dryRuns.isRecheckable("A")]).toEqual([true, false]);
  });

  it("drops an answer about a job an edit replaced while it was checked", async () => {
    const jobs = new Map([["A", job("A")]]);
    const gateway: VendorGateway = {
      fetchFacts: async () => [],
      async validateJob() {
        jobs.set("A", job("A"));
        return { ok: false, problem: problem(400) };
      },
    };
    const dryRuns = createDryRuns(gateway, createIssueTally());
    let answers = 0;
    await dryRuns.run(jobs, () => answers++);
    expect([answers, dryRuns.issues("A"), dryRuns.isValidated("A")]).toEqual([0, [], false]);
  });
});
