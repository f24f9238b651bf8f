import { plainProblemSentence } from "../core/problem-text";
import type { CatalogueWait } from "./catalogue-parts";

const WHY: Readonly<Record<CatalogueWait["because"], string>> = {
  busy: "The vendor is busy",
  "no-answer": plainProblemSentence({ kind: "network", status: 0 }),
};

/**
 * A part's wait in the user's words, as the page and the command line say it: "The vendor is busy; trying stock again
 * in 4 s".
 */
export function describeCatalogueWait(wait: CatalogueWait): string {
  return `${WHY[wait.because]}; trying ${wait.part} again in ${Math.max(1, Math.ceil(wait.delayMs / 1000))} s`;
}

/** Every part waiting, one sentence each; empty when none is. */
export function describeCatalogueWaits(waiting: readonly CatalogueWait[]): string {
  return waiting.map((wait) => `${describeCatalogueWait(wait)}.`).join(" ");
}
