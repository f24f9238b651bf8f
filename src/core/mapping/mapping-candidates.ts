import { sizeKey } from "../sizes";
import { headerWords } from "./normalise";
import type { MappingTarget, MatchReason } from "./sheet-mapping";

/** One way a column may be mapped, and how sure that is. */
export interface Candidate {
  readonly column: number;
  readonly target: MappingTarget;
  /** Each target goes to one column at most: the key it is taken by. */
  readonly targetKey: string;
  readonly confidence: number;
  readonly reason: MatchReason;
  /** What the column's values say of it, in words, when they say something. */
  readonly evidence?: string;
}

/** The key a target is taken by: each field, size and question goes to one column at most. */
export function targetKeyOf(target: MappingTarget): string {
  switch (target.kind) {
    case "field":
      return `field:${target.field}`;
    case "size":
      return `size:${sizeKey(target.size)}`;
    case "attribute":
      return `attribute:${headerWords(target.attribute)}`;
  }
}
