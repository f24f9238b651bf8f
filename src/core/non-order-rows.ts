import type { FieldId } from "./fields";
import type { OrderRow } from "./order-rows";
import { isUnorderedCampaignRow } from "./reorder/campaign-sheet-data";
import { remembered } from "./remembered";

/**
 * Rows people put under or between their orders that are not order lines; `unordered` is a
 * design of a reorder campaign sheet the customer left without a quantity.
 */
export type NonOrderRowKind = "totals" | "subtotal" | "note" | "unordered";

/**
 * The words that open (or, for totals, close) a cell of such a row, in the spellings of
 * the languages customers write in, normalised as `plainWords` leaves them. Subtotals are
 * looked for before totals, so "Sub-total" is not read as a total.
 */
const ROW_WORDS: readonly (readonly [NonOrderRowKind, readonly string[]])[] = [
  [
    "subtotal",
    [
      "subtotal",
      "sub total",
      "subtotals",
      "zwischensumme",
      "teilsumme",
      "sous total",
      "subtotale",
      "subtotaal",
      "delsumma",
    ],
  ],
  [
    "totals",
    [
      "total",
      "totals",
      "grand total",
      "sum",
      "sum total",
      "summe",
      "gesamt",
      "gesamtsumme",
      "insgesamt",
      "total general",
      "totale",
      "totaal",
      "suma",
      "summa",
      "totalt",
    ],
  ],
  [
    "note",
    [
      "note",
      "notes",
      "nb",
      "n b",
      "please note",
      "hinweis",
      "anmerkung",
      "bemerkung",
      "remarque",
      "nota",
      "notas",
      "opmerking",
    ],
  ],
];

/** A cell at most this many words long can be a totals or note label; a longer one is prose. */
const LABEL_MAX_WORDS = 4;
/** A lone cell in the order number column is a note only if it reads as a sentence. */
const SENTENCE_MIN_WORDS = 3;

/** Lower case, accents dropped, anything but letters and digits as single spaces. */
function plainWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const LABEL_MEMO_LIMIT = 10_000;

/**
 * The kind of row a cell labels ("Total", "Grand total:", "Team total", "Sub-total", "NB: …"), if any. Every row's code
 * and order number is asked about, and they repeat: the answers are remembered.
 */
export const rowLabelKind: (text: string) => NonOrderRowKind | undefined = remembered(
  LABEL_MEMO_LIMIT,
  labelKindUncached,
);

/** `ROW_WORDS`, each word between spaces as a padded cell is searched for it: made once, not on every look. */
const PADDED_ROW_WORDS = ROW_WORDS.map(([kind, words]) => [kind, words.map((word) => ` ${word} `)] as const);

function labelKindUncached(text: string): NonOrderRowKind | undefined {
  const plain = plainWords(text);
  if (plain === "") return undefined;
  const padded = ` ${plain} `;
  const isShort = plain.split(" ").length <= LABEL_MAX_WORDS;
  for (const [kind, words] of PADDED_ROW_WORDS) {
    for (const word of words) {
      if (padded.startsWith(word) && (isShort || kind === "note")) return kind;
      if (kind !== "note" && isShort && padded.endsWith(word)) return kind;
    }
  }
  return undefined;
}

/** Whether a cell reads as a sentence: several words of letters and no digits ("Prices exclude GST"). */
function isSentence(text: string): boolean {
  const plain = plainWords(text);
  return !/\d/.test(plain) && plain.split(" ").filter((word) => word.length > 0).length >= SENTENCE_MIN_WORDS;
}

export interface NonOrderRow {
  readonly kind: NonOrderRowKind;
  /** The field of the cell that shows it (its label or its note), when that cell is mapped to one. */
  readonly field: FieldId | undefined;
  /** The header of that cell's column, when the cell is not in a field's column. */
  readonly column: string | undefined;
}

interface RowCell {
  readonly field: FieldId | undefined;
  readonly column: string | undefined;
  readonly text: string;
}

function cellsOf(row: OrderRow): RowCell[] {
  const cells: RowCell[] = [];
  for (const [field, text] of Object.entries(row.values) as [FieldId, string][])
    cells.push({ field, column: undefined, text });
  for (const answer of [...row.attributes, ...row.sizes, ...row.unmapped])
    cells.push({ field: undefined, column: answer.column, text: answer.value });
  return cells;
}

/**
 * Whether a row read through the mapping is a totals, subtotal or note row rather than an
 * order line. Its shape decides: no order number and no code (other than the label itself),
 * and either a cell labelled with a totals, subtotal or note word (the sums beside it do not
 * matter), or a single text cell and nothing else. A lone cell in the order number column
 * counts only when it reads as a sentence ("Prices exclude GST"), and a code never does, so a
 * line holding just an order number or just a code is still an order line with blanks to
 * fill, except a design of a reorder campaign sheet left with nothing filled in beside its
 * tag (see `isUnorderedCampaignRow`). Pure: no catalogue needed.
 */
export function classifyNonOrderRow(row: OrderRow): NonOrderRow | undefined {
  if (isUnorderedCampaignRow(row)) return { kind: "unordered", field: "quantity", column: undefined };
  const { orderNumber, code } = row.values;
  // The code first: codes repeat (their answers are remembered) where order numbers are mostly each their own.
  if (code !== undefined && rowLabelKind(code) === undefined) return undefined;
  const orderLabel = orderNumber === undefined ? undefined : rowLabelKind(orderNumber);
  const cells = cellsOf(row);
  const only = cells.length === 1 ? cells[0] : undefined;
  if (orderNumber !== undefined && orderLabel === undefined) {
    // Notes are often typed in the first column, which is usually the order number's.
    return only !== undefined && isSentence(only.text)
      ? { kind: "note", field: only.field, column: only.column }
      : undefined;
  }
  for (const [kind] of ROW_WORDS) {
    const label = cells.find((cell) => rowLabelKind(cell.text) === kind);
    if (label) return { kind, field: label.field, column: label.column };
  }
  if (only !== undefined && /\p{L}/u.test(only.text)) return { kind: "note", field: only.field, column: only.column };
  return undefined;
}
