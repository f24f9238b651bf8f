import { cellText, columnLetter, isBlankCell, type CellValue, type SheetRow, type SheetTable } from "./sheet-model";

/**
 * Header texts made usable as column names: whitespace (line breaks included) collapsed,
 * blanks named by their column letter, repeats numbered ("Qty", "Qty (2)") without taking a
 * name the user wrote themselves.
 */
export function uniqueHeaders(cells: readonly CellValue[], width: number): string[] {
  const bases = Array.from({ length: width }, (_, index) => cellText(cells[index]).replace(/\s+/g, " ") || `Column ${columnLetter(index)}`);
  const written = new Set(bases.map((base) => base.toLowerCase()));
  const used = new Set<string>();
  return bases.map((base) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()) || (name !== base && written.has(name.toLowerCase())); n++) name = `${base} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Index just past the last column holding a value in any of the rows. */
function usedWidth(rows: readonly (readonly CellValue[] | undefined)[], from: number): number {
  let width = 0;
  for (let r = from; r < rows.length; r++) {
    const cells = rows[r];
    if (!cells) continue;
    for (let c = cells.length - 1; c >= width; c--) {
      if (!isBlankCell(cells[c])) {
        width = c + 1;
        break;
      }
    }
  }
  return width;
}

/**
 * The table below a header row. `rows[i]` is spreadsheet row i + 1 (undefined for a row with
 * nothing in it). Trailing empty columns and rows are dropped; blank rows in between keep
 * their place so every row keeps the number the user sees.
 */
export function extractTable(sheetName: string, rows: readonly (readonly CellValue[] | undefined)[], headerIndex: number): SheetTable {
  const width = usedWidth(rows, headerIndex);
  let last = rows.length - 1;
  while (last > headerIndex && (rows[last] ?? []).every((cell) => isBlankCell(cell))) last--;
  const body: SheetRow[] = [];
  for (let r = headerIndex + 1; r <= last; r++) {
    const cells = rows[r] ?? [];
    body.push({ rowNumber: r + 1, cells: cells.length > width ? cells.slice(0, width) : cells });
  }
  return { sheetName, headerRowNumber: headerIndex + 1, headers: uniqueHeaders(rows[headerIndex] ?? [], width), rows: body };
}
