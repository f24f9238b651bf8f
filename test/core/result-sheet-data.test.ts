import { describe, expect, it } from "vitest";
import {
  auditJsonLines,
  auditTrail,
  dateCell,
  dateTimeCell,
  describeSent,
  problemSheetData,
  resultSheetData,
  sentStateOf,
} from "../../src/core/result-sheet-data";
import { RESULT_COLUMNS, type RowOutcome } from "../../src/core/result-rows";
import { planBatch, runBatch } from "../../src/submit/submit-batch";
import { fetchJobStatuses } from "../../src/submit/vendor-jobs";
import { priceCodeRow } from "../helpers/order-records";
import { checkRows } from "../helpers/engine-session";
import { submitDeps, useProxiedAccountAndFolder } from "../helpers/submit-session";

const session = useProxiedAccountAndFolder();

const row = (overrides: Record<string, string> = {}) => priceCodeRow({ "Order No": "R-1", ...overrides });
const column = (name: (typeof RESULT_COLUMNS)[number]) => RESULT_COLUMNS.indexOf(name);

describe("the result sheet's data and the audit trail, from a real submission", () => {
  it(
    "gives each row its outcome, job, status, estimate and what was sent instead of the sheet's value; " +
      "the audit keeps every step",
    async () => {
      // Row 2: a quantity left blank, fixed to 40 in the app. Row 3: another order. Row 4: skipped. Row 5: an order
      // with an error.
      const engine = await checkRows(session.account, [
        row({ Qty: "" }),
        row({ "Order No": "R-2" }),
        row({ "Order No": "R-2", Fabric: "Silk" }),
        row({ "Order No": "R-3", Code: "NOPE" }),
      ]);
      await engine.setCell(2, "Qty", "40");
      await engine.skipRow(4);
      await engine.validate();

      const problems = problemSheetData({ headerRowNumber: 1 }, engine.submissionPlan(), []);
      expect(problems.rows.get(2)?.[column("Import result")]).toBe("Ready to send");
      expect(problems.rows.get(2)?.[column("Messages")]).toContain("Qty to be sent as 40; the sheet had blank.");
      expect(problems.rows.get(5)?.[column("Import result")]).toBe("Not sent");
      expect(problems.rows.get(5)?.[column("Messages")]).toMatch(/NOPE/);

      const deps = await submitDeps(session.account, session.folder.path);
      const batch = await planBatch(deps, {
        ...engine.submissionPlan(),
        connection: "demo",
        accountId: session.account.snapshot.account.id,
        accountName: session.account.snapshot.account.name ?? "",
        fileName: "orders.csv",
        sheetName: "orders",
        headerRowNumber: 1,
        importedBy: "kiwi.admin",
        appVersion: "0.1.0",
        fileSha256: "ab".repeat(32),
      });
      await runBatch(deps, batch.id);
      const orders = await deps.journal.ordersOf(batch.id);
      const jobNumbers = orders.map((o) => o.jobNumber as number);
      const statuses = await fetchJobStatuses(session.account.client, jobNumbers);
      const trail = auditTrail(batch, orders);
      const data = resultSheetData(batch, orders, statuses, trail);

      expect(data.columns).toEqual(RESULT_COLUMNS);
      const first = data.rows.get(2) ?? [];
      expect(first[column("Import result")]).toBe("Created");
      expect(first[column("Job number")]).toBe(jobNumbers[0]);
      expect(first[column("Job status")]).toMatch(/Received|Awaiting Artwork/);
      expect(typeof first[column("Line estimate")]).toBe("number");
      expect(typeof first[column("Job total")]).toBe("number");
      expect(first[column("Messages")]).toContain("Qty sent as 40; the sheet had blank.");
      // A moment and a day, to be written as date cells (or ISO text in a CSV file), never as text here.
      expect(first[column("Submitted at")]).toEqual({
        kind: "date-time",
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(data.jobs.headers[6]).toBe("Due date");
      expect(data.jobs.rows.map((r) => r[6])).toEqual([
        { kind: "date", day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
        { kind: "date", day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
      ]);
      expect(data.rows.get(4)?.[column("Import result")]).toBe("Skipped");
      expect(data.rows.get(4)?.[column("Messages")]).toMatch(/Skipped on \d{4}-/);
      expect(data.rows.get(5)?.[column("Import result")]).toBe("Not sent");
      expect(data.rows.get(1)).toBeUndefined();
      expect(data.jobs.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
        ["R-1", jobNumbers[0], "Created"],
        ["R-2", jobNumbers[1], "Created"],
      ]);

      const types = trail.map((e) => e.type);
      expect(types[0]).toBe("import");
      expect(trail[0]).toMatchObject({ user: "kiwi.admin", appVersion: "0.1.0", file: { sha256: "ab".repeat(32) } });
      expect(trail.filter((e) => e.type === "edit")).toEqual([
        expect.objectContaining({ row: 2, column: "Qty", old: "", new: "40" }),
      ]);
      expect(trail.filter((e) => e.type === "skip")).toEqual([expect.objectContaining({ row: 4 })]);
      expect(trail.filter((e) => e.type === "request").map((e) => (e as { order: string }).order)).toEqual([
        "R-1",
        "R-2",
      ]);
      expect(trail.filter((e) => e.type === "answer").every((e) => (e as { status: number }).status === 201)).toBe(
        true,
      );
      const lines = auditJsonLines(trail).trim().split("\n");
      expect(lines).toHaveLength(trail.length);
      expect(lines.join("\n")).not.toMatch(/Bearer|client_secret|sim-secret/);
      expect(data.audit.rows).toHaveLength(trail.length);
      await deps.journal.close();
    },
  );
});

describe("what a row's messages say of a value changed in the app", () => {
  const qty = { column: "Qty", sheet: "", sent: "40" };
  it("says it was sent only for a row whose job was asked for", () => {
    expect(
      ["created", "rejected", "unknown", "not-found"].map((outcome) =>
        describeSent(qty, sentStateOf(outcome as RowOutcome)),
      ),
    ).toEqual(Array(4).fill("Qty sent as 40; the sheet had blank."));
    expect(describeSent(qty, sentStateOf("pending"))).toBe("Qty to be sent as 40; the sheet had blank.");
    for (const outcome of ["not-sent", "skipped", "existing"] as const)
      expect(describeSent(qty, sentStateOf(outcome))).toBe("Qty changed here to 40, not sent; the sheet had blank.");
  });
});

describe("dates in the result sheet", () => {
  it.each([
    ["a day", "2027-03-01", { kind: "date", day: "2027-03-01" }],
    ["a day with the time the vendor adds", "2027-03-01T00:00:00", { kind: "date", day: "2027-03-01" }],
    ["a day that is not one, as text", "2027-02-30", "2027-02-30"],
    ["other text, as it is", "next week", "next week"],
    ["nothing", null, null],
    ["a blank", "", null],
  ])("takes %s as a date cell: %j", (_what, text, expected) => {
    expect(dateCell(text)).toEqual(expected);
  });

  it.each([
    ["a moment", "2026-11-25T01:03:00.000Z", { kind: "date-time", at: "2026-11-25T01:03:00.000Z" }],
    ["other text, as it is", "soon", "soon"],
    ["nothing", undefined, null],
  ])("takes %s as a date-time cell: %j", (_what, text, expected) => {
    expect(dateTimeCell(text)).toEqual(expected);
  });
});
