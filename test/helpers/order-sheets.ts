import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { samplePath } from "./samples";

/**
 * The price-code sample's four orders repeated under new order numbers (`{prefix}-{copy}-{n}`):
 * `copies × 4` orders and `copies × 10` rows in one CSV file, written to the temporary folder.
 */
export async function ordersSheet(
  prefix: string,
  copies: number,
  folder = tmpdir(),
): Promise<{ path: string; orderNumbers: string[] }> {
  const parsed = Papa.parse<string[]>((await readFile(samplePath("price-code-orders.csv"), "utf8")).trim());
  const [header, ...rows] = parsed.data;
  const out: string[][] = [header as string[]];
  const orderNumbers: string[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const row of rows) {
      const orderNumber = `${prefix}-${copy}-${(row[0] ?? "").slice(-1)}`;
      if (!orderNumbers.includes(orderNumber)) orderNumbers.push(orderNumber);
      out.push([orderNumber, ...row.slice(1)]);
    }
  }
  const path = join(folder, `${prefix}-${process.pid}.csv`);
  await writeFile(path, Papa.unparse(out));
  return { path, orderNumbers };
}
