import type { CatalogueSnapshot } from "../catalogue";
import type { Asset } from "../vendor";

const plain = (text: string | null | undefined) =>
  (text ?? "").normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * What makes two assets one design, conservatively: the same process and either the same
 * third-party design id or the same price code and description. Undefined when an asset says
 * too little to tell (no process, or neither a design id nor both a price code and a description).
 */
function designKeys(asset: Asset): string[] {
  const process = plain(asset.processCode);
  if (process === "") return [];
  const keys: string[] = [];
  const externalId = plain(asset.externalId);
  if (externalId !== "") keys.push(`id\u0000${process}\u0000${externalId}`);
  const priceCode = plain(asset.priceCode);
  const description = plain(asset.description);
  if (priceCode !== "" && description !== "") keys.push(`pd\u0000${process}\u0000${priceCode}\u0000${description}`);
  return keys;
}

/** Orderable assets by design key, newest first, own and global apart: built once per snapshot. */
const indexes = new WeakMap<
  CatalogueSnapshot,
  { readonly own: Map<string, Asset[]>; readonly global: Map<string, Asset[]> }
>();

function indexOf(snapshot: CatalogueSnapshot) {
  let index = indexes.get(snapshot);
  if (index !== undefined) return index;
  const build = (assets: readonly Asset[]) => {
    const byKey = new Map<string, Asset[]>();
    for (const asset of assets) {
      if (asset.isArchived || !asset.assetTag) continue;
      for (const key of designKeys(asset)) {
        const list = byKey.get(key);
        if (list) list.push(asset);
        else byKey.set(key, [asset]);
      }
    }
    for (const list of byKey.values())
      list.sort(
        (a, b) => b.createDate.localeCompare(a.createDate) || (b.assetTag ?? "").localeCompare(a.assetTag ?? ""),
      );
    return byKey;
  };
  index = { own: build(snapshot.assets), global: build(snapshot.globalAssets) };
  indexes.set(snapshot, index);
  return index;
}

/**
 * The newest orderable asset of the same design as an archived one, among the same kind
 * (the account's own, or global), or undefined when there is none. Never the asset itself.
 */
export function orderableSuccessor(archived: Asset, snapshot: CatalogueSnapshot): Asset | undefined {
  const index = indexOf(snapshot);
  const byKey = archived.isGlobal ? index.global : index.own;
  const tag = archived.assetTag?.trim().toUpperCase();
  let best: Asset | undefined;
  for (const key of designKeys(archived)) {
    const found = byKey.get(key)?.find((asset) => asset.assetTag?.trim().toUpperCase() !== tag);
    if (found && (best === undefined || found.createDate > best.createDate)) best = found;
  }
  return best;
}
