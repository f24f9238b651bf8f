/**
 * A failure nothing foresaw, as the one line a terminal shows: its message's first line, never
 * the stack (which says nothing to the user and may run to pages).
 */
export function unexpectedFailureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split("\n")[0] ?? "").trim().replace(/\.$/, "");
  return line.length > 300 ? `${line.slice(0, 300)}…` : line || "no reason given";
}
