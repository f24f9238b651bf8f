import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import {
  createPhasedBudgets,
  createRetryBudget,
  networkProblem,
  PATIENT_READS,
  problemFromResponse,
  retryTransient,
  type ApiResult,
  type Sleep,
} from "../../src/api";
import { recordedSleep } from "../helpers/recorded-sleep";

const answered = (value: string): ApiResult<string> => ({ ok: true, status: 200, value });
const failed = (status: number, retryAfter?: string): ApiResult<string> => ({
  ok: false,
  problem: problemFromResponse(status, "", "", retryAfter),
});
const noAnswer: ApiResult<string> = { ok: false, problem: networkProblem(new TypeError("fetch failed")) };

/** A call that gives these answers in turn (the last one from then on), counting how often it was made. */
function answers(...given: ApiResult<string>[]) {
  const calls = { count: 0 };
  const call = async () => given[Math.min(calls.count++, given.length - 1)] as ApiResult<string>;
  return { call, calls };
}

const outcome = (result: ApiResult<string>) => (result.ok ? result.value : result.problem.status);

describe("trying a call again while the vendor fails it for now", () => {
  const cases: readonly {
    name: string;
    answers: ApiResult<string>[];
    outcome: string | number;
    pauses: number[];
    calls: number;
  }[] = [
    { name: "an answer at once is not waited for", answers: [answered("a")], outcome: "a", pauses: [], calls: 1 },
    {
      name: "server errors back off 1, 2, 4 s",
      answers: [failed(500), failed(502), failed(503), answered("a")],
      outcome: "a",
      pauses: [1_000, 2_000, 4_000],
      calls: 4,
    },
    { name: "no answer is tried again", answers: [noAnswer, answered("a")], outcome: "a", pauses: [1_000], calls: 2 },
    {
      name: "a Retry-After longer than the back-off is waited for",
      answers: [failed(500), failed(429, "7"), answered("a")],
      outcome: "a",
      pauses: [1_000, 7_000],
      calls: 3,
    },
    {
      name: "a shorter Retry-After does not cut the back-off short",
      answers: [failed(500), failed(500), failed(429, "1"), failed(429, "0"), answered("a")],
      outcome: "a",
      pauses: [1_000, 2_000, 4_000, 8_000],
      calls: 5,
    },
    {
      name: "back-off stops growing at 8 s, and gives up before passing 30 s",
      answers: [failed(500)],
      outcome: 500,
      pauses: [1_000, 2_000, 4_000, 8_000, 8_000],
      calls: 6,
    },
    {
      name: "a Retry-After past what is left of the budget is not waited for",
      answers: [failed(429, "31")],
      outcome: 429,
      pauses: [],
      calls: 1,
    },
    ...[400, 401, 403, 404, 409].map((status) => ({
      name: `a ${status} fails at once`,
      answers: [failed(status)],
      outcome: status,
      pauses: [],
      calls: 1,
    })),
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { call, calls } = answers(...c.answers);
      const { sleep, pauses } = recordedSleep();
      const result = await retryTransient(call, {
        policy: PATIENT_READS,
        budget: createRetryBudget(PATIENT_READS.budgetMs),
        sleep,
      });
      expect({ outcome: outcome(result), pauses, calls: calls.count }).toEqual({
        outcome: c.outcome,
        pauses: c.pauses,
        calls: c.calls,
      });
    });
  }

  it("tells of each pause as it begins and ends", async () => {
    const events: string[] = [];
    const { call } = answers(failed(503), answered("a"));
    await retryTransient(call, {
      policy: PATIENT_READS,
      budget: createRetryBudget(PATIENT_READS.budgetMs),
      sleep: async (ms) => void events.push(`sleep ${ms}`),
      onPause: (pause) => events.push(`pause ${pause.delayMs} after ${pause.problem.status}`),
      onResume: (pause) => events.push(`resume after ${pause.delayMs}`),
    });
    expect(events).toEqual(["pause 1000 after 503", "sleep 1000", "resume after 1000"]);
  });

  it(
    "ends a pause at once when stopped, " + "even with a sleep that does not listen, and leaves no listener behind",
    async () => {
      const stop = new AbortController();
      const deaf: Sleep = () => {
        setTimeout(() => stop.abort(), 0);
        return new Promise(() => undefined);
      };
      const { call, calls } = answers(failed(500));
      const result = await retryTransient(call, {
        policy: PATIENT_READS,
        budget: createRetryBudget(PATIENT_READS.budgetMs),
        sleep: deaf,
        signal: stop.signal,
      });
      expect(result.ok ? "ok" : result.problem.kind).toBe("aborted");
      expect(calls.count).toBe(1);
      expect(getEventListeners(stop.signal, "abort")).toHaveLength(0);
    },
  );

  it("leaves no listener on a long-lived signal after its pauses", async () => {
    const batch = new AbortController();
    const { sleep } = recordedSleep();
    for (let i = 0; i < 3; i++) {
      const { call } = answers(failed(500), answered("a"));
      await retryTransient(call, {
        policy: PATIENT_READS,
        budget: createRetryBudget(PATIENT_READS.budgetMs),
        sleep,
        signal: batch.signal,
      });
    }
    expect(getEventListeners(batch.signal, "abort")).toHaveLength(0);
  });
});

describe("budgets for calls made side by side", () => {
  it("lets each call of a phase pause on its own line, the next phase starting where the longest ended", () => {
    const budgets = createPhasedBudgets(10_000);
    const first = budgets.branch();
    expect(first.take(6_000)).toBe(true);
    budgets.nextPhase();
    const [a, b] = [budgets.branch(), budgets.branch()];
    // Side by side: both may pause 4 s, as those pauses pass together.
    expect([a.take(4_000), b.take(4_000)]).toEqual([true, true]);
    expect([a.take(1), b.take(1)]).toEqual([false, false]);
    expect(b.spentMs).toBe(10_000);
    budgets.nextPhase();
    expect(budgets.branch().take(1)).toBe(false);
  });
});
