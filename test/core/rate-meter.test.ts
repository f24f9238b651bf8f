import { describe, expect, it } from "vitest";
import { createRateMeter, describeRate } from "../../src/core/rate-meter";

/** A meter on a clock the test moves. */
function meterAt(total: number) {
  let now = 0;
  const meter = createRateMeter(total, () => now);
  return { meter, wait: (ms: number) => void (now += ms) };
}

describe("progress in words", () => {
  it("says how far, how fast and how long is left, with thousands grouped as every count on the page", () => {
    const { meter, wait } = meterAt(8000);
    expect(describeRate(meter.snapshot())).toBe("0 of 8,000 · working out the time left");
    meter.tick(2640);
    wait(60_000);
    expect(describeRate(meter.snapshot())).toBe("2,640 of 8,000 · 2,640 a minute · about 2 minutes left");
    meter.tick(5360);
    wait(1_000);
    expect(describeRate(meter.snapshot())).toBe("8,000 of 8,000 · 7,869 a minute");
  });

  it("keeps small counts as they are", () => {
    const { meter, wait } = meterAt(40);
    meter.tick(12);
    wait(20_000);
    expect(describeRate(meter.snapshot())).toBe("12 of 40 · 36 a minute · about 1 minute left");
  });
});
