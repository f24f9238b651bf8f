/** What a map holds for an answer of undefined, so that a missing answer and an undefined one are told apart. */
const NOTHING = Symbol("nothing");

/**
 * `compute`, its answer for each text remembered: the same few texts come up on every row. At most `limit` answers are
 * held; past that they are all forgotten and remembered again as they come, so memory stays bounded.
 */
export function remembered<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const answers = new Map<string, T | typeof NOTHING>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      if (answers.size >= limit) answers.clear();
      answer = compute(text);
      answers.set(text, answer === undefined ? NOTHING : answer);
    }
    return (answer === NOTHING ? undefined : answer) as T;
  };
}
