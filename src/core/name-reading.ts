/**
 * How a value written in a sheet was recognised among a lookup's values: as the lookup writes
 * it (in any case); another way of writing the same thing, certainly it (taken, with a note);
 * close to one (offered, not taken); or none, with what it names when that is known (a country
 * the vendor does not deliver to, say).
 */
export type NameReading<T> =
  | { readonly kind: "exact"; readonly value: T }
  | { readonly kind: "read"; readonly value: T }
  | { readonly kind: "near"; readonly value: T }
  | { readonly kind: "none"; readonly knownAs?: string };

/** A name with only its letters and digits, lower case, accents dropped: "Nouvelle-Zélande" is "nouvellezelande". */
export function foldName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Edits between two names, a swap of two neighbouring letters counting as one ("Germnay"), as
 * people mistype (optimal string alignment distance).
 */
export function typoDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? Math.max(a.length, b.length);
}

/** How alike two folded names are, 0..1: 1 - typo edits / the longer length. */
export function nameSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - typoDistance(a, b) / longer;
}

/** Values by the folded forms of their names; a form two values share names neither. */
export class FoldedNames<T> {
  private readonly byForm = new Map<string, T | null>();

  add(name: string | null | undefined, value: T): void {
    if (!name) return;
    const form = foldName(name);
    if (form === "") return;
    const known = this.byForm.get(form);
    this.byForm.set(form, known === undefined || known === value ? value : null);
  }

  /** Whether a name (folded) names a value, or two. */
  has(name: string): boolean {
    return this.byForm.has(foldName(name));
  }

  get(text: string): T | undefined {
    return this.byForm.get(foldName(text)) ?? undefined;
  }

  /** The value whose name is most like the text (forms of at least `minLength`), with its score. */
  nearest(text: string, minLength: number): { readonly value: T; readonly score: number } | undefined {
    const form = foldName(text);
    let best: { value: T; score: number } | undefined;
    for (const [name, value] of this.byForm) {
      if (value === null || name.length < minLength) continue;
      const score = nameSimilarity(form, name);
      if (best === undefined || score > best.score) best = { value, score };
    }
    return best;
  }

  /** The only value with a name starting with the text (of at least `minLength` letters). */
  onlyStartingWith(text: string, minLength: number): T | undefined {
    const form = foldName(text);
    if (form.length < minLength) return undefined;
    const found = new Set<T>();
    for (const [name, value] of this.byForm) if (value !== null && name.startsWith(form)) found.add(value);
    return found.size === 1 ? [...found][0] : undefined;
  }
}
