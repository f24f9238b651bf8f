import type { LineEnd } from "./sniff-delimiter";

/** papaparse looks at this much of its input to guess the line end. */
const GUESS_CHARS = 1 << 20;
const QUOTE = '"';

/** The text papaparse guesses from: its first 1 MiB, less each pair of quote marks and what is between them. */
function textOutsideQuotes(input: string): string {
  const text = input.length > GUESS_CHARS ? input.slice(0, GUESS_CHARS) : input;
  let open = text.indexOf(QUOTE);
  if (open === -1) return text;
  const pieces: string[] = [];
  let from = 0;
  while (open !== -1) {
    const close = text.indexOf(QUOTE, open + 1);
    // A quote mark without a partner stays, with the rest of the text.
    if (close === -1) break;
    pieces.push(text.slice(from, open));
    from = close + 1;
    open = text.indexOf(QUOTE, from);
  }
  pieces.push(text.slice(from));
  return pieces.join("");
}

/**
 * The line end papaparse guesses for a text it is given without one (its `guessLineEndings`, counted instead of split):
 * a line feed unless a carriage return comes before the first line feed, then "\r\n" when at least half the carriage
 * returns are followed by a line feed, else "\r". Quoted text does not count.
 */
export function guessLineEnd(input: string): LineEnd {
  const text = textOutsideQuotes(input);
  const firstReturn = text.indexOf("\r");
  if (firstReturn === -1) return "\n";
  const firstFeed = text.indexOf("\n");
  if (firstFeed !== -1 && firstFeed < firstReturn) return "\n";
  let returns = 0;
  let followedByFeed = 0;
  for (let at = firstReturn; at !== -1; at = text.indexOf("\r", at + 1)) {
    returns++;
    if (text.charCodeAt(at + 1) === 0x0a) followedByFeed++;
  }
  // papaparse's split at "\r" gives one piece more than there are carriage returns; the first never starts with "\n".
  return followedByFeed >= (returns + 1) / 2 ? "\r\n" : "\r";
}
