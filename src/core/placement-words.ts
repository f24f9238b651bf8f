import { readByWords, wordTable, type TranslatedWord, type WordReading } from "./word-reading";

/**
 * Where a print goes on a garment, in English and as German, French, Spanish, Italian and Dutch sheets write it. The
 * heart side is the left chest ("Cœur", "Herzseite"); the back of the neck is the nape. "Full" and "centre" say how,
 * not where: a "full back" is offered the back an account names otherwise ("Centre back").
 */
export const PLACEMENT_WORDS: readonly TranslatedWord[] = [
  {
    english: "left chest",
    de: ["herzseite", "herz"],
    fr: ["cœur", "côté cœur"],
    es: ["corazón", "lado del corazón"],
    it: ["cuore", "lato cuore"],
    nl: ["hart", "hartzijde"],
  },
  {
    english: "left",
    de: ["links", "linke", "linker", "linken"],
    fr: ["gauche"],
    es: ["izquierdo", "izquierda"],
    it: ["sinistro", "sinistra"],
    nl: ["linker"],
  },
  {
    english: "right",
    de: ["rechts", "rechte", "rechter", "rechten"],
    fr: ["droit", "droite"],
    es: ["derecho", "derecha"],
    it: ["destro", "destra"],
    nl: ["rechter"],
  },
  { english: "chest", de: ["brust"], fr: ["poitrine"], es: ["pecho"], it: ["petto"], nl: ["borst"] },
  {
    english: "front",
    de: ["vorne", "vorderseite", "vorn", "brustmitte"],
    fr: ["devant", "avant", "face"],
    es: ["frente", "delante", "delantero", "frontal"],
    it: ["davanti", "fronte", "anteriore"],
    nl: ["voorkant", "voorzijde", "voor"],
  },
  {
    english: "back",
    de: ["rücken", "rückseite", "hinten"],
    fr: ["dos", "arrière"],
    es: ["espalda", "trasera", "detrás"],
    it: ["schiena", "retro", "posteriore"],
    nl: ["rug", "achterkant", "achterzijde", "achter"],
  },
  {
    english: "sleeve",
    alsoEnglish: ["arm"],
    de: ["ärmel"],
    fr: ["manche"],
    es: ["manga"],
    it: ["manica"],
    nl: ["mouw"],
  },
  {
    english: "nape",
    alsoEnglish: ["back of neck", "neck"],
    de: ["nacken", "genick"],
    fr: ["nuque", "cou"],
    es: ["nuca", "cuello"],
    it: ["nuca", "collo"],
    nl: ["nek"],
  },
  { english: "pocket", de: ["tasche"], fr: ["poche"], es: ["bolsillo"], it: ["tasca", "taschino"], nl: ["zak"] },
  { english: "hood", de: ["kapuze"], fr: ["capuche"], es: ["capucha"], it: ["cappuccio"], nl: ["capuchon"] },
  {
    english: "full",
    alsoEnglish: ["whole", "large"],
    de: ["ganz", "ganze", "komplett", "voll", "groß"],
    fr: ["complet", "complète", "entier", "grand"],
    es: ["completo", "completa", "entera", "entero", "grande"],
    it: ["completo", "completa", "intero", "intera", "grande"],
    nl: ["volledig", "heel", "hele", "groot"],
    isLoose: true,
  },
  {
    english: "centre",
    alsoEnglish: ["center", "middle", "centred", "centered"],
    de: ["mitte", "mittig"],
    fr: ["milieu", "centré"],
    es: ["centro", "centrado"],
    it: ["centro", "centrale"],
    nl: ["midden"],
    isLoose: true,
  },
];

/** The placement words, by every way of writing them. */
export const placementWords = wordTable(PLACEMENT_WORDS);

/** A placement as a sheet writes it, among named ones (a question's options): "Dos complet" is the full back. */
export function readPlacement<T>(
  text: string,
  placements: readonly T[],
  nameOf: (placement: T) => string | null | undefined,
): WordReading<T> | undefined {
  return readByWords(text, placements, nameOf, placementWords);
}
