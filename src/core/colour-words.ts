import { readByWords, wordTable, type TranslatedWord, type WordReading } from "./word-reading";

/**
 * The everyday colour words of team wear, in English and as German, French, Spanish, Italian and Dutch sheets write
 * them (with their feminine forms where an adjective has one). A colour English names with or without its "blue" or
 * "green" (navy, royal, sky, bottle) is one word whichever way it is written; as kit makers name them, light blue is
 * sky and dark blue navy.
 */
export const COLOUR_WORDS: readonly TranslatedWord[] = [
  {
    english: "black",
    de: ["schwarz"],
    fr: ["noir", "noire"],
    es: ["negro", "negra"],
    it: ["nero", "nera"],
    nl: ["zwart"],
  },
  {
    english: "white",
    de: ["weiß", "weiss"],
    fr: ["blanc", "blanche"],
    es: ["blanco", "blanca"],
    it: ["bianco", "bianca"],
    nl: ["wit"],
  },
  {
    english: "navy",
    alsoEnglish: ["navy blue", "dark blue"],
    de: ["marine", "marineblau", "navyblau", "dunkelblau"],
    fr: ["bleu marine", "marine", "bleu foncé"],
    es: ["azul marino", "marino", "azul oscuro"],
    it: ["blu navy", "blu marino", "blu scuro"],
    nl: ["marineblauw", "marine", "donkerblauw"],
  },
  {
    english: "royal blue",
    alsoEnglish: ["royal"],
    de: ["königsblau", "royalblau"],
    fr: ["bleu roi", "bleu royal"],
    es: ["azul real", "azul rey", "azul royal"],
    it: ["blu royal", "blu reale"],
    nl: ["koningsblauw", "royalblauw"],
  },
  {
    english: "sky blue",
    alsoEnglish: ["sky", "light blue"],
    de: ["himmelblau", "hellblau"],
    fr: ["bleu ciel", "bleu clair"],
    es: ["celeste", "azul cielo", "azul claro"],
    it: ["azzurro", "azzurra", "blu cielo", "blu chiaro"],
    nl: ["hemelsblauw", "hemelblauw", "lichtblauw"],
  },
  { english: "blue", de: ["blau"], fr: ["bleu", "bleue"], es: ["azul"], it: ["blu"], nl: ["blauw"] },
  {
    english: "red",
    de: ["rot"],
    fr: ["rouge"],
    es: ["rojo", "roja"],
    it: ["rosso", "rossa"],
    nl: ["rood"],
    shades: ["scarlet", "crimson", "cherry", "cardinal"],
  },
  {
    english: "maroon",
    de: ["weinrot", "bordeaux", "bordeauxrot"],
    fr: ["bordeaux"],
    es: ["granate", "burdeos"],
    it: ["bordò", "bordeaux", "amaranto"],
    nl: ["bordeauxrood"],
  },
  { english: "green", de: ["grün"], fr: ["vert", "verte"], es: ["verde"], it: ["verde"], nl: ["groen"] },
  {
    english: "bottle green",
    alsoEnglish: ["bottle"],
    de: ["flaschengrün"],
    fr: ["vert bouteille"],
    es: ["verde botella"],
    it: ["verde bottiglia"],
    nl: ["flessengroen"],
  },
  {
    english: "dark green",
    de: ["dunkelgrün"],
    fr: ["vert foncé"],
    es: ["verde oscuro"],
    it: ["verde scuro"],
    nl: ["donkergroen"],
  },
  {
    english: "yellow",
    de: ["gelb"],
    fr: ["jaune"],
    es: ["amarillo", "amarilla"],
    it: ["giallo", "gialla"],
    nl: ["geel"],
  },
  {
    english: "fluoro yellow",
    alsoEnglish: ["fluro yellow", "fluorescent yellow", "neon yellow", "hi vis yellow"],
    de: ["neongelb", "fluogelb"],
    fr: ["jaune fluo", "jaune fluorescent"],
    es: ["amarillo flúor", "amarillo fluorescente", "amarillo neón"],
    it: ["giallo fluo", "giallo fluorescente"],
    nl: ["fluogeel", "neongeel"],
  },
  {
    english: "gold",
    de: ["gold", "golden"],
    fr: ["or", "doré", "dorée"],
    es: ["oro", "dorado", "dorada"],
    it: ["oro", "dorato", "dorata"],
    nl: ["goud", "goudkleurig"],
  },
  { english: "orange", de: ["orange"], fr: ["orange"], es: ["naranja"], it: ["arancione", "arancio"], nl: ["oranje"] },
  {
    english: "purple",
    de: ["lila", "violett"],
    fr: ["violet", "violette", "pourpre"],
    es: ["morado", "morada", "púrpura", "violeta"],
    it: ["viola", "porpora"],
    nl: ["paars"],
  },
  { english: "pink", de: ["rosa", "pink"], fr: ["rose"], es: ["rosa"], it: ["rosa"], nl: ["roze"] },
  {
    english: "grey",
    alsoEnglish: ["gray"],
    de: ["grau"],
    fr: ["gris", "grise"],
    es: ["gris"],
    it: ["grigio", "grigia"],
    nl: ["grijs"],
  },
  {
    english: "light grey",
    alsoEnglish: ["light gray"],
    de: ["hellgrau"],
    fr: ["gris clair"],
    es: ["gris claro"],
    it: ["grigio chiaro"],
    nl: ["lichtgrijs"],
  },
  {
    english: "dark grey",
    alsoEnglish: ["dark gray"],
    de: ["dunkelgrau"],
    fr: ["gris foncé"],
    es: ["gris oscuro"],
    it: ["grigio scuro"],
    nl: ["donkergrijs"],
  },
  {
    english: "charcoal",
    de: ["anthrazit", "anthrazitgrau"],
    fr: ["anthracite", "gris anthracite"],
    es: ["antracita", "gris antracita", "gris marengo"],
    it: ["antracite", "grigio antracite"],
    nl: ["antraciet", "antracietgrijs"],
  },
  {
    english: "silver",
    de: ["silber", "silbern"],
    fr: ["argent", "argenté", "argentée"],
    es: ["plata", "plateado", "plateada"],
    it: ["argento", "argentato"],
    nl: ["zilver", "zilverkleurig"],
  },
  {
    english: "brown",
    de: ["braun"],
    fr: ["marron", "brun", "brune"],
    es: ["marrón", "café"],
    it: ["marrone"],
    nl: ["bruin"],
  },
  {
    english: "marle",
    alsoEnglish: ["marl", "heather", "melange"],
    de: ["meliert"],
    fr: ["chiné", "chinée"],
    es: ["jaspeado", "jaspeada"],
    it: ["melange", "mélange", "melangiato"],
    nl: ["gemêleerd", "melange"],
    isQualifier: true,
  },
  { english: "beige", de: ["beige"], fr: ["beige"], es: ["beige"], it: ["beige"], nl: ["beige"] },
  {
    english: "natural",
    alsoEnglish: ["ecru"],
    de: ["natur", "naturweiß", "naturfarben"],
    fr: ["naturel", "naturelle"],
    es: ["natural", "crudo"],
    it: ["naturale"],
    nl: ["naturel"],
  },
  {
    english: "turquoise",
    de: ["türkis"],
    fr: ["turquoise"],
    es: ["turquesa"],
    it: ["turchese"],
    nl: ["turkoois"],
  },
  { english: "khaki", de: ["khaki"], fr: ["kaki"], es: ["caqui"], it: ["cachi"], nl: ["kaki"] },
];

/** The colour words, by every way of writing them. */
export const colourWords = wordTable(COLOUR_WORDS);

/**
 * A colour as a sheet writes it, among named colours (a garment's, a question's options), by its words: in another
 * language, with other separators, "gray" for grey or "navy blue" for navy ("Schwarz/Gold" is Black/Gold, "Blanc"
 * White). Undefined when the text is not all colour words.
 */
export function readColour<T>(
  text: string,
  colours: readonly T[],
  nameOf: (colour: T) => string | null | undefined,
): WordReading<T> | undefined {
  return readByWords(text, colours, nameOf, colourWords);
}
