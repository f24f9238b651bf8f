/**
 * The simulator's notion of now. Tests advance it to expire tokens and move jobs through
 * their statuses without waiting.
 */
export class SimClock {
  #offsetMs = 0;
  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.#offsetMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
