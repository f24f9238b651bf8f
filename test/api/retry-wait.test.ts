import { describe, expect, it } from "vitest";
import { createVendorClient, MAX_RETRY_WAIT_MS, retryWaitMs } from "../../src/api";
import { recordedSleep } from "../helpers/recorded-sleep";

describe("how long to wait before trying a call again", () => {
  it.each([
    {
      description: "the back-off, when the vendor gives no Retry-After",
      retryAfterMs: undefined,
      backOffMs: 1_000,
      wait: 1_000,
    },
    {
      description: "the Retry-After, when longer than the back-off",
      retryAfterMs: 5_000,
      backOffMs: 1_000,
      wait: 5_000,
    },
    {
      description: "the back-off, when the Retry-After is shorter",
      retryAfterMs: 1_000,
      backOffMs: 2_000,
      wait: 2_000,
    },
    { description: "never no pause at all, for a Retry-After of 0", retryAfterMs: 0, backOffMs: 400, wait: 400 },
    { description: "the longest Retry-After taken", retryAfterMs: MAX_RETRY_WAIT_MS, backOffMs: 1_000, wait: 30_000 },
    {
      description: "no wait (no retry now) for a longer one",
      retryAfterMs: MAX_RETRY_WAIT_MS + 1,
      backOffMs: 1_000,
      wait: undefined,
    },
  ])("$description", ({ retryAfterMs, backOffMs, wait }) => {
    expect(retryWaitMs({ retryAfterMs }, backOffMs)).toBe(wait);
  });

  it("is what the client's one retry of a read waits, and a read asked to wait longer is not tried again", async () => {
    let calls = 0;
    const busy = (retryAfter: string) => async () => {
      calls++;
      return new Response("", { status: 503, headers: { "Retry-After": retryAfter } });
    };
    const { sleep, pauses } = recordedSleep();
    const willing = createVendorClient({
      baseUrl: "http://vendor.invalid",
      retryDelayMs: 400,
      sleep,
      fetch: busy("20"),
    });
    expect((await willing.getAccount()).ok).toBe(false);
    expect([calls, pauses]).toEqual([2, [20_000]]);
    calls = 0;
    const asksTooMuch = createVendorClient({
      baseUrl: "http://vendor.invalid",
      retryDelayMs: 400,
      sleep,
      fetch: busy("31"),
    });
    const answer = await asksTooMuch.getAccount();
    expect([calls, pauses, answer.ok ? 0 : answer.problem.retryAfterMs]).toEqual([1, [20_000], 31_000]);
  });
});
