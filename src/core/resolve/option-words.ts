import { colourWords, readColour } from "../colour-words";
import { materialWords, readMaterial } from "../material-words";
import type { AttributeDefinition, EnumerableValue } from "../vendor";
import { readWords, type WordReading, type WordTable } from "../word-reading";

type OptionWords = "colour" | "material" | null;

/** An option as people read it: its text, else its value. */
export const optionText = (option: EnumerableValue) => option.text ?? option.value;

const wordsByQuestion = new WeakMap<AttributeDefinition, OptionWords>();

const optionsIn = (options: readonly EnumerableValue[], table: WordTable) =>
  options.filter((option) => readWords(optionText(option), table).isAllKnown).length;

/**
 * The words a select question's options are written in: colours (a vinyl colour) or materials (a fabric), whichever
 * names more of them; none when neither names any (a placement).
 */
function optionWordsOf(definition: AttributeDefinition): OptionWords {
  let words = wordsByQuestion.get(definition);
  if (words === undefined) {
    const options = definition.enumerableValues ?? [];
    const colours = optionsIn(options, colourWords);
    const materials = optionsIn(options, materialWords);
    words = colours === 0 && materials === 0 ? null : colours >= materials ? "colour" : "material";
    wordsByQuestion.set(definition, words);
  }
  return words;
}

/**
 * An answer to a select question read by the words of its options, in another language or written another way
 * ("Blanc" is the option White, "Baumwolle" Cotton); undefined when the question's options are not colours or
 * materials, or the answer is not all such words.
 */
export function readOption(value: string, definition: AttributeDefinition): WordReading<EnumerableValue> | undefined {
  const options = definition.enumerableValues ?? [];
  switch (optionWordsOf(definition)) {
    case "colour":
      return readColour(value, options, optionText);
    case "material":
      return readMaterial(value, options, optionText);
    default:
      return undefined;
  }
}
