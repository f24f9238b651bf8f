/** The rows a write puts results on, the header row among them, ascending; and each one's results beside it. */
export interface RowsToWrite<T> {
  readonly rowNumbers: Int32Array;
  /** The results of the row at the same index in `rowNumbers` (undefined for the header row). */
  readonly results: readonly (T | undefined)[];
}

/**
 * The rows to write of a map of results (100k rows and more), taken in one `forEach`, which walks the map's entries in
 * the order they were added: mostly already ascending, else sorted. Each row's results are then read in turn from an
 * array, where looking each up in the map reached into a table of megabytes at random, for every row.
 */
export function rowsToWrite<T>(headerRowNumber: number, results: ReadonlyMap<number, T>): RowsToWrite<T> {
  const rowNumbers = new Int32Array(results.size + 1);
  const values: (T | undefined)[] = [undefined];
  rowNumbers[0] = headerRowNumber;
  let count = 1;
  let isAscending = true;
  results.forEach((value, rowNumber) => {
    if (rowNumber <= (rowNumbers[count - 1] as number)) isAscending = false;
    rowNumbers[count++] = rowNumber;
    values.push(value);
  });
  if (isAscending) return { rowNumbers, results: values };
  const order = Array.from(rowNumbers.keys()).sort((a, b) => (rowNumbers[a] as number) - (rowNumbers[b] as number));
  return {
    rowNumbers: Int32Array.from(order, (i) => rowNumbers[i] as number),
    results: order.map((i) => values[i]),
  };
}
