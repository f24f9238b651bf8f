/**
 * The rows a write puts results on, the header row among them, ascending. The results are a map of 100k rows and more:
 * taken in one `forEach` into a typed array and sorted as numbers, where spreading its keys made an iterator result a
 * row and sorting them called a comparison a step.
 */
export function rowsToWrite(headerRowNumber: number, results: ReadonlyMap<number, unknown>): Int32Array {
  const rows = new Int32Array(results.size + 1);
  rows[0] = headerRowNumber;
  let count = 1;
  results.forEach((_, rowNumber) => {
    rows[count++] = rowNumber;
  });
  return rows.sort();
}
