import type { LineEnd } from "./sniff-delimiter";

/** papaparse looks at this much of its input to guess the line end. */
export const LINE_END_GUESS_CHARS = 1 << 20;
const QUOTE = '"';
/** A carriage return not followed by a line feed, or a line feed not after a carriage return. */
const LONE_LINE_BREAK = /\r(?!\n)|(?<!\r)\n/;

/**
 * The line end papaparse guesses for a text it is given without one (its `guessLineEndings`, counted instead of split):
 * a line feed unless a carriage return comes before the first line feed, then "\r\n" when at least half the carriage
 * returns are followed by a line feed, else "\r". Quoted text does not count: papaparse drops each pair of quote marks
 * and what is between them from its first 1 MiB before it looks, so a carriage return just before an opening quote
 * mark is followed by what comes after the closing one. The text is walked over here instead of joined without them.
 */
export function guessLineEnd(input: string): LineEnd {
  return onlyPairedLineEnds(input) ?? guessedByWalking(input);
}

/**
 * The guess for a text whose line breaks (in the part papaparse looks at) are all "\r\n", as a Windows export's are,
 * found without walking it: undefined for any other text. Taking out quoted text never splits a "\r\n" (a quote mark
 * is neither of its characters), so what is left has only pairs too: "\r\n" if one is left, else "\n". The first
 * pair is left when an even number of quote marks comes before it (papaparse takes them out two by two).
 */
function onlyPairedLineEnds(input: string): LineEnd | undefined {
  const text = input.length > LINE_END_GUESS_CHARS ? input.slice(0, LINE_END_GUESS_CHARS) : input;
  if (LONE_LINE_BREAK.test(text)) return undefined;
  const firstPair = text.indexOf("\r");
  if (firstPair === -1) return "\n";
  let quotes = 0;
  for (let at = text.indexOf(QUOTE); at !== -1 && at < firstPair; at = text.indexOf(QUOTE, at + 1)) quotes++;
  return quotes % 2 === 0 ? "\r\n" : undefined;
}

/** The guess for any text, walked over quoted value by quoted value. */
function guessedByWalking(input: string): LineEnd {
  const length = Math.min(input.length, LINE_END_GUESS_CHARS);
  // The next carriage return and line feed at or after where the text is walked, each searched for once.
  let nextReturn = -1;
  let nextFeed = -1;
  const returnFrom = (from: number) =>
    (nextReturn = nextReturn >= from || nextReturn === length ? nextReturn : search("\r", from));
  const feedFrom = (from: number) =>
    (nextFeed = nextFeed >= from || nextFeed === length ? nextFeed : search("\n", from));
  const search = (char: string, from: number) => {
    const at = input.indexOf(char, from);
    return at === -1 || at > length ? length : at;
  };
  let returns = 0;
  let followedByFeed = 0;
  /** A carriage return last in the text before a quoted value: what follows it comes after the value. */
  let pendingReturn = false;
  for (let from = 0; from < length; ) {
    const open = input.indexOf(QUOTE, from);
    // A quote mark without a partner stays, with the rest of the text.
    const close = open === -1 || open >= length ? -1 : input.indexOf(QUOTE, open + 1);
    const end = close === -1 || close >= length ? length : open;
    // The text outside quotes from `from` to `end`.
    if (from < end) {
      if (pendingReturn && input.charCodeAt(from) === 0x0a) followedByFeed++;
      pendingReturn = false;
      if (returns === 0 && feedFrom(from) < Math.min(end, returnFrom(from))) return "\n";
      for (let at = returnFrom(from); at < end; at = returnFrom(at + 1)) {
        returns++;
        if (at + 1 === end) pendingReturn = end < length;
        else if (input.charCodeAt(at + 1) === 0x0a) followedByFeed++;
      }
    }
    if (end === length) break;
    from = close + 1;
  }
  if (returns === 0) return "\n";
  // papaparse's split at "\r" gives one piece more than there are carriage returns; the first never starts with "\n".
  return followedByFeed >= (returns + 1) / 2 ? "\r\n" : "\r";
}
