/**
 * The simulator's notion of now. Tests advance it to expire tokens and move jobs through
 * their statuses without waiting, and start it at a fixed instant so that dates in tests
 * and samples stay in its future whatever today's date is.
 */
export class SimClock {
  #offsetMs: number;

  /** Without `startAt` (ms since the epoch) the clock follows real time. */
  constructor(startAt?: number) {
    this.#offsetMs = startAt === undefined ? 0 : startAt - Date.now();
  }

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
