import { cellText, type SheetRow } from "../sheet-model";

/** The first few distinct non-blank values of a column, as the user sees them. */
export function columnSamples(rows: readonly SheetRow[], column: number, max = 3): string[] {
  const samples: string[] = [];
  for (const row of rows) {
    const text = cellText(row.cells[column]);
    if (text !== "" && !samples.includes(text)) samples.push(text);
    if (samples.length >= max) break;
  }
  return samples;
}
