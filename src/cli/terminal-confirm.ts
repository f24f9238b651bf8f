import { createInterface } from "node:readline/promises";
import type { Confirm } from "./submit";

/**
 * Asks at the terminal: the summary goes to standard error (standard output stays the
 * report's), then the question; only "y" or "yes" goes on. Undefined when standard input or
 * standard error is not a terminal: nobody is there to answer.
 */
export function terminalConfirm(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Confirm | undefined {
  if (!input.isTTY || !output.isTTY) return undefined;
  return async (summary, question) => {
    output.write(`${summary.join("\n")}\n`);
    const prompt = createInterface({ input, output });
    try {
      const answer = await prompt.question(`${question} [y/N] `);
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      prompt.close();
    }
  };
}
