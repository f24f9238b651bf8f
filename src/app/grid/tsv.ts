/**
 * Tab-separated text as Excel and Google Sheets put on the clipboard: rows end with a line
 * break, cells are split by tabs, and a cell holding a tab, a line break or a quote is quoted
 * with its quotes doubled.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let at = 0;
  const body = text.replace(/\r\n?/g, "\n");
  while (at < body.length) {
    const char = body[at] as string;
    if (quoted) {
      if (char === '"' && body[at + 1] === '"') {
        cell += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      at++;
      continue;
    }
    if (char === '"' && cell === "") quoted = true;
    else if (char === "\t") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
    at++;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Cells as tab-separated text for the clipboard, quoting what needs it. */
export function formatTsv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join("\t")).join("\r\n");
}
