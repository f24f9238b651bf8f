import { allPriceCodes, type VendorClient } from "../api";
import type { MappingVocabulary } from "../core/mapping/suggest-mapping";
import type { PriceCode } from "../core/vendor";

/** The account's reference data the import reads: price codes, and what columns may name. */
export interface ReferenceData {
  readonly priceCodes: ReadonlyMap<string, PriceCode>;
  readonly vocabulary: MappingVocabulary;
}

export async function loadReferenceData(client: VendorClient): Promise<{ ok: true; data: ReferenceData } | { ok: false; message: string }> {
  const [codes, sizeSets] = await Promise.all([allPriceCodes(client), client.listSizeSets()]);
  if (!codes.ok) return { ok: false, message: `Could not load your price codes: ${codes.problem.title}` };
  const attributes = new Set<string>();
  for (const code of codes.value) {
    for (const attribute of code.attributes ?? []) {
      attributes.add(attribute.name);
      if (attribute.label) attributes.add(attribute.label);
    }
  }
  return {
    ok: true,
    data: {
      priceCodes: new Map(codes.value.flatMap((code) => (code.priceCode ? [[code.priceCode, code] as const] : []))),
      vocabulary: {
        attributes: [...attributes],
        sizes: sizeSets.ok ? [...new Set(sizeSets.value.flatMap((set) => set.sizes))] : [],
      },
    },
  };
}

/** Everything a header row may name beyond the fixed fields (for header detection). */
export function vocabularyWords(vocabulary: MappingVocabulary): string[] {
  return [...vocabulary.attributes, ...vocabulary.sizes];
}
