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

const BLOCK_BITS = 16;
const BLOCK_SIZE = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK_SIZE - 1;

/**
 * Values appended in blocks of 65,536: growing never copies what is kept, so memory grows with
 * the values (at most one block spare) instead of doubling and copying as one array would.
 */
export class BlockArray<T extends NumberArray> {
  private readonly blocks: T[] = [];
  private last: T;
  private lastLength = 0;
  length = 0;

  constructor(private readonly type: NumberArrayType<T>) {
    this.last = new type(BLOCK_SIZE);
    this.blocks.push(this.last);
  }

  static from<T extends NumberArray>(type: NumberArrayType<T>, values: ArrayLike<number>): BlockArray<T> {
    const array = new BlockArray(type);
    for (let i = 0; i < values.length; i++) array.push(values[i] as number);
    return array;
  }

  push(value: number): void {
    if (this.lastLength === BLOCK_SIZE) {
      this.last = new this.type(BLOCK_SIZE);
      this.blocks.push(this.last);
      this.lastLength = 0;
    }
    this.last[this.lastLength++] = value;
    this.length++;
  }

  get(index: number): number {
    return (this.blocks[index >>> BLOCK_BITS] as T)[index & BLOCK_MASK] as number;
  }
}

/** A copy of `values` with twice the room, for arrays grown in a loop that keeps its own count of values. */
export function doubled(values: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(Math.max(16, values.length * 2));
  bigger.set(values);
  return bigger;
}
