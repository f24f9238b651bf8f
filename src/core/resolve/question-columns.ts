import { normaliseHeader } from "../mapping/normalise";
import type { ColumnAssignment, SheetMapping } from "../mapping/sheet-mapping";
import type { AttributeDefinition } from "../vendor";

/** A price code's question as a column names it: by its name ("VinylColour") or its label ("Vinyl colour"). */
export type QuestionNames = Pick<AttributeDefinition, "name" | "label">;

const keysByQuestion = new WeakMap<QuestionNames, readonly string[]>();

/** A question's name and label, normalised: what a column's header or mapping may call it. */
export function questionKeys(question: QuestionNames): readonly string[] {
  let keys = keysByQuestion.get(question);
  if (keys === undefined)
    keysByQuestion.set(
      question,
      (keys = [question.name, question.label ?? ""].map(normaliseHeader).filter((key) => key !== "")),
    );
  return keys;
}

/** Whether a key (an answer's, or a column's mapping target) names the question, by its name or its label. */
export const isKeyOf = (key: string, question: QuestionNames): boolean =>
  questionKeys(question).includes(normaliseHeader(key));

/** The sheet's column answering a question: the one mapped to its name or to its label. */
export function questionColumn(mapping: SheetMapping, question: QuestionNames): ColumnAssignment | undefined {
  return mapping.columns.find((c) => c.target?.kind === "attribute" && isKeyOf(c.target.attribute, question));
}
