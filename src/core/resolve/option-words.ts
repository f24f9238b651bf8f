import { colourWords, readColour } from "../colour-words";
import { materialWords, readMaterial } from "../material-words";
import { placementWords, readPlacement } from "../placement-words";
import type { AttributeDefinition, EnumerableValue } from "../vendor";
import { readWords, type WordReading, type WordTable } from "../word-reading";

type OptionWords = "colour" | "material" | "placement" | null;

/** An option as people read it: its text, else its value. */
export const optionText = (option: EnumerableValue) => option.text ?? option.value;

const wordsByQuestion = new WeakMap<AttributeDefinition, OptionWords>();

const optionsIn = (options: readonly EnumerableValue[], table: WordTable) =>
  options.filter((option) => readWords(optionText(option), table).isAllKnown).length;

/**
 * The words a select question's options are written in: colours (a vinyl colour), materials (a fabric) or placements
 * (a print position), whichever names most of them (the first on a tie); none when none names any (a font).
 */
function optionWordsOf(definition: AttributeDefinition): OptionWords {
  let words = wordsByQuestion.get(definition);
  if (words === undefined) {
    const options = definition.enumerableValues ?? [];
    const counts = [
      ["colour", optionsIn(options, colourWords)],
      ["material", optionsIn(options, materialWords)],
      ["placement", optionsIn(options, placementWords)],
    ] as const;
    const [most] = [...counts].sort((a, b) => b[1] - a[1]);
    words = most && most[1] > 0 ? most[0] : null;
    wordsByQuestion.set(definition, words);
  }
  return words;
}

/**
 * An answer to a select question read by the words of its options, in another language or written another way
 * ("Blanc" is the option White, "Baumwolle" Cotton, "Cœur" Left chest); undefined when the question's options are not
 * colours, materials or placements, or the answer is not all such words.
 */
export function readOption(value: string, definition: AttributeDefinition): WordReading<EnumerableValue> | undefined {
  const options = definition.enumerableValues ?? [];
  switch (optionWordsOf(definition)) {
    case "colour":
      return readColour(value, options, optionText);
    case "material":
      return readMaterial(value, options, optionText);
    case "placement":
      return readPlacement(value, options, optionText);
    default:
      return undefined;
  }
}
