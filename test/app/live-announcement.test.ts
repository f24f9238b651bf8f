import { describe, expect, it } from "vitest";
import { phaseOf, whenToAnnounce, type Spoken } from "../../src/app/live-announcement";

const said = (text: string, at: number): Spoken => ({ text, phase: phaseOf(text), at });
const EVERY = 5_000;

describe("phaseOf", () => {
  it.each([
    ["Creating jobs: 12 of 40 · 35 a minute · about 1 minute left", "Creating jobs"],
    ["Checking the jobs with the vendor: 3 of 4", "Checking the jobs with the vendor"],
    ["Reading rows 1,001–2,000 of 90,000", "Reading rows #–# of #"],
    ["Reading the sheet — 40%", "Reading the sheet — #%"],
    ["Checking 10 rows against your catalogue", "Checking # rows against your catalogue"],
  ])("%s is in the phase %s", (text, phase) => {
    expect(phaseOf(text)).toBe(phase);
  });
});

describe("whenToAnnounce", () => {
  it.each([
    {
      description: "the first words at once",
      last: undefined,
      text: "Checking the jobs with the vendor…",
      now: 0,
      expected: { when: "now" },
    },
    {
      description: "what was just said, never again",
      last: said("Creating jobs: 1 of 4", 0),
      text: "Creating jobs: 1 of 4",
      now: 9_000,
      expected: { when: "never" },
    },
    {
      description: "a new phase at once",
      last: said("Checking the jobs with the vendor: 1 of 4", 1_000),
      text: "25 rows, 4 jobs: 4 ready, 0 need attention.",
      now: 1_100,
      expected: { when: "now" },
    },
    {
      description: "more progress soon after: when the pause is over",
      last: said("Creating jobs: 1 of 40", 1_000),
      text: "Creating jobs: 2 of 40",
      now: 2_000,
      expected: { when: "later", inMs: 4_000 },
    },
    {
      description: "more progress after the pause: at once",
      last: said("Creating jobs: 1 of 40", 1_000),
      text: "Creating jobs: 9 of 40",
      now: 6_000,
      expected: { when: "now" },
    },
    {
      description: "clearing a region that spoke: at once",
      last: said("Reading the last orders: 3 of 9 assets", 0),
      text: "",
      now: 10,
      expected: { when: "now" },
    },
  ])("$description", ({ last, text, now, expected }) => {
    expect(whenToAnnounce(last, text, now, EVERY)).toEqual(expected);
  });

  it(
    "says progress at most once a pause however often it ticks: " +
      "ten ticks a second for twelve seconds are three announcements",
    () => {
      let last: Spoken | undefined;
      let pending: { text: string; at: number } | undefined;
      let announcements = 0;
      for (let now = 0; now <= 12_000; now += 100) {
        if (pending && now >= pending.at) {
          last = said(pending.text, now);
          pending = undefined;
          announcements++;
        }
        const text = `Creating jobs: ${now / 100} of 120`;
        const decision = whenToAnnounce(last, text, now, EVERY);
        if (decision.when === "now") {
          last = said(text, now);
          pending = undefined;
          announcements++;
        } else if (decision.when === "later") pending = { text, at: now + decision.inMs };
      }
      expect(announcements).toBe(3);
    },
  );
});
