import { normaliseHeader } from "./normalise";

/**
 * The words questions of transfer orders are headed with in German, French, Spanish, Italian and Dutch sheets (and a
 * few English short forms: "cols"), to the English words accounts name their questions with: "Giocatore" is the
 * player, "Druckfarben" the ink colours, "Emplacement" the placement or position. A word may stand for a phrase
 * ("Rückennummer" is the back number) or for either of two ("placement|position"). Compared normalised (case and
 * accents do not count).
 */
const QUESTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  player: ["spieler", "spielerin", "joueur", "joueuse", "jugador", "jugadora", "giocatore", "giocatrice", "speler"],
  name: ["nom", "nombre", "nome", "naam", "vorname", "nachname", "prenom", "apellido", "cognome", "achternaam"],
  number: ["nummer", "numero", "nr", "nro", "num", "dorsal", "rugnummer"],
  "back number": ["ruckennummer", "trikotnummer"],
  font: ["schrift", "schriftart", "police", "fuente", "tipografia", "carattere", "lettertype", "font"],
  colour: ["farbe", "couleur", "color", "colore", "kleur", "col", "clr"],
  colours: ["farben", "couleurs", "colores", "colori", "kleuren", "cols", "clrs"],
  vinyl: ["vinyle", "vinilo", "vinile", "folie", "flex"],
  ink: ["tinte", "encre", "tinta", "inchiostro", "inkt"],
  "ink colour": ["druckfarbe"],
  "ink colours": ["druckfarben"],
  label: ["etikett", "etiquette", "etiqueta", "etichetta"],
  "text|wording": ["texte", "texto", "testo", "tekst", "beschriftung", "aufschrift"],
  "label text|label wording": ["etikettentext"],
  "fabric|material": ["stoff", "tissu", "tela", "tessuto", "stof"],
  material: ["matiere", "materiau", "materiale", "materiaal"],
  "placement|position": [
    ...["platzierung", "position", "emplacement", "posicion", "ubicacion", "colocacion"],
    ...["posizione", "collocazione", "plaatsing", "positie"],
  ],
  print: ["druck", "impression", "impresion", "stampa", "druk", "bedrukking"],
  thread: ["faden", "garn", "fil", "hilo", "filo", "garen"],
  shirt: ["trikot", "maillot", "camiseta", "maglia", "shirt"],
  team: ["mannschaft", "equipe", "equipo", "squadra", "ploeg"],
  of: ["de", "des", "du", "del", "della", "di", "van", "der"],
};

/** Each way of writing, normalised, to the English words it may stand for. */
const ENGLISH_OF: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(QUESTION_WORDS).flatMap(([english, ways]) =>
    ways.map((way) => [normaliseHeader(way), english.split("|")] as const),
  ),
);

/** The English words themselves: a header may mix them with another language's ("Spieler Name"). */
const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  Object.keys(QUESTION_WORDS).flatMap((english) => english.split(/[| ]/)),
);

/** A compound is read as two known words of at least this many letters ("Spielername"). */
const COMPOUND_PART = 3;
/** At most this many readings of one header are tried. */
const MOST_READINGS = 8;

/** The English words one word of a header may be: its own, or those of the two it runs together. */
const wordOf = (word: string) => ENGLISH_OF.get(word) ?? (ENGLISH_WORDS.has(word) ? [word] : undefined);

function englishOf(word: string): readonly string[] | undefined {
  const known = wordOf(word);
  if (known) return known;
  for (let cut = COMPOUND_PART; cut <= word.length - COMPOUND_PART; cut++) {
    const first = wordOf(word.slice(0, cut));
    // A linking letter may join them ("Spielersname").
    const second = wordOf(word.slice(cut)) ?? wordOf(word.slice(cut + 1));
    if (first && second) return first.flatMap((a) => second.map((b) => `${a} ${b}`));
  }
  return undefined;
}

/**
 * A header (as the mapping normalises it) read in English, each way it may be, when every word of it is a question
 * word of another language: "colore vinile" is "colour vinyl" and "vinyl colour" (the other languages put the colour
 * first); "nom du joueur" is "name of player" and "player name". None when it is not all such words, or is English.
 */
export function questionHeaderInEnglish(header: string): string[] {
  const words = header.split(" ").filter((word) => word !== "");
  if (words.length === 0 || words.length > 4 || words.every((word) => ENGLISH_WORDS.has(word))) return [];
  const choices = words.map(englishOf);
  if (choices.some((choice) => choice === undefined)) return [];
  let readings: string[][] = [[]];
  for (const choice of choices as (readonly string[])[])
    readings = readings.flatMap((reading) => choice.map((english) => [...reading, english])).slice(0, MOST_READINGS);
  const out = new Set<string>();
  for (const reading of readings) {
    const inOrder = reading.join(" ");
    out.add(inOrder);
    // What a phrase is of comes first in English ("nom du joueur", "player name").
    const content = reading.filter((word) => word !== "of");
    out.add([...content].reverse().join(" "));
  }
  out.delete(header);
  return [...out];
}
