/**
 * How often at most a live region says more progress of the same phase: a screen reader flooded every tick is unusable.
 */
export const ANNOUNCE_EVERY_MS = 5_000;

/** What a live region said last, and when (milliseconds on any steady clock). */
export interface Spoken {
  readonly text: string;
  readonly phase: string;
  readonly at: number;
}

/** When to say a message: at once, after a pause (the latest message then), or not at all. */
export type AnnounceDecision =
  | { readonly when: "now" }
  | { readonly when: "later"; readonly inMs: number }
  | { readonly when: "never" };

/**
 * What a progress message says is being done: its words before any colon, numbers aside.
 * "Creating jobs: 12 of 40 · …" and "Reading rows 1,001–2,000 of 90,000" stay in their phase
 * as their numbers move; "Checking 10 rows against your catalogue" starts another.
 */
export function phaseOf(text: string): string {
  const [words = ""] = text.split(":");
  return words.replace(/\d[\d,.]*/g, "#");
}

/**
 * When a live region says `text`: a new phase (reading, checking, sending, done) at once; more
 * progress of the same phase at most once every `everyMs`, the latest when the pause is over;
 * and never what it has just said.
 */
export function whenToAnnounce(
  last: Spoken | undefined,
  text: string,
  now: number,
  everyMs = ANNOUNCE_EVERY_MS,
): AnnounceDecision {
  if (last !== undefined && text === last.text) return { when: "never" };
  if (last === undefined || phaseOf(text) !== last.phase || now - last.at >= everyMs) return { when: "now" };
  return { when: "later", inMs: everyMs - (now - last.at) };
}
