type NumberArray = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;
type NumberArrayType<T extends NumberArray> = { new (length: number): T };

/** A typed array that grows as values are appended: numbers kept without a JS value each. */
export class Growable<T extends NumberArray> {
  private data: T;
  length = 0;

  constructor(
    private readonly type: NumberArrayType<T>,
    capacity = 1024,
  ) {
    this.data = new type(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new this.type(this.data.length * 2);
      grown.set(this.data as never);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index] as number;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** The first `count` values (all by default) as an array of their own length (the spare capacity let go). */
  trimmed(count = this.length): T {
    return this.data.slice(0, Math.min(count, this.length)) as T;
  }

  /** The values as they stand, without a copy: for looking through, not for keeping. */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** A copy of `values` with twice the room, for arrays grown in a loop that keeps its own count of values. */
export function doubled(values: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(Math.max(16, values.length * 2));
  bigger.set(values);
  return bigger;
}
