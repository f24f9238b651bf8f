/**
 * V8 compiles a thread's code that reads typed arrays on the assumption that no buffer will be moved out of the thread
 * from under it. In Chromium, moving a buffer that has two views or more (as a batch handed to the deflate helper has:
 * the batch, and the part of it written) ends that assumption, and all the code compiled on it is thrown away. In a
 * write of 100k rows that was about twenty of the write's functions, a few megabytes into it, each then compiled again
 * while the rewriting ran unoptimised. A thread about to move such buffers moves one first, before its hot code is
 * compiled, so that the code is compiled once.
 */
export function endBufferMoveAssumption(): void {
  const whole = new Uint8Array(8);
  structuredClone(whole.subarray(0, 4), { transfer: [whole.buffer] });
}
