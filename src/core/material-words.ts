import { readByWords, wordTable, type TranslatedWord, type WordReading } from "./word-reading";

/**
 * The fabric and material words of garments and transfers, in English and as German, French, Spanish, Italian and
 * Dutch sheets write them. "Poly" is polyester, as in a "Cotton/Poly blend"; nylon is the polyamide labels name.
 */
export const MATERIAL_WORDS: readonly TranslatedWord[] = [
  { english: "cotton", de: ["baumwolle"], fr: ["coton"], es: ["algodón"], it: ["cotone"], nl: ["katoen"] },
  {
    english: "polyester",
    alsoEnglish: ["poly"],
    de: ["polyester"],
    fr: ["polyester"],
    es: ["poliéster"],
    it: ["poliestere"],
    nl: ["polyester"],
  },
  {
    english: "nylon",
    alsoEnglish: ["polyamide"],
    de: ["nylon", "polyamid"],
    fr: ["nylon", "polyamide"],
    es: ["nailon", "nilón", "nylon", "poliamida"],
    it: ["nylon", "poliammide"],
    nl: ["nylon", "polyamide"],
  },
  {
    english: "blend",
    alsoEnglish: ["mix", "mixed"],
    de: ["mischgewebe", "mischung", "gemisch"],
    fr: ["mélange", "mixte"],
    es: ["mezcla", "mixto"],
    it: ["misto", "miscela"],
    nl: ["gemengd", "mengsel"],
  },
  { english: "wool", de: ["wolle"], fr: ["laine"], es: ["lana"], it: ["lana"], nl: ["wol"] },
  { english: "silk", de: ["seide"], fr: ["soie"], es: ["seda"], it: ["seta"], nl: ["zijde"] },
  { english: "linen", de: ["leinen"], fr: ["lin"], es: ["lino"], it: ["lino"], nl: ["linnen"] },
  {
    english: "elastane",
    alsoEnglish: ["spandex", "lycra"],
    de: ["elasthan"],
    fr: ["élasthanne"],
    es: ["elastano"],
    it: ["elastan", "elastam"],
    nl: ["elastaan"],
  },
  { english: "fleece", de: ["fleece"], fr: ["polaire"], es: ["forro polar", "polar"], it: ["pile"], nl: ["fleece"] },
  {
    english: "viscose",
    alsoEnglish: ["rayon"],
    de: ["viskose"],
    fr: ["viscose"],
    es: ["viscosa"],
    it: ["viscosa"],
    nl: ["viscose"],
  },
  { english: "acrylic", de: ["acryl"], fr: ["acrylique"], es: ["acrílico"], it: ["acrilico"], nl: ["acryl"] },
  { english: "leather", de: ["leder"], fr: ["cuir"], es: ["cuero", "piel"], it: ["pelle", "cuoio"], nl: ["leer"] },
];

/** The material words, by every way of writing them. */
export const materialWords = wordTable(MATERIAL_WORDS);

/**
 * A fabric or material as a sheet writes it, among named ones (a question's options), by its words: "Baumwolle" is
 * Cotton, "Baumwolle/Polyester-Mischgewebe" a Cotton/Poly blend. Undefined when the text is not all material words.
 */
export function readMaterial<T>(
  text: string,
  materials: readonly T[],
  nameOf: (material: T) => string | null | undefined,
): WordReading<T> | undefined {
  return readByWords(text, materials, nameOf, materialWords);
}
