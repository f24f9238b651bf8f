/**
 * The simulator's notion of now. Tests advance it to expire tokens and move jobs through
 * their statuses without waiting, and start it at a fixed instant so that dates in tests
 * stay in its future whatever today's date is (the samples are made for its day).
 */
export class SimClock {
  #offsetMs: number;
  /** The instant the clock started at: dated fixtures (promo codes' expiry) count from it. */
  readonly startedAt: number;

  /** Without `startAt` (ms since the epoch) the clock follows real time. */
  constructor(startAt?: number) {
    this.startedAt = startAt ?? Date.now();
    this.#offsetMs = startAt === undefined ? 0 : startAt - Date.now();
  }

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
